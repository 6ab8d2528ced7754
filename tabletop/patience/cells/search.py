"""The solver's search: positions as small byte strings, every move from a position, best-first search.

A position is ``(cascades, cells, home)``: the columns (cascades) as ``bytes`` (a card is its
:attr:`~tabletop.playing_cards.Card.number`, bottom card first) sorted, so that positions differing only in
the order of their cascades are one; the free cells' cards as sorted ``bytes``; the foundations' ranks by
suit. ``(cascades, cells)`` is the position's key (the foundations follow from the cards left). Safe moves
home are made as part of the move that allows them, as the game makes them (the rules are the patience kit's,
:mod:`tabletop.patience`, as the game's, and the layout's: :class:`Rules`).

A move is ``(card, target, count, went_home)``: the card (the lowest of a sequence of ``count``) goes to
:data:`HOME`, to a free cell (:data:`CELL`), onto an empty cascade (:data:`EMPTY`) or onto the card
``target``; ``went_home`` holds the cards that then went home by themselves, in order.

>>> from tabletop.patience.cells.actions import STANDARD
>>> from tabletop.patience.cells.heuristic import Weights
>>> from tabletop.patience.cells.solver import from_state
>>> from tabletop.patience.cells.state import CellsState
>>> start = from_state(CellsState(STANDARD, deal=1, cells=4, auto=True))
>>> found = search(start.packed(), Weights(3, 4, 1, 2, 3).distance, 10_000, start.rules)
>>> found.won is not None, found.exhausted
(True, False)
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from tabletop.patience.builds import BuildRule
from tabletop.patience.home import safe_home_number
from tabletop.patience.moves import sequence_limit
from tabletop.patience.numbered import BELOW_HOME, IS_KING, RANK_OF, SUIT_OF
from tabletop.playing_cards import DECK_SIZE

HOME = -1
"""A move's target: the foundation of the card's suit."""
CELL = -2
"""A move's target: a free cell."""
EMPTY = -3
"""A move's target: an empty cascade."""

Cascades = tuple[bytes, ...]
Packed = tuple[Cascades, bytes, tuple[int, ...]]
"""A position: sorted cascades, sorted free cells, foundations by suit."""
Key = tuple[Cascades, bytes]
Move = tuple[int, int, int, bytes]
Evaluate = Callable[[Cascades, bytes, tuple[int, ...]], int]


@dataclass(frozen=True)
class Rules:
    """What the search needs of a layout: how cards build, how many cells, whether only Kings fill an empty
    column."""

    build: BuildRule
    cell_count: int
    kings_only: bool = False


def settle(build: BuildRule, cascades: list[bytes], cells: list[int], home: list[int]) -> bytes:
    """Send every card that may safely go home there, in place; the cards sent, in order."""
    went = bytearray()
    moved = True
    while moved:
        moved = False
        for i, cascade in enumerate(cascades):
            while cascade and safe_home_number(build, home, cascade[-1]):
                card = cascade[-1]
                cascade = cascade[:-1]
                home[SUIT_OF[card]] += 1
                went.append(card)
                moved = True
            cascades[i] = cascade
        for card in list(cells):
            if safe_home_number(build, home, card):
                cells.remove(card)
                home[SUIT_OF[card]] += 1
                went.append(card)
                moved = True
    return bytes(went)


def _after(
    build: BuildRule,
    cascades: Cascades,
    cells: bytes,
    home: tuple[int, ...],
    changes: dict[int, bytes],
    new_cells: list[int],
    uncovered: int,
) -> tuple[Packed, bytes]:
    """The position after a move that set the cascades in ``changes`` and the cells to ``new_cells``, with
    the safe moves home it allows. ``uncovered`` is a card the move laid bare (0: none); unless the move
    itself went home, only that card can have become safe."""
    listed = list(cascades)
    for i, cascade in changes.items():
        listed[i] = cascade
    went = b""
    new_home = list(home)
    if uncovered < 0 or (uncovered and safe_home_number(build, home, uncovered)):
        if uncovered < 0:
            new_home[SUIT_OF[-uncovered]] += 1
        went = settle(build, listed, new_cells, new_home)
    listed.sort()
    return (tuple(listed), bytes(sorted(new_cells)), tuple(new_home)), went


def successors(position: Packed, rules: Rules) -> Iterator[tuple[Move, Packed]]:
    """Every move from ``position`` and the position after it (one of the moves that differ only by which
    empty cascade or free cell they use); moves home first, then onto cascades, then to empty places."""
    cascades, cells, home = position
    build, kings_only = rules.build, rules.kings_only
    free = rules.cell_count - len(cells)
    empties = sum(1 for c in cascades if not c)
    first_empty = empties - 1 if empties else -1  # empty cascades sort first: any of them will do
    to_full = sequence_limit(free, empties, to_empty=False, kings_only=kings_only)
    to_empty = sequence_limit(free, empties, to_empty=True, kings_only=kings_only)
    fits = build.fits
    runs = [build.run_length(c) for c in cascades]
    cell_list = list(cells)
    # Home: a card next on its foundation (the safe ones went already).
    for i, cascade in enumerate(cascades):
        if cascade and home[SUIT_OF[cascade[-1]]] == BELOW_HOME[cascade[-1]]:
            card = cascade[-1]
            after, went = _after(build, cascades, cells, home, {i: cascade[:-1]}, list(cell_list), -card)
            yield (card, HOME, 1, went), after
    for card in cells:
        if home[SUIT_OF[card]] == BELOW_HOME[card]:
            rest = list(cell_list)
            rest.remove(card)
            after, went = _after(build, cascades, cells, home, {}, rest, -card)
            yield (card, HOME, 1, went), after
    # Onto a cascade's top card: from a free cell, or a sequence from another cascade.
    for j, onto in enumerate(cascades):
        if not onto:
            continue
        under = onto[-1]
        for card in cells:
            if fits[card][under]:
                rest = list(cell_list)
                rest.remove(card)
                after, went = _after(build, cascades, cells, home, {j: onto + bytes((card,))}, rest, 0)
                yield (card, under, 1, went), after
        for i, cascade in enumerate(cascades):
            if i == j or not cascade:
                continue
            n = RANK_OF[under] - RANK_OF[cascade[-1]]
            if 1 <= n <= runs[i] and n <= to_full and fits[cascade[-n]][under]:
                left = cascade[:-n]
                after, went = _after(
                    build,
                    cascades,
                    cells,
                    home,
                    {i: left, j: onto + cascade[-n:]},
                    list(cell_list),
                    left[-1] if left else 0,
                )
                yield (cascade[-n], under, n, went), after
    # Onto an empty cascade: a free cell's card, or a sequence (not a whole cascade: that changes nothing); where
    # only Kings fill one, a King or the sequence it heads.
    if first_empty >= 0:
        for card in cells:
            if kings_only and not IS_KING[card]:
                continue
            rest = list(cell_list)
            rest.remove(card)
            after, went = _after(build, cascades, cells, home, {first_empty: bytes((card,))}, rest, 0)
            yield (card, EMPTY, 1, went), after
        for i, cascade in enumerate(cascades):
            most = min(runs[i], to_empty, len(cascade) - 1)
            for n in range(most, 0, -1):
                if kings_only and not IS_KING[cascade[-n]]:
                    continue
                left = cascade[:-n]
                after, went = _after(
                    build, cascades, cells, home, {i: left, first_empty: cascade[-n:]}, list(cell_list), left[-1]
                )
                yield (cascade[-n], EMPTY, n, went), after
    # To a free cell.
    if free:
        for i, cascade in enumerate(cascades):
            if cascade:
                left = cascade[:-1]
                after, went = _after(
                    build, cascades, cells, home, {i: left}, [*cell_list, cascade[-1]], left[-1] if left else 0
                )
                yield (cascade[-1], CELL, 1, went), after


@dataclass(frozen=True)
class Found:
    """Where a search stands: the moves of a win (None: none found yet), positions expanded so far, and
    whether every position reachable has been searched (so that finding none is a proof)."""

    won: tuple[Move, ...] | None
    expanded: int
    exhausted: bool


class Search:
    """A best-first search from ``start`` by ``evaluate`` (lower first) that can be stopped and resumed.

    Ties go to the position found last (deeper lines first, which keeps a greedy search moving) or, with
    ``newest_first`` false, to the one found first."""

    def __init__(self, start: Packed, evaluate: Evaluate, rules: Rules, *, newest_first: bool = True) -> None:
        self.evaluate = evaluate
        self.rules = rules
        self.step = -1 if newest_first else 1
        self.tie = 0
        self.expanded = 0
        self.won: tuple[Move, ...] | None = () if sum(start[2]) == DECK_SIZE else None
        self.parents: dict[Key, tuple[Key, Move] | None] = {(start[0], start[1]): None}
        self.frontier: list[tuple[int, int, Packed]] = [(evaluate(*start), 0, start)]

    def found(self) -> Found:
        """Where the search stands."""
        return Found(self.won, self.expanded, self.won is None and not self.frontier)

    def run(self, budget: int) -> Found:
        """Expand at most ``budget`` more positions, stopping at a win; where the search then stands."""
        if self.won is not None:
            return self.found()
        parents, frontier, evaluate, rules = self.parents, self.frontier, self.evaluate, self.rules
        push, pop = heapq.heappush, heapq.heappop
        step, tie = self.step, self.tie
        stop = self.expanded + budget
        expanded = self.expanded
        while frontier and expanded < stop:
            position = pop(frontier)[2]
            expanded += 1
            here = (position[0], position[1])
            for move, after in successors(position, rules):
                key = (after[0], after[1])
                if key in parents:
                    continue
                parents[key] = (here, move)
                if sum(after[2]) == DECK_SIZE:
                    self.won = _line(parents, key)
                    break
                tie += step
                push(frontier, (evaluate(*after), tie, after))
            if self.won is not None:
                break
        self.expanded, self.tie = expanded, tie
        return self.found()


def search(start: Packed, evaluate: Evaluate, budget: int, rules: Rules, newest_first: bool = True) -> Found:
    """One best-first search from ``start`` expanding at most ``budget`` positions (see :class:`Search`)."""
    return Search(start, evaluate, rules, newest_first=newest_first).run(budget)


def _line(parents: dict[Key, tuple[Key, Move] | None], key: Key) -> tuple[Move, ...]:
    moves = []
    link = parents[key]
    while link is not None:
        key, move = link
        moves.append(move)
        link = parents[key]
    return tuple(reversed(moves))

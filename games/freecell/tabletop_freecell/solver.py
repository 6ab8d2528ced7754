"""A FreeCell solver: best-first search over positions, safe moves home made at once, canonical position keys.

Positions are kept as tuples of small integers (a card is ``rank * 4 + suit``).
Every move a player can make is generated (a card or a sequence onto a
cascade, a card to a free cell, home, or onto an empty cascade), so when the
search runs out of positions without reaching the end, the deal is proven to
have no solution; when it reaches its node limit first, it cannot tell.
Positions that differ only in the order of the cascades or of the free cells
are one position (the canonical key sorts them).

>>> result = solve_state(game_state(1))
>>> result.solved, len(result.moves) > 0
(True, True)
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tabletop.playing_cards import SUITS, Card

if TYPE_CHECKING:
    from tabletop_freecell.rules import FreeCellState

NODE_LIMIT = 200_000
"""The most positions a solve expands before it gives up without an answer."""
RED_SUITS = frozenset(i for i, s in enumerate(SUITS) if s.is_red)
HOME = -1
CELL = -2

Cascades = tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class Position:
    """A position as the solver keeps it: cascades in place, free cells sorted, foundations by suit."""

    cascades: Cascades
    cells: tuple[int, ...]
    home: tuple[int, int, int, int]
    cell_count: int

    def key(self) -> tuple[Cascades, tuple[int, ...], tuple[int, int, int, int]]:
        """The same for positions that differ only in the order of the cascades (or of the free cells)."""
        return (tuple(sorted(self.cascades)), self.cells, self.home)


@dataclass(frozen=True)
class Step:
    """One solver move: ``card`` (the lowest card of the sequence moved) to ``target`` (a cascade index,
    :data:`HOME` or :data:`CELL`), ``count`` cards; ``went_home`` the cards the move then sent home by itself."""

    card: int
    target: int
    count: int
    went_home: tuple[int, ...]


@dataclass(frozen=True)
class Result:
    """What a solve found: a line of moves, a proof that there is none, or neither within the node limit."""

    solved: bool
    moves: tuple[Step, ...]
    expanded: int
    exhausted: bool
    """Whether every position reachable was searched (so "not solved" is a proof)."""

    @property
    def lost(self) -> bool:
        """Whether the position is proven to have no solution."""
        return not self.solved and self.exhausted


def card_int(card: Card) -> int:
    """A card as the solver numbers it: ``rank * 4 + suit`` (suits in the order clubs, diamonds, hearts, spades)."""
    assert card.suit is not None
    return card.rank * 4 + card.suit.index


def int_card(value: int) -> Card:
    """The card numbered ``value`` by :func:`card_int`."""
    return Card(value >> 2, SUITS[value & 3])


def _red(card: int) -> bool:
    return (card & 3) in RED_SUITS


def _fits(card: int, under: int) -> bool:
    return (card >> 2) == (under >> 2) - 1 and _red(card) != _red(under)


def from_state(state: FreeCellState) -> Position:
    """The solver's form of a game position."""
    return Position(
        cascades=tuple(tuple(card_int(c) for c in cascade) for cascade in state.cascades),
        cells=tuple(sorted(card_int(c) for c in state.cells if c is not None)),
        home=(state.home[SUITS[0]], state.home[SUITS[1]], state.home[SUITS[2]], state.home[SUITS[3]]),
        cell_count=state.cell_count,
    )


def game_state(deal: int, cells: int = 4) -> FreeCellState:
    """Deal ``deal`` as a game position with safe moves home (for examples and the bench)."""
    from tabletop_freecell.rules import FreeCellState

    return FreeCellState(deal=deal, cells=cells, auto=True)


def _safe(home: Sequence[int], card: int) -> bool:
    rank, suit = card >> 2, card & 3
    if home[suit] != rank - 1:
        return False
    if rank <= 2:
        return True
    red = suit in RED_SUITS
    return min(home[s] for s in range(4) if (s in RED_SUITS) != red) >= rank - 1


def auto_home(cascades: list[list[int]], cells: list[int], home: list[int]) -> list[int]:
    """Send every card that may safely go home there, in place; the cards sent, in order."""
    went = []
    moved = True
    while moved:
        moved = False
        for cascade in cascades:
            while cascade and _safe(home, cascade[-1]):
                card = cascade.pop()
                home[card & 3] += 1
                went.append(card)
                moved = True
        for card in list(cells):
            if _safe(home, card):
                cells.remove(card)
                home[card & 3] += 1
                went.append(card)
                moved = True
    return went


def _run_length(cascade: Sequence[int]) -> int:
    n = 1 if cascade else 0
    while n < len(cascade) and _fits(cascade[-n], cascade[-n - 1]):
        n += 1
    return n


def successors(pos: Position, *, auto: bool = True) -> list[tuple[Step, Position]]:
    """Every move from ``pos`` (one representative of moves that differ only by which empty place they use)."""
    result: list[tuple[Step, Position]] = []
    cascades, cells, home = pos.cascades, pos.cells, pos.home
    free = pos.cell_count - len(cells)
    empties = [i for i, c in enumerate(cascades) if not c]
    first_empty = empties[0] if empties else None
    to_full = (free + 1) << len(empties)
    to_empty = (free + 1) << max(0, len(empties) - 1)

    def make(card: int, target: int, count: int, new_cascades: list[list[int]], new_cells: list[int]) -> None:
        new_home = list(home)
        if target == HOME:
            new_home[card & 3] += 1
        went = auto_home(new_cascades, new_cells, new_home) if auto else []
        result.append(
            (
                Step(card, target, count, tuple(went)),
                Position(
                    tuple(tuple(c) for c in new_cascades),
                    tuple(sorted(new_cells)),
                    (new_home[0], new_home[1], new_home[2], new_home[3]),
                    pos.cell_count,
                ),
            )
        )

    for i, cascade in enumerate(cascades):
        if not cascade:
            continue
        top = cascade[-1]
        run = _run_length(cascade)
        if home[top & 3] == (top >> 2) - 1:
            new = [list(c) for c in cascades]
            new[i].pop()
            make(top, HOME, 1, new, list(cells))
        for j, onto in enumerate(cascades):
            if j == i or not onto:
                continue
            n = (onto[-1] >> 2) - (top >> 2)
            if 1 <= n <= min(run, to_full) and _fits(cascade[-n], onto[-1]):
                new = [list(c) for c in cascades]
                moved = new[i][-n:]
                del new[i][-n:]
                new[j].extend(moved)
                make(cascade[-n], j, n, new, list(cells))
        if first_empty is not None:
            most = min(run, to_empty)
            if most == len(cascade):
                most -= 1
            for n in range(most, 0, -1):
                new = [list(c) for c in cascades]
                moved = new[i][-n:]
                del new[i][-n:]
                new[first_empty].extend(moved)
                make(cascade[-n], first_empty, n, new, list(cells))
        if free:
            new = [list(c) for c in cascades]
            new[i].pop()
            make(top, CELL, 1, new, [*cells, top])
    for card in cells:
        rest = list(cells)
        rest.remove(card)
        if home[card & 3] == (card >> 2) - 1:
            make(card, HOME, 1, [list(c) for c in cascades], list(rest))
        for j, onto in enumerate(cascades):
            if onto and _fits(card, onto[-1]):
                new = [list(c) for c in cascades]
                new[j].append(card)
                make(card, j, 1, new, list(rest))
        if first_empty is not None:
            new = [list(c) for c in cascades]
            new[first_empty].append(card)
            make(card, first_empty, 1, new, list(rest))
    return result


def estimate(pos: Position) -> int:
    """How far from the end ``pos`` looks: cards not home, cards lying on a lower card, full free cells."""
    out = 52 - sum(pos.home)
    buried = 0
    for cascade in pos.cascades:
        lowest = 99
        for card in cascade:
            rank = card >> 2
            if rank > lowest:
                buried += 1
            else:
                lowest = rank
    empty = sum(1 for c in pos.cascades if not c)
    return out * 3 + buried * 4 + len(pos.cells) * 2 - empty * 3


def solve(start: Position, *, auto: bool = True, node_limit: int = NODE_LIMIT) -> Result:
    """Search from ``start`` for a way to send every card home (best first, by :func:`estimate`)."""
    if sum(start.home) == 52:
        return Result(True, (), 0, True)
    tie = itertools.count()
    parents: dict[object, tuple[object, Step] | None] = {start.key(): None}
    frontier: list[tuple[int, int, Position]] = [(estimate(start), next(tie), start)]
    expanded = 0
    while frontier:
        if expanded >= node_limit:
            return Result(False, (), expanded, False)
        _, _, pos = heapq.heappop(frontier)
        expanded += 1
        here = pos.key()
        for step, nxt in successors(pos, auto=auto):
            key = nxt.key()
            if key in parents:
                continue
            parents[key] = (here, step)
            if sum(nxt.home) == 52:
                return Result(True, _line(parents, key), expanded, True)
            heapq.heappush(frontier, (estimate(nxt), next(tie), nxt))
    return Result(False, (), expanded, True)


def _line(parents: dict[object, tuple[object, Step] | None], key: object) -> tuple[Step, ...]:
    steps = []
    link = parents[key]
    while link is not None:
        key, step = link
        steps.append(step)
        link = parents[key]
    return tuple(reversed(steps))


def solve_state(state: FreeCellState, *, node_limit: int = NODE_LIMIT) -> Result:
    """Solve a game position (safe moves home are made by the search whatever the game's own setting)."""
    return solve(from_state(state), node_limit=node_limit)

"""A Klondike solver for a deal whose every card is known: a depth-first search with a table of positions seen.

The coach gives it deals sampled from what the player sees; it never sees the
real hidden cards. A position is small tuples of card numbers
(:attr:`~tabletop.playing_cards.Card.number`), and the search moves in steps a
player would name: the stock is turned as often as needed to bring a card up
and that card played (one step, several turns), a run moves only when it turns
a card face up, empties a pile for a King or frees a card to go home, and a
card goes home by itself when no card could still need it (the build rule and
the safe move home are the patience kit's, as the game's). A found line is
written in the game's notation.

>>> from tabletop.playing_cards import parse_cards
>>> ks, qs, js = (c.number for c in parse_cards("KS QS JS"))
>>> spades_left = Position(((ks, js), (qs,), (), (), (), (), ()), (1, 0, 0, 0, 0, 0, 0), (), (), (13, 13, 13, 10), 0, 1, 0)
>>> solve(spades_left).moves
('1h', '2h', '1h')
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from tabletop.patience import safe_home_number
from tabletop.patience.numbered import BELOW_HOME, IS_KING, SUIT_OF
from tabletop.playing_cards import DECK_SIZE, Card
from tabletop_klondike.rules import BUILD, PILE_KEYS, PILES

NODE_LIMIT = 20_000
"""Positions a solve may expand before it gives up (an unsettled answer, neither won nor proven lost)."""


class Position(NamedTuple):
    """A position with every card known: piles (bottom first) with their face-down counts, stock and waste
    (tops last), the foundations' ranks by suit, and how often the waste has been turned over.

    A named tuple rather than a frozen dataclass: a search makes millions, and a tuple is made fastest.
    """

    piles: tuple[tuple[int, ...], ...]
    downs: tuple[int, ...]
    stock: tuple[int, ...]
    waste: tuple[int, ...]
    home: tuple[int, ...]
    turned: int
    draw: int
    passes: int

    @classmethod
    def start(
        cls,
        tableau: Sequence[Card],
        stock: Sequence[Card],
        *,
        draw: int,
        passes: int,
    ) -> Position:
        """A fresh deal: ``tableau`` dealt pile by pile (1 card, 2, ... 7; fewer when there are fewer cards),
        ``stock`` with its top last."""
        piles, downs, at = [], [], 0
        for size in range(1, PILES + 1):
            pile = tuple(c.number for c in tableau[at : at + size])
            at += size
            piles.append(pile)
            downs.append(max(0, len(pile) - 1))
        return cls(tuple(piles), tuple(downs), tuple(c.number for c in stock), (), (0, 0, 0, 0), 0, draw, passes)

    def key(self) -> tuple[object, ...]:
        """What tells positions apart for the search (the passes used count only when they are limited)."""
        return (self.piles, self.downs, self.stock, self.waste, self.home, self.turned if self.passes else 0)

    def won(self) -> bool:
        """Whether every card is home, or every card is face up on the piles (the rest then goes home)."""
        return sum(self.home) == DECK_SIZE or (not self.stock and not self.waste and not any(self.downs))

    def goes_home(self, c: int) -> bool:
        return self.home[SUIT_OF[c]] == BELOW_HOME[c]

    def safe_home(self, c: int) -> bool:
        """Whether ``c`` may go home with no loss (:func:`tabletop.patience.safe_home_number`)."""
        return safe_home_number(BUILD, self.home, c)


class Step(NamedTuple):
    """One step of a line: the game's moves it takes (turns of the stock first) and the position after it."""

    moves: tuple[str, ...]
    after: Position


@dataclass(frozen=True)
class Result:
    """A solve's answer: ``moves`` (the game's notation) if ``solved``; ``exhausted`` when no win exists."""

    solved: bool
    exhausted: bool
    moves: tuple[str, ...]
    expanded: int


def talon_reach(p: Position) -> tuple[tuple[int, tuple[int, ...], tuple[int, ...], int], ...]:
    """Each distinct waste top the stock can bring up: (turns of the stock, stock, waste, times turned over)."""
    return _talon_reach(p.stock, p.waste, p.turned, p.draw, p.passes)


TALON_CACHE = 1 << 11
"""Talons remembered: a search meets the same stock and waste again in many positions of the piles."""


@lru_cache(maxsize=TALON_CACHE)
def _talon_reach(
    start_stock: tuple[int, ...], start_waste: tuple[int, ...], turned: int, draw: int, passes: int
) -> tuple[tuple[int, tuple[int, ...], tuple[int, ...], int], ...]:
    stock, waste = list(start_stock), list(start_waste)
    reach = []
    seen: set[int] = set()
    turns = 0
    if waste:
        seen.add(waste[-1])
        reach.append((0, start_stock, start_waste, turned))
    for _ in range(2 * (len(stock) + len(waste)) + 2):
        if stock:
            for _ in range(min(draw, len(stock))):
                waste.append(stock.pop())
        elif waste and (not passes or turned + 1 < passes):
            stock, waste, turned = waste[::-1], [], turned + 1
            turns += 1
            continue
        else:
            break
        turns += 1
        if waste[-1] not in seen:
            seen.add(waste[-1])
            reach.append((turns, tuple(stock), tuple(waste), turned))
    return tuple(reach)


def _with_pile(piles: tuple[tuple[int, ...], ...], i: int, pile: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    return piles[:i] + (pile,) + piles[i + 1 :]


def _home_plus(home: tuple[int, ...], c: int) -> tuple[int, ...]:
    s = SUIT_OF[c]
    return home[:s] + (home[s] + 1,) + home[s + 1 :]


def _take(p: Position, i: int, count: int) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """The piles and face-down counts once ``count`` cards leave pile ``i`` (its new top turned up)."""
    pile = p.piles[i][: len(p.piles[i]) - count]
    down = min(p.downs[i], len(pile))
    if pile and down == len(pile):
        down -= 1
    return _with_pile(p.piles, i, pile), p.downs[:i] + (down,) + p.downs[i + 1 :]


def auto_home(p: Position) -> tuple[Position, tuple[str, ...]]:
    """The position once every card that may safely go home has gone (the game's moves for them)."""
    moves: list[str] = []
    changed = True
    while changed:
        changed = False
        for i, pile in enumerate(p.piles):
            if pile and p.downs[i] < len(pile) and p.safe_home(pile[-1]):
                piles, downs = _take(p, i, 1)
                p = Position(piles, downs, p.stock, p.waste, _home_plus(p.home, pile[-1]), p.turned, p.draw, p.passes)
                moves.append(f"{PILE_KEYS[i]}h")
                changed = True
        if p.waste and p.safe_home(p.waste[-1]):
            c = p.waste[-1]
            p = Position(p.piles, p.downs, p.stock, p.waste[:-1], _home_plus(p.home, c), p.turned, p.draw, p.passes)
            moves.append("wh")
            changed = True
    return p, tuple(moves)


def steps(p: Position) -> list[Step]:
    """The steps worth trying from ``p``, the likeliest to help first."""
    scored: list[tuple[int, Step]] = []
    tops = [pile[-1] if pile else None for pile in p.piles]
    empty = [i for i, t in enumerate(tops) if t is None]
    first_empty = empty[0] if empty else -1
    home = p.home
    for i, pile in enumerate(p.piles):
        if not pile:
            continue
        down = p.downs[i]
        top = pile[-1]
        if home[SUIT_OF[top]] == BELOW_HOME[top]:
            piles, downs = _take(p, i, 1)
            after = Position(piles, downs, p.stock, p.waste, _home_plus(home, top), p.turned, p.draw, p.passes)
            scored.append((100 + 10 * down, Step((f"{PILE_KEYS[i]}h",), after)))
        for start in range(down, len(pile)):
            card = pile[start]
            reveals = start == down and down > 0
            empties = start == 0 and not IS_KING[card]
            frees = start > down and home[SUIT_OF[pile[start - 1]]] == BELOW_HOME[pile[start - 1]]
            if not (reveals or empties or frees):
                continue  # a run that turns nothing up, empties no pile and frees nothing leads nowhere new
            builds = BUILD.fits[card]
            for j, t in enumerate(tops):
                if j == i:
                    continue
                if t is None:
                    if not IS_KING[card] or j != first_empty:
                        continue
                elif not builds[t]:
                    continue
                piles, downs = _take(p, i, len(pile) - start)
                piles = _with_pile(piles, j, piles[j] + pile[start:])
                after = Position(piles, downs, p.stock, p.waste, p.home, p.turned, p.draw, p.passes)
                scored.append((80 + 10 * down if reveals else 60, Step((f"{PILE_KEYS[i]}{PILE_KEYS[j]}",), after)))
    for turns, stock, waste, turned in talon_reach(p):
        c = waste[-1]
        draws = ("s",) * turns
        if home[SUIT_OF[c]] == BELOW_HOME[c]:
            after = Position(p.piles, p.downs, stock, waste[:-1], _home_plus(home, c), turned, p.draw, p.passes)
            scored.append((70 - turns, Step((*draws, "wh"), after)))
        builds = BUILD.fits[c]
        for j, t in enumerate(tops):
            if (t is None and IS_KING[c] and j == first_empty) or (t is not None and builds[t]):
                piles = _with_pile(p.piles, j, p.piles[j] + (c,))
                after = Position(piles, p.downs, stock, waste[:-1], p.home, turned, p.draw, p.passes)
                scored.append((50 - turns, Step((*draws, f"w{PILE_KEYS[j]}"), after)))
    scored.sort(key=lambda pair: -pair[0])
    return [step for _, step in scored]


def solve(start: Position, *, node_limit: int = NODE_LIMIT) -> Result:
    """Search for a win from ``start``: a line in the game's notation, or proof there is none, or neither
    within ``node_limit`` positions expanded."""
    seen: set[tuple[object, ...]] = set()
    expanded = 0
    first, auto = auto_home(start)
    if first.won():
        return Result(True, False, auto, 0)
    # An explicit stack of (position's steps left, moves that led here) keeps deep lines off Python's stack.
    line: list[tuple[str, ...]] = [auto]
    stack: list[Iterator[Step]] = [iter(steps(first))]
    seen.add(first.key())
    limited = False
    while stack:
        step = next(stack[-1], None)
        if step is None:
            stack.pop()
            line.pop()
            continue
        after, moved = auto_home(step.after)
        key = after.key()
        if key in seen:
            continue
        seen.add(key)
        if after.won():
            moves = [m for part in line for m in part] + list(step.moves) + list(moved)
            return Result(True, False, tuple(moves), expanded)
        expanded += 1
        if expanded >= node_limit:
            limited = True
            break
        line.append(step.moves + moved)
        stack.append(iter(steps(after)))
    return Result(False, not limited, (), expanded)

"""A Klondike solver for a deal whose every card is known ("thoughtful" Klondike): won with a line, proven
lost, or neither within a limit.

The coach gives it deals sampled from what the player sees; it never sees the real hidden cards;
``tabletop klondike solve`` gives it a real deal. A position is small tuples of card numbers
(:attr:`~tabletop.playing_cards.Card.number`), and the search moves in steps a player would name: the stock
is turned as often as needed to bring a card up and that card played (one step, several turns), and a card
goes home by itself when no card could still need it (the build rule and the safe move home are the
patience kit's, as the game's). A found line is written in the game's notation, and ends where the game
does: once every card left is face up, the rest goes home by itself.

Two searches: a quick one, best first, that moves a run only when it turns a card face up, empties a pile or
frees a card to go home, and finds most wins in a few hundred positions; and one of every step but those
that cannot lead anywhere new (:func:`steps`), depth first, whose failure proves the deal lost.
:func:`settle` runs the first, then the second.

>>> from tabletop.playing_cards import parse_cards
>>> ks, qs, js = (c.number for c in parse_cards("KS QS JS"))
>>> spades_left = Position(((ks, js), (qs,), (), (), (), (), ()), (1, 0, 0, 0, 0, 0, 0), (), (), (13, 13, 13, 10), 0, 1, 0)
>>> solve(spades_left).moves
('1h',)
>>> ts = parse_cards("10S")[0].number
>>> ten_under_jack = Position(((ts, js), (ks, qs), (), (), (), (), ()), (1, 0, 0, 0, 0, 0, 0), (), (), (13, 13, 13, 9), 0, 1, 0)
>>> settle(ten_under_jack, node_limit=100).exhausted
True
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from tabletop.patience import safe_home_number
from tabletop.patience.numbered import BELOW_HOME, IS_KING, NUMBERS, RANK_OF, SUIT_OF, TABLE_SIZE, number_of
from tabletop.playing_cards import DECK_SIZE, SUITS, Card
from tabletop.text import listed
from tabletop_klondike.rules import BUILD, PILE_KEYS, PILES, KlondikeState, suit_key

NODE_LIMIT = 20_000
"""Positions a solve may expand before it gives up (an unsettled answer, neither won nor proven lost)."""


BUILDS_ON = tuple(tuple(c for c in NUMBERS if BUILD.fits[c][n]) for n in range(TABLE_SIZE))
"""By card number, the cards that may lie on it on a pile."""


PARENTS = tuple(tuple(c for c in NUMBERS if BUILD.fits[n][c]) for n in range(TABLE_SIZE))
"""By card number, the cards it may lie on on a pile."""


FRESH_PASS = -1
"""Where the stock stands, in :meth:`Position.talon_key`, at any place a fresh pass turns it to."""
TALON_PLACE = 3
"""The index of that place in :meth:`Position.class_key` with passes unlimited (after the piles' two parts
and the talon's cards)."""


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

    @classmethod
    def of(cls, state: KlondikeState) -> Position:
        """The position of a game's ``state``, every card known (its face-down ones too)."""
        return cls(
            tuple(tuple(c.number for c in p.cards) for p in state.piles),
            tuple(p.down for p in state.piles),
            tuple(c.number for c in state.stock),
            tuple(c.number for c in state.waste),
            tuple(state.home[s] for s in SUITS),
            state.turned,
            state.draw,
            state.passes,
        )

    def key(self) -> tuple[object, ...]:
        """What tells positions apart for the search: the piles in any order (they are alike but for their
        cards), and the passes used only when they are limited."""
        return (tuple(sorted(zip(self.piles, self.downs))), *self._talon_and_home())

    def class_key(self) -> tuple[object, ...]:
        """:meth:`key` blind to which of two twin cards (of one rank and colour) a run lies on, for the search of every
        step: each pile's face-down cards with the card on them, and the other face-up cards as a set. Positions
        alike but for that are won alike (see :func:`steps`), so the search need visit only one of them.

        >>> from tabletop.playing_cards import parse_cards
        >>> ks, kc, qh, qd, js = (c.number for c in parse_cards("KS KC QH QD JS"))
        >>> on_hearts = Position(((ks, qh, js), (kc, qd)), (1, 1), (), (), (0, 0, 0, 0), 0, 1, 0)
        >>> on_diamonds = on_hearts._replace(piles=((ks, qh), (kc, qd, js)))
        >>> on_hearts.class_key() == on_diamonds.class_key(), on_hearts.key() == on_diamonds.key()
        (True, False)
        """
        bases = []
        face_up = 0
        for pile, down in zip(self.piles, self.downs):
            bases.append(pile[: down + 1])
            for card in pile[down + 1 :]:
                face_up |= 1 << card
        bases.sort()
        return (tuple(bases), face_up, *self._talon_and_home())

    def _talon_and_home(self) -> tuple[object, ...]:
        """The part of both keys past the piles: the talon (as :meth:`talon_key` when passes are unlimited,
        else as it lies, with the passes used) and the foundations."""
        if self.passes:
            return (self.stock, self.waste, self.home, self.turned)
        return (*self.talon_key(), self.home)

    def talon_key(self) -> tuple[tuple[int, ...], int]:
        """The talon as the cards in the order the stock gives them, and where it stands among them; with
        passes unlimited, every place the stock can be turned to from a fresh pass is one (-1): from each
        the others are reached by turning.

        >>> p = Position((), (), (5, 6, 7), (8, 9, 10), (0, 0, 0, 0), 0, 3, 0)
        >>> p.talon_key() == p._replace(stock=(), waste=(8, 9, 10, 7, 6, 5)).talon_key()
        True
        """
        cards = self.waste + self.stock[::-1]
        at = len(self.waste)
        return cards, (FRESH_PASS if at % self.draw == 0 or not self.stock else at)

    def won(self) -> bool:
        """Whether every card is home, or every card is face up on the piles (the rest then goes home)."""
        return sum(self.home) == DECK_SIZE or (not self.stock and not self.waste and not any(self.downs))

    def goes_home(self, c: int) -> bool:
        return self.home[SUIT_OF[c]] == BELOW_HOME[c]

    def safe_home(self, c: int, *, two_below: bool = False) -> bool:
        """Whether ``c`` may go home with no loss (:func:`tabletop.patience.safe_home_number`)."""
        return safe_home_number(BUILD, self.home, c, two_below=two_below)


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
    nearest: tuple[str, ...] = ()
    """Unsolved by the quick search: the line to the position it found nearest a win (by :func:`promise`), when
    one is nearer than the start."""
    progress: int = 0
    """How much nearer a win (in :func:`promise`'s points) ``nearest`` leads."""


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


def auto_home(p: Position, *, waste: bool = True, two_below: bool = False) -> tuple[Position, tuple[str, ...]]:
    """The position once every card that may safely go home has gone (the game's moves for them); the
    waste's top card too unless ``waste`` is false. Searches that prove loss leave it when three cards are
    turned at a time: taking a card off the talon changes which cards later turns bring up, so the card may
    be needed where it is (:func:`waste_goes_home`). With ``two_below``, the search of every step, a card also
    goes when the cards that could lie on it can go home themselves (:func:`tabletop.patience.safe_home_number`);
    the quick search, and the Coach through it, keep the game's own rule."""
    moves: list[str] = []
    changed = True
    while changed and not p.won():  # a won game ends: no move after it is written
        changed = False
        for i, pile in enumerate(p.piles):
            if pile and p.downs[i] < len(pile) and p.safe_home(pile[-1], two_below=two_below) and not p.won():
                piles, downs = _take(p, i, 1)
                p = Position(piles, downs, p.stock, p.waste, _home_plus(p.home, pile[-1]), p.turned, p.draw, p.passes)
                moves.append(f"{PILE_KEYS[i]}h")
                changed = True
        if waste and p.waste and p.safe_home(p.waste[-1], two_below=two_below) and not p.won():
            c = p.waste[-1]
            p = Position(p.piles, p.downs, p.stock, p.waste[:-1], _home_plus(p.home, c), p.turned, p.draw, p.passes)
            moves.append("wh")
            changed = True
    return p, tuple(moves)


def waste_goes_home(p: Position) -> bool:
    """Whether a search of every step may send the waste's top card home by itself: only when one card is
    turned at a time, so that every card of the talon comes up whatever leaves it.

    With three, the waste's 9♠ may go home, but the K♣ under the stock's top comes up only while it stays:

    >>> from tabletop.playing_cards import parse_cards
    >>> c9, kc, qc, s9 = (c.number for c in parse_cards("9C KC QC 9S"))
    >>> waste_goes_home(Position((), (), (c9, kc), (qc, s9), (7, 9, 9, 8), 0, 3, 0))
    False
    """
    return p.draw == 1


def _hidden(p: Position) -> set[int]:
    """The face-down cards of the piles."""
    return {c for pile, down in zip(p.piles, p.downs) for c in pile[:down]}


def blocked(p: Position) -> bool:
    """Whether some face-down card can never be turned up, however the cards in play are moved: proof that
    ``p`` is lost, found without a search.

    A face-down card is turned up only once the card above it that starts its pile's face-up run has left:
    onto a card it may lie on, home (once every lower card of its suit is home), or, a King, to an empty
    pile. Each of those cards must be in play at some time, so a card that stays face down while every
    card that is or can come into play is counted as free proves the position lost.

    The 9♥ on a face-down 10♠ can leave only home, when the lower hearts are all home, or onto the 10♣:

    >>> from tabletop.playing_cards import SUITS, Suit, parse_cards
    >>> h9, s10 = (c.number for c in parse_cards("9H 10S"))
    >>> hearts_to_8 = tuple(8 if suit is Suit.HEARTS else 0 for suit in SUITS)
    >>> nine_on_ten = Position(((s10, h9), (), (), (), (), (), ()), (1, 0, 0, 0, 0, 0, 0), (), (), (0, 0, 0, 0), 0, 1, 0)
    >>> blocked(nine_on_ten), blocked(nine_on_ten._replace(home=hearts_to_8))
    (True, False)
    >>> [(pile, card.display) for pile, card in never_moved(nine_on_ten)]
    [(1, '9♥')]
    """
    return bool(never_moved(p))


def never_moved(p: Position) -> list[tuple[int, Card]]:
    """The cards that keep others face down for ever (:func:`blocked`), each with its pile (counted from 1):
    none of them can ever leave its place."""
    free = _in_play(p)
    downs = list(p.downs)
    changed = True
    while changed:
        changed = False
        for i, pile in enumerate(p.piles):
            while downs[i] and _may_leave(pile[downs[i]], free):
                downs[i] -= 1
                free.add(pile[downs[i]])
                changed = True
    return _bases(p, downs)


def stuck_for_good(p: Position) -> list[tuple[int, Card]]:
    """The cards that keep others face down for ever whatever the face-down cards are (each with its pile,
    counted from 1), or none where that is not so plain: where no pile's face-down cards can be turned up by
    the cards in play alone, none ever will be. Only the cards that are not face down are read, so a player's
    view (the stock seen) gives the same answer in every deal it could be.

    >>> from tabletop.playing_cards import parse_cards
    >>> h9, s10, c10 = (c.number for c in parse_cards("9H 10S 10C"))
    >>> nine_on_ten = Position(((s10, h9), (), (), (), (), (), ()), (1, 0, 0, 0, 0, 0, 0), (), (), (0, 0, 0, 0), 0, 1, 0)
    >>> [(pile, card.display) for pile, card in stuck_for_good(nine_on_ten)]
    [(1, '9♥')]
    >>> stuck_for_good(nine_on_ten._replace(stock=(c10,)))
    []
    """
    free = _in_play(p)
    if any(down and _may_leave(pile[down], free) for pile, down in zip(p.piles, p.downs)):
        return []
    return _bases(p, list(p.downs))


def _in_play(p: Position) -> set[int]:
    """The cards of ``p`` that are not face down: on the table face up, in the stock or waste, or home."""
    free = {c for pile, down in zip(p.piles, p.downs) for c in pile[down:]}
    free.update(p.stock, p.waste)
    free.update(number_of(rank, suit) for suit, top in enumerate(p.home) for rank in range(1, top + 1))
    return free


def _may_leave(base: int, free: set[int]) -> bool:
    """Whether ``base`` could leave its place with the ``free`` cards in play: a King to an empty pile, onto a
    card it may lie on, or home."""
    return (
        IS_KING[base]
        or any(c in free for c in PARENTS[base])
        or all(number_of(rank, SUIT_OF[base]) in free for rank in range(1, RANK_OF[base]))
    )


def _bases(p: Position, downs: list[int]) -> list[tuple[int, Card]]:
    """The card just above the ``downs`` face-down cards of each pile that has any, with its pile."""
    return [(i + 1, Card.from_number(pile[down])) for i, (pile, down) in enumerate(zip(p.piles, downs)) if down]


def stuck_words(stuck: Sequence[tuple[int, Card]]) -> str:
    """The cards that can never move, said: ``the 9♥ in pile 1 can never move, so the cards under it stay face
    down``."""
    named = [f"the {card.display} in pile {pile}" for pile, card in stuck]
    return f"{listed(named)} can never move, so the cards under {'them' if len(named) > 1 else 'it'} stay face down"


def steps(p: Position, *, every: bool = True) -> list[Step]:
    """The steps worth trying from ``p``, the likeliest to help first; with ``every`` false, only the steps
    that turn a card up, empty a pile, or send a card home or onto a pile from the stock (a quick search
    that finds most wins, but whose failure proves nothing).

    With ``every``, left out are only steps that cannot lead anywhere the others do not (so that a search over them that
    finds no win proves there is none): a King moved from the bottom of a pile to an empty one, or to any
    but the first empty pile; a card brought back from home while every card that could be built on it is face down;
    and a run split where the card it leaves on top cannot go home. That card and the one the run moves onto
    are twins, of one rank and colour, so the split only swaps what lies on the two: whatever could then go on the
    uncovered card could go on its twin instead, and a card with a run on it goes home once the run moves
    onto its bare twin. Positions alike but for such swaps are won alike, and the search of every step tells
    them apart by :meth:`Position.class_key` alone; so there a split that frees a card for home is one step
    with the card's move home (alone, it would make a position that is one with this one).
    """
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
            score = 80 + 10 * down if reveals else 60
            if not (reveals or empties or frees):
                continue  # a King from the bottom of a pile to an empty one, or a run onto its twin's twin
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
                moves: tuple[str, ...] = (f"{PILE_KEYS[i]}{PILE_KEYS[j]}",)
                if frees and every:
                    # The split alone makes a position that is one with this (class_key): take the card home with it.
                    piles, downs = _take(after, i, 1)
                    home_after = _home_plus(home, pile[start - 1])
                    after = Position(piles, downs, p.stock, p.waste, home_after, p.turned, p.draw, p.passes)
                    moves += (f"{PILE_KEYS[i]}h",)
                scored.append((score, Step(moves, after)))
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
    if every:
        scored.extend(_from_home(p, tops, first_empty))
    scored.sort(key=lambda pair: -pair[0])
    return [step for _, step in scored]


FROM_HOME_SCORE = 10
"""Where a card brought back from home stands among the steps: last, as a player would try it."""


def _from_home(p: Position, tops: list[int | None], first_empty: int) -> list[tuple[int, Step]]:
    """Each foundation's top card brought back down onto a pile, unless every card that could go on it is
    face down (it can come back once one is turned up). A card home counts: it may come back too, onto this
    one (the Q♥ and then the J♣ brought back so that the 10♦ can leave the pile it covers)."""
    found: list[tuple[int, Step]] = []
    hidden: set[int] | None = None
    for suit, rank in enumerate(p.home):
        if rank == 0:
            continue
        card = number_of(rank, suit)
        if hidden is None:
            hidden = _hidden(p)
        if all(c in hidden for c in BUILDS_ON[card]):
            continue
        builds = BUILD.fits[card]
        for j, t in enumerate(tops):
            if (t is None and IS_KING[card] and j == first_empty) or (t is not None and builds[t]):
                home = p.home[:suit] + (rank - 1,) + p.home[suit + 1 :]
                piles = _with_pile(p.piles, j, p.piles[j] + (card,))
                after = Position(piles, p.downs, p.stock, p.waste, home, p.turned, p.draw, p.passes)
                found.append((FROM_HOME_SCORE, Step((f"{suit_key(SUITS[suit])}{PILE_KEYS[j]}",), after)))
    return found


def solve(start: Position, *, node_limit: int = NODE_LIMIT, every: bool = False) -> Result:
    """Search for a win from ``start``, within ``node_limit`` positions expanded: a line in the game's
    notation, or (searching ``every`` step, see :func:`steps`) proof there is none, or neither.

    The quick search looks first where the fewest cards are still face down (best first); the search of
    every step goes depth first, which needs to keep only the line it is on.
    """
    first, auto = auto_home(start, waste=not every or waste_goes_home(start), two_below=every)
    if first.won():
        return Result(True, False, auto, 0)
    if not every:
        return _best_first(first, auto, node_limit)
    if blocked(first):
        return Result(False, True, (), 0)
    return _every_step(first, auto, node_limit)


def promise(p: Position) -> int:
    """How far ``p`` looks from a win, for the quick search: the face-down cards (the deepest pile counted
    again), less the cards home."""
    return 4 * sum(p.downs) + 3 * max(p.downs) - sum(p.home) + len(p.stock) // 3


Line = tuple[tuple[str, ...], "Line | None"]
"""The moves to a position, as its step's moves and the line before them."""


def _moves_of(line: Line | None) -> tuple[str, ...]:
    parts: list[tuple[str, ...]] = []
    while line is not None:
        parts.append(line[0])
        line = line[1]
    return tuple(m for part in reversed(parts) for m in part)


def _best_first(first: Position, auto: tuple[str, ...], node_limit: int) -> Result:
    seen = {first.key()}
    order = itertools.count()
    start = promise(first)
    frontier: list[tuple[int, int, Position, Line]] = [(start, next(order), first, (auto, None))]
    nearest: tuple[int, Line | None] = (start, None)
    expanded = 0
    while frontier and expanded < node_limit:
        _, _, p, line = heapq.heappop(frontier)
        expanded += 1
        for step in steps(p, every=False):
            after, moved = auto_home(step.after)
            key = after.key()
            if key in seen:
                continue
            seen.add(key)
            reached: Line = (step.moves + moved, line)
            if after.won():
                return Result(True, False, _moves_of(reached), expanded)
            value = promise(after)
            if value < nearest[0]:
                nearest = (value, reached)
            heapq.heappush(frontier, (value, next(order), after, reached))
    return Result(False, False, (), expanded, _moves_of(nearest[1]), start - nearest[0])


def _every_step(first: Position, auto: tuple[str, ...], node_limit: int) -> Result:
    seen: set[tuple[object, ...]] = {first.class_key()}
    # With passes unlimited, a position whose stock stands mid-pass reaches all that the same position at a
    # fresh pass reaches (turning on to the end of the stock gets there), and all that it reaches with the
    # stock turned further (a multiple of the draw on), so those need not be searched once it has been.
    mid_pass: dict[tuple[object, ...], dict[int, int]] = {}
    waste = waste_goes_home(first)
    expanded = 0
    # An explicit stack of (position's steps left, moves that led here) keeps deep lines off Python's stack.
    line: list[tuple[str, ...]] = [auto]
    stack: list[Iterator[Step]] = [iter(steps(first))]
    while stack:
        step = next(stack[-1], None)
        if step is None:
            stack.pop()
            line.pop()
            continue
        after, moved = auto_home(step.after, waste=waste, two_below=True)
        key = after.class_key()
        if key in seen:
            continue
        seen.add(key)
        if not after.passes and _turned_past(key, after.draw, mid_pass):
            continue
        if after.won():
            moves = [m for part in line for m in part] + list(step.moves) + list(moved)
            return Result(True, False, tuple(moves), expanded)
        expanded += 1
        if expanded >= node_limit:
            return Result(False, False, (), expanded)
        line.append(step.moves + moved)
        stack.append(iter(steps(after)))
    return Result(False, True, (), expanded)


def _turned_past(key: tuple[object, ...], draw: int, mid_pass: dict[tuple[object, ...], dict[int, int]]) -> bool:
    """Whether the position of ``key`` (:meth:`Position.class_key`, passes unlimited) is one searched already
    with its stock turned on from an earlier place of the same pass: ``mid_pass`` holds, for each position
    but its stock's place, the earliest place searched for each place modulo ``draw``. Records the place.

    Five cards of the waste up at draw 3, then eight (three more turned), four, two, and a fresh pass:

    >>> searched: dict[tuple[object, ...], dict[int, int]] = {}
    >>> def key(place: int) -> tuple[object, ...]:
    ...     return ((), 0, tuple(range(1, 10)), place, (0, 0, 0, 0))
    >>> [_turned_past(key(place), 3, searched) for place in (5, 8, 4, 2, FRESH_PASS)]
    [False, True, False, False, True]
    """
    place = key[TALON_PLACE]
    assert isinstance(place, int)
    earliest = mid_pass.setdefault(key[:TALON_PLACE] + key[TALON_PLACE + 1 :], {})
    if place == FRESH_PASS:
        return bool(earliest)
    if earliest.get(place % draw, place) < place:
        return True
    earliest[place % draw] = place
    return False


QUICK_SHARE = 0.1
"""The share of a settling solve's positions spent first on the quick search (most wins are found there)."""


def settle(start: Position, *, node_limit: int) -> Result:
    """Whether ``start`` can be won, settled if it can be within ``node_limit`` positions: lost at once if a
    face-down card can never be turned up (:func:`blocked`), else a quick search for a win first, then a
    search of every step that finds a win or proves there is none."""
    if blocked(start):
        return Result(False, True, (), 0)
    quick = solve(start, node_limit=max(1, int(node_limit * QUICK_SHARE)))
    if quick.solved:
        return quick
    full = solve(start, node_limit=node_limit, every=True)
    return Result(full.solved, full.exhausted, full.moves, quick.expanded + full.expanded)

"""How far from a win a FreeCell-family position looks: the estimates that order the solver's best-first searches.

Lower is nearer. An estimate weighs the cards not home, the cards lying on a lower card of their cascade
(each must move before that lower card can go home), the cards above the next card each foundation needs
and the free cells taken; empty cascades count in its favour. The solver's searches differ in these
weights and in which of two equal positions they take first: the newest (a deeper line) or the oldest.

>>> from tabletop.playing_cards import Card
>>> weights, king = Weights(3, 4, 1, 2, 3), bytes([Card.parse("KS").number])
>>> king_left = (b"",) * 7 + (king,)  # the king of spades alone in a column
>>> weights.distance(king_left, b"", (13, 13, 13, 12)), weights.distance((b"",) * 8, king, (13, 13, 13, 12))
(-18, -19)
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.patience.numbered import RANK_OF, SUIT_COUNT, number_of
from tabletop.playing_cards import DECK_SIZE, KING

CACHE_SIZE = 1_000_000
"""Cascades whose count of buried cards is remembered before the memory is cleared."""
_buried_cache: dict[bytes, int] = {}


def buried(cascade: bytes) -> int:
    """How many cards of ``cascade`` (bottom first) lie above a card of lower rank.

    >>> from tabletop.playing_cards import parse_cards
    >>> buried(bytes(c.number for c in parse_cards("KC 2C 9C 5C")))  # the 9 and the 5 lie above the 2
    2
    """
    found = _buried_cache.get(cascade)
    if found is None:
        found = 0
        lowest = 99
        for card in cascade:
            rank = RANK_OF[card]
            if rank > lowest:
                found += 1
            else:
                lowest = rank
        if len(_buried_cache) >= CACHE_SIZE:
            _buried_cache.clear()
        _buried_cache[cascade] = found
    return found


def above_needed(cascades: tuple[bytes, ...], home: tuple[int, ...]) -> int:
    """How many cards lie above the next card of each foundation, summed over the four.

    >>> from tabletop.playing_cards import parse_cards
    >>> above_needed((bytes(c.number for c in parse_cards("AC KC QC")),) + (b"",) * 7, (0, 13, 13, 13))
    2
    """
    above = 0
    for suit in range(SUIT_COUNT):
        rank = home[suit] + 1
        if rank > KING:
            continue
        needed = number_of(rank, suit)
        for cascade in cascades:
            at = cascade.find(needed)
            if at >= 0:
                above += len(cascade) - 1 - at
                break
    return above


@dataclass(frozen=True)
class Weights:
    """The weights of an estimate: a card not home, a buried card, a card above a needed one, a taken free
    cell, and (in favour) an empty cascade."""

    out: int
    buried: int
    above_needed: int
    cell: int
    empty: int

    def distance(self, cascades: tuple[bytes, ...], cells: bytes, home: tuple[int, ...]) -> int:
        """The estimate for a position."""
        out = DECK_SIZE - home[0] - home[1] - home[2] - home[3]
        hidden = 0
        empty = 0
        for cascade in cascades:
            if cascade:
                hidden += buried(cascade)
            else:
                empty += 1
        score = out * self.out + hidden * self.buried + len(cells) * self.cell - empty * self.empty
        if self.above_needed:
            score += self.above_needed * above_needed(cascades, home)
        return score


@dataclass(frozen=True)
class Strategy:
    """One search of the solver's portfolio: its estimate and whether ties go to the newest position."""

    weights: Weights
    newest_first: bool


STRATEGIES = (
    Strategy(Weights(3, 4, 1, 2, 3), newest_first=True),
    Strategy(Weights(3, 4, 2, 2, 3), newest_first=False),
    Strategy(Weights(3, 4, 0, 1, 3), newest_first=True),
    Strategy(Weights(3, 4, 1, 2, 3), newest_first=False),
    Strategy(Weights(3, 4, 3, 2, 3), newest_first=True),
    Strategy(Weights(3, 4, 0, 2, 3), newest_first=True),
)
"""The portfolio, in the order its searches run each round: chosen on deals 1-1,000, where between them
they leave few deals to a second round and none to a fourth."""

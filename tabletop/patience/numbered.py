"""What a solver asks of a card, looked up by the card's number (:attr:`tabletop.playing_cards.Card.number`).

A search asks a card's rank and suit millions of times a solve: each table here is indexed by the number,
0 to :data:`TABLE_SIZE` - 1 (the numbers below :data:`~tabletop.playing_cards.FIRST_NUMBER` name no card).

>>> from tabletop.playing_cards import Card
>>> queen = Card.parse("QH").number
>>> RANK_OF[queen], SUIT_OF[queen], RED_OF[queen], number_of(12, 2) == queen
(12, 2, True, True)
"""

from __future__ import annotations

from tabletop.playing_cards import FIRST_NUMBER, KING, LAST_NUMBER, SUIT_BITS, SUIT_MASK, SUITS

NUMBERS = range(FIRST_NUMBER, LAST_NUMBER + 1)
"""The numbers of the 52 cards."""
TABLE_SIZE = LAST_NUMBER + 1
SUIT_COUNT = len(SUITS)
RED_SUITS = frozenset(i for i, suit in enumerate(SUITS) if suit.is_red)
"""The places of the red suits (diamonds and hearts) in :data:`~tabletop.playing_cards.SUITS`."""

RANK_OF = tuple(n >> SUIT_BITS for n in range(TABLE_SIZE))
SUIT_OF = tuple(n & SUIT_MASK for n in range(TABLE_SIZE))
"""A card's suit, as its place in :data:`~tabletop.playing_cards.SUITS` (a foundation's index)."""
RED_OF = tuple(s in RED_SUITS for s in SUIT_OF)
BELOW_HOME = tuple(r - 1 for r in RANK_OF)
"""The foundation rank a card goes home onto."""
IS_KING = tuple(r == KING for r in RANK_OF)


def number_of(rank: int, suit: int) -> int:
    """The number of the card of ``rank`` and the suit at place ``suit``."""
    return (rank << SUIT_BITS) | suit

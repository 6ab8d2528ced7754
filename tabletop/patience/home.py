"""Foundations: when a card goes home, and when it may go home by itself with no loss.

A card may go by itself once no card left could still need to be built on it: the cards a rank lower in the
suits the build rule lays on it are all home. Aces and twos always (an Ace never needs a card to lie on: it
goes home itself). With alternate colours that is both foundations of the other colour holding the rank
below; by suit, any card next on its foundation.

>>> from tabletop.patience.builds import ALTERNATE_COLOURS, SAME_SUIT
>>> from tabletop.playing_cards import Card, Suit
>>> home = {Suit.CLUBS: 4, Suit.DIAMONDS: 0, Suit.HEARTS: 4, Suit.SPADES: 2}
>>> safe_home(ALTERNATE_COLOURS, home, Card.parse("5H")), safe_home(SAME_SUIT, home, Card.parse("5H"))
(False, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tabletop.patience.builds import BuildRule
from tabletop.patience.numbered import BELOW_HOME, RANK_OF, SUIT_OF
from tabletop.playing_cards import SUITS, Card, Suit

ALWAYS_SAFE = 2
"""Cards of this rank or lower go home by themselves as soon as they are next: no card needs them."""


def next_home(home: Mapping[Suit, int], card: Card) -> bool:
    """Whether ``card`` is next on its foundation (``home`` holds each suit's top rank, 0 for none)."""
    assert card.suit is not None
    return home[card.suit] == card.rank - 1


def safe_home(rule: BuildRule, home: Mapping[Suit, int], card: Card) -> bool:
    """Whether ``card`` may go home by itself where piles build by ``rule``."""
    return safe_home_number(rule, [home[suit] for suit in SUITS], card.number)


def safe_home_number(rule: BuildRule, home: Sequence[int], card: int) -> bool:
    """:func:`safe_home` for solvers: ``home`` by suit place, ``card`` a card number."""
    below = BELOW_HOME[card]
    suit = SUIT_OF[card]
    if home[suit] != below:
        return False
    if RANK_OF[card] <= ALWAYS_SAFE:
        return True
    return min(map(home.__getitem__, rule.builders[suit]), default=below) >= below

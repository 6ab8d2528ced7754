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


def safe_home_number(rule: BuildRule, home: Sequence[int], card: int, *, two_below: bool = False) -> bool:
    """:func:`safe_home` for solvers: ``home`` by suit place, ``card`` a card number.

    With ``two_below``, also a card whose builders are home to two ranks below it, and the other builders of
    those to three below: a card that could lie on it can then go home itself whenever it is free, as can any
    card that could lie on that one, so none needs it. The 5♥ with both black suits home to the 3 and the
    diamonds to the 2 (a black 4 goes home as soon as it is free, and a red 3 is home or can follow):

    >>> from tabletop.patience.builds import ALTERNATE_COLOURS
    >>> home = [3, 2, 4, 3]  # clubs, diamonds, hearts, spades
    >>> five = Card.parse("5H").number
    >>> safe_home_number(ALTERNATE_COLOURS, home, five), safe_home_number(ALTERNATE_COLOURS, home, five, two_below=True)
    (False, True)
    """
    below = BELOW_HOME[card]
    suit = SUIT_OF[card]
    if home[suit] != below:
        return False
    if RANK_OF[card] <= ALWAYS_SAFE:
        return True
    builders = rule.builders[suit]
    lowest = min(map(home.__getitem__, builders), default=below)
    if lowest >= below or not two_below:
        return lowest >= below
    theirs = {s for b in builders for s in rule.builders[b]} - {suit}
    return lowest >= below - 1 and min(map(home.__getitem__, theirs), default=below) >= below - 2

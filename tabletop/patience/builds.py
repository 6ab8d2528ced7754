"""How cards build down on a pile, as values: one rank lower, and a suit the rule allows.

Each rule answers on cards (:meth:`BuildRule.builds_on`, :meth:`BuildRule.top_run`) and on the numbers solvers
use (:attr:`BuildRule.fits`, :meth:`BuildRule.run_length`), from one table worked out once.

>>> from tabletop.playing_cards import parse_cards
>>> nine, ten = parse_cards("9H TS")
>>> ALTERNATE_COLOURS.builds_on(nine, ten), SAME_SUIT.builds_on(nine, ten), ANY_SUIT.builds_on(nine, ten)
(True, False, True)
>>> ALTERNATE_COLOURS.top_run(parse_cards("KD 9C 8H 7S")), ALTERNATE_COLOURS.fits[nine.number][ten.number]
(3, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from tabletop.patience.numbered import RANK_OF, RED_OF, SUIT_COUNT, SUIT_OF, TABLE_SIZE, number_of
from tabletop.playing_cards import ACE, Card

Fits = tuple[tuple[bool, ...], ...]
"""``fits[card][under]``, by card number: whether ``card`` may lie on ``under``."""


def _alternate_colours(card: int, under: int) -> bool:
    return RED_OF[card] != RED_OF[under]


def _same_suit(card: int, under: int) -> bool:
    return SUIT_OF[card] == SUIT_OF[under]


def _any_suit(card: int, under: int) -> bool:
    return True


@dataclass(frozen=True)
class BuildRule:
    """Cards build down by one rank, in suits that ``suits_fit`` (card number, number of the card under it)."""

    name: str
    suits_fit: Callable[[int, int], bool]
    fits: Fits = field(init=False, repr=False, compare=False)
    """``fits[card][under]`` by card number: the rule for solvers, looked up rather than worked out."""
    builders: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    """For each suit (by place), the suits whose cards may lie on a card of it."""

    def __post_init__(self) -> None:
        fits = tuple(
            tuple(RANK_OF[card] == RANK_OF[under] - 1 and self.suits_fit(card, under) for under in range(TABLE_SIZE))
            for card in range(TABLE_SIZE)
        )
        object.__setattr__(self, "fits", fits)
        aces = [number_of(ACE, suit) for suit in range(SUIT_COUNT)]  # each suit's ace stands for its suit
        builders = tuple(tuple(s for s, ace in enumerate(aces) if self.suits_fit(ace, under)) for under in aces)
        object.__setattr__(self, "builders", builders)

    def builds_on(self, card: Card, under: Card) -> bool:
        """Whether ``card`` may lie on ``under`` on a pile."""
        return self.fits[card.number][under.number]

    def top_run(self, pile: Sequence[Card]) -> int:
        """How many cards at the top of ``pile`` (bottom first) are built down by the rule."""
        n = 1 if pile else 0
        while n < len(pile) and self.builds_on(pile[-n], pile[-n - 1]):
            n += 1
        return n

    def run_length(self, pile: Sequence[int]) -> int:
        """:meth:`top_run` on card numbers (a ``bytes`` pile too)."""
        fits = self.fits
        n = 1 if pile else 0
        while n < len(pile) and fits[pile[-n]][pile[-n - 1]]:
            n += 1
        return n


ALTERNATE_COLOURS = BuildRule("down by alternate colours", _alternate_colours)
"""A red card on a black one a rank higher, or a black on a red (FreeCell, Klondike)."""
SAME_SUIT = BuildRule("down by suit", _same_suit)
"""A card on the next higher card of its own suit."""
ANY_SUIT = BuildRule("down regardless of suit", _any_suit)
"""A card on any card a rank higher."""

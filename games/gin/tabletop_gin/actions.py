"""Gin Rummy's actions and their notation.

>>> [str(a) for a in (Deal(3), Take(), Pass(), Draw(), Discard(51), Knock(), Meld(0b111), LayOff(12))]
['deal 4C', 'take', 'pass', 'draw', 'discard KS', 'knock', 'meld AC 2C 3C', 'layoff KC']
>>> parse_action("meld 3c 2c ac") == Meld(0b111), parse_action("discard 10s")
(True, Discard(card=48))
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.errors import InvalidActionError
from tabletop.playing_cards import CardError
from tabletop_gin.melds import CARD_OF, cards_text, is_meld, mask_of, parse


@dataclass(frozen=True)
class Deal:
    """Chance: the next card off the stock (dealt, turned up, or drawn by the player who chose the stock)."""

    card: int

    def __str__(self) -> str:
        return f"deal {CARD_OF[self.card]}"


@dataclass(frozen=True)
class Take:
    """Take the upcard, the top of the discard pile."""

    def __str__(self) -> str:
        return "take"


@dataclass(frozen=True)
class Pass:
    """Refuse the first upcard; at the wall, let the hand end; done laying melds or laying off."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Draw:
    """Draw from the stock."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True)
class Discard:
    """Discard ``card``; after a knock, the card put face down."""

    card: int

    def __str__(self) -> str:
        return f"discard {CARD_OF[self.card]}"


@dataclass(frozen=True)
class Knock:
    """Knock (then discard face down and lay the melds); at the wall, take the last upcard to knock."""

    def __str__(self) -> str:
        return "knock"


@dataclass(frozen=True)
class Meld:
    """Lay a meld (``cards``, a mask) face up."""

    cards: int

    def __str__(self) -> str:
        return f"meld {cards_text(self.cards)}"


@dataclass(frozen=True)
class LayOff:
    """The defender lays ``card`` off on one of the knocker's melds."""

    card: int

    def __str__(self) -> str:
        return f"layoff {CARD_OF[self.card]}"


@dataclass(frozen=True)
class Spread:
    """Lay the best arrangement at once and be done: the knocker's melds, or the defender's lay-offs and melds.

    The written rules' way to spread a hand; OpenSpiel's rules lay one meld at a time instead.
    """

    def __str__(self) -> str:
        return "spread"


GinAction = Deal | Take | Pass | Draw | Discard | Knock | Meld | LayOff | Spread
"""Every action of the game."""

GRAMMAR = "write take, pass, draw, knock, spread, discard CARD, meld CARDS, layoff CARD (or deal CARD for chance)"
_WORDS: dict[str, GinAction] = {"take": Take(), "pass": Pass(), "draw": Draw(), "knock": Knock(), "spread": Spread()}
_ONE_CARD = ("deal", "discard", "layoff")


def parse_action(text: str) -> GinAction:
    """An action from its notation (any case); InvalidActionError if it is none."""
    words = text.strip().lower().split()
    if len(words) == 1 and words[0] in _WORDS:
        return _WORDS[words[0]]
    try:
        if len(words) == 2 and words[0] in _ONE_CARD:
            (card,) = parse(words[1])
            return Deal(card) if words[0] == "deal" else Discard(card) if words[0] == "discard" else LayOff(card)
        if len(words) >= 2 and words[0] == "meld":
            mask = mask_of(parse(" ".join(words[1:])))
            if is_meld(mask):
                return Meld(mask)
            raise InvalidActionError(f"{text.strip()!r}: those cards are not a meld")
    except CardError as error:
        raise InvalidActionError(str(error)) from None
    raise InvalidActionError(f"{text.strip() or '(empty)'!r} is not a Gin Rummy action; {GRAMMAR}")

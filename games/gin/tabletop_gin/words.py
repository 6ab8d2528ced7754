"""Gin Rummy's actions in words, as one viewer may know them.

>>> say_action("North", Discard(0), phase="discard")
'North discards A♣.'
>>> say_deal("South", 5, seen=False, upcard=False)
'South is dealt a card.'
"""

from __future__ import annotations

from tabletop_gin.actions import Discard, Draw, GinAction, Knock, LayOff, Meld, Pass, Spread, Take
from tabletop_gin.melds import CARD_OF, cards_of
from tabletop_gin.view import DEFEND_LAY, FIRST, KNOCK_DISCARD, KNOCK_LAY, LAYOFF, WALL, HandResult

SEAT_NAMES = ("North", "South")


def show(card: int) -> str:
    """A card for the screen: ``7♥``."""
    return CARD_OF[card].display


def show_mask(mask: int) -> str:
    """Cards for the screen, sorted by suit then rank."""
    return " ".join(show(c) for c in sorted(cards_of(mask)))


def say_deal(name: str, card: int, *, seen: bool, upcard: bool) -> str:
    """A card off the stock: dealt, turned up or drawn."""
    if upcard:
        return f"The upcard is {show(card)}."
    return f"{name} is dealt {show(card)}." if seen else f"{name} is dealt a card."


def say_draw(name: str, card: int, *, seen: bool) -> str:
    """The card a player drew from the stock."""
    return f"{name} draws {show(card)}." if seen else f"{name} draws a card from the stock."


def say_action(name: str, action: GinAction, *, phase: str, upcard: int | None = None) -> str:
    """A player's action in words (the same for every viewer)."""
    if isinstance(action, Take):
        return f"{name} takes {show(upcard)}." if upcard is not None else f"{name} takes the upcard."
    if isinstance(action, Draw):
        return f"{name} draws from the stock."
    if isinstance(action, Discard):
        if phase == KNOCK_DISCARD:  # said with the knock, which a short log would otherwise have scrolled away
            return f"{name} knocks, the {show(action.card)} face down."
        return f"{name} discards {show(action.card)}."
    if isinstance(action, Knock):
        return f"{name} takes {show(upcard)} and knocks." if phase == WALL and upcard is not None else f"{name} knocks."
    if isinstance(action, Meld):
        return f"{name} lays {show_mask(action.cards)}."
    if isinstance(action, LayOff):
        return f"{name} lays off {show(action.card)}."
    if isinstance(action, Spread):
        return f"{name} lays the best melds."
    if isinstance(action, Pass):
        return _say_pass(name, phase)
    return f"{name}: {action}."


def _say_pass(name: str, phase: str) -> str:
    if phase == FIRST:
        return f"{name} passes the upcard."
    if phase == WALL:
        return f"{name} passes: the stock is down to two cards."
    if phase == KNOCK_LAY:
        return f"{name} has laid the melds."
    if phase == LAYOFF:
        return f"{name} is done laying off."
    if phase == DEFEND_LAY:
        return f"{name} has laid the melds."
    return f"{name} passes."


def say_result(result: HandResult, names: tuple[str, str] = SEAT_NAMES) -> str:
    """How a hand ended, in one line."""
    if result.winner is None or result.kind == "draw":
        return "The hand is a draw: no score."
    winner = names[result.winner]
    dead = f"deadwood {result.deadwood[0]} to {result.deadwood[1]}"
    if result.kind == "gin":
        return f"{winner} goes gin and scores {result.points} ({dead})."
    if result.kind == "undercut":
        return f"{winner} undercuts and scores {result.points} ({dead})."
    return f"{winner} wins the hand by {result.points} ({dead})."

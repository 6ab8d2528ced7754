"""Muster's log as data: what an action did, as one viewer may know it, and its words, long and short.

``describe`` tells an action in the words of :meth:`MusterEvent.words`, and the
board draws its log from the events themselves (joining a player's draws, telling
a busy turn shorter), never from the words::

    >>> from tabletop_muster.rules import MusterRules
    >>> from tabletop_muster import actions as A
    >>> s = MusterRules.new(first=0)
    >>> event = event_of(s, A.parse_text("*W3"), viewer=1)
    >>> event.kind, event.seat, event.card, event.words()
    ('dealt', 0, None, 'North is dealt a card.')
    >>> event_of(s, A.parse_text("*W3"), viewer=0).words()
    'North (you) is dealt Water 3.'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tabletop_muster import actions as A
from tabletop_muster.cards import FACTION_NAMES, SEAT_NAMES, TOP_VALUE, card_name, is_rainbow, seat_label, token_name
from tabletop_muster.rules import DEAL, DRAW, MusterRules, lowest_rainbow

BANNER, WIZARD, BRIDGE, MOVE, CASTLE, SWAP = "banner", "wizard", "bridge", "move", "castle", "swap"
"""A player's main action of a turn: one of these a turn."""
MAIN_KINDS = frozenset({BANNER, WIZARD, BRIDGE, MOVE, CASTLE, SWAP})
DECK_DRAW, TAKE, PLACE = "deck-draw", "take", "place"
"""A player's decisions after the main action: to draw from the deck, to take from a castle space, to
place a Rainbow card turned up."""
DEALT, DRAWN, TURNED_UP, FIRST = "dealt", "drawn", "turned-up", "first"
"""Chance: a card dealt, a card drawn from the deck, the deck's top card turned up; who goes first."""


@dataclass(frozen=True)
class MusterEvent:
    """One action as ``viewer`` may know it: a card they may not see is None."""

    kind: str
    seat: int | None
    """Who acted, was dealt or drew; None for a card the deck turns up."""
    viewer: int | None = None
    card: str | None = None
    """The card played, castled, taken, dealt, drawn or turned up, by name; None when hidden from the viewer."""
    castle: str | None = None
    """The castle (a faction's name) the action is under or onto."""
    source: str | None = None
    """A Wizard's castle before a move; the column token a swap replaces."""
    count: int = 0
    """A bridge's Rainbow Bridges."""
    stood: str = ""
    """The values the bridges stand as: ``2, 3``."""
    owner: str = ""
    """Whose column a swap is in, as the viewer reads it: ``North's``, ``your own``, ``their own``."""
    last_card: bool = False
    """The deck's last card: the game ends with it."""
    chooser: bool = False
    """A Rainbow card turned up, whose castle space its player chooses."""

    @property
    def who(self) -> str:
        """The seat's name, with ``(you)`` for the viewer's own."""
        return "" if self.seat is None else seat_label(self.seat, self.viewer)

    @property
    def is_main(self) -> bool:
        """A player's main action of their turn."""
        return self.kind in MAIN_KINDS

    @property
    def is_own(self) -> bool:
        """The viewer's own action, deal or draw."""
        return self.seat is not None and self.seat == self.viewer

    def shown_card(self) -> str:
        """The card's name, or ``a card`` when the viewer may not see it."""
        return "a card" if self.card is None else _a(self.card)

    def words(self) -> str:
        """The event in full, as the log tells it."""
        return _LONG[self.kind](self)

    def short_words(self) -> str:
        """The event in fewer words, for a log short of room."""
        return _SHORT[self.kind](self)


def event_of(state: MusterRules, action: A.MusterAction, viewer: int | None = None) -> MusterEvent:
    """What ``action`` does in ``state`` (before it is applied), as ``viewer`` may know it (None: all of it)."""
    return _EVENTS[action.op](state, action, viewer)


def _a(name: str) -> str:
    """``Water 3`` stays, ``Rainbow Castle`` becomes ``a Rainbow Castle``."""
    return f"a {name}" if name.startswith("Rainbow") else name


def _ends(state: MusterRules) -> bool:
    return len(state.deck) == 1 and state.phase != DEAL


# --------------------------------------------------------------------------- actions to events


def _banner(s: MusterRules, a: A.MusterAction, viewer: int | None) -> MusterEvent:
    return MusterEvent(BANNER, s.cur, viewer, card=card_name(a.card), castle=FACTION_NAMES[a.col])


def _wizard(s: MusterRules, a: A.MusterAction, viewer: int | None) -> MusterEvent:
    return MusterEvent(WIZARD, s.cur, viewer, castle=FACTION_NAMES[a.col])


def _bridge(s: MusterRules, a: A.MusterAction, viewer: int | None) -> MusterEvent:
    col = s.cols[s.cur][a.col]
    top = TOP_VALUE[col[-1]] if col else 0
    stood = ", ".join(str(top + i + 1) for i in range(a.n))
    return MusterEvent(
        BRIDGE, s.cur, viewer, card=card_name(a.card), castle=FACTION_NAMES[a.col], count=a.n, stood=stood
    )


def _move(s: MusterRules, a: A.MusterAction, viewer: int | None) -> MusterEvent:
    return MusterEvent(MOVE, s.cur, viewer, castle=FACTION_NAMES[a.col], source=FACTION_NAMES[a.src])


def _castle(s: MusterRules, a: A.MusterAction, viewer: int | None) -> MusterEvent:
    return MusterEvent(CASTLE, s.cur, viewer, card=card_name(a.card), castle=FACTION_NAMES[a.col])


def _swap(s: MusterRules, a: A.MusterAction, viewer: int | None) -> MusterEvent:
    col = s.cols[a.side][a.col] if 0 <= a.side < 2 else []
    i = lowest_rainbow(col)
    replaced = token_name(col[i]) if i >= 0 else "Rainbow card"
    if a.side != s.cur:
        owner = f"{SEAT_NAMES[a.side]}'s"
    else:  # the one who swaps reads of their own column as theirs: "North (you) swaps ... in your own ..."
        owner = "your own" if viewer == s.cur else "their own"
    return MusterEvent(
        SWAP, s.cur, viewer, card=card_name(a.card), castle=FACTION_NAMES[a.col], source=replaced, owner=owner
    )


def _draw(s: MusterRules, a: A.MusterAction, viewer: int | None) -> MusterEvent:
    if a.col < 0:
        return MusterEvent(DECK_DRAW, s.cur, viewer)
    space = s.castles[a.col]
    return MusterEvent(TAKE, s.cur, viewer, card=card_name(space[-1]) if space else None, castle=FACTION_NAMES[a.col])


def _place(s: MusterRules, a: A.MusterAction, viewer: int | None) -> MusterEvent:
    card = card_name(s.pending) if s.pending >= 0 else "the Rainbow card"
    return MusterEvent(PLACE, s.cur, viewer, card=card, castle=FACTION_NAMES[a.col])


def _chance(s: MusterRules, a: A.MusterAction, viewer: int | None) -> MusterEvent:
    name = card_name(a.card)
    if s.phase == DEAL:
        to = (s.first + s.dealt) % 2
        return MusterEvent(DEALT, to, viewer, card=name if viewer is None or viewer == to else None)
    last = _ends(s)
    if s.phase == DRAW:
        seen = viewer is None or viewer == s.cur
        return MusterEvent(DRAWN, s.cur, viewer, card=name if seen else None, last_card=last)
    if not is_rainbow(a.card):
        return MusterEvent(TURNED_UP, None, viewer, card=name, castle=FACTION_NAMES[a.card // 5], last_card=last)
    return MusterEvent(TURNED_UP, s.cur, viewer, card=name, last_card=last, chooser=not last)


def _first(s: MusterRules, a: A.MusterAction, viewer: int | None) -> MusterEvent:
    return MusterEvent(FIRST, a.side, None)


_EVENTS = {
    A.BANNER: _banner,
    A.WIZARD_PLAY: _wizard,
    A.BRIDGE: _bridge,
    A.MOVE: _move,
    A.CASTLE_CARD: _castle,
    A.SWAP: _swap,
    A.DRAW: _draw,
    A.PLACE: _place,
    A.DEAL: _chance,
    A.FIRST: _first,
}

# --------------------------------------------------------------------------- events to words

LAST_CARD = " That was the deck's last card: the game ends."
LAST_CARD_SHORT = ": the deck's last card, the game ends"


def _bridges(e: MusterEvent, rainbow: str) -> str:
    return f"a {rainbow}Bridge" if e.count == 1 else f"{e.count} {rainbow}Bridges"


def _turned_up(e: MusterEvent) -> str:
    last = LAST_CARD if e.last_card else ""
    if e.castle is not None:
        return f"The deck's top card, {e.card}, goes face up onto the {e.castle} castle space.{last}"
    chooser = f" {e.who} chooses its castle space." if e.chooser else ""
    return f"The deck's top card is {e.shown_card()}.{chooser}{last}"


_LONG: dict[str, Callable[[MusterEvent], str]] = {
    BANNER: lambda e: f"{e.who} plays {e.card} under the {e.castle} castle.",
    WIZARD: lambda e: f"{e.who} plays a Rainbow Wizard under the {e.castle} castle.",
    BRIDGE: lambda e: (
        f"{e.who} makes {_bridges(e, 'Rainbow ')} (as {e.stood}) under the {e.castle} castle and plays {e.card} on it."
    ),
    MOVE: lambda e: f"{e.who} moves a Rainbow Wizard from under the {e.source} castle to under the {e.castle} castle.",
    CASTLE: lambda e: f"{e.who} castles {e.shown_card()} onto the {e.castle} castle space.",
    SWAP: lambda e: f"{e.who} swaps {e.card} for the {e.source} in {e.owner} {e.castle} column.",
    DECK_DRAW: lambda e: f"{e.who} draws from the deck.",
    TAKE: lambda e: f"{e.who} takes {e.shown_card()} from the {e.castle} castle space.",
    PLACE: lambda e: f"{e.who} places {e.shown_card()} onto the {e.castle} castle space.",
    DEALT: lambda e: f"{e.who} is dealt {e.card or 'a card'}.",
    DRAWN: lambda e: f"{e.who} draws {e.shown_card()} from the deck.{LAST_CARD if e.last_card else ''}",
    TURNED_UP: _turned_up,
    FIRST: lambda e: f"{SEAT_NAMES[e.seat or 0]} goes first.",
}


def _short_turned_up(e: MusterEvent) -> str:
    onto = f" onto {e.castle}" if e.castle is not None else ""
    return f"{short_card(e.card)} turned up{onto}{LAST_CARD_SHORT if e.last_card else ''}"


def short_card(name: str | None) -> str:
    """A card in a short entry: ``a card`` when hidden, ``a Wizard/Bridge`` for the Rainbow Wizard/Bridge."""
    return "a card" if name is None else _a(name).replace("a Rainbow Wizard", "a Wizard")


_SHORT: dict[str, Callable[[MusterEvent], str]] = {
    BANNER: lambda e: f"{e.who} plays {e.card} under {e.castle}",
    WIZARD: lambda e: f"{e.who} plays a Wizard under {e.castle}",
    BRIDGE: lambda e: f"{e.who} makes {_bridges(e, '')} (as {e.stood}) + {e.card} under {e.castle}",
    MOVE: lambda e: f"{e.who} moves a Wizard from {e.source} to {e.castle}",
    CASTLE: lambda e: f"{e.who} castles {short_card(e.card)} onto {e.castle}",
    SWAP: lambda e: (
        f"{e.who} swaps {e.card} for the {(e.source or '').removeprefix('Rainbow ')} in {e.owner} {e.castle}"
    ),
    DECK_DRAW: lambda e: f"{e.who} draws",
    TAKE: lambda e: f"{e.who} takes {short_card(e.card)} from {e.castle}",
    PLACE: lambda e: f"{e.who} places {short_card(e.card)} onto {e.castle}",
    DEALT: lambda e: f"{e.who} is dealt {e.card or 'a card'}",
    DRAWN: lambda e: f"{e.who} draws {short_card(e.card)}{LAST_CARD_SHORT if e.last_card else ''}",
    TURNED_UP: _short_turned_up,
    FIRST: lambda e: f"{SEAT_NAMES[e.seat or 0]} goes first",
}

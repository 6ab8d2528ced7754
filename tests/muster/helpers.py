"""Shared helpers for the Muster tests."""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.ui.base import Log
from tabletop_muster import game
from tabletop_muster.events import MusterEvent
from tabletop_muster.state import MusterState
from tabletop_muster.view import MusterView


def legal(state: MusterState) -> set[str]:
    """The legal actions' notations."""
    return {str(a) for a in state.legal_actions()}


def play(state: MusterState, *texts: str) -> MusterState:
    """Apply actions given in notation, in order."""
    for text in texts:
        state.apply(game.parse_action(state, text))
    return state


def card(code: str) -> int:
    """A card kind from its code (``W3``, ``R``, ``X``)."""
    from tabletop_muster.cards import parse_card

    kind = parse_card(code)
    assert kind is not None, code
    return kind


def why(state: MusterState, text: str) -> str:
    """Why the action ``text`` is illegal ("" when it is legal)."""
    from tabletop_muster.reasons import reason_illegal

    return reason_illegal(state, game.parse_action(state, text)) or ""


def why_not(state: object, code: str, verb: str | None = None) -> str:
    """``why_unplayable`` for a card code ("" when the card can be used)."""
    from tabletop_muster.reasons import why_unplayable

    return why_unplayable(state, card(code), verb) or ""  # type: ignore[arg-type]


def event_log(events: Sequence[MusterEvent], *, fresh: int = 0, before: MusterView | None = None) -> Log:
    """A log as the table hands it to the board: each event's words, and the events themselves as its facts."""
    return Log([e.words() for e in events], fresh=fresh, before=before, facts=events)

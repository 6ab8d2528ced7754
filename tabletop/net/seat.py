"""What one seat is sent: its own view, its own log and, on its turn, its legal moves; nothing else.

Every message to a seat is built here from what that seat may know (:meth:`State.view`, each event's words and
facts as the seat may read them, the notation of its own legal moves), never from the state, the deck or the
seed: a client holds only what the player at that seat could see at a table. The other seats' moves and chance's
outcomes travel only as the seat's words and facts for them, never as their notation (a card drawn is named in
its notation).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tabletop.codec import to_data

if TYPE_CHECKING:
    from tabletop.events import Event
    from tabletop.game import Game, View
    from tabletop.loop import Match


def seat_update(match: Match[Any], seat: int, before: View | None, connected: Sequence[bool]) -> dict[str, Any]:
    """The ``update`` message for ``seat`` but its log: its view, its legal moves when it is to act, the view its
    board compares with (``before``, :attr:`tabletop.interface.Log.before`), whose turn it is and who is
    connected. The log goes with it as far as the seat has not had it yet (:func:`with_log`)."""
    state = match.state
    to_act = state.current_player()
    legal = [str(a) for a in state.legal_actions()] if to_act == seat else []
    return {
        "type": "update",
        "at": len(match.history),
        "view": state.view(seat).to_json(),
        "legal": legal,
        "to_act": to_act,
        "before": None if before is None else before.to_json(),
        "connected": list(connected),
        "status": "over" if state.is_terminal() else "playing",
    }


def with_log(update: dict[str, Any], log: Sequence[dict[str, Any]], first: int) -> dict[str, Any]:
    """``update`` with the seat's log from its event ``first`` on (each event as :func:`event_data` gives it)."""
    return update | {"first": first, "events": list(log[first:])}


def event_data(event: Event, seat: int) -> dict[str, Any]:
    """One event as ``seat`` may know it: who acted, the seat's words for it, and its facts for the seat."""
    return {"actor": event.actor, "text": event.text_for(seat), "facts": to_data(event.facts_for(seat))}


def read_event(game: Game[Any], data: Any, players: int) -> Event:
    """An event from :func:`event_data`'s form, as an :class:`Event` whose only viewer is the seat it was sent
    to (its words stand for every viewer, and its notation is empty: a client never learns it)."""
    from tabletop.errors import InvalidStateError
    from tabletop.events import Event

    if not (
        isinstance(data, dict)
        and isinstance(data.get("actor"), int)
        and not isinstance(data.get("actor"), bool)
        and isinstance(data.get("text"), str)
    ):
        raise InvalidStateError("an event has an 'actor' (a seat, or -1 for chance) and a 'text'")
    facts = game.facts_from_json(data.get("facts"))
    viewers = players + 1  # each seat and the whole truth: all of them are the one seat's
    return Event(data["actor"], "", (data["text"],) * viewers, (facts,) * viewers if facts is not None else ())

"""Undo and redo at the table: ``u`` takes the player's last decision back, ``r`` makes it again (PySolFC's keys).

An undo that tells the player nothing new (the computer's unseen reply goes back with their decision, a card
dealt face down to someone else) is free. One over a card or a roll the player has seen, or over another
person's move, is a **take-back**: the game was set up with take-backs on (the default) or it is refused; in a
hot-seat game the other person is asked first; and it is counted in the record, as a Coach tip is (History
says "2 take-backs", Statistics counts such games apart). The same draw comes again after a take-back: the
game's random generator goes back with it, so that the game still replays from its seed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from tabletop.game import CHANCE
from tabletop.ui.base import Choice
from tabletop.ui.steps import REDO_KEY, UNDO_KEY, _TableEntry

if TYPE_CHECKING:
    from tabletop.loop import Match
    from tabletop.ui.base import Prompter


class Table(Protocol):
    """What undo and redo need of the table (:class:`tabletop.ui.play.Table`)."""

    match: Match[Any]
    prompter: Prompter
    names: Sequence[str]
    takebacks: bool
    undo: bool
    on_takeback: Callable[[], object] | None


UNDO_TITLE = "Undo my last decision"
REDO_TITLE = "Redo"
TAKE_BACKS_OFF = "this game was set up without take-backs"
NO_UNDO = "a move made across the network has been seen by the other side"


UNDO = _TableEntry("undo")
REDO = _TableEntry("redo")


@dataclass(frozen=True)
class UndoOffer:
    """What Undo offers ``player`` now: the history index it goes back to, or why nothing."""

    to: int | None
    reason: str = ""
    """Why there is nothing to take back (when ``to`` is None), in a few words."""
    costs: list[str] = field(default_factory=list)
    """What a take-back crosses (a card seen, another person's move): empty for a free undo."""


def undo_offer(table: Table, player: int) -> UndoOffer:
    """What Undo offers ``player``, worked out once (it replays the few actions since their decision)."""
    match = table.match
    if not table.undo:
        return UndoOffer(None, NO_UNDO)
    free = match.undo_offer(player)
    if isinstance(free, int):
        return UndoOffer(free)
    if not table.takebacks:
        return UndoOffer(None, free if free == "the game is over" else f"{free}; {TAKE_BACKS_OFF}")
    found = match.undo_offer(player, takeback=True)
    if isinstance(found, str):
        return UndoOffer(None, found)
    return UndoOffer(found, costs=match.takeback_costs(found, player))


def why_no_undo(match: Match[Any], player: int) -> str:
    """Why ``player`` has nothing to take back without a take-back, in a few words for a greyed-out entry."""
    offer = match.undo_offer(player)
    return offer if isinstance(offer, str) else "nothing to take back"


def hidden_entries() -> list[Choice]:
    """``u`` and ``r`` at the move prompt: keys, not lines (the game menu lists both, with what they would do)."""
    return [
        Choice(UNDO_TITLE, UNDO, key=UNDO_KEY, hidden=True),
        Choice(REDO_TITLE, REDO, key=REDO_KEY, hidden=True),
    ]


def take_back(table: Table, player: int, offer: UndoOffer | None = None) -> str:
    """Undo ``player``'s last decision if it may be, asking whom a take-back must ask; what to say under the board."""
    offer = undo_offer(table, player) if offer is None else offer
    if offer.to is None:
        return f"Nothing to undo: {offer.reason}."
    if offer.costs and not _allowed_by_the_others(table, player, offer):
        return "Not undone: the other player said no."
    words = undo(table, player, offer.to)
    if not offer.costs:
        return words
    if table.on_takeback is not None:
        table.on_takeback()
    return f"{words} Counted as a take-back, as it goes back over what you had seen: {'; '.join(offer.costs)}."


def _allowed_by_the_others(table: Table, player: int, offer: UndoOffer) -> bool:
    """In a hot-seat game, whether the other people say yes to ``player``'s take-back."""
    match = table.match
    others = [seat for seat, agent in enumerate(match.agents) if agent is None and seat != player]
    if not others:
        return True
    assert offer.to is not None, "a take-back goes somewhere"
    decision = match.events[offer.to].text_for(others[0]).rstrip(".")  # as the one asked saw it
    names = " and ".join(table.names[seat] for seat in others)
    question = f"{names}: {table.names[player]} asks to take back {decision}. Allow it?"
    return table.prompter.confirm(question, default=False)


def undo(table: Table, player: int, to: int) -> str:
    """Take back ``player``'s last decision and what followed it; say what went, the computer's reply too."""
    match = table.match
    undone = match.events[to:]
    decision = undone[0].text_for(player).rstrip(".")
    replied = any(e.actor not in (player, CHANCE) and match.agents[e.actor] is not None for e in undone)
    # The player's own actions after it were lone ones, made for them: they go back too, and are said.
    forced = [e.text_for(player).rstrip(".") for e in undone[1:] if e.actor == player]
    match.undo(to)
    words = f"Undone: {decision}"
    if forced:
        words += f", and what then had no other choice: {'; '.join(forced)}"
    if replied:
        words += ", and the computer's reply"
    return f"{words} ({REDO_KEY}: redo)."


def redo_point(match: Match[Any], player: int) -> str | None:
    """The decision ``player`` may make again (its notation), or None."""
    return match.redo_point(player) if match.redoable else None


def redo(table: Table, player: int) -> str:
    """Make the decision undone last again, if it may be; what to say under the board."""
    match = table.match
    if redo_point(match, player) is None:
        return "Nothing to redo." if not match.redoable else "Nothing to redo at this point."
    event = match.redo()
    return f"Redone: {event.text_for(player)}"


def menu_entries(table: Table, player: int, offer: UndoOffer) -> list[Choice]:
    """The game menu's Undo and Redo: what each would do, or why not (greyed out)."""
    match = table.match
    undo_title = UNDO_TITLE + (" (a take-back: the game counts it)" if offer.costs else "")
    why_not = offer.reason if offer.to is None else None
    entries = [Choice(undo_title, UNDO, why_not, key=UNDO_KEY)]
    if not match.redoable:
        return entries
    again = redo_point(match, player)
    if again is None:
        return [*entries, Choice(REDO_TITLE, REDO, "not at this point")]
    words = match.state.describe(match.game.parse_action(match.state, again), player).rstrip(".")
    return [*entries, Choice(f"{REDO_TITLE}: {words}", REDO, key=REDO_KEY)]

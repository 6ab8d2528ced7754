"""Saving a match as it is played: every applied action is committed at once.

    >>> recorder = start_recording(store, match, ["human", "random"], ["You", "Computer"])  # doctest: +SKIP
    >>> match.apply(action)   # saved before the match's own callback runs  # doctest: +SKIP

A program killed mid-game (Ctrl-C, a closed terminal) loses at most the
decision being made. When the match ends the recorder stores the result too.

A failure to save (a full disk, an I/O error, a database turned read-only or
kept busy) stops the game at once: the recorder raises :class:`GameNotSavedError`,
whose message says what the database really holds (read back after the failure)
and what to do, and the play loop shows it. A database file moved aside by
another program raises :class:`StoreMovedError` the same way.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tabletop.store.db import Store, StoreError, StoreMovedError
from tabletop.store.paths import data_dir

if TYPE_CHECKING:
    from tabletop.loop import Event, Match


class GameNotSavedError(StoreError):
    """A save failed, so the game stops here; the message says what is kept and what to do.

    :attr:`cause` is the store's own error, :attr:`row_id` the game's id.
    """

    def __init__(self, message: str, cause: StoreError, row_id: int) -> None:
        super().__init__(message)
        self.cause = cause
        self.row_id = row_id


class Recorder:
    """The ``on_action`` callback that saves a match; it calls the callback it replaced afterwards."""

    def __init__(self, store: Store, row_id: int, match: Match[Any], *, finish_when_over: bool = True) -> None:
        self.store = store
        self.row_id = row_id
        self.finish_when_over = finish_when_over
        self.error: str | None = None
        """The failure that stopped the game, if one did."""
        self.finished = False
        self.committed: int | None = None
        """How many actions the last successful save stored (None before it, or after a failure)."""
        self.match = match
        self._previous: Callable[[Match[Any], Event], None] | None = match.on_action

    def __call__(self, match: Match[Any], event: Event) -> None:
        self.save(match)
        if self._previous is not None:
            self._previous(match, event)

    def save(self, match: Match[Any]) -> None:
        """Store the match's actions (and its result once over).

        Raises :class:`GameNotSavedError` when the store fails, and
        :class:`StoreMovedError` when the database file is no longer there to save into.
        """
        try:
            actors = [event.actor for event in match.events]
            self.committed = self.store.record(self.row_id, match.history, self.committed, actors)
            if self.finish_when_over and match.is_over() and not self.finished:
                self.store.finish(self.row_id, match)
                self.finished = True
        except StoreMovedError as exc:
            self.error = str(exc)
            raise
        except StoreError as exc:
            self._failed(exc, match)
        self.error = None

    def note_hint(self) -> None:
        """Count a hint the player asked for; a failure stops the game as a failed save does."""
        self._count(self.store.note_hint)

    def keep_analysis(self, ply: int, analysis: str) -> None:
        """Keep the Coach's analysis (JSON) of the decision at ``ply`` with the game; a failure stops the game as
        a failed save does."""
        self._count(lambda row_id: self.store.keep_analysis(row_id, ply, analysis))

    def note_takeback(self) -> None:
        """Count a take-back the player made; a failure stops the game as a failed save does."""
        self._count(self.store.note_takeback)

    def _count(self, write: Callable[[int], None]) -> None:
        try:
            write(self.row_id)
        except StoreMovedError as exc:
            self.error = str(exc)
            raise
        except StoreError as exc:
            self._failed(exc, self.match)

    def kept(self) -> str:
        """What the database holds of this game, read back from it (see :func:`kept_words`)."""
        return kept_words(self.store, self.row_id, self.match, self.committed)

    def _failed(self, exc: StoreError, match: Match[Any]) -> None:
        self.error = str(exc)
        # What a failed write left behind is read back rather than assumed.
        self.committed = None
        raise GameNotSavedError(stopped_message(exc, self.store, self.row_id, match), exc, self.row_id) from exc


def stopped_message(exc: StoreError, store: Store, row_id: int, match: Match[Any]) -> str:
    """What the player reads when a save failed: the trouble, what is kept, what to do.

    For example: "The disk is full: game 3 is saved up to action 26 of 27 (your last
    decision was not saved). Free some space on it, then run `tabletop resume 3` to play on."
    """
    kept = kept_words(store, row_id, match, None)
    then = "to record its result" if match.is_over() else "to play on"
    command = resume_command(store, row_id)
    return f"{_capital(exc.problem or str(exc))}: {kept}. {_capital(exc.remedy)}, then run `{command}` {then}."


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def kept_words(store: Store, row_id: int, match: Match[Any], committed: int | None) -> str:
    """What the database holds of game ``row_id``, as read back from it.

    When it cannot be read back, the count of the last write known to be
    committed (``committed``) is used, and failing that nothing is claimed.
    """
    try:
        stored: list[str] | None = store.get(row_id).history
    except StoreError:
        stored = None
    total = len(match.history)
    if stored is None:
        if committed is None:
            return f"game {row_id} is saved only in part (how far could not be read back)"
        count = committed
    else:
        count = len(stored)
        if stored != match.history[:count]:
            return f"game {row_id} is saved as it stood at action {count}, before the latest take-back"
    if count >= total:
        return f"all of game {row_id} is saved" + (", but not its result" if match.is_over() else "")
    lost = _decisions_since(match, count)
    unsaved = {0: "", 1: " (your last decision was not saved)"}.get(
        lost, f" (your last {lost} decisions were not saved)"
    )
    return f"game {row_id} is saved up to action {count} of {total}{unsaved}"


def resume_command(store: Store, row_id: int) -> str:
    """The command that continues game ``row_id`` of this store, naming its folder if it is not the default one."""
    folder = store.path.parent if store.path is not None else None
    if folder is None or _same_folder(folder, data_dir(None)):
        return f"tabletop resume {row_id}"
    return f"tabletop --data-dir {shlex.quote(str(folder))} resume {row_id}"


def _same_folder(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return False


def _decisions_since(match: Match[Any], count: int) -> int:
    """How many of the actions after the first ``count`` were decisions of people (not chance, not computers)."""
    return sum(1 for event in match.events[count:] if event.actor >= 0 and match.agents[event.actor] is None)


def attach(store: Store, row_id: int, match: Match[Any], *, finish_when_over: bool = True) -> Recorder:
    """Save ``match`` into game ``row_id`` after each action, wrapping any existing ``on_action``.

    The stored actions are first made equal to ``match.history`` (use this again
    on the rebuilt match after an undo, or when continuing a game).
    """
    recorder = Recorder(store, row_id, match, finish_when_over=finish_when_over)
    match.on_action = recorder
    recorder.save(match)
    return recorder


def start_recording(
    store: Store, match: Match[Any], seats: Sequence[str], names: Sequence[str], takebacks_allowed: bool = True
) -> Recorder:
    """Record a new game and attach a recorder to it."""
    row_id = store.begin(match, seats, names, takebacks_allowed=takebacks_allowed)
    return attach(store, row_id, match)

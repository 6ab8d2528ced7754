"""Saving a match as it is played: every applied action is committed at once.

    >>> recorder = start_recording(store, match, ["human", "random"], ["You", "Computer"])  # doctest: +SKIP
    >>> match.apply(action)   # saved before the match's own callback runs  # doctest: +SKIP

A program killed mid-game (Ctrl-C, a closed terminal) loses at most the
decision being made. When the match ends the recorder stores the result too.
A failure to save is kept in :attr:`Recorder.error` and the game goes on (the
next action tries again), except when the database file was moved aside by
another program: no later action could be saved either, so the
:class:`StoreMovedError` goes up to the play loop, which stops the game and says why.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from tabletop.store.db import Store, StoreError, StoreMovedError

if TYPE_CHECKING:
    from tabletop.loop import Event, Match


class Recorder:
    """The ``on_action`` callback that saves a match; it calls the callback it replaced afterwards."""

    def __init__(self, store: Store, row_id: int, match: Match[Any], *, finish_when_over: bool = True) -> None:
        self.store = store
        self.row_id = row_id
        self.finish_when_over = finish_when_over
        self.error: str | None = None
        """The last failure to save (the game goes on; the next action tries again)."""
        self.finished = False
        self._saved: int | None = None
        self._previous: Callable[[Match[Any], Event], None] | None = match.on_action

    def __call__(self, match: Match[Any], event: Event) -> None:
        self.save(match)
        if self._previous is not None:
            self._previous(match, event)

    def save(self, match: Match[Any]) -> bool:
        """Store the match's actions (and its result once over); False if the store failed.

        Raises :class:`StoreMovedError` when the database file is no longer there to save into.
        """
        try:
            self._saved = self.store.record(self.row_id, match.history, self._saved)
            if self.finish_when_over and match.is_over() and not self.finished:
                self.store.finish(self.row_id, match)
                self.finished = True
        except StoreMovedError as exc:
            self.error = str(exc)
            raise
        except StoreError as exc:
            self.error = str(exc)
            # After a failure, compare with what is stored next time rather than trust the count.
            self._saved = None
            return False
        self.error = None
        return True

    def note_hint(self) -> None:
        """Count a hint the player asked for; a store that fails only leaves it uncounted (and says so)."""
        try:
            self.store.note_hint(self.row_id)
        except StoreMovedError as exc:
            self.error = str(exc)
            raise
        except StoreError as exc:
            self.error = str(exc)


def attach(store: Store, row_id: int, match: Match[Any], *, finish_when_over: bool = True) -> Recorder:
    """Save ``match`` into game ``row_id`` after each action, wrapping any existing ``on_action``.

    The stored actions are first made equal to ``match.history`` (use this again
    on the rebuilt match after an undo, or when continuing a game).
    """
    recorder = Recorder(store, row_id, match, finish_when_over=finish_when_over)
    match.on_action = recorder
    recorder.save(match)
    return recorder


def start_recording(store: Store, match: Match[Any], seats: Sequence[str], names: Sequence[str]) -> Recorder:
    """Record a new game and attach a recorder to it."""
    row_id = store.begin(match, seats, names)
    return attach(store, row_id, match)

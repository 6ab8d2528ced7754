"""A database moved aside by another Tabletop program (it found it damaged): every writer notices, nothing crashes."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from tabletop.agents import RandomAgent
from tabletop.loop import Match
from tabletop.store import Store, database_path, start_recording
from tabletop.store.db import StoreMovedError, move_aside
from tabletop.ui.base import Prompter
from tests.store.store_fakegames import FakeRegistry

MOVED = "was moved aside by another Tabletop program because it was damaged"


def _another_program_moves_it_aside(data: Path) -> Path:
    """What a second Tabletop does with a file it proved damaged: rename it, then start a new database."""
    aside = move_aside(database_path(data), "damaged")
    Store.open(data).close()
    return aside


def test_a_write_after_the_file_was_moved_aside_is_refused(data: Path, reg: FakeRegistry) -> None:
    with Store.open(data) as store:
        row = store.begin(Match(reg.get("nim"), seed=31), ["human", "random"], ["A", "B"])
        aside = _another_program_moves_it_aside(data)
        with pytest.raises(StoreMovedError, match=MOVED) as refused:
            store.record(row, ["take1"])
        assert "can no longer be saved here" in str(refused.value)
        with pytest.raises(StoreMovedError):
            store.begin(Match(reg.get("nim"), seed=32), ["human", "random"], ["A", "B"])
    with Store.open(data, write=False) as new:
        assert new.history() == []  # nothing of the old game was written into the new database
    old = sqlite3.connect(aside)
    assert old.execute("SELECT seed FROM games").fetchall() == [(31,)]
    assert old.execute("SELECT count(*) FROM actions").fetchone() == (0,)
    old.close()


def test_a_file_removed_by_hand_is_noticed_too(data: Path, reg: FakeRegistry) -> None:
    with Store.open(data) as store:
        row = store.begin(Match(reg.get("nim"), seed=33), ["human", "random"], ["A", "B"])
        for suffix in ("", "-wal", "-shm"):
            Path(str(database_path(data)) + suffix).unlink(missing_ok=True)
        with pytest.raises(StoreMovedError):
            store.record(row, ["take1"])


class Pauses(Prompter):
    def __init__(self) -> None:
        self.pauses: list[str] = []

    def pause(self, message: str = "Press any key to go on") -> None:
        self.pauses.append(message)


def test_the_play_loop_stops_the_game_and_says_why(example_plugin_path: Path, data: Path) -> None:
    from tabletop.commands.session import play_match
    from tabletop.registry import Registry

    game = Registry.discover().get("highcard")
    with Store.open(data) as store:
        match = Match(game, seed=3, agents=[RandomAgent(), RandomAgent()])
        recorder = start_recording(store, match, ["random", "random"], ["North", "South"])
        _another_program_moves_it_aside(data)
        console, prompter = Console(record=True, width=200), Pauses()
        play_match(match, ["North", "South"], console, prompter, recorder)
    text = console.export_text()
    assert "This game has stopped:" in text and MOVED in text
    assert "Traceback" not in text and "unexpected error" not in text
    assert prompter.pauses == ["Press any key to go on"]
    assert not match.is_over()  # stopped at the first action that could not be saved


def test_leaving_after_a_failed_save_does_not_claim_the_game_is_saved(
    example_plugin_path: Path, data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tabletop.commands.session import play_match
    from tabletop.registry import Registry
    from tabletop.store import StoreError
    from tabletop.ui.play import LeaveGame

    game = Registry.discover().get("highcard")

    def busy_then_leave(table: Any) -> None:
        recorder.error = "the game database is busy (another program is using it); try again in a moment"
        raise LeaveGame()

    monkeypatch.setattr("tabletop.ui.play.play", busy_then_leave)
    with Store.open(data) as store:
        match = Match(game, seed=3, agents=[None, RandomAgent()])
        recorder = start_recording(store, match, ["human", "random"], ["North", "South"])
        console = Console(record=True, width=200)
        play_match(match, ["North", "South"], console, Pauses(), recorder)
    text = console.export_text()
    assert "It is saved" not in text and "could not be saved" in text and "busy" in text
    assert issubclass(StoreMovedError, StoreError)

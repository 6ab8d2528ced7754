"""Another program holding the database's lock: reading goes on, writing waits then refuses, nothing is moved."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from tabletop.agents import RandomAgent
from tabletop.loop import Match
from tabletop.store import Store, database_path, start_recording
from tabletop.store.db import DEFAULT_TIMEOUT, LOCK_TIMEOUT_ENV
from tests.store.store_fakegames import FakeRegistry

WAITING = "Waiting for the game database (another program is using it)..."
BUSY = "is busy (another program is using it); try again"


def tabletop(data: Path, *argv: str, lock_timeout: str = "0.5") -> subprocess.CompletedProcess[str]:
    """The real program on ``data``, with a short wait for locks."""
    env = dict(os.environ, COLUMNS="120", TTY_COMPATIBLE="0", **{LOCK_TIMEOUT_ENV: lock_timeout})
    return subprocess.run(
        [sys.executable, "-m", "tabletop", "--data-dir", str(data), *argv],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
        check=False,
    )


@pytest.fixture
def one_game(data: Path, reg: FakeRegistry, fake_games_installed: None) -> int:
    """A finished game (seed 4242): history shows its seed, export writes it."""
    with Store.open(data) as store:
        match = Match(reg.get("nim"), seed=4242, agents=[RandomAgent(), RandomAgent()])
        recorder = start_recording(store, match, ["human", "random"], ["Ann", "Computer"])
        match.run()
        assert recorder.finished
        return recorder.row_id


@pytest.fixture
def holder(data: Path, one_game: int) -> Iterator[sqlite3.Connection]:
    """Another program's connection holding the write lock for as long as the test runs."""
    conn = sqlite3.connect(database_path(data), isolation_level=None, check_same_thread=False)
    conn.execute("BEGIN EXCLUSIVE")
    yield conn
    if conn.in_transaction:
        conn.execute("ROLLBACK")
    conn.close()


def _left_in_place(data: Path) -> list[str]:
    """Files Tabletop would have moved the database to."""
    return sorted(p.name for p in data.iterdir() if p.name.startswith("tabletop.db."))


def test_history_reads_while_another_program_holds_the_lock(data: Path, holder: sqlite3.Connection) -> None:
    listed = tabletop(data, "history")
    assert listed.returncode == 0, listed.stderr
    assert "4242" in listed.stdout and "No games yet" not in listed.stdout
    assert "Traceback" not in listed.stderr and WAITING not in listed.stderr
    assert _left_in_place(data) == []


def test_stats_export_and_replay_read_while_locked(data: Path, holder: sqlite3.Connection, one_game: int) -> None:
    for argv in (("stats",), ("export", str(one_game), "-o", "-")):
        done = tabletop(data, *argv)
        assert done.returncode == 0, (argv, done.stderr)
        assert "busy" not in done.stderr
    assert '"seed": 4242' in tabletop(data, "export", str(one_game), "-o", "-").stdout
    assert _left_in_place(data) == []


def test_a_writing_command_waits_then_refuses_and_changes_nothing(
    data: Path, holder: sqlite3.Connection, one_game: int
) -> None:
    refused = tabletop(data, "history", "--delete", str(one_game))
    assert refused.returncode == 1
    assert WAITING in refused.stderr and BUSY in refused.stderr
    assert "Traceback" not in refused.stderr and "something went wrong" not in refused.stderr
    holder.execute("ROLLBACK")
    assert _left_in_place(data) == []
    with Store.open(data) as store:
        assert [r.seed for r in store.history()] == [4242]


def test_a_writing_command_goes_on_once_the_lock_is_released(
    data: Path, holder: sqlite3.Connection, one_game: int
) -> None:
    release = threading.Timer(1.0, lambda: holder.execute("ROLLBACK"))
    release.start()
    try:
        deleted = tabletop(data, "history", "--delete", str(one_game), "--yes", lock_timeout="20")
    finally:
        release.join()
    assert deleted.returncode == 0, deleted.stderr
    assert WAITING in deleted.stderr and f"Game {one_game} deleted." in deleted.stdout
    with Store.open(data) as store:
        assert store.history() == []


def test_a_game_in_progress_waits_for_the_lock_and_never_loses_the_database(data: Path, reg: FakeRegistry) -> None:
    """A write refused for a lock leaves the store usable: the next write, once free, is saved."""
    from tabletop.store.db import StoreBusyError

    with Store.open(data, timeout=0.2) as store:
        match = Match(reg.get("nim"), seed=9)
        row = store.begin(match, ["human", "random"], ["A", "B"])
        other = sqlite3.connect(database_path(data), isolation_level=None)
        other.execute("BEGIN EXCLUSIVE")
        try:
            with pytest.raises(StoreBusyError, match="try again"):
                store.record(row, ["take1"])
        finally:
            other.execute("ROLLBACK")
            other.close()
        assert store.record(row, ["take1"]) == 1
        assert store.get(row).history == ["take1"]
    assert _left_in_place(data) == []


def test_the_wait_is_set_by_the_environment(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(LOCK_TIMEOUT_ENV, "0.75")
    with Store.open(data) as store:
        assert store.timeout == 0.75
    monkeypatch.setenv(LOCK_TIMEOUT_ENV, "a while")  # not a number: the default, rather than no wait at all
    with Store.open(data) as store:
        assert store.timeout == DEFAULT_TIMEOUT

"""A read-only database or data directory: history, stats, replay and export work; writing commands refuse plainly.

Root writes through permission bits, so the program is run without the
capabilities that let it (``setpriv``), or told by ``os.access`` / a
``mode=ro`` connection that it may not write.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from tabletop.agents import RandomAgent
from tabletop.commands import export, history, stats
from tabletop.loop import Match
from tabletop.store import Store, database_path, start_recording
from tabletop.store.db import LOCK_TIMEOUT_ENV, StoreReadOnlyError
from tabletop.ui.base import Prompter
from tests.store.store_fakegames import FakeRegistry

READ_ONLY = "is read-only"


@pytest.fixture
def finished(data: Path, reg: FakeRegistry, fake_games_installed: None) -> int:
    with Store.open(data) as store:
        match = Match(reg.get("nim"), seed=5150, agents=[RandomAgent(), RandomAgent()])
        recorder = start_recording(store, match, ["human", "random"], ["Ann", "Computer"])
        match.run()
        return recorder.row_id


@pytest.fixture
def no_write_access(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The data directory and its database are not writable, as ``os.access`` tells."""
    real = os.access

    def access(path: Any, mode: int, **kwargs: Any) -> bool:
        if mode & os.W_OK and Path(path).resolve().is_relative_to(data.resolve()):
            return False
        return real(path, mode, **kwargs)

    monkeypatch.setattr(os, "access", access)


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_reading_commands_work_and_writing_ones_refuse(
    finished: int, data: Path, no_write_access: None, cli_args: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    assert history.run(cli_args(history)) == 0
    assert "5150" in capsys.readouterr().out
    assert stats.run(cli_args(stats)) == 0
    assert export.run(cli_args(export, str(finished), "-o", "-")) == 0
    assert '"seed": 5150' in capsys.readouterr().out
    assert history.run(cli_args(history, "--delete", str(finished))) == 1
    err = " ".join(capsys.readouterr().err.split())
    assert f"the game database {database_path(data)} is read-only" in err and "Traceback" not in err
    with Store.open(data, write=False) as store:
        assert [r.id for r in store.history()] == [finished]


def test_opening_for_writing_is_refused_before_anything_is_written(
    finished: int, data: Path, no_write_access: None
) -> None:
    before = _digest(database_path(data))
    with pytest.raises(StoreReadOnlyError, match=READ_ONLY):
        Store.open(data)
    with Store.open(data, write=False) as reader, pytest.raises(StoreReadOnlyError, match=READ_ONLY):
        reader.delete(finished)  # a store opened for reading asks again before its first write
    assert _digest(database_path(data)) == before


def test_sqlite_answering_readonly_is_a_read_only_database(
    finished: int, data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """When only SQLite knows (a read-only mount, say), its "attempt to write a readonly database" is told plainly."""
    from tabletop.store import connect as db

    real_connect = db._sqlite_connect

    def read_only(target: str, patience: Any, *, uri: bool) -> sqlite3.Connection:
        if uri:
            return real_connect(target, patience, uri=True)
        return real_connect("file:" + target + "?mode=ro", patience, uri=True)

    monkeypatch.setattr(db, "_sqlite_connect", read_only)
    with pytest.raises(StoreReadOnlyError, match=READ_ONLY):
        Store.open(data)
    with Store.open(data, write=False) as reader:
        assert [r.seed for r in reader.history()] == [5150]


class Pauses(Prompter):
    def __init__(self) -> None:
        self.pauses: list[str] = []

    def pause(self, message: str = "Press any key to go on") -> None:
        self.pauses.append(message)


def test_the_menu_refuses_to_start_a_game_it_cannot_save(
    example_plugin_path: Path, finished: int, data: Path, no_write_access: None
) -> None:
    from tabletop.commands.session import play_setup
    from tabletop.commands.setup import Setup
    from tabletop.registry import Registry

    game = Registry.discover().get("highcard")
    store = Store.open(data, write=False)  # as the menu opens it
    console, prompter = Console(record=True, width=200), Pauses()
    setup = Setup(game, ["random", "random"], game.info.default_options(), seed=3)
    assert play_setup(setup, console, prompter, store=store) is False
    store.close()
    text = console.export_text()
    assert "This game cannot start:" in text and READ_ONLY in text
    assert "wins" not in text and prompter.pauses == ["Press any key to go on"]


# ------------------------------------------------------------------ the real program, really unable to write


def _unprivileged(argv: list[str]) -> list[str]:
    """``argv`` run so that file permissions stop it, as they stop any user but root."""
    if os.geteuid() != 0:
        return argv
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("running as root without setpriv(1): nothing makes a read-only file stop this test's program")
    return [setpriv, "--bounding-set=-dac_override,-dac_read_search,-fowner", "--", *argv]


def _run(data: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, COLUMNS="200", TTY_COMPATIBLE="0", **{LOCK_TIMEOUT_ENV: "0.5"})
    command = _unprivileged([sys.executable, "-m", "tabletop", "--data-dir", str(data), *argv])
    return subprocess.run(
        command, env=env, capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL, check=False
    )


@pytest.fixture
def read_only_dir(data: Path, finished: int) -> Iterator[Path]:
    """The data directory and its database made read-only (the database closed, so no -shm is left)."""
    path = database_path(data)
    assert sorted(p.name for p in data.iterdir()) == ["tabletop.db"]
    path.chmod(0o444)
    data.chmod(0o555)
    try:
        yield path
    finally:
        data.chmod(0o755)
        path.chmod(0o644)


def test_a_read_only_data_directory_through_the_real_program(data: Path, finished: int, read_only_dir: Path) -> None:
    before = _digest(read_only_dir)
    listed = _run(data, "history")
    assert listed.returncode == 0, listed.stderr
    assert "5150" in listed.stdout
    assert _run(data, "stats").returncode == 0
    exported = _run(data, "export", str(finished), "-o", "-")
    assert exported.returncode == 0 and '"seed": 5150' in exported.stdout, exported.stderr
    replayed = _run(data, "replay", str(finished), "--print")  # read from the store, which stays unwritten
    assert replayed.returncode == 0 and "5150" in replayed.stdout, replayed.stderr
    refused = _run(data, "history", "--delete", str(finished))
    assert refused.returncode == 1
    assert READ_ONLY in refused.stderr and "Traceback" not in refused.stderr
    assert _digest(read_only_dir) == before
    assert sorted(p.name for p in data.iterdir()) == ["tabletop.db"]


def test_a_read_only_database_file_in_a_writable_directory(data: Path, finished: int) -> None:
    path = database_path(data)
    path.chmod(0o444)
    try:
        assert "5150" in _run(data, "history").stdout
        refused = _run(data, "history", "--delete", str(finished))
    finally:
        path.chmod(0o644)
    assert refused.returncode == 1 and READ_ONLY in refused.stderr and "Traceback" not in refused.stderr
    with Store.open(data) as store:
        assert [r.seed for r in store.history()] == [5150]


def test_play_refuses_a_read_only_database(example_plugin_path: Path, data: Path, read_only_dir: Path) -> None:
    pexpect = pytest.importorskip("pexpect")
    env = dict(os.environ, PYTHONPATH=str(example_plugin_path), COLUMNS="200", **{LOCK_TIMEOUT_ENV: "0.5"})
    command = _unprivileged([sys.executable, "-m", "tabletop", "--data-dir", str(data), "play", "highcard"])
    child = pexpect.spawn(command[0], command[1:], env=env, encoding="utf-8", dimensions=(40, 200), timeout=30)
    child.expect(pexpect.EOF)
    child.close()
    output = " ".join((child.before or "").split())
    assert READ_ONLY in output and "Traceback" not in output
    assert child.exitstatus == 1

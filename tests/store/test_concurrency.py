"""Two programs writing to one database at once: nothing lost, nothing corrupted."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest

from tabletop.agents import RandomAgent
from tabletop.loop import Match
from tabletop.store import Store, start_recording
from tests.store.store_fakegames import FakeRegistry

WRITER = textwrap.dedent(
    """
    import sys
    sys.path.insert(0, {tests!r})
    from tests.store.store_fakegames import Nim
    from tabletop.agents import RandomAgent
    from tabletop.loop import Match
    from tabletop.store import Store, start_recording

    store = Store.open({data!r})
    assert store.notice is None, store.notice
    print("ready", flush=True)
    sys.stdin.readline()  # start together, so the writes interleave
    for seed in range({first}, {first} + {games}):
        match = Match(Nim(), seed=seed, agents=[RandomAgent(), RandomAgent()])
        recorder = start_recording(store, match, ["random", "random"], ["A", "B"])
        match.run()
        assert recorder.error is None, recorder.error
    """
)


def test_two_processes_write_at_once(data: Path) -> None:
    with Store.open(data):
        pass  # create it first so both writers find the same schema
    tests = str(Path(__file__).parent)
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER.format(tests=tests, data=str(data), first=first, games=60)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for first in (1000, 2000)
    ]
    for proc in procs:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
    for proc in procs:
        assert proc.stdin is not None
        proc.stdin.write("go\n")
        proc.stdin.flush()
    for proc in procs:
        _, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
    _check_all_games(data, list(range(1000, 1060)) + list(range(2000, 2060)))


def test_two_threads_with_their_own_connections(data: Path) -> None:
    errors: list[str] = []

    def writer(first: int) -> None:
        with Store.open(data) as store:
            for seed in range(first, first + 15):
                match = Match(FakeRegistry().get("nim"), seed=seed, agents=[RandomAgent(), RandomAgent()])
                recorder = start_recording(store, match, ["random", "random"], ["A", "B"])
                match.run()
                if recorder.error:
                    errors.append(recorder.error)

    threads = [threading.Thread(target=writer, args=(first,)) for first in (1, 500)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    _check_all_games(data, list(range(1, 16)) + list(range(500, 515)))


def _check_all_games(data: Path, seeds: list[int]) -> None:
    game = FakeRegistry().get("nim")
    with Store.open(data) as store:
        assert store.integrity() == "ok"
        records = store.history(None)
    assert sorted(r.seed for r in records) == seeds
    for record in records:
        replayed = Match.replay(game, record.history, options=record.options, seed=record.seed)
        assert replayed.is_over() and record.is_finished
        assert replayed.state.returns() == record.returns


def test_immediate_busy_answers_are_retried_not_taken_for_a_lock(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """SQLite may answer "busy" without waiting (two programs creating the database at once)."""
    from tabletop.store import connect as db

    real_prepare = db._prepare
    answers = iter([True, True])

    def sometimes_busy(conn: sqlite3.Connection) -> None:
        if next(answers, False):
            raise db._Locked("database is locked")
        real_prepare(conn)

    monkeypatch.setattr(db, "_prepare", sometimes_busy)
    with Store.open(data, timeout=2) as store:
        assert store.notice is None
    assert not any("locked" in p.name for p in data.iterdir())


def test_two_programs_creating_the_database_together(tmp_path: Path) -> None:
    for trial in range(20):
        folder = tmp_path / str(trial)
        barrier = threading.Barrier(2)
        notices: list[str | None] = []

        def opener(
            folder: Path = folder, barrier: threading.Barrier = barrier, notices: list[str | None] = notices
        ) -> None:
            barrier.wait()
            with Store.open(folder) as store:
                notices.append(store.notice)

        threads = [threading.Thread(target=opener) for _ in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert notices == [None, None]

"""A damaged database is moved aside, reported, and a fresh one started; a locked one is waited for, never moved."""

import sqlite3
from pathlib import Path

import pytest

from tabletop.loop import Match
from tabletop.store import Store, database_path
from tests.store.store_fakegames import FakeRegistry


def _one_game(data: Path, reg: FakeRegistry) -> None:
    with Store.open(data) as store:
        match = Match(reg.get("nim"), seed=5)
        store.begin(match, ["human", "random"], ["A", "B"])


def _aside(data: Path, why: str) -> list[Path]:
    return sorted(
        p for p in data.iterdir() if p.name.startswith(f"tabletop.db.{why}-") and not p.name.endswith(("-wal", "-shm"))
    )


def test_file_that_is_not_a_database(data: Path) -> None:
    data.mkdir(parents=True)
    garbage = b"this is not a database, just some text\n" * 50
    database_path(data).write_bytes(garbage)
    with Store.open(data) as store:
        assert store.notice is not None and "damaged" in store.notice and "moved aside" in store.notice
        assert store.history() == []
        assert store.path == database_path(data)
    (moved,) = _aside(data, "damaged")
    assert moved.read_bytes() == garbage
    assert moved.name in (store.notice or "")


def test_malformed_database(data: Path, reg: FakeRegistry) -> None:
    _one_game(data, reg)
    path = database_path(data)
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    raw = bytearray(path.read_bytes())
    page = 4096
    assert len(raw) > 2 * page
    # Keep the header page, scramble the rest: SQLite reports "malformed".
    raw[page:] = bytes((i * 37 + 11) % 256 for i in range(len(raw) - page))
    path.write_bytes(bytes(raw))
    with Store.open(data) as store:
        assert store.notice is not None and "damaged" in store.notice
        assert store.history() == []
        assert store.integrity() == "ok"
    assert len(_aside(data, "damaged")) == 1


def test_database_locked_past_the_timeout_is_refused_and_never_moved(data: Path, reg: FakeRegistry) -> None:
    from tabletop.store.db import StoreBusyError

    _one_game(data, reg)
    holder = sqlite3.connect(database_path(data), isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")  # another program keeps the write lock
    waits: list[str] = []
    try:
        with pytest.raises(StoreBusyError, match=r"is busy \(another program is using it\); try again"):
            Store.open(data, timeout=0.2, on_wait=lambda: waits.append("waiting"))
        assert waits == ["waiting"]  # the wait was announced before it was given up
        with Store.open(data, write=False, timeout=0.2) as reader:  # reading needs no lock
            assert [r.seed for r in reader.history()] == [5]
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert sorted(p.name for p in data.iterdir() if p.name.startswith("tabletop.db.")) == []
    with Store.open(data) as store:
        assert store.notice is None
        assert [r.seed for r in store.history()] == [5]


def test_a_write_that_cannot_get_the_lock_changes_nothing(data: Path, reg: FakeRegistry) -> None:
    from tabletop.store.db import StoreBusyError

    _one_game(data, reg)
    with Store.open(data, timeout=0.2) as store:
        holder = sqlite3.connect(database_path(data), isolation_level=None)
        holder.execute("BEGIN EXCLUSIVE")
        try:
            with pytest.raises(StoreBusyError):
                store.begin(Match(reg.get("nim"), seed=6), ["human", "random"], ["A", "B"])
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        assert [r.seed for r in store.history()] == [5]


def test_busy_but_released_in_time_is_not_moved(data: Path, reg: FakeRegistry) -> None:
    import threading

    _one_game(data, reg)
    holder = sqlite3.connect(database_path(data), isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN IMMEDIATE")
    timer = threading.Timer(0.3, lambda: holder.execute("COMMIT"))
    timer.start()
    try:
        with Store.open(data, timeout=5) as store:
            assert store.notice is None
            assert len(store.history()) == 1
    finally:
        timer.join()
        holder.close()


def test_unusable_data_directory_is_a_clear_error(tmp_path: Path) -> None:
    from tabletop.store import StoreError

    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(StoreError, match="cannot create the data directory"):
        Store.open(blocker / "sub")

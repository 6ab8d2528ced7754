"""Another program's SQLite file where the database should be: refused, never written; ours carry a mark."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

import pytest

from tabletop.loop import Match
from tabletop.store import Store, database_path, schema
from tabletop.store.db import ForeignDatabaseError
from tests.store.store_fakegames import FakeRegistry
from tests.store.test_locking import tabletop


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _foreign(data: Path) -> Path:
    """A notes program's database, at the path Tabletop would use."""
    data.mkdir(parents=True)
    path = database_path(data)
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
    conn.execute("CREATE TABLE games (title TEXT)")  # a table named like one of ours does not make it ours
    conn.execute("INSERT INTO notes (text) VALUES ('buy milk')")
    conn.commit()
    conn.close()
    return path


def _application_id(path: Path) -> int:
    conn = sqlite3.connect(path)
    try:
        return int(conn.execute("PRAGMA application_id").fetchone()[0])
    finally:
        conn.close()


def test_every_command_refuses_another_programs_database_and_leaves_it_alone(data: Path) -> None:
    path = _foreign(data)
    before = _digest(path)
    for argv in (
        ("history",),
        ("stats",),
        ("export", "1", "-o", "-"),
        ("replay", "1", "--print"),
        ("history", "--delete", "1"),
    ):
        refused = tabletop(data, *argv)
        assert refused.returncode == 1, (argv, refused.stdout, refused.stderr)
        message = " ".join(refused.stderr.split())  # rich wraps long lines
        assert (
            f"{path} is not a Tabletop database (it has tables games, notes); move it elsewhere or use --data-dir"
            in message
        )
        assert "Traceback" not in refused.stderr
    assert _digest(path) == before
    assert sorted(p.name for p in data.iterdir()) == ["tabletop.db"]  # no -wal, no -shm, nothing moved aside


def test_a_file_marked_by_another_program_is_refused(data: Path) -> None:
    data.mkdir(parents=True)
    path = database_path(data)
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA application_id = 1234")
    conn.commit()
    conn.close()
    before = _digest(path)
    for write in (False, True):
        with pytest.raises(ForeignDatabaseError, match="application id 1234"):
            Store.open(data, write=write)
    assert _digest(path) == before


def test_a_new_database_is_marked_as_tabletops(data: Path) -> None:
    Store.open(data).close()
    assert _application_id(database_path(data)) == schema.APPLICATION_ID == 0x54544F50


def test_an_empty_file_becomes_a_tabletop_database(data: Path, reg: FakeRegistry) -> None:
    data.mkdir(parents=True)
    database_path(data).touch()
    with Store.open(data) as store:
        store.begin(Match(reg.get("nim"), seed=2), ["human", "random"], ["A", "B"])
    assert _application_id(database_path(data)) == schema.APPLICATION_ID


def _unmarked(data: Path, version: int) -> Path:
    """A database of an earlier Tabletop, made before databases were marked, holding one game."""
    data.mkdir(parents=True)
    path = database_path(data)
    conn = sqlite3.connect(path, isolation_level=None)
    schema.migrate(conn, target=version)
    conn.execute(
        "INSERT INTO games (game_id, options, seed, seats, names, started, program_version)"
        " VALUES ('nim', '{}', 77, '[\"human\", \"random\"]', '[\"A\", \"B\"]', '2026-01-01T00:00:00+00:00', '0.1.0')"
    )
    conn.close()
    assert _application_id(path) == 0
    return path


@pytest.mark.parametrize("version", [1, schema.LATEST])
def test_an_unmarked_tabletop_database_is_read_unchanged_and_marked_when_first_written(
    data: Path, version: int
) -> None:
    path = _unmarked(data, version)
    before = _digest(path)
    with Store.open(data, write=False) as reader:
        assert [r.seed for r in reader.history()] == [77]
    assert _digest(path) == before  # reading changes nothing, even an old schema (read through a copy)
    with Store.open(data) as store:
        assert [r.seed for r in store.history()] == [77]
    assert _application_id(path) == schema.APPLICATION_ID
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT version FROM schema_version").fetchone() == (schema.LATEST,)
    conn.close()


def test_an_unmarked_database_with_other_tables_too_is_not_taken_for_ours(data: Path) -> None:
    path = _unmarked(data, schema.LATEST)
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE photos (name TEXT)")
    conn.commit()
    conn.close()
    before = _digest(path)
    with pytest.raises(ForeignDatabaseError, match="it has tables actions, analyses, games, photos, schema_version"):
        Store.open(data)
    assert _digest(path) == before

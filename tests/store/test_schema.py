import json
import sqlite3
from pathlib import Path

import pytest

from tabletop.store import Store, StoreError, database_path, schema
from tests.store.store_fakegames import FakeRegistry


def test_new_database_is_at_latest_version_in_wal_mode(store: Store) -> None:
    assert store.path is not None
    conn = sqlite3.connect(store.path)
    assert schema.current_version(conn) == schema.LATEST
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    conn.close()


def test_version_one_database_is_migrated_keeping_its_games(data: Path) -> None:
    data.mkdir(parents=True)
    conn = sqlite3.connect(database_path(data), isolation_level=None)
    assert schema.migrate(conn, target=1) == 1
    conn.execute(
        "INSERT INTO games (game_id, options, seed, seats, names, started, finished, result, returns, program_version)"
        ' VALUES (\'nim\', \'{"pile": "5"}\', 42, \'["human", "random"]\', \'["Ann", "Computer"]\','
        " '2026-01-01T10:00:00+00:00', '2026-01-01T10:05:00+00:00', 'Player 1 wins', '[1.0, 0.0]', '0.0.9')"
    )
    conn.executemany("INSERT INTO actions (game, ply, notation) VALUES (1, ?, ?)", [(0, "roll1"), (1, "take2")])
    conn.close()

    with Store.open(data) as store:
        record = store.get(1)
        assert store.path is not None
        assert schema.current_version(sqlite3.connect(store.path)) == schema.LATEST
    assert record.names == ["Ann", "Computer"]
    assert record.history == ["roll1", "take2"]
    assert record.returns == [1.0, 0.0]
    assert record.score is None and record.format == 1 and record.version == "0.0.9"


def test_database_of_a_newer_program_is_refused_and_left_alone(data: Path) -> None:
    with Store.open(data) as store:
        assert store.path is not None
        path = store.path
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("UPDATE schema_version SET version = ?", (schema.LATEST + 1,))
    conn.close()
    before = path.read_bytes()
    with pytest.raises(StoreError, match="newer Tabletop"):
        Store.open(data)
    assert path.read_bytes() == before
    assert sorted(p.name for p in data.iterdir() if "tabletop.db." in p.name) == []


def test_options_are_stored_as_json(store: Store, reg: FakeRegistry) -> None:
    from tabletop.loop import Match

    match = Match(reg.get("nim"), options={"pile": "9"}, seed=3)
    row = store.begin(match, ["human", "random"], ["A", "B"])
    assert store.path is not None
    raw = sqlite3.connect(store.path).execute("SELECT options FROM games WHERE id = ?", (row,)).fetchone()[0]
    assert json.loads(raw) == {"pile": "9"}

"""A record says who took each action: a seat, or chance. It is saved with every action, exported, and checked
when a record is replayed; games saved before it was kept read as before, without it."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from tabletop.agents import RandomAgent
from tabletop.game import CHANCE
from tabletop.loop import Match
from tabletop.rebuild import record_from_json
from tabletop.store import RecordError, Store, record_to_json, start_recording
from tests.store.store_fakegames import FakeRegistry


def _played(store: Store, reg: FakeRegistry, seed: int = 3) -> tuple[int, Match[Any]]:
    match = Match(reg.get("nim"), seed=seed, agents=[RandomAgent(), RandomAgent()])
    recorder = start_recording(store, match, ["human", "random"], ["Ann", "Computer"])
    match.run()
    return recorder.row_id, match


def test_each_saved_action_says_who_took_it(store: Store, reg: FakeRegistry) -> None:
    row, match = _played(store, reg)
    record = store.get(row)
    assert record.actors == [event.actor for event in match.events]
    assert CHANCE in record.actors and {0, 1} <= set(record.actors)  # the deal, and both seats
    assert record_to_json(record)["actors"] == record.actors
    assert record_from_json(record_to_json(record), reg).actors == record.actors


def test_a_record_that_names_the_wrong_actor_is_refused(store: Store, reg: FakeRegistry) -> None:
    row, _ = _played(store, reg)
    data = record_to_json(store.get(row))
    first_move = next(i for i, actor in enumerate(data["actors"]) if actor >= 0)
    data["actors"][first_move] = 1 - data["actors"][first_move]
    with pytest.raises(RecordError, match=f"actors: action {first_move + 1} .* is said to be taken by seat"):
        record_from_json(data, reg)
    data["actors"] = data["actors"][:-1]
    with pytest.raises(RecordError, match="actors"):
        record_from_json(data, reg)


def test_a_game_saved_before_actors_were_kept_reads_without_them(store: Store, reg: FakeRegistry, data: Path) -> None:
    row, match = _played(store, reg)
    store.close()
    conn = sqlite3.connect(data / "tabletop.db")
    with conn:
        conn.execute("UPDATE actions SET actor = NULL WHERE game = ? AND ply < 3", (row,))
    conn.close()
    with Store.open(data) as again:
        record = again.get(row)
        assert record.actors is None and record.history == match.history
        assert "actors" not in record_to_json(record)
        assert record_from_json(record_to_json(record), reg).history == match.history


def test_a_version_3_database_gains_the_column_and_keeps_its_games(reg: FakeRegistry, data: Path) -> None:
    with Store.open(data) as store:
        row, match = _played(store, reg)
    conn = sqlite3.connect(data / "tabletop.db")
    with conn:
        conn.execute("ALTER TABLE actions DROP COLUMN actor")
        conn.execute("ALTER TABLE games DROP COLUMN takebacks")  # a version 3 database has neither
        conn.execute("ALTER TABLE games DROP COLUMN takebacks_allowed")
        conn.execute("UPDATE schema_version SET version = 3")
    conn.close()
    with Store.open(data) as store:
        record = store.get(row)
        assert record.history == match.history and record.actors is None
        newer, later = _played(store, reg, seed=4)
        assert store.get(newer).actors == [event.actor for event in later.events]

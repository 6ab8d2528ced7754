"""The Coach's analyses kept with a game: one a ply, replaced when asked again, dropped by an undo that cuts
the game back over them and with the game itself, absent from a database of an older schema."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tabletop.agents import RandomAgent
from tabletop.loop import Match
from tabletop.store import GameNotSavedError, Store, StoreError, schema, start_recording
from tabletop.store.recorder import Recorder
from tests.store.store_fakegames import FakeRegistry


def _nim(store: Store, reg: FakeRegistry, seed: int = 3) -> tuple[Match[object], Recorder]:
    match: Match[object] = Match(reg.get("nim"), seed=seed, agents=[RandomAgent(), RandomAgent()])
    return match, start_recording(store, match, ["human", "random"], ["Ann", "Computer"])


def _rows(store: Store) -> list[tuple[int, int, str]]:
    assert store.path is not None
    conn = sqlite3.connect(store.path)
    try:
        return [tuple(r) for r in conn.execute("SELECT game, ply, analysis FROM analyses ORDER BY game, ply")]
    finally:
        conn.close()


def test_an_analysis_is_kept_by_ply_and_replaced_when_asked_again(store: Store, reg: FakeRegistry) -> None:
    _, recorder = _nim(store, reg)
    _nim(store, reg, seed=4)
    recorder.keep_analysis(0, '{"first": 1}')
    recorder.keep_analysis(2, '{"first": 2}')
    recorder.keep_analysis(2, '{"again": 2}')
    assert store.analyses(recorder.row_id) == {0: '{"first": 1}', 2: '{"again": 2}'}
    assert store.analyses(recorder.row_id + 1) == {} and store.analyses(-1) == {}


def test_an_undo_drops_the_analyses_at_and_beyond_the_new_length(store: Store, reg: FakeRegistry) -> None:
    match, recorder = _nim(store, reg)
    for _ in range(4):
        match.step()
    for ply in range(5):
        recorder.keep_analysis(ply, f'"{ply}"')
    store.record(recorder.row_id, match.history[:3], saved=4)  # an undo back to 3 actions, as the recorder saves it
    assert sorted(store.analyses(recorder.row_id)) == [0, 1, 2]
    store.record(recorder.row_id, match.history[:1])  # read and compared: cut back to 1
    assert sorted(store.analyses(recorder.row_id)) == [0]
    store.record(recorder.row_id, match.history[:1])  # the same history again, as a resumed game saves: nothing cut
    recorder.keep_analysis(1, '"1"')
    store.record(recorder.row_id, match.history[:1])
    assert sorted(store.analyses(recorder.row_id)) == [0, 1]


def test_deleting_a_game_deletes_its_analyses(store: Store, reg: FakeRegistry) -> None:
    _, first = _nim(store, reg)
    _, second = _nim(store, reg, seed=4)
    first.keep_analysis(0, '"a"')
    second.keep_analysis(0, '"b"')
    assert store.delete(first.row_id)
    assert _rows(store) == [(second.row_id, 0, '"b"')]


def test_a_failure_to_keep_an_analysis_stops_the_game_as_a_failed_hint_count_does(
    store: Store, reg: FakeRegistry, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, recorder = _nim(store, reg)

    def failing(*args: object) -> None:
        raise StoreError("disk full")

    monkeypatch.setattr(store, "keep_analysis", failing)
    with pytest.raises(GameNotSavedError) as stopped:
        recorder.keep_analysis(0, '"a"')
    assert recorder.error == "disk full" and stopped.value.row_id == recorder.row_id


def _as_version_5(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("DROP TABLE analyses")
    conn.execute("UPDATE schema_version SET version = 5")
    conn.commit()
    conn.close()


def test_a_database_of_the_previous_version_gains_the_table_and_keeps_its_games(data: Path, reg: FakeRegistry) -> None:
    assert schema.LATEST == 6
    with Store.open(data) as store:
        match, recorder = _nim(store, reg)
        match.run()
        before = store.get(recorder.row_id)
        path = store.path
    assert path is not None
    _as_version_5(path)
    with Store.open(data, write=False) as reader:  # read as it is: no analyses, the game unchanged
        assert reader.analyses(recorder.row_id) == {}
        assert reader.get(recorder.row_id) == before
    with Store.open(data) as store:
        assert store.get(recorder.row_id) == before
        assert store.analyses(recorder.row_id) == {}
        store.keep_analysis(recorder.row_id, 1, '"kept"')
        assert store.analyses(recorder.row_id) == {1: '"kept"'}
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT version FROM schema_version").fetchone() == (schema.LATEST,)
    conn.close()

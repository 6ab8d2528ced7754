"""Games in which the player asked for hints: counted in the record, marked in the history, kept apart in the stats."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from tabletop.agents import RandomAgent
from tabletop.commands import history, stats
from tabletop.loop import Match
from tabletop.rebuild import record_from_json
from tabletop.store import Store, start_recording
from tabletop.store.records import RecordError, record_to_json
from tests.store.store_fakegames import FakeRegistry


def finished_nim(store: Store, reg: FakeRegistry, seed: int, hints: int) -> int:
    match = Match(reg.get("nim"), seed=seed, agents=[RandomAgent(), RandomAgent()])
    recorder = start_recording(store, match, ["human", "random"], ["Ann", "Computer"])
    for _ in range(hints):
        recorder.note_hint()
    match.run()
    return recorder.row_id


def test_each_hint_is_counted_in_the_record(store: Store, reg: FakeRegistry) -> None:
    row = finished_nim(store, reg, 1, hints=2)
    record = store.get(row)
    assert record.hints == 2
    again = record_from_json(json.loads(json.dumps(record_to_json(record))), reg)
    assert again.hints == 2


@pytest.mark.parametrize("bad", [-1, "2", 1.5, True, 10**7])
def test_a_record_file_with_a_bad_hint_count_is_refused_plainly(store: Store, reg: FakeRegistry, bad: Any) -> None:
    data = record_to_json(store.get(finished_nim(store, reg, 1, hints=0)))
    data["hints"] = bad
    with pytest.raises(RecordError, match="hints: must be a whole number"):
        record_from_json(data, reg)


def test_a_record_written_before_hints_were_counted_reads_as_none(store: Store, reg: FakeRegistry) -> None:
    data = record_to_json(store.get(finished_nim(store, reg, 1, hints=0)))
    del data["hints"]
    assert record_from_json(data, reg).hints == 0


def test_history_marks_games_played_with_hints(
    data: Path, reg: FakeRegistry, cli_args: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    with Store.open(data) as store:
        finished_nim(store, reg, 1, hints=1)
        finished_nim(store, reg, 2, hints=0)
        finished_nim(store, reg, 3, hints=3)
    assert history.run(cli_args(history)) == 0
    out = capsys.readouterr().out
    assert "(1 coach tip)" in out and "(3 coach tips)" in out
    assert sum("coach tip" in line for line in out.splitlines()) == 2


def test_statistics_keep_games_with_hints_apart(
    data: Path, reg: FakeRegistry, cli_args: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    with Store.open(data) as store:
        for seed in range(6):
            finished_nim(store, reg, seed, hints=seed % 2)
        rows = store.stats()
    assert sorted((r.hinted, r.played) for r in rows) == [(False, 3), (True, 3)]
    assert stats.run(cli_args(stats)) == 0
    out = capsys.readouterr().out
    assert "Random (coach)" in out and "games in which the coach was asked" in " ".join(out.split())


def test_a_database_from_before_hints_gains_the_count_and_keeps_its_games(data: Path, reg: FakeRegistry) -> None:
    with Store.open(data) as store:
        row = finished_nim(store, reg, 1, hints=0)
        path = store.path
    assert path is not None
    conn = sqlite3.connect(path)
    conn.execute("ALTER TABLE actions DROP COLUMN actor")  # as a version 2 database has them
    conn.execute("ALTER TABLE games DROP COLUMN hints")
    conn.execute("ALTER TABLE games DROP COLUMN takebacks")
    conn.execute("ALTER TABLE games DROP COLUMN takebacks_allowed")
    conn.execute("UPDATE schema_version SET version = 2")
    conn.commit()
    conn.close()
    with Store.open(data) as store:
        record = store.get(row)
        assert record.hints == 0 and record.is_finished
        store.note_hint(row)
        assert store.get(row).hints == 1


def test_statistics_keep_each_variant_a_game_names_apart(
    data: Path, reg: FakeRegistry, cli_args: Any, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    with Store.open(data) as store:
        for seed, pile in ((1, "5"), (2, "9"), (3, "9")):
            match = Match(reg.get("nim"), options={"pile": pile}, seed=seed, agents=[RandomAgent(), RandomAgent()])
            start_recording(store, match, ["human", "random"], ["Ann", "Computer"])
            match.run()
        plain = store.stats()
        apart = store.stats(lambda record: f"pile {record.options['pile']}" if record.options["pile"] != "5" else None)
    assert [(r.variant, r.played) for r in plain] == [("", 3)]
    assert sorted((r.variant, r.played) for r in apart) == [("", 1), ("pile 9", 2)]
    nim = type(reg.get("nim"))
    monkeypatch.setattr(nim, "stats_variant", lambda self, options: f"{options['pile']} pebbles", raising=False)
    assert stats.run(cli_args(stats)) == 0
    out = capsys.readouterr().out
    rows = [" ".join(line.replace("┃", " ").replace("│", " ").split()) for line in out.splitlines()]
    assert "Game Variant Opponent" in rows[2]  # the variant in a column of its own, never wrapped
    assert any(row.startswith("Nim 5 pebbles ") for row in rows) and any(
        row.startswith("Nim 9 pebbles ") for row in rows
    )

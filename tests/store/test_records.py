"""Record files: a faithful round trip, and every kind of bad file refused with a clear message."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from tabletop.agents import RandomAgent
from tabletop.loop import Match
from tabletop.rebuild import read_record_file, record_from_json
from tabletop.store import (
    RECORD_FORMAT,
    GameRecord,
    RecordError,
    Store,
    record_to_json,
    start_recording,
)
from tests.store.store_fakegames import FakeRegistry


@pytest.fixture
def finished(store: Store, reg: FakeRegistry) -> GameRecord:
    match = Match(reg.get("nim"), options={"pile": "9"}, seed=1234, agents=[None, RandomAgent()])
    recorder = start_recording(store, match, ["human", "random"], ["Ann", "Computer"])
    while not match.is_over():
        match.advance()
        if match.human_to_act() is not None:
            match.apply(match.state.legal_actions()[0])
    return store.get(recorder.row_id)


def test_round_trip_through_json_text(finished: GameRecord, reg: FakeRegistry) -> None:
    data = json.loads(json.dumps(record_to_json(finished)))
    assert data["format"] == RECORD_FORMAT and data["game"] == "nim"
    back = record_from_json(data, reg)
    assert back == finished


def test_unfinished_record_round_trips(store: Store, reg: FakeRegistry) -> None:
    match = Match(reg.get("nim"), seed=3, agents=[None, None])
    recorder = start_recording(store, match, ["human", "human"], ["A", "B"])
    match.advance()
    record = store.get(recorder.row_id)
    assert record_from_json(record_to_json(record), reg) == record


def _refusal(data: Any, reg: FakeRegistry) -> str:
    with pytest.raises(RecordError) as info:
        record_from_json(data, reg)
    return str(info.value)


def _with(base: GameRecord, /, **changes: Any) -> dict[str, Any]:
    data = record_to_json(base)
    data.update(changes)
    return data


def test_future_format_is_refused(finished: GameRecord, reg: FakeRegistry) -> None:
    message = _refusal(_with(finished, format=RECORD_FORMAT + 1, version="9.0"), reg)
    assert f"format {RECORD_FORMAT + 1}" in message and "newer" in message and "9.0" in message


def test_unknown_game_is_refused(finished: GameRecord, reg: FakeRegistry) -> None:
    message = _refusal(_with(finished, game="chess"), reg)
    assert "'chess'" in message and "not installed" in message and "nim" in message


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({"seed": -4}, "seed: must be from 0"),
        ({"seed": "12"}, "seed: expected a whole number"),
        ({"options": {"pile": "48"}}, "Pile: '48' is not one of 5, 9"),
        ({"options": {"colour": "red"}}, "no option 'colour'"),
        ({"seats": [{"player": "human", "name": "A"}]}, "has 2 seat(s), the record has 1"),
        ({"seats": [{"player": "human", "name": "A"}, {"player": "grandmaster", "name": "B"}]}, "'grandmaster'"),
        ({"history": ["roll2", 7]}, "history: action 2 must be text"),
        ({"returns": [1, "x"]}, "returns: must be a list of numbers"),
        ({"started": "yesterday"}, "'yesterday' is not a date and time"),
    ],
)
def test_impossible_values_are_refused(
    finished: GameRecord, reg: FakeRegistry, changes: dict[str, Any], expected: str
) -> None:
    assert expected in _refusal(_with(finished, **changes), reg)


def test_missing_field_is_named(finished: GameRecord, reg: FakeRegistry) -> None:
    data = record_to_json(finished)
    del data["history"]
    assert "'history' is missing" in _refusal(data, reg)


def test_action_that_does_not_parse_names_its_number(finished: GameRecord, reg: FakeRegistry) -> None:
    history = list(finished.history)
    history[2] = "jump3"
    message = _refusal(_with(finished, history=history, finished=None, returns=None, result=None), reg)
    assert message.startswith("action 3 ('jump3') cannot be read")
    assert "is not a move" in message  # the game's own words


def test_illegal_action_names_its_number_and_the_games_reason(reg: FakeRegistry) -> None:
    record = GameRecord(
        game_id="nim",
        options={"pile": "5"},
        seed=1,
        seats=["human", "human"],
        names=["A", "B"],
        history=["roll1", "take2", "bonus0", "take2", "bonus0", "take2"],
        started="2026-01-01T00:00:00+00:00",
    )
    # pile 5 + 1 = 6; 6-2=4, 4-2=2, 2-2=0: the game is over after action 6
    assert record_from_json(record_to_json(record), reg).history == record.history
    data = record_to_json(record)
    data["history"] = ["roll1", "take2", "bonus1", "take2", "bonus0", "take2", "bonus0", "take2"]
    # 6-2=4 +1=5, 5-2=3, 3-2=1: then "take2" from 1 is illegal
    message = _refusal(data, reg)
    assert message == "action 8 ('take2') is not allowed there: cannot take 2 from a pile of 1"


def test_actions_after_the_end_are_refused(finished: GameRecord, reg: FakeRegistry) -> None:
    n = len(finished.history)
    message = _refusal(_with(finished, history=finished.history + ["take1"]), reg)
    assert message == f"action {n + 1} ('take1'): the game was already over after action {n}"


def test_finished_record_whose_actions_stop_early_is_refused(finished: GameRecord, reg: FakeRegistry) -> None:
    message = _refusal(_with(finished, history=finished.history[:-1]), reg)
    assert "says the game finished" in message and "not over" in message


def test_result_that_the_actions_do_not_give_is_refused(finished: GameRecord, reg: FakeRegistry) -> None:
    assert finished.returns is not None
    message = _refusal(_with(finished, returns=list(reversed(finished.returns))), reg)
    assert message.startswith("returns: the record says")


def test_history_longer_than_the_game_allows(finished: GameRecord, reg: FakeRegistry) -> None:
    assert "more than a game of Nim can last (40)" in _refusal(_with(finished, history=["take1"] * 41), reg)


def test_not_an_object(reg: FakeRegistry) -> None:
    assert "expected a JSON object, found a list" in _refusal([1, 2], reg)
    assert "no 'format' number" in _refusal({"game": "nim"}, reg)


# ------------------------------------------------------------------ files


def _write(tmp_path: Path, name: str, content: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(content)
    os.utime(path, (1_000_000_000, 1_000_000_000))
    return path


def _refuse_file(path: Path, reg: FakeRegistry) -> str:
    before = (path.read_bytes(), path.stat().st_mtime)
    with pytest.raises(RecordError) as info:
        read_record_file(path, reg)
    assert (path.read_bytes(), path.stat().st_mtime) == before  # the file is left untouched
    return str(info.value)


def test_truncated_file(finished: GameRecord, reg: FakeRegistry, tmp_path: Path) -> None:
    text = json.dumps(record_to_json(finished), indent=2).encode()
    path = _write(tmp_path, "cut.json", text[: len(text) // 2])
    assert "ends too soon (truncated?)" in _refuse_file(path, reg)


def test_file_that_is_not_json(reg: FakeRegistry, tmp_path: Path) -> None:
    path = _write(tmp_path, "notes.json", b"[game]\nid = 'nim'\n")
    assert "not a JSON game record" in _refuse_file(path, reg)


def test_file_nested_too_deeply(reg: FakeRegistry, tmp_path: Path) -> None:
    path = _write(tmp_path, "deep.json", b"[" * 100_000)
    assert "nested far too deeply" in _refuse_file(path, reg)


def test_binary_and_empty_and_missing_files(reg: FakeRegistry, tmp_path: Path) -> None:
    assert "not UTF-8" in _refuse_file(_write(tmp_path, "b.json", b"\xff\xfe\x00garbage"), reg)
    assert "empty" in _refuse_file(_write(tmp_path, "e.json", b""), reg)
    with pytest.raises(RecordError, match="no such file"):
        read_record_file(tmp_path / "absent.json", reg)


def test_future_version_file(finished: GameRecord, reg: FakeRegistry, tmp_path: Path) -> None:
    path = _write(tmp_path, "future.json", json.dumps(_with(finished, format=RECORD_FORMAT + 1)).encode())
    assert "newer than this Tabletop reads" in _refuse_file(path, reg)


def test_file_with_impossible_values(finished: GameRecord, reg: FakeRegistry, tmp_path: Path) -> None:
    path = _write(tmp_path, "bad.json", json.dumps(_with(finished, seed=-1)).encode())
    assert "seed" in _refuse_file(path, reg)


def test_good_file_reads_back(finished: GameRecord, reg: FakeRegistry, tmp_path: Path) -> None:
    path = _write(tmp_path, "ok.json", json.dumps(record_to_json(finished)).encode())
    assert read_record_file(path, reg) == finished

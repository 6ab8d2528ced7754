"""bench/muster_strength.py's bookkeeping: which kept games count, and what a look says."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.bench_scripts import load_bench

OPTIONS = {"simplified": "off", "power_of_one": "off", "over_the_rainbow": "off", "first": "random"}


@pytest.fixture(scope="module")
def bench() -> Any:
    return load_bench("muster_strength")


def _row(index: int, pair: list[str], agents: list[dict[str, Any]] | None) -> str:
    result = {
        "seed": index,
        "returns": [1.0, 0.0],
        "actions": 100,
        "think_seconds": [1.0, 0.0],
        "decisions": [40, 40],
        "score": None,
    }
    row: dict[str, Any] = {"pair": pair, "options": OPTIONS, "index": index, "result": result}
    if agents is not None:
        row["agents"] = agents
    return json.dumps(row)


def test_games_played_with_other_settings_are_left_out(
    bench: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pair = ["hard:seconds=1", "medium"]
    present = [bench.settings_of(spec) for spec in pair]
    changed = [dict(present[0], exploration=present[0]["exploration"] * 2), present[1]]
    path = tmp_path / "results.jsonl"
    path.write_text(
        "\n".join(
            [
                _row(0, pair, present),
                _row(1, pair, changed),  # a default has changed since: not this level any more
                _row(2, pair, None),  # kept before settings were recorded
                _row(3, ["hard:seconds=1", "easy"], present[:1] + [bench.settings_of("easy")]),  # another pairing
            ]
        )
        + "\n"
    )
    done = bench.load_results(path, tuple(pair), OPTIONS, present)
    assert sorted(done) == [0, 2]
    assert "1 game(s)" in capsys.readouterr().out


def test_games_kept_before_a_setting_was_added_count_as_its_default(bench: Any, tmp_path: Path) -> None:
    present = [bench.settings_of("ismcts:seconds=1"), bench.settings_of("pimc:seconds=1")]
    before = [{k: v for k, v in side.items() if k != "pause_gc"} for side in present]
    path = tmp_path / "results.jsonl"
    path.write_text(_row(0, ["ismcts:seconds=1", "pimc:seconds=1"], before) + "\n")
    assert sorted(bench.load_results(path, ("ismcts:seconds=1", "pimc:seconds=1"), OPTIONS, present)) == [0]
    paused = [bench.settings_of("ismcts:seconds=1,pause_gc=1"), present[1]]
    path.write_text(_row(0, ["ismcts:seconds=1,pause_gc=1", "pimc:seconds=1"], before) + "\n")
    assert bench.load_results(path, ("ismcts:seconds=1,pause_gc=1", "pimc:seconds=1"), OPTIONS, paused) == {}


def test_settings_name_every_default_of_a_search(bench: Any) -> None:
    settings = bench.settings_of("hard:seconds=4,rollout=8")
    assert settings["level"] == "hard" and settings["seconds"] == 4 and settings["rollout"] == 8
    assert {"exploration", "opponent_keys", "stop_early"} <= set(settings)


def test_the_look_stops_only_when_the_99_percent_interval_clears_the_target(bench: Any) -> None:
    look = bench.Look(200, 0.55)
    assert look.verdict(107.5, 200) == (
        False,
        "at the look (200 games): 53.75%, 99% CI 44.7%-62.6%, holds 55%: plays on",
    )
    stop, said = look.verdict(140, 200)
    assert stop and "above 55%" in said
    stop, said = look.verdict(80, 200)
    assert stop and "below 55%" in said

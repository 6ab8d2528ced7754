"""`tabletop simulate`: matches between computer players, with the same engines and agents as the menu."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tabletop.commands.simulate import wilson

TABLETOP = str(Path(sys.executable).with_name("tabletop"))


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [TABLETOP, "simulate", *args], capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL
    )


def test_muster_match_on_two_workers_as_json() -> None:
    result = run("muster", "--games", "8", "--agents", "random,medium", "--workers", "2", "--seed", "3", "--json")
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["games"] == 8 and summary["workers"] == 2
    random_agent, medium = summary["agents"]
    for agent in (random_agent, medium):
        assert agent["wins"] + agent["draws"] + agent["losses"] == 8
        assert 0 <= agent["ci_low"] <= agent["score_rate"] <= agent["ci_high"] <= 1
    assert random_agent["wins"] == medium["losses"] and random_agent["draws"] == medium["draws"]
    assert summary["mean_actions"] > 40


def test_same_seed_same_results_whatever_the_workers() -> None:
    one = json.loads(run("muster", "--games", "6", "--agents", "random,easy", "--seed", "9", "--json").stdout)
    two = json.loads(
        run("muster", "--games", "6", "--agents", "random,easy", "--seed", "9", "--workers", "2", "--json").stdout
    )
    assert [a["wins"] for a in one["agents"]] == [a["wins"] for a in two["agents"]]
    assert one["mean_actions"] == two["mean_actions"]


def test_variant_and_table_output() -> None:
    result = run(
        "muster", "--games", "4", "--agents", "random,random", "--variant", "simplified", "--variant", "first=1"
    )
    assert result.returncode == 0, result.stderr
    assert "simplified=on" in result.stdout and "95% CI" in result.stdout and "Average game length" in result.stdout


def test_muses_has_one_seat_and_reports_the_mean_score() -> None:
    result = run("muses", "--games", "20", "--agents", "naive", "--json")
    assert result.returncode == 0, result.stderr
    (naive,) = json.loads(result.stdout)["agents"]
    assert naive["mean_score"] is not None and 0 < naive["mean_score"] < 30


def test_bad_requests_are_refused_plainly() -> None:
    wrong_count = run("muster", "--agents", "random")
    assert wrong_count.returncode == 2 and "2 seat(s)" in wrong_count.stderr
    unknown = run("muster", "--agents", "random,grandmaster")
    assert unknown.returncode == 2 and "no computer level 'grandmaster'" in unknown.stderr
    bad_variant = run("muster", "--agents", "random,random", "--variant", "teleport")
    assert bad_variant.returncode == 2 and "no option 'teleport'" in bad_variant.stderr
    no_value = run("muster", "--agents", "random,random", "--variant", "first")
    assert (
        no_value.returncode == 2
        and "First player: give a value, as --variant first=VALUE (one of random, 1, 2)" in no_value.stderr
    )
    for result in (wrong_count, unknown, bad_variant, no_value):
        assert "Traceback" not in result.stderr


def test_wilson_interval() -> None:
    low, high = wilson(50, 100)
    assert abs((low + high) / 2 - 0.5) < 1e-9 and 0.40 < low < 0.41 and 0.59 < high < 0.60
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0

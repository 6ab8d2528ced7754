"""bench/soak.py plays exactly the games asked for and refuses what it cannot do."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tabletop.registry import Registry
from tests.bench_scripts import BENCH, load_bench


def _soak(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(BENCH / "soak.py"), *args], capture_output=True, text=True, timeout=120, check=False
    )


def _all_row(out: str) -> tuple[int, int, int]:
    games, actions, violations = next(line for line in out.splitlines() if line.startswith("all")).split()[1:]
    return int(games), int(actions), int(violations)


@pytest.mark.parametrize("games", [1, 5, 49, 601])
def test_the_plan_holds_exactly_the_games_asked_for(games: int) -> None:
    soak = load_bench("soak")
    jobs = soak.plan(Registry.discover(), games, 1, ["muster", "muses"])
    assert sum(len(seeds) for _, _, seeds in jobs) == games


def test_no_seed_is_played_twice_in_one_variant() -> None:
    soak = load_bench("soak")
    seen: dict[tuple[str, str], list[int]] = {}
    for game_id, options, seeds in soak.plan(Registry.discover(), 1000, 1, None):
        seen.setdefault((game_id, repr(sorted(options.items()))), []).extend(seeds)
    assert all(len(seeds) == len(set(seeds)) for seeds in seen.values())


def test_the_script_plays_exactly_n_games() -> None:
    """49 games over Muses and Muster's 24 variants: 25 of one game and 24 of the other, none lost to rounding."""
    result = _soak("--games", "49", "--game", "muster", "--game", "muses")
    assert result.returncode == 0, result.stderr
    games, actions, violations = _all_row(result.stdout)
    assert games == 49 and actions > games and violations == 0
    rows = [line for line in result.stdout.splitlines() if line.startswith(("muses", "muster"))]
    assert sum(int(line.split()[-3]) for line in rows) == 49


def test_one_game_is_one_game() -> None:
    result = _soak("--games", "1", "--game", "muster")
    assert result.returncode == 0, result.stderr
    assert _all_row(result.stdout)[0] == 1


@pytest.mark.parametrize("count", ["0", "-3"])
def test_fewer_than_one_game_is_refused(count: str) -> None:
    result = _soak("--games", count)
    assert result.returncode == 2
    assert "--games must be at least 1" in result.stderr
    assert "Traceback" not in result.stderr and result.stdout == ""


def test_an_unknown_game_is_refused_with_the_choices() -> None:
    result = _soak("--games", "10", "--game", "chess")
    assert result.returncode == 2
    assert "no game called 'chess'" in result.stderr and "muster" in result.stderr
    assert "Traceback" not in result.stderr and result.stdout == ""

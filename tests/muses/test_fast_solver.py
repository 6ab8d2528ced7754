"""The fast solver against the pure-Python solver (the oracle) and the exact brute force."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop.solutions import LOADED
from tabletop_muses.advisor import Advisor
from tabletop_muses.cards import CardSet
from tabletop_muses.fast_solver import ArrayMemo, FastSolver
from tabletop_muses.rules import ACT, MusesState
from tabletop_muses.solver import SCORE, WIN, Solver

from .helpers import make_set
from .test_solver import SETS, brute_force

CONDITIONS = [
    "7", "≥ 10", "≤ 5", "Pair", "⚀⚀", "12", "Both odd", "Both even", "Difference ≥ 3", "⚄", "Odd",
    "Even", "Pair ≥ 8", "No pair", "≥ 9 or Pair", "⚀⚅", "Both ≥ 4", "11", "⚂ and Odd", "2",
]  # fmt: skip
POWERS = ["", "", "flip", "reroll", "match", "adjust 1", "adjust 2"]
NAMES = ["Alpha", "Beta", "Gamma", "Delta", "Epsilon"]


def random_set(rng: random.Random, cards: int) -> CardSet:
    """A small set with every kind of card: blanks, three or four live edges, powers shared by several cards."""
    chosen = []
    for name in NAMES[:cards]:
        live = rng.choice([1, 2, 3, 4, 4])
        edges = [rng.choice(CONDITIONS) for _ in range(live)] + [""] * (4 - live)
        if live < 4 and rng.random() < 0.3:  # a blank edge followed by a live one: discarded at the blank
            edges[live] = ""
            edges[-1] = rng.choice(CONDITIONS)
        chosen.append((name, rng.randint(0, 5), rng.choice(POWERS), edges))
    points = sum(p for _, p, _, _ in chosen)
    hints = rng.randint(0, 3)
    return make_set(chosen, target=rng.randint(1, points + hints + 1), hints=hints)


def assert_same(cards: CardSet, mode: str) -> None:
    """Every value the oracle memoises, the fast solver holds too (and no others), to 1e-9."""
    oracle = Solver(cards, mode)
    expected = oracle.win_probability()
    fast = FastSolver(cards, mode)
    fast.solve_all()
    assert abs(fast.win_probability() - expected) < 1e-9
    assert set(fast.memo) == set(oracle.memo)
    worst = max((abs(fast.memo[key] - value) for key, value in oracle.memo.items()), default=0.0)
    assert worst < 1e-9, f"{cards.source}: off by {worst}"
    assert fast.stats.states == len(oracle.memo)


@pytest.mark.parametrize("seed", range(40))
def test_random_sets_match_the_oracle(seed: int) -> None:
    rng = random.Random(seed)
    cards = random_set(rng, rng.choice([1, 2, 3, 3, 4, 4]))
    assert_same(cards, WIN if seed % 3 else SCORE)


def test_sets_with_four_live_edges_match_the_oracle() -> None:
    cards = make_set(
        [
            ("Alpha", 3, "reroll", ["≥ 9", "Pair", "⚀⚀", "12"]),
            ("Beta", 2, "flip", ["Both odd", "7", "Difference ≥ 3", "11"]),
            ("Gamma", 4, "", ["⚄", "Both ≥ 4", "Pair ≥ 8", "No pair"]),
            ("Delta", 1, "reroll", ["Odd", "≤ 5", "", ""]),
            ("Epsilon", 2, "adjust 1", ["Even", "⚀⚅", "2", ""]),
        ],
        target=9,
        hints=2,
    )
    assert_same(cards, WIN)
    assert_same(cards, SCORE)


@pytest.mark.parametrize(("name", "mode"), [("two", WIN), ("two", SCORE), ("three", WIN)])
def test_the_brute_force_sets(name: str, mode: str) -> None:
    cards = SETS[name]
    exact = brute_force(MusesState(cards), {}, mode)
    assert abs(FastSolver(cards, mode).win_probability() - float(exact)) < 1e-9


@pytest.mark.parametrize("seed", range(6))
def test_tiny_random_sets_match_the_brute_force(seed: int) -> None:
    rng = random.Random(100 + seed)
    cards = random_set(rng, 2)
    mode = SCORE if seed % 2 else WIN
    exact = brute_force(MusesState(cards), {}, mode)
    assert abs(FastSolver(cards, mode).win_probability() - float(exact)) < 1e-9


def test_the_advisor_reads_the_fast_values_at_every_decision() -> None:
    """Each decision of random games, valued by the advisor (fast solver) and by the oracle's own tables."""
    cards = make_set(
        [
            ("Alpha", 3, "reroll", ["≥ 9", "Pair", "⚀⚀", "12"]),
            ("Beta", 2, "match", ["⚄", "Both ≥ 5", "7", ""]),
            ("Gamma", 4, "", ["Both even", "Pair", "12", "No pair"]),
        ],
        target=7,
        hints=2,
    )
    advisor = Advisor(cards, cache_dir=None)
    oracle = Advisor(cards, cache_dir=None)
    oracle.solver = Solver(cards)  # type: ignore[assignment]
    rng = random.Random(7)
    checked = 0
    for _ in range(8):
        state = MusesState(cards)
        while not state.is_terminal():
            assert abs(advisor.value(state) - oracle.value(state)) < 1e-9
            if state.phase == ACT:
                fast, slow = advisor.advise(state), oracle.advise(state)
                assert [str(a) for a, _ in fast.options] == [str(a) for a, _ in slow.options]
                assert all(abs(f - s) < 1e-9 for (_, f), (_, s) in zip(fast.options, slow.options, strict=True))
                checked += 1
                action = rng.choice(state.legal_actions())
            else:
                action = state.sample_chance(rng)
            state.apply(action)
    assert checked > 10
    assert advisor.solver.complete and not advisor.solver.memo.extra  # every position came from the layers


def test_the_saved_solution_is_read_by_either_solver(tmp_path: Path) -> None:
    cards = SETS["three"]
    fast = FastSolver(cards)
    value = fast.win_probability()
    fast.save(tmp_path / "fast.bin")
    oracle = Solver(cards)
    assert oracle.load(tmp_path / "fast.bin") == LOADED
    assert oracle.win_probability() == value and oracle.stats.states == 0  # nothing left to solve
    oracle.save(tmp_path / "oracle.bin")
    again = FastSolver(cards)
    assert again.load(tmp_path / "oracle.bin") == LOADED
    assert again.win_probability() == value and not again.complete  # read, not solved


def test_a_partial_saved_solution_is_completed_by_one_fast_solve(tmp_path: Path) -> None:
    """A file holding only the positions after a late one (as an older program wrote) is filled in."""
    cards = SETS["four"]
    partial = Solver(cards)
    state = MusesState(cards)
    rng = random.Random(2)
    while not (state.phase == "draw" and len(state.deck) == 1):
        state.apply(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    late = Advisor(cards, cache_dir=None)
    late.solver = partial  # type: ignore[assignment]
    late.value(state)
    partial.save(tmp_path / "partial.bin")
    fast = FastSolver(cards)
    assert fast.load(tmp_path / "partial.bin") == LOADED and len(fast.memo) < len(Solver(cards).memo) + 1
    assert abs(fast.win_probability() - Solver(cards).win_probability()) < 1e-12
    assert fast.complete


def test_progress_goes_from_zero_to_the_total() -> None:
    seen: list[tuple[int, int]] = []
    FastSolver(SETS["four"]).solve_all(lambda done, total: seen.append((done, total)))
    assert seen[0][0] == 0 and seen[-1][0] == seen[-1][1] > 0
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_the_array_memo_is_a_mapping() -> None:
    import numpy as np

    memo = ArrayMemo(np.array([3, 8, 20], np.int64), np.array([0.5, 0.25, 1.0]))
    assert len(memo) == 3 and memo[8] == 0.25 and 4 not in memo and "x" not in memo  # type: ignore[comparison-overlap]
    memo[4] = 0.75
    memo[20] = 0.125
    assert sorted(memo) == [3, 4, 8, 20] and memo[4] == 0.75 and memo[20] == 0.125
    keys, values = memo.arrays()
    assert list(keys) == [3, 4, 8, 20] and list(values) == [0.5, 0.75, 0.25, 0.125]
    del memo[4], memo[3]
    assert sorted(memo.items()) == [(8, 0.25), (20, 0.125)]
    with pytest.raises(KeyError):
        memo[5]


def test_the_game_and_its_interface_load_without_numpy() -> None:
    """numpy is for solving: listing, playing and the screens never import it."""
    code = (
        "import sys, tabletop_muses, tabletop_muses.game, tabletop_muses.ui, tabletop_muses.rules, "
        "tabletop_muses.cards, tabletop_muses.command, tabletop_muses.agents\n"
        "print('numpy' in sys.modules)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60)
    assert result.stdout.strip() == "False"


def test_the_solve_command_prints_time_positions_and_memory(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from tabletop_muses import game

    path = tmp_path / "four.toml"
    path.write_text(
        '[game]\ntarget = 6\nhints = 1\n[[card]]\nname = "Ona"\npoints = 3\npower = "reroll"\n'
        'edges = ["7", "≥ 10", "Pair", "12"]\n[[card]]\nname = "Dva"\npoints = 2\nedges = ["Pair", "Odd", "", "⚀⚀"]\n',
        encoding="utf-8",
    )
    argv = ["--cards", str(path), "--cache-dir", str(tmp_path / "cache")]
    assert game.commands()["solve"](argv) == 0
    out = capsys.readouterr().out
    assert "positions solved" in out and "Positions: " in out and "Peak memory: " in out
    assert "Solving" not in out and "━" not in out  # no progress bar when the output is not a terminal
    assert game.commands()["solve"](argv) == 0
    again = capsys.readouterr().out
    assert "read from the cache" in again and "Positions: " in again


@pytest.mark.parametrize("solver", ["fast", "python"])
def test_the_bench_solves_a_card_file(
    solver: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.bench_scripts import load_bench

    path = tmp_path / "two.toml"
    path.write_text(
        '[game]\ntarget = 5\nhints = 1\n[[card]]\nname = "Ona"\npoints = 3\npower = "flip"\n'
        'edges = ["7", "≥ 10", "Pair", "12"]\n[[card]]\nname = "Dva"\npoints = 2\nedges = ["Pair", "", "", ""]\n',
        encoding="utf-8",
    )
    monkeypatch.setattr(sys, "argv", ["muses_solve.py", "--cards", str(path), "--solver", solver, "--advice", "3"])
    assert load_bench("muses_solve").main() == 0
    out = capsys.readouterr().out
    for word in ("solve time:", "positions evaluated", "peak memory:", "advice: mean"):
        assert word in out

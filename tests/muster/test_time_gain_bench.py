"""bench/muster_time_gain.py: the positions it keeps and how it scores choices."""

from __future__ import annotations

import pytest

from tests.bench_scripts import load_bench

bench = load_bench("muster_time_gain")


def test_positions_are_real_choices_and_reproducible() -> None:
    first = bench.positions(3, seed=1, every=2, player_iterations=30)
    again = bench.positions(3, seed=1, every=2, player_iterations=30)
    assert len(first) == 3
    assert all(len(s.legal_actions()) >= 3 and not s.is_chance_node() for s in first)
    assert [s.to_json() for s in first] == [s.to_json() for s in again]


def test_regret_is_the_reference_value_given_up() -> None:
    tally = bench.Tally()
    values = {1: 0.60, 2: 0.55, 3: 0.40}
    tally.add(values, 1, 1)
    tally.add(values, 1, 3)
    assert (tally.choices, tally.agree) == (2, 1)
    assert tally.regret == pytest.approx(0.20)
    assert "50.0%" in tally.line("x") and "0.1000" in tally.line("x")


def test_report_compares_the_two_budgets(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--positions", "2", "--iterations", "20", "--tries", "1", "--setting", "rollout=4"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "rollout=4" in lines[0]
    assert lines[1].startswith("20 iterations") and "2 choices" in lines[1]
    assert lines[2].startswith("80 iterations") and "2 choices" in lines[2]


def test_reference_choice_is_the_most_visited_action_not_the_luckiest() -> None:
    sure, lucky, rare = bench.Node(), bench.Node(), bench.Node()
    sure.n, sure.w = 700, 420.0
    lucky.n, lucky.w = 1, 1.0
    rare.n, rare.w = 3, 2.5
    assert bench.most_visited({7: lucky, 4: sure, 9: rare}) == 4


def test_reference_search_values_only_legal_tried_actions() -> None:
    state = bench.positions(1, seed=1, every=2, player_iterations=30)[0]
    values, best = bench.reference_search(state, bench.SearchConfig(iterations=300), seed=3)
    assert best in values
    assert set(values) <= {a.id for a in state.legal_actions()}
    assert all(0.0 <= v <= 1.0 for v in values.values())

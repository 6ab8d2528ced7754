"""The solver and the advisor against a plain brute-force enumeration with exact fractions."""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import pytest

from tabletop_muses.advisor import Advisor, cache_file, default_cache_dir
from tabletop_muses.rules import ACT, Draw, MusesState, Roll
from tabletop_muses.solver import SCORE, WIN, Solver

from .helpers import make_set


def brute_force(state: MusesState, memo: dict[str, Fraction], mode: str = WIN) -> Fraction:
    """Expectimax over the rules engine itself: no folding, no pruning, exact probabilities."""
    key = repr(state.to_json())
    if key in memo:
        return memo[key]
    if state.is_terminal():
        value = Fraction(state.score()) if mode == SCORE else Fraction(int(state.score() >= state.cardset.target))
    elif state.is_chance_node():
        value = Fraction(0)
        for action, _ in state.chance_outcomes():
            if isinstance(action, Draw):
                p = Fraction(1, len(state.deck))
            elif isinstance(action, Roll):
                p = Fraction(1 if action.low == action.high else 2, 36)
            else:
                p = Fraction(1, 6)
            child = state.clone()
            child.apply(action)
            value += p * brute_force(child, memo, mode)
    else:
        value = max(brute_force(_child(state, a), memo, mode) for a in state.legal_actions())
    memo[key] = value
    return value


def _child(state: MusesState, action: object) -> MusesState:
    child = state.clone()
    child.apply(action)  # type: ignore[arg-type]
    return child


SETS = {
    "two": make_set(
        [("Alpha", 3, "flip", ["7", "≥ 10", "", ""]), ("Beta", 2, "adjust 2", ["Pair", "⚀⚀", "12", "Both odd"])],
        target=5,
        hints=2,
    ),
    "three": make_set(
        [
            ("Alpha", 3, "reroll", ["≥ 9", "Pair ≥ 8", "", ""]),
            ("Beta", 2, "match", ["⚄", "Both ≥ 5", "", ""]),
            ("Gamma", 4, "", ["Both even", "Pair", "12", ""]),
        ],
        target=8,
        hints=2,
    ),
    "four": make_set(
        [
            ("Alpha", 3, "flip", ["≥ 10", "12", "", ""]),
            ("Beta", 1, "reroll", ["Difference ≥ 3", "⚀⚅", "", ""]),
            ("Gamma", 4, "", ["7", "Both odd", "", ""]),
            ("Delta", 2, "flip", ["Pair", "", "", ""]),
        ],
        target=9,
        hints=1,
    ),
}


@pytest.mark.parametrize("name", sorted(SETS))
def test_win_probability_matches_brute_force(name: str) -> None:
    cards = SETS[name]
    exact = brute_force(MusesState(cards), {})
    solved = Solver(cards).win_probability()
    assert abs(solved - float(exact)) < 1e-9
    assert 0 < exact < 1  # a set where play matters, not a foregone result


def test_expected_score_matches_brute_force() -> None:
    cards = SETS["two"]
    exact = brute_force(MusesState(cards), {}, SCORE)
    assert abs(Solver(cards, SCORE).win_probability() - float(exact)) < 1e-9


def test_advisor_values_every_action_exactly() -> None:
    cards = SETS["three"]
    memo: dict[str, Fraction] = {}
    advisor = Advisor(cards, cache_dir=None)
    rng = random.Random(4)
    checked = 0
    for _ in range(6):
        state = MusesState(cards)
        while not state.is_terminal():
            assert abs(advisor.value(state) - float(brute_force(state, memo))) < 1e-9
            if state.phase == ACT:
                advice = advisor.advise(state)
                assert abs(advice.value - advice.options[0][1]) < 1e-12
                assert {str(a) for a, _ in advice.options} == {str(a) for a in state.legal_actions()}
                for action, value in advice.options:
                    assert abs(value - float(brute_force(_child(state, action), memo))) < 1e-9
                    checked += 1
                action = rng.choice(state.legal_actions())
            else:
                action = state.sample_chance(rng)
            state.apply(action)
    assert checked > 20


def test_solution_is_cached_on_disk_by_content(tmp_path: Path) -> None:
    cards = SETS["three"]
    first = Advisor(cards, cache_dir=tmp_path)
    value = first.solve()
    assert not first.from_cache and first.path is not None and first.path.exists()
    second = Advisor(cards, cache_dir=tmp_path)
    assert second.solve() == value and second.from_cache
    other = cache_file(SETS["two"], WIN, tmp_path)
    assert other != first.path  # another card file, another solution
    assert cache_file(cards, SCORE, tmp_path) != first.path
    first.path.write_bytes(b"garbage")
    third = Advisor(cards, cache_dir=tmp_path)
    assert third.solve() == value and not third.from_cache  # a damaged cache is solved again


def test_cache_dir_follows_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("TABLETOP_CACHE_DIR", str(tmp_path / "explicit"))
    assert default_cache_dir() == tmp_path / "explicit"
    monkeypatch.delenv("TABLETOP_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert default_cache_dir() == tmp_path / "xdg" / "tabletop"


def test_advice_only_at_a_decision() -> None:
    with pytest.raises(ValueError, match="advice"):
        Advisor(SETS["two"], cache_dir=None).advise(MusesState(SETS["two"]))


def test_solve_command_prints_probability_and_time(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from tabletop_muses import game

    path = tmp_path / "small.toml"
    path.write_text(
        '[game]\ntarget = 5\nhints = 1\n[[card]]\nname = "Ona"\npoints = 3\npower = "flip"\nedges = ["7", "≥ 10", "", ""]\n'
        '[[card]]\nname = "Dva"\npoints = 2\nedges = ["Pair", "", "", ""]\n',
        encoding="utf-8",
    )
    code = game.commands()["solve"](["--cards", str(path), "--cache-dir", str(tmp_path / "cache")])
    out = capsys.readouterr().out
    assert code == 0 and "Optimal win probability:" in out and "Time:" in out
    assert game.commands()["solve"](["--cards", str(tmp_path / "none.toml")]) == 2

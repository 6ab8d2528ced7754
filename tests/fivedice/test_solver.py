"""The exact solver: the published optimum, the advisor's agreement with it, the on-disk solution's checks."""

from __future__ import annotations

import math
import os
from pathlib import Path

import pytest

from tabletop.dice_set import first_roll
from tabletop.solutions import FOREIGN, NOT_A_FILE
from tabletop_fivedice.advisor import (
    DAMAGED,
    LOADED,
    MISSING,
    Advisor,
    cache_file,
    read_solution,
    write_solution,
)
from tabletop_fivedice.agents import OptimalAgent, play_solo
from tabletop_fivedice.rules import FiveDiceState, Roll, parse_action
from tabletop_fivedice.scoring import FREE, OFFICIAL
from tabletop_fivedice.solver import Solver


def test_the_official_rules_give_the_published_optimum(solved: tuple[Advisor, Path]) -> None:
    advisor, _ = solved
    assert f"{advisor.solver.new_game_value():.4f}" == "254.5877"
    assert advisor.solver.stats.states == 536_320


def test_the_advisor_agrees_with_the_solution_from_the_first_roll(solved: tuple[Advisor, Path]) -> None:
    advisor, _ = solved
    mean = 0.0
    for dice, chance in first_roll(5):
        state = FiveDiceState(1, OFFICIAL)
        state.apply(Roll(dice.faces))
        mean += float(chance) * advisor.advise(state).value
    assert mean == pytest.approx(advisor.solver.new_game_value(), abs=1e-9)


def test_the_solution_is_read_back_from_disk(solved: tuple[Advisor, Path]) -> None:
    advisor, folder = solved
    again = Advisor(OFFICIAL, folder)
    assert again.solve() == advisor.solver.new_game_value()
    assert again.from_cache and not again.damaged_cache


def test_a_damaged_short_foreign_or_strange_file_is_refused(solved: tuple[Advisor, Path], tmp_path: Path) -> None:
    advisor, folder = solved
    good = cache_file(OFFICIAL, folder).read_bytes()
    path = cache_file(OFFICIAL, tmp_path)
    assert read_solution(path, OFFICIAL)[0] == MISSING
    path.write_bytes(good[:-1] + bytes([good[-1] ^ 1]))
    assert read_solution(path, OFFICIAL)[0] == DAMAGED
    path.write_bytes(good[:1000])
    assert read_solution(path, OFFICIAL)[0] == DAMAGED
    assert advisor.solver.values is not None
    write_solution(path, FREE, advisor.solver.values)  # another rule set's solution under this name
    assert read_solution(path, OFFICIAL)[0] == FOREIGN
    path.unlink()
    os.mkfifo(path)  # a pipe is refused without waiting for a writer
    assert read_solution(path, OFFICIAL)[0] == NOT_A_FILE
    path.unlink()
    path.write_bytes(good)
    assert read_solution(path, OFFICIAL)[0] == LOADED


def test_a_damaged_solution_is_solved_again_and_replaced(
    solved: tuple[Advisor, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    advisor, folder = solved
    path = cache_file(OFFICIAL, tmp_path)
    path.write_bytes(b"not a solution")
    values = advisor.solver.values
    solves = []

    def solve_again(self: Solver, progress: object = None) -> object:  # the values already found, not 12 s more
        solves.append(self.rule)
        self.values = values
        return values

    monkeypatch.setattr(Solver, "solve", solve_again)
    again = Advisor(OFFICIAL, tmp_path)
    again.solver.values = None
    assert again.solve() == advisor.solver.new_game_value()
    assert again.damaged_cache and not again.from_cache and solves == [OFFICIAL]
    assert path.read_bytes() == cache_file(OFFICIAL, folder).read_bytes()


GAMES = 60


def test_the_optimal_agent_scores_as_the_solution_says(solved: tuple[Advisor, Path]) -> None:
    """The optimal policy's mean over seeded games lies within its 99% interval of 254.5877."""
    _, folder = solved
    agent = OptimalAgent(str(folder))
    scores = []
    for seed in range(GAMES):
        scores.append(play_solo(agent, seed).total(0))
    mean = sum(scores) / GAMES
    spread = math.sqrt(sum((s - mean) ** 2 for s in scores) / (GAMES - 1))
    assert abs(mean - 254.5877) < 2.576 * spread / math.sqrt(GAMES)


def test_the_coach_rates_dice_where_they_lie_as_it_rates_them_lowest_first(solved: tuple[Advisor, Path]) -> None:
    """The solver works on the dice as a multiset: where each die lies changes no figure."""
    advisor, _ = solved
    placed = FiveDiceState(1)
    for text in ("roll 1 3 3 5 6", "keep 3 6 at 3 5", "roll 1 3 5 6 6"):
        placed.apply(parse_action(text))
    assert placed.dice == (1, 5, 3, 6, 6)
    lowest_first = placed.clone()
    lowest_first.dice = tuple(sorted(placed.dice))
    assert advisor.advise(placed).options == advisor.advise(lowest_first).options

"""A review repeats to the last figure and agrees with the hints: the analysis of a decision is the same
whether the coach gives it during play or the review gives it afterwards (same RNG, same fixed budget)."""

from __future__ import annotations

import io
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console

from tabletop.analysis import Analysis
from tabletop.loop import Match
from tabletop.review import review_game
from tabletop.store import Store, start_recording
from tabletop.ui.base import Prompter
from tabletop.ui.coach import give_hint
from tabletop.ui.play import Table
from tabletop_muster import actions as A
from tabletop_muster import game as muster
from tabletop_muster.agents import AGENTS
from tabletop_muster.ai.analyst import MusterAnalyst
from tabletop_muster.ui import MusterUI
from tabletop_muster.view import MusterView
from tests.muses.helpers import tabletop

SEED = 9
ITERATIONS = 120
"""A small budget: the figures are rough, but the test is whether they repeat and agree."""


class Recording(MusterAnalyst):
    """Muster's analyst, keeping every analysis it gives."""

    def __init__(self, iterations: int) -> None:
        super().__init__(iterations)
        self.given: list[Analysis[A.MusterAction]] = []

    def analyse(self, view: MusterView, legal: Sequence[A.MusterAction], **kwargs: Any) -> Analysis[A.MusterAction]:
        analysis = super().analyse(view, legal, **kwargs)
        self.given.append(analysis)
        return analysis


class GoOn(Prompter):
    def pause(self, message: str = "Press any key to go on") -> None:
        pass


def coached_game(seed: int) -> tuple[Match[A.MusterAction], dict[int, A.MusterAction]]:
    """A finished game against Easy in which the person asks for a hint at every decision and plays its
    first action at every other one (something else at the rest); the hinted first action at each ply."""
    match = Match(muster, seed=seed, agents=[None, AGENTS["easy"]()])
    table = Table(match, MusterUI(muster), Console(file=io.StringIO(), width=100), GoOn(), ["You", "Easy"])
    coach = Recording(ITERATIONS)
    table._analyst.append(coach)
    hinted: dict[int, A.MusterAction] = {}
    other = random.Random(seed)
    while True:
        match.advance()
        if match.is_over():
            return match, hinted
        legal = match.state.legal_actions()
        if len(legal) == 1:
            match.apply(legal[0])
            continue
        give_hint(table, 0)
        first = coach.given[-1].rated[0].action
        hinted[len(match.history)] = first
        match.apply(first if len(hinted) % 2 else other.choice(legal))


def test_the_action_the_coach_put_first_is_graded_as_no_loss() -> None:
    match, hinted = coached_game(SEED)
    review = review_game(
        muster, match.history, options=match.options, seed=match.seed, seat=0, analyst=MusterAnalyst(ITERATIONS)
    )
    assert [d.ply for d in review.decisions] == sorted(hinted)
    followed = [d for d in review.decisions if d.played == hinted[d.ply]]
    assert len(followed) >= len(hinted) // 2 > 5
    for decision in followed:
        assert decision.best == decision.played and decision.cost == 0 and decision.agreed, decision.ply
    assert any(not d.agreed for d in review.decisions)  # the other moves are graded, some as losses


def test_muster_reviews_and_hints_think_by_iterations_not_by_the_clock() -> None:
    analyst = muster.analyst({})
    assert analyst is not None and analyst.iterations and not analyst.timed


def test_reviewing_a_game_twice_gives_the_same_grades(tmp_path: Path) -> None:
    match = Match(muster, seed=SEED, agents=[AGENTS["random"](), AGENTS["easy"]()])
    with Store.open(tmp_path / "data") as store:
        row = start_recording(store, match, ["human", "easy"], ["You", "Computer (Easy)"]).row_id
        match.run()
    runs = [tabletop(tmp_path, "review", str(row), "--iterations", str(ITERATIONS), timeout=240) for _ in range(2)]
    for run in runs:
        assert run.returncode == 0, run.stderr
        assert f"{ITERATIONS:,} search iterations a decision" in " ".join(run.stdout.split())
    assert runs[0].stdout == runs[1].stdout

"""``tabletop review ID``: each decision of a finished game graded by its game's analyst, the costliest shown."""

from __future__ import annotations

import random
import re
from pathlib import Path

from tabletop.loop import Match
from tabletop.review import decisions_of, review_game
from tabletop.store import Store, start_recording
from tabletop_muses import game as muses
from tabletop_muses.advisor import Advisor
from tabletop_muses.agents import NaiveAgent
from tabletop_muses.cards import embed_cardset
from tabletop_muster import game as muster
from tabletop_muster.agents import AGENTS
from tabletop_muster.ai.analyst import MusterAnalyst
from tests.muses.helpers import make_set, tabletop

CARDS = make_set(
    [
        ("Alpha", 3, "flip", ["≥ 9", "Pair", "", ""]),
        ("Beta", 2, "adjust 1", ["⚄", "Both ≥ 4", "", ""]),
        ("Gamma", 4, "", ["Both even", "≥ 10", "", ""]),
    ],
    target=6,
    hints=2,
)


def naive_muses_game(data: Path, seed: int) -> tuple[int, Match[object]]:
    """A finished Muses game of a small set, its one seat a person's (played here by the naive player)."""
    match = Match(muses, options={"cards": embed_cardset(CARDS)}, seed=seed, agents=[NaiveAgent()])
    with Store.open(data) as store:
        row = start_recording(store, match, ["human"], ["You"]).row_id
        match.run()
    return row, match  # type: ignore[return-value]


def test_a_review_grades_every_decision_with_exact_figures(tmp_path: Path) -> None:
    _, match = naive_muses_game(tmp_path / "data", seed=4)
    options = match.options
    analyst = muses.analyst(options)
    review = review_game(muses, match.history, options=options, seed=match.seed, seat=0, analyst=analyst)
    assert [d.ply for d in review.decisions] == decisions_of(muses, match.history, options, 0)
    assert review.exact and review.decisions
    advisor = Advisor(CARDS, cache_dir=None)
    for decision in review.decisions:
        state = muses.new_initial_state(options)
        for text in match.history[: decision.ply]:
            state.apply(muses.parse_action(state, text))
        values = dict(advisor.advise(state).options)
        assert abs(decision.best_win - max(values.values())) < 1e-12
        assert abs(decision.played_win - values[decision.played]) < 1e-12
    costs = [d.cost for d in review.costliest()]
    assert costs == sorted(costs, reverse=True) and all(c > 0 for c in costs)


def test_review_command_shows_the_costliest_decisions(tmp_path: Path) -> None:
    rows = [naive_muses_game(tmp_path / "data", seed) for seed in range(1, 8)]
    # The naive player gives something away in most games; review the first such game.
    row = next(
        row
        for row, match in rows
        if review_game(
            muses, match.history, options=match.options, seed=match.seed, seat=0, analyst=muses.analyst(match.options)
        ).costliest()
    )
    result = tabletop(tmp_path, "review", str(row))
    assert result.returncode == 0, result.stderr
    out = " ".join(result.stdout.split())  # lines are wrapped at the terminal's width
    assert f"Review of game {row} (Muses). Graded by the exact solver: exact figures." in out
    assert re.search(r"You chose as the analyst would in \d+ of \d+ decisions\.", out)
    assert "Costliest decision 1 of" in out and "You played " in out and "Analyst's pick " in out
    assert "(an estimate)" not in out
    assert "Dice:" in out  # the position is drawn as the player saw it


def test_a_muster_review_is_said_to_be_an_estimate(tmp_path: Path) -> None:
    match = Match(muster, seed=9, agents=[AGENTS["random"](), AGENTS["easy"]()])
    with Store.open(tmp_path / "data") as store:
        row = start_recording(store, match, ["human", "easy"], ["You", "Computer (Easy)"]).row_id
        match.run()
    result = tabletop(tmp_path, "review", str(row), "--iterations", "100", timeout=240)
    assert result.returncode == 0, result.stderr
    out = " ".join(result.stdout.split())  # lines are wrapped at the terminal's width
    assert "Graded by Hard's search: estimates, 100 search iterations a decision." in out
    assert "points of win chance given away (an estimate)." in out and "Final reckoning" not in out


def test_the_muster_analyst_rates_from_the_view_alone() -> None:
    """Two deals that differ only in what the player cannot see get the same analysis."""
    from tabletop_muster.state import determinize

    state = muster.new_initial_state()
    rng = random.Random(3)
    while state.is_chance_node():
        state.apply(state.sample_chance(rng))
    player = state.current_player()
    view = state.view(player)
    other = determinize(view, random.Random(11))
    assert other.view(player) == view and other != state
    one = MusterAnalyst(iterations=200).analyse(view, state.legal_actions(), seconds=1, rng=random.Random(5))
    two = MusterAnalyst(iterations=200).analyse(
        other.view(player), other.legal_actions(), seconds=1, rng=random.Random(5)
    )
    assert [(str(r.action), r.win) for r in one.rated] == [(str(r.action), r.win) for r in two.rated]


def test_review_refuses_what_it_cannot_grade(tmp_path: Path) -> None:
    match = Match(muses, options={"cards": embed_cardset(CARDS)}, seed=1, agents=[None])
    with Store.open(tmp_path / "data") as store:
        row = start_recording(store, match, ["human"], ["You"]).row_id
        match.advance()
        computers = Match(muster, seed=2, agents=[AGENTS["random"](), AGENTS["random"]()])
        bots = start_recording(store, computers, ["random", "random"], ["A", "B"]).row_id
        computers.run()
    unfinished = tabletop(tmp_path, "review", str(row))
    assert unfinished.returncode == 2 and "is unfinished" in unfinished.stderr
    nobody = tabletop(tmp_path, "review", str(bots))
    assert nobody.returncode == 2 and "played by computers only" in nobody.stderr
    missing = tabletop(tmp_path, "review", "999")
    assert missing.returncode != 0 and "999" in missing.stderr and "Traceback" not in missing.stderr
    bad = tabletop(tmp_path, "review", str(row), "--seconds", "lots")
    assert bad.returncode == 2 and "not a number of seconds" in bad.stderr
    for many in ("lots", "0", "10000000"):
        bad = tabletop(tmp_path, "review", str(row), "--iterations", many)
        assert bad.returncode == 2 and "iterations" in bad.stderr and "Traceback" not in bad.stderr

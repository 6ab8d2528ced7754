"""The solve a game begins with runs in another process; a hint asked meanwhile waits for it and reads its work."""

from __future__ import annotations

import random
from pathlib import Path

from tabletop_muses.advisor import Advisor, cache_file
from tabletop_muses.analyst import MusesAnalyst
from tabletop_muses.background import solve_in_background
from tabletop_muses.cards import load_cards
from tabletop_muses.rules import MusesState
from tabletop_muses.solver import WIN

from .helpers import make_set, play

CARDS = make_set(
    [
        ("Alpha", 3, "flip", ["≥ 9", "Pair", "≥ 10", "12"]),
        ("Beta", 2, "adjust 1", ["⚄", "Both ≥ 4", "Pair ≥ 8", "11"]),
        ("Gamma", 4, "", ["Both even", "≥ 10", "", ""]),
    ],
    target=6,
    hints=2,
)


def test_a_background_solve_leaves_the_solution_where_the_advisor_reads_it(tmp_path: Path) -> None:
    solve = solve_in_background(CARDS, tmp_path)
    solve.start()
    seen: list[float] = []
    solve.wait(seen.append)
    assert solve.succeeded() and not solve.running()
    assert all(0 <= f <= 1 for f in seen) and solve.fraction == 1.0
    advisor = Advisor(CARDS, cache_dir=tmp_path)
    advisor.prepare()
    assert advisor.from_cache
    assert advisor.solve() == Advisor(CARDS, cache_dir=None).solve()


def test_a_hint_asked_while_the_solve_runs_waits_for_it_and_gives_the_exact_figures(tmp_path: Path) -> None:
    analyst = MusesAnalyst(CARDS, cache_dir=tmp_path)
    analyst.begin()
    assert analyst.background is not None and analyst.background.running()
    assert (analyst.status() or "").startswith("Working out the odds of this card set: ")
    state = play(MusesState(CARDS), "draw Beta", "roll 4 5")
    seen: list[float] = []
    analysis = analyst.analyse(
        state.view(0), state.legal_actions(), seconds=1, rng=random.Random(0), progress=seen.append
    )
    assert analyst.background is None and analyst.status() is None
    exact = Advisor(CARDS, cache_dir=None).advise(state)
    assert [(r.action, r.win) for r in analysis.rated] == sorted(exact.options, key=lambda o: -o[1])
    assert cache_file(CARDS, WIN, tmp_path).exists()


def test_no_background_solve_when_the_solution_is_kept_already(tmp_path: Path) -> None:
    Advisor(CARDS, cache_dir=tmp_path).solve()
    analyst = MusesAnalyst(CARDS, cache_dir=tmp_path)
    analyst.begin()
    assert analyst.background is None
    nowhere = MusesAnalyst(load_cards(), cache_dir=None)  # nowhere to keep a solution: solved when asked
    nowhere.begin()
    assert nowhere.background is None


def test_leaving_the_game_ends_a_solve_still_running(tmp_path: Path) -> None:
    solve = solve_in_background(load_cards(), tmp_path)
    solve.start()
    solve.stop()
    assert not solve.running() and not solve.succeeded()
    assert not list(tmp_path.glob("*.tmp"))

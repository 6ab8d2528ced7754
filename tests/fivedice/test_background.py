"""The solve a game with the coach begins with runs in another process; a hint waits for it and reads its work."""

from __future__ import annotations

import random
from pathlib import Path

from tabletop_fivedice.advisor import LOADED, Advisor, cache_file, read_solution
from tabletop_fivedice.analyst import FiveDiceAnalyst
from tabletop_fivedice.rules import FiveDiceState, Roll
from tabletop_fivedice.scoring import OFFICIAL


def test_a_hint_asked_while_the_solve_runs_waits_for_it_and_gives_the_exact_figures(
    solved: tuple[Advisor, Path], tmp_path: Path
) -> None:
    advisor, _ = solved
    analyst = FiveDiceAnalyst(OFFICIAL, tmp_path)
    analyst.begin()
    assert analyst.background is not None and analyst.background.running()
    assert (analyst.status() or "").startswith("Working out the best play: ")
    state = FiveDiceState(1, OFFICIAL)
    state.apply(Roll((2, 3, 3, 5, 6)))
    seen: list[float] = []
    analysis = analyst.analyse(
        state.view(0), state.legal_actions(), seconds=1, rng=random.Random(0), progress=seen.append
    )
    assert analyst.background is None and analyst.status() is None
    assert seen and all(0 <= f <= 1 for f in seen)
    assert read_solution(cache_file(OFFICIAL, tmp_path), OFFICIAL)[0] == LOADED
    assert [(r.action, r.win) for r in analysis.rated] == advisor.advise(state).options
    again = FiveDiceAnalyst(OFFICIAL, tmp_path)  # the next game finds the solution kept
    again.begin()
    assert again.background is None

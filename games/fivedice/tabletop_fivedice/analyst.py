"""Five Dice's coach: the expected final score after each choice, exact, for the player's own sheet.

With several players the coach still plays solitaire: it maximises the player's own expected
score, not the chance of beating the others (it says so with each hint).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from tabletop.analysis import Analysis, Analyst, Rated
from tabletop.game import View
from tabletop_fivedice.rules import FiveDiceAction, state_of

if TYPE_CHECKING:
    from tabletop.solutions import BackgroundSolve

OWN_SCORE_NOTE = "The coach plays for your highest own score, not for beating the others."


class FiveDiceAnalyst(Analyst[FiveDiceAction]):
    """Exact expected final scores, from the solution of the match's rule set (kept on disk)."""

    exact = True
    points = True
    name = "the exact solver"

    def __init__(self, rule: str, cache_dir: str | Path | None = "") -> None:
        self.rule = rule
        self.cache_dir = cache_dir
        self.background: BackgroundSolve | None = None
        """The solve started when the game began, while it runs or until a hint has waited for it."""

    def _folder(self) -> Path | None:
        from tabletop_fivedice.advisor import default_cache_dir

        if self.cache_dir is None:
            return None
        return default_cache_dir() if self.cache_dir == "" else Path(self.cache_dir)

    def begin(self) -> None:
        """Solve the rule set in another process unless its solution is on disk already."""
        from tabletop_fivedice.advisor import LOADED, cache_file, read_solution
        from tabletop_fivedice.background import solve_in_background

        folder = self._folder()
        if folder is None or self.background is not None:
            return
        path = cache_file(self.rule, folder)
        if path.exists() and read_solution(path, self.rule)[0] == LOADED:
            return
        self.background = solve_in_background(self.rule, folder)
        self.background.start()

    def status(self) -> str | None:
        if self.background is None or not self.background.running():
            return None
        return f"Working out the best play: {self.background.fraction:.0%} done"

    def analyse(
        self,
        view: View,
        legal: Sequence[FiveDiceAction],
        *,
        seconds: float,
        rng: random.Random,
        progress: Callable[[float], None] | None = None,
    ) -> Analysis[FiveDiceAction]:
        from tabletop_fivedice.advisor import DAMAGED_CACHE, advisor_for

        state = state_of(view)
        if self.background is not None:  # wait for the solve the game began with, then read what it wrote
            self.background.wait(progress)
            self.background = None
        advisor = advisor_for(self.rule, self.cache_dir)
        fresh = advisor.solver.values is None
        advice = advisor.advise(state)
        notes = [DAMAGED_CACHE] if fresh and advisor.damaged_cache else []
        if state.players > 1:
            notes.append(OWN_SCORE_NOTE)
        wanted = set(legal)
        rated = [Rated(action, value) for action, value in advice.options if action in wanted]
        return Analysis(rated, exact=True, notes=notes)

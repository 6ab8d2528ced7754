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

    def begin(self) -> None:
        """Solve the rule set in another process unless its solution is on disk already.

        Nothing starts when nothing could be kept (no cache folder, a pipe or a folder at the
        solution's name): the hint then solves and says why. What was wrong with a file that
        is solved again (damaged, another rule set's) is said with the first hint.
        """
        from tabletop_fivedice.advisor import advisor_for
        from tabletop_fivedice.background import solve_in_background

        if self.cache_dir is None or self.background is not None:
            return
        advisor = advisor_for(self.rule, self.cache_dir)
        advisor.prepare()
        if advisor.solver.values is not None or not advisor.place.writable:
            return
        assert advisor.path is not None
        self.background = solve_in_background(self.rule, advisor.path.parent)
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
        from tabletop_fivedice.advisor import advisor_for

        state = state_of(view)
        if self.background is not None:  # wait for the solve the game began with, then read what it wrote
            self.background.wait(progress)
            self.background = None
        advisor = advisor_for(self.rule, self.cache_dir)
        advice = advisor.advise(state)
        notes = advisor.take_notes()
        if state.players > 1:
            notes.append(OWN_SCORE_NOTE)
        wanted = set(legal)
        rated = [Rated(action, value) for action, value in advice.options if action in wanted]
        return Analysis(rated, exact=True, notes=notes)

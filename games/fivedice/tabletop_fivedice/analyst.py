"""Five Dice's coach: the expected final score after each choice, exact, for the player's own sheet.

With several players the coach still plays solitaire: it maximises the player's own expected
score, not the chance of beating the others (it says so with each hint).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from tabletop.solver_coach import SolverAnalyst
from tabletop_fivedice.rules import FiveDiceAction, FiveDiceView

if TYPE_CHECKING:
    from tabletop.solutions import BackgroundSolve
    from tabletop_fivedice.advisor import Advisor

OWN_SCORE_NOTE = "The coach plays for your highest own score, not for beating the others."


class FiveDiceAnalyst(SolverAnalyst[FiveDiceAction, FiveDiceView, "Advisor"]):
    """Exact expected final scores, from the solution of the match's rule set (kept on disk).

    The solution is read when the game begins, so a damaged one is solved again in the background
    from the start; what was wrong with it is said with the first hint.
    """

    points = True

    def __init__(self, rule: str, cache_dir: str | Path | None = "") -> None:
        super().__init__(cache_dir)
        self.rule = rule

    def advisor(self) -> Advisor:
        from tabletop_fivedice.advisor import advisor_for

        return advisor_for(self.rule, self.cache_dir)

    def needs_solve(self, folder: Path) -> bool:
        advisor = self.advisor()
        advisor.prepare()
        return advisor.solver.values is None and advisor.place.writable

    def solve_in_background(self, folder: Path) -> BackgroundSolve:
        from tabletop_fivedice.background import solve_in_background

        return solve_in_background(self.rule, folder)

    def values(self, advisor: Advisor, view: FiveDiceView) -> Sequence[tuple[FiveDiceAction, float]]:
        return advisor.advise(view.state).options

    def own_notes(self, view: FiveDiceView) -> list[str]:
        return [OWN_SCORE_NOTE] if view.state.players > 1 else []

"""Muses' analyst: the exact advisor, so a hint and a review give exact win chances.

>>> import random
>>> from tabletop_muses.cards import load_cards
>>> from tabletop_muses.rules import MusesState
>>> cards = load_cards().with_target(5)
>>> state = MusesState(cards)
>>> for text in ("draw Erato", "roll 1 2"):
...     state.apply(next(a for a in state.legal_actions() if str(a) == text))
>>> analysis = MusesAnalyst(cards, cache_dir=None).analyse(
...     state.view(0), state.legal_actions(), seconds=1, rng=random.Random(0))
>>> str(analysis.best), analysis.basis
('claim Erato', 'exact')
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from tabletop.analysis import AnalysisUnavailable
from tabletop.solver_coach import SolverAnalyst
from tabletop_muses.cards import CardSet
from tabletop_muses.rules import MusesAction, MusesView
from tabletop_muses.size import SolveRefused

if TYPE_CHECKING:
    from tabletop.solutions import BackgroundSolve
    from tabletop_muses.advisor import Advisor


class MusesAnalyst(SolverAnalyst[MusesAction, MusesView, "Advisor"]):
    """Exact win chances after each action, from the solver (its solution kept on disk, keyed by the card set).

    A game begins without reading the solution (up to a few GB): the first hint reads it.
    """

    working = "Working out the odds of this card set"
    refusals = (SolveRefused,)

    def __init__(self, cardset: CardSet, cache_dir: str | Path | None = "") -> None:
        super().__init__(cache_dir)
        self.cardset = cardset

    def advisor(self) -> Advisor:
        from tabletop_muses.advisor import advisor_for

        return advisor_for(self.cardset, self.cache_dir)

    def needs_solve(self, folder: Path) -> bool:
        """True unless something is at the solution's name already (a solution, or a pipe or a device, which a
        hint then reports) or a file is where the folder should be. A set too large to solve is refused by
        the solving process in a moment."""
        from tabletop.files import folder_problem
        from tabletop_muses.advisor import cache_file
        from tabletop_muses.solver import WIN

        return folder_problem(folder) is None and not os.path.lexists(cache_file(self.cardset, WIN, folder))

    def solve_in_background(self, folder: Path) -> BackgroundSolve:
        from tabletop_muses.background import solve_in_background

        return solve_in_background(self.cardset, folder)

    def values(self, advisor: Advisor, view: MusesView) -> Sequence[tuple[MusesAction, float]]:
        advice = advisor.advise(view.state)
        advisor.save()
        return advice.options

    def unavailable(self, reason: str) -> AnalysisUnavailable:
        return no_exact_odds(reason)


def no_exact_odds(reason: str) -> AnalysisUnavailable:
    """What a hint says when the set cannot be solved here: why, and how to solve it once elsewhere."""
    return AnalysisUnavailable(
        f"no exact odds: {reason}. On a computer with more memory, "
        "`tabletop muses solve --cards YOUR_FILE --max-memory GB` solves it once and keeps the solution "
        "for the hint.",
        "no exact odds for this card set (not enough memory to solve it)",
    )

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
import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from tabletop.analysis import Analysis, AnalysisUnavailable, Analyst, Rated
from tabletop.game import View
from tabletop_muses.cards import CardSet
from tabletop_muses.rules import MusesAction, MusesView

if TYPE_CHECKING:
    from tabletop.solutions import BackgroundSolve


class MusesAnalyst(Analyst[MusesAction]):
    """Exact win chances after each action, from the solver (its solution kept on disk, keyed by the card set)."""

    exact = True
    name = "the exact solver"

    def __init__(self, cardset: CardSet, cache_dir: str | Path | None = "") -> None:
        self.cardset = cardset
        self.cache_dir = cache_dir
        self.background: BackgroundSolve | None = None
        """The solve started when the game began, while it runs or until a hint has waited for it."""
        self.refusal: str | None = None
        """Why the set cannot be solved here (too large for the memory allowed), once known."""

    def _folder(self) -> Path | None:
        from tabletop_muses.advisor import default_cache_dir

        if self.cache_dir is None:
            return None
        return default_cache_dir() if self.cache_dir == "" else Path(self.cache_dir)

    def begin(self) -> None:
        """Solve the card set in another process unless its solution is on disk already (or in memory).

        Nothing starts when nothing could be kept: no cache folder, a file where the folder should
        be, or something at the solution's name already (a solution, or a pipe or a device, which a
        hint then reports). A set too large to solve is refused by that process in a moment.
        """
        from tabletop.files import folder_problem
        from tabletop_muses.advisor import cache_file
        from tabletop_muses.background import solve_in_background
        from tabletop_muses.solver import WIN

        folder = self._folder()
        if folder is None or self.background is not None or folder_problem(folder) is not None:
            return
        if os.path.lexists(cache_file(self.cardset, WIN, folder)):
            return
        self.background = solve_in_background(self.cardset, folder)
        self.background.start()

    def status(self) -> str | None:
        """How far the background solve has got, while it runs."""
        if self.background is None or not self.background.running():
            return None
        return f"Working out the odds of this card set: {self.background.fraction:.0%} done"

    def analyse(
        self,
        view: View,
        legal: Sequence[MusesAction],
        *,
        seconds: float,
        rng: random.Random,
        progress: Callable[[float], None] | None = None,
    ) -> Analysis[MusesAction]:
        """Exact win chances; :class:`~tabletop.analysis.AnalysisUnavailable` for a set too large to solve."""
        from tabletop_muses.advisor import advisor_for
        from tabletop_muses.size import SolveRefused

        assert isinstance(view, MusesView), "Muses' analyst reads a Muses view"
        if self.background is not None:  # wait for the solve the game began with, then read what it wrote
            self.background.wait(progress)
            if self.background.refusal is not None:
                self.refusal = self.background.refusal
            self.background = None
        if self.refusal is not None:
            raise no_exact_odds(self.refusal)
        advisor = advisor_for(self.cardset, self.cache_dir)
        advisor.prepare()
        try:
            advice = advisor.advise(view.state())
        except SolveRefused as exc:
            self.refusal = str(exc)
            raise no_exact_odds(self.refusal) from None
        advisor.save()
        wanted = set(legal)
        rated = [Rated(action, value) for action, value in advice.options if action in wanted]
        return Analysis(rated, exact=True, notes=advisor.take_notes())


def no_exact_odds(reason: str) -> AnalysisUnavailable:
    """What a hint says when the set cannot be solved here: why, and how to solve it once elsewhere."""
    return AnalysisUnavailable(
        f"no exact odds: {reason}. On a computer with more memory, "
        "`tabletop muses solve --cards YOUR_FILE --max-memory GB` solves it once and keeps the solution "
        "for the hint.",
        "no exact odds for this card set (not enough memory to solve it)",
    )

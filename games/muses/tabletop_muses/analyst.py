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

import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from tabletop.analysis import Analysis, Analyst, Rated
from tabletop.game import View
from tabletop_muses.cards import CardSet
from tabletop_muses.rules import MusesAction, MusesView

if TYPE_CHECKING:
    from tabletop_muses.background import BackgroundSolve


class MusesAnalyst(Analyst[MusesAction]):
    """Exact win chances after each action, from the solver (its solution kept on disk, keyed by the card set)."""

    exact = True
    name = "the exact solver"

    def __init__(self, cardset: CardSet, cache_dir: str | Path | None = "") -> None:
        self.cardset = cardset
        self.cache_dir = cache_dir
        self.background: BackgroundSolve | None = None
        """The solve started when the game began, while it runs or until a hint has waited for it."""

    def _folder(self) -> Path | None:
        from tabletop_muses.advisor import default_cache_dir

        if self.cache_dir is None:
            return None
        return default_cache_dir() if self.cache_dir == "" else Path(self.cache_dir)

    def begin(self) -> None:
        """Solve the card set in another process unless its solution is on disk already (or in memory)."""
        from tabletop_muses.advisor import cache_file
        from tabletop_muses.background import BackgroundSolve
        from tabletop_muses.solver import WIN

        folder = self._folder()
        if folder is None or self.background is not None or cache_file(self.cardset, WIN, folder).exists():
            return
        self.background = BackgroundSolve(self.cardset, folder)
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
        from tabletop_muses.advisor import DAMAGED_CACHE, advisor_for

        assert isinstance(view, MusesView), "Muses' analyst reads a Muses view"
        if self.background is not None:  # wait for the solve the game began with, then read what it wrote
            self.background.wait(progress)
            self.background = None
        advisor = advisor_for(self.cardset, self.cache_dir)
        fresh = not advisor.solver.memo
        advisor.prepare()
        notes = [DAMAGED_CACHE] if fresh and advisor.damaged_cache else []
        advice = advisor.advise(view.state())
        advisor.save()
        wanted = set(legal)
        rated = [Rated(action, value) for action, value in advice.options if action in wanted]
        return Analysis(rated, exact=True, notes=notes)

"""Muses' analyst: the exact advisor, so a hint and a review give exact win chances.

>>> import random
>>> from tabletop_muses.cards import load_cards
>>> from tabletop_muses.rules import MusesState
>>> cards = load_cards().with_target(5)
>>> state = MusesState(cards)
>>> for text in ("draw Erato", "roll 2 3"):
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

from tabletop.analysis import Analysis, Analyst, Rated
from tabletop.game import View
from tabletop_muses.cards import CardSet
from tabletop_muses.rules import MusesAction, MusesView


class MusesAnalyst(Analyst[MusesAction]):
    """Exact win chances after each action, from the solver (its solution kept on disk, keyed by the card set)."""

    exact = True
    name = "the exact solver"

    def __init__(self, cardset: CardSet, cache_dir: str | Path | None = "") -> None:
        self.cardset = cardset
        self.cache_dir = cache_dir

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
        advisor = advisor_for(self.cardset, self.cache_dir)
        fresh = not advisor.solver.memo
        advisor.prepare()
        notes = [DAMAGED_CACHE] if fresh and advisor.damaged_cache else []
        advice = advisor.advise(view.state())
        advisor.save()
        wanted = set(legal)
        rated = [Rated(action, value) for action, value in advice.options if action in wanted]
        return Analysis(rated, exact=True, notes=notes)

"""Computer players for Muses: a naive one and the exact optimal one."""

from __future__ import annotations

import random
from collections.abc import Sequence

from tabletop.game import Agent
from tabletop_muses.rules import Claim, End, MusesAction, MusesView


class NaiveAgent(Agent[MusesAction, MusesView]):
    """Claims the first claimable muse in the display (oldest first); never uses hints or powers."""

    name = "naive"

    def choose(self, view: MusesView, legal: Sequence[MusesAction], rng: random.Random) -> MusesAction:
        claims = {a.card: a for a in legal if isinstance(a, Claim)}
        state = view.state
        for index, _ in state.display:
            name = state.card(index).name
            if name in claims:
                return claims[name]
        return next(a for a in legal if isinstance(a, End))


class OptimalAgent(Agent[MusesAction, MusesView]):
    """Plays the move the exact solver rates best (the solution is cached on disk)."""

    name = "optimal"

    def __init__(self, cache_dir: str | None = "") -> None:
        # "" is the user's cache folder; None keeps the solution in memory only.
        self.cache_dir = cache_dir

    def choose(self, view: MusesView, legal: Sequence[MusesAction], rng: random.Random) -> MusesAction:
        """The best move of the exact solution; :class:`~tabletop.analysis.AnalysisUnavailable` for a set too
        large to solve here, as the coach says it."""
        from tabletop_muses.advisor import advisor_for
        from tabletop_muses.analyst import no_exact_odds
        from tabletop_muses.size import SolveRefused

        state = view.state
        try:
            return advisor_for(state.cardset, self.cache_dir).advise(state).best
        except SolveRefused as exc:
            raise no_exact_odds(str(exc)) from None

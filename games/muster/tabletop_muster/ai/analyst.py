"""Muster's analyst: Hard's search, asked about every legal action of the player to move.

The search is the one Hard plays with (:mod:`tabletop_muster.ai.search`), from
the player's view alone: the cards they have not seen are dealt anew in every
iteration. It runs for the whole budget (no early stop, so that the runners-up
are searched too), and each root action is rated by the mean value of the
iterations through it: an estimate of the player's chance of winning.

    >>> import random
    >>> from tabletop_muster import game
    >>> state = game.new_initial_state()
    >>> while state.is_chance_node():
    ...     state.apply(state.sample_chance(random.Random(1)))
    >>> player = state.current_player()
    >>> analysis = MusterAnalyst(iterations=300).analyse(
    ...     state.view(player), state.legal_actions(), seconds=1, rng=random.Random(2))
    >>> analysis.exact, 0 <= analysis.rated[0].win <= 1, analysis.samples
    (False, True, 300)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence

from tabletop.analysis import Analysis, Analyst, Rated
from tabletop.game import View
from tabletop_muster.actions import MusterAction
from tabletop_muster.ai.sampling import DealSampler
from tabletop_muster.view import MusterView


class MusterAnalyst(Analyst[MusterAction]):
    """Rates actions by Hard's search (estimates). ``iterations`` fixes the budget (for tests) instead of time."""

    exact = False
    name = "Hard's search"
    timed = True

    def __init__(self, iterations: int | None = None) -> None:
        self.iterations = iterations

    def analyse(
        self,
        view: View,
        legal: Sequence[MusterAction],
        *,
        seconds: float,
        rng: random.Random,
        progress: Callable[[float], None] | None = None,
    ) -> Analysis[MusterAction]:
        from tabletop_muster.agents import hard

        assert isinstance(view, MusterView), "Muster's analyst reads a Muster view"
        agent = hard(seconds=seconds, iterations=self.iterations, stop_early=False)
        sampler = DealSampler(view, rng)
        deadline = time.perf_counter() + seconds
        (root,) = agent.search(sampler, view.player, rng, deadline, [a.id for a in legal])
        rated = [
            Rated(action, child.w / child.n, child.n)
            for action in legal
            if (child := root.children.get(action.id)) is not None and child.n
        ]
        if not rated:  # too little time for even one iteration per action: say so, rate nothing better
            rated = [Rated(action, 0.5, 0) for action in legal]
        if progress is not None:
            progress(1.0)
        return Analysis(rated, exact=False, samples=agent.last_iterations)

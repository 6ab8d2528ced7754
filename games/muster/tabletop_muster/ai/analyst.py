"""Muster's analyst: Hard's search, asked about every legal action of the player to move.

The search is the one Hard plays with (:mod:`tabletop_muster.ai.search`), from
the player's view alone: the cards they have not seen are dealt anew in every
iteration. It runs for the whole budget (no early stop, so that the runners-up
are searched too), and each root action is rated by the mean value of the
iterations through it: an estimate of the player's chance of winning.

Its budget is a number of iterations (:data:`ANALYST_ITERATIONS`), not a time,
so an analysis depends on the view and the RNG alone: a hint and the review of
the same decision, given the same RNG (:func:`tabletop.analysis.analysis_rng`),
are the same analysis, whatever the machine's load. The best action also
carries the reply the search expects to it (:mod:`tabletop_muster.ai.replies`).

    >>> import random
    >>> from tabletop_muster.state import MusterState
    >>> state = MusterState.new()  # chance picks the first player, as in a new game with no options
    >>> while state.is_chance_node():
    ...     state.apply(state.sample_chance(random.Random(1)))
    >>> player = state.current_player()
    >>> analysis = MusterAnalyst(iterations=300).analyse(
    ...     state.view(player), state.legal_actions(), seconds=1, rng=random.Random(2))
    >>> analysis.exact, 0 <= analysis.rated[0].win <= 1, analysis.samples
    (False, True, 300)
    >>> analysis.rated[0].reply.startswith("South" if player == 0 else "North")
    True
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from tabletop.analysis import Analysis, Analyst, Rated
from tabletop_muster.actions import MusterAction
from tabletop_muster.ai.sampling import DealSampler
from tabletop_muster.view import MusterView

ANALYST_ITERATIONS = 5000
"""Search iterations per analysis, for a hint and for each decision of a review alike (about half a second
here, docs/muster-ai.md "The analyst")."""


class MusterAnalyst(Analyst[MusterAction, MusterView]):
    """Rates actions by Hard's search (estimates), ``iterations`` of it per analysis (None: by ``seconds``)."""

    exact = False
    name = "Hard's search"

    def __init__(self, iterations: int | None = ANALYST_ITERATIONS) -> None:
        self.iterations = iterations
        self.timed = iterations is None

    def with_iterations(self, iterations: int) -> MusterAnalyst:
        return MusterAnalyst(iterations)

    def analyse(
        self,
        view: MusterView,
        legal: Sequence[MusterAction],
        *,
        seconds: float,
        rng: random.Random,
        progress: Callable[[float], None] | None = None,
    ) -> Analysis[MusterAction]:
        from tabletop_muster.agents import hard
        from tabletop_muster.ai.replies import expected_reply
        from tabletop_muster.ai.search import KEY_COARSE, KEY_EXACT

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
        best = max(rated, key=lambda r: r.win)
        keys = KEY_COARSE if agent.config.opponent_keys == "coarse" else KEY_EXACT
        reply = expected_reply(root, sampler.sample(rng), view.player, best.action, keys)
        rated = [_with_reply(r, reply) if r is best else r for r in rated]
        if progress is not None:
            progress(1.0)
        return Analysis(rated, exact=False, samples=agent.last_iterations)


def _with_reply(rated: Rated[Any], reply: str | None) -> Rated[Any]:
    return Rated(rated.action, rated.win, rated.samples, reply)

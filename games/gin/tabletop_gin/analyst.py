"""Gin Rummy's analyst for the Coach and Review: each action rated by the hands played out after it.

For every legal action it deals possible worlds from the player's view (the other hand and the stock
redrawn with ``resample_hidden``), plays the action, and plays the hand out with Medium's moves on both
sides, the same worlds for every action. An action's figure is the share of those hands the player wins
(a drawn hand counts half): an estimate of the chance of winning the hand. Actions of equal figures stand in
the order of the points they score over the same hands (knocking with 2 before a discard that would knock
next turn; once the hand is lost, laying all four 6s before three of them).

>>> import random
>>> from tabletop_gin.rules import GinState
>>> state = GinState.new()
>>> rng = random.Random(5)
>>> while state.is_chance_node():
...     state.apply(state.sample_chance(rng))
>>> seat = state.current_player()
>>> analysis = GinAnalyst(rollouts=4).analyse(state.view(seat), state.legal_actions(), seconds=5, rng=rng)
>>> 0 <= analysis.rated[0].win <= 1, analysis.samples
(True, 8)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence

from tabletop.analysis import Analysis, Analyst, Rated
from tabletop_gin.actions import GinAction
from tabletop_gin.rules import GinState
from tabletop_gin.strategy import plain_move
from tabletop_gin.view import OVER, GinView
from tabletop_gin.worlds import world_of

ROLLOUTS = 24
"""Hands played out per action (the same worlds for each)."""
HALF = 0.5


class GinAnalyst(Analyst[GinAction, GinView]):
    """Rates each action by ``rollouts`` hands played out after it with Medium's moves."""

    exact = False
    name = "hands played out by Medium"

    def __init__(self, rollouts: int = ROLLOUTS) -> None:
        self.rollouts = rollouts
        self.iterations = rollouts

    def with_iterations(self, iterations: int) -> GinAnalyst:
        return GinAnalyst(iterations)

    def analyse(
        self,
        view: GinView,
        legal: Sequence[GinAction],
        *,
        seconds: float,
        rng: random.Random,
        progress: Callable[[float], None] | None = None,
    ) -> Analysis[GinAction]:
        seeds = [rng.randrange(2**32) for _ in range(self.rollouts)]
        deadline = time.perf_counter() + seconds
        rated: list[tuple[Rated[GinAction], float]] = []  # each with the points it scored
        for index, action in enumerate(legal):
            outcomes = [_play_out(view, action, random.Random(seed)) for seed in seeds]
            won, points = sum(o[0] for o in outcomes), sum(o[1] for o in outcomes)
            rated.append((Rated(action, won / len(outcomes), len(outcomes)), points / len(outcomes)))
            if progress is not None:
                progress((index + 1) / len(legal))
            if time.perf_counter() > deadline:  # out of time: the rest are rated as even
                rated += [(Rated(a, HALF, 0), 0.0) for a in legal[index + 1 :]]
                break
        # The analysis orders by the figure alone, keeping this order where figures are equal.
        ordered = [r for r, _ in sorted(rated, key=lambda pair: (-pair[0].win, -pair[1]))]
        return Analysis(ordered, exact=False, samples=self.rollouts * len(legal))


def _play_out(view: GinView, action: GinAction, rng: random.Random) -> tuple[float, int]:
    """One world: ``action``, then the hand played to its end; 1 if ``view.player`` wins it, 0.5 if drawn; and
    the points the player scored (less those the other player scored)."""
    state: GinState = world_of(view, rng).resample_hidden(view.player, rng)
    hand = state.hand_number
    state.apply(action)
    while state.hand_number == hand and state.phase != OVER:
        player = state.current_player()
        if state.is_chance_node():
            state.apply(state.sample_chance(rng))
        else:
            state.apply(plain_move(state.view(player), state.legal_actions()))
    last = state.last
    if last is None or last.winner is None:
        return HALF, 0
    return (1.0, last.points) if last.winner == view.player else (0.0, -last.points)

"""Gin Rummy's analyst for the Coach and Review: each action rated by the hands played out after it.

For every legal action it deals possible worlds from the player's view (the other hand and the stock
redrawn with ``resample_hidden``), plays the action, and plays the hand out with Medium's moves on both
sides, the same worlds for every action. An action's figure is the share of those hands the player wins
(a drawn hand counts half): an estimate of the chance of winning the hand. Every action is played out in a
few of the worlds first, the most promising in all of them (:class:`GinAnalyst`). Actions of equal figures
stand in the order of the points they score over the same hands (knocking with 2 before a discard that would
knock next turn; once the hand is lost, laying all four 6s before three of them).

>>> import random
>>> from tabletop_gin.rules import GinState
>>> state = GinState.new()
>>> rng = random.Random(5)
>>> while state.is_chance_node():
...     state.apply(state.sample_chance(rng))
>>> seat = state.current_player()
>>> analysis = GinAnalyst(rollouts=4).analyse(state.view(seat), state.legal_actions(), seconds=5, rng=rng)
>>> 0 <= analysis.rated[0].win <= 1, analysis.samples
(True, 4)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from tabletop.analysis import Analysis, Analyst, Rated
from tabletop_gin.actions import GinAction
from tabletop_gin.rules import GinState
from tabletop_gin.strategy import plain_move
from tabletop_gin.view import OVER, GinView
from tabletop_gin.worlds import world_of

ROLLOUTS = 24
"""Hands the most promising actions are played out in (the same worlds for each)."""
SCREENING = 8
"""Hands every action is first played out in, the first of those worlds: the :data:`SHORTLIST` best by them are
then played out in the rest (the others would take most of a hint's time to tell apart from the clearly worse)."""
LISTED = 3
"""The actions the Coach lists: each of its figures rests on all the worlds."""
SHORTLIST = LISTED
"""Actions played out in all :data:`ROLLOUTS` worlds at once: the best by the first worlds (then any other that
those alone would rank among the :data:`LISTED`, until each listed figure rests on all)."""
HALF = 0.5


class GinAnalyst(Analyst[GinAction, GinView]):
    """Rates each action by hands played out after it with Medium's moves: every action in the first
    :data:`SCREENING` of ``rollouts`` worlds, those it lists first in all of them. Its work is fixed by
    ``rollouts``, not by time, so an analysis depends on the view and the ``rng`` alone."""

    exact = False
    name = "hands played out by Medium"
    iteration_words = "sampled deals"

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
        first, rest = seeds[:SCREENING], seeds[SCREENING:]
        work, done = len(legal) * len(first) + min(SHORTLIST, len(legal)) * len(rest), 0
        played: dict[GinAction, list[tuple[float, int]]] = {}

        def play(action: GinAction, worlds: Sequence[int]) -> None:
            nonlocal done
            played[action] = played.get(action, []) + [_play_out(view, action, random.Random(s)) for s in worlds]
            done += len(worlds)
            if progress is not None:
                progress(min(1.0, done / work))

        for action in legal:
            play(action, first)
        if rest:
            for action in sorted(legal, key=lambda a: _standing(played[a]))[:SHORTLIST]:
                play(action, rest)
            # An action ranked among those listed on its first worlds alone is played out in the rest too, until
            # every figure listed rests on all the worlds.
            while unsure := [
                a for a in sorted(legal, key=lambda a: _standing(played[a]))[:LISTED] if len(played[a]) < len(seeds)
            ]:
                play(unsure[0], rest)
        # The analysis orders by the figure alone, keeping this order where figures are equal: by points.
        ordered = sorted(legal, key=lambda a: _standing(played[a]))
        rated = [Rated(a, sum(o[0] for o in played[a]) / len(played[a]), len(played[a])) for a in ordered]
        return Analysis(rated, exact=False, samples=self.rollouts)


def _standing(outcomes: Sequence[tuple[float, int]]) -> tuple[float, float]:
    """Where an action's hands played out put it, best first: by the share won, then by the points scored."""
    return -sum(o[0] for o in outcomes) / len(outcomes), -sum(o[1] for o in outcomes) / len(outcomes)


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

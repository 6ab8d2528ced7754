"""Computer players for Five Dice: a simple one and the exact solitaire-optimal one."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from tabletop.game import Agent
from tabletop_fivedice.rules import FiveDiceAction, FiveDiceState, FiveDiceView, Keep, Score
from tabletop_fivedice.scoring import UPPER


class SimpleAgent(Agent[FiveDiceAction, FiveDiceView]):
    """Holds the dice of its most common face (the higher on a tie) and rerolls the rest while it may;
    then scores in the box that gives the most points now, an upper box before a lower one on a tie."""

    name = "simple"

    def choose(self, view: FiveDiceView, legal: Sequence[FiveDiceAction], rng: random.Random) -> FiveDiceAction:
        state = view.state
        assert state.dice is not None
        counts = Counter(state.dice)
        face = max(counts, key=lambda f: (counts[f], f))
        scores = [a for a in legal if isinstance(a, Score)]
        points = dict(state.choices())
        best = max(scores, key=lambda a: (points[a.box], a.box in UPPER))
        wanted = Keep((face,) * counts[face])
        if counts[face] < 5 and wanted in legal and points[best.box] < 25:
            return wanted
        return best


class OptimalAgent(Agent[FiveDiceAction, FiveDiceView]):
    """Plays the action with the highest expected final score for its own sheet (the exact solution, cached)."""

    name = "optimal"

    def __init__(self, cache_dir: str | None = "") -> None:
        # "" is the user's cache folder; None keeps the solution in memory only.
        self.cache_dir = cache_dir

    def choose(self, view: FiveDiceView, legal: Sequence[FiveDiceAction], rng: random.Random) -> FiveDiceAction:
        from tabletop_fivedice.advisor import advisor_for

        state = view.state
        return advisor_for(state.rule, self.cache_dir).advise(state).best


def play_solo(agent: Agent[FiveDiceAction, FiveDiceView], seed: int) -> FiveDiceState:
    """A solo game of ``agent`` to its end, the dice and the agent drawing from one RNG seeded ``seed``: the
    seeded games the benches and tests measure (game ``n`` from seed ``n``)."""
    from tabletop.rng import make_rng

    rng = make_rng(seed)
    state = FiveDiceState(players=1)  # the official rules, as a game with no options has them
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(state.sample_chance(rng))
        else:
            state.apply(agent.choose(state.view(0), state.legal_actions(), rng))
    return state

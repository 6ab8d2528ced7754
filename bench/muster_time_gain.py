"""What four times the iterations buys Hard's search, move by move.

Hard plays itself (at a small fixed budget) from a seed, and every few
decisions with a real choice the position is kept. At each kept position the
search, with the settings given, chooses a move at a base budget and at four
times that budget, a few times each with different seeds; a reference search
at sixteen times the base budget then values every root action, and its own
choice is the action it visits most (as the agent decides: a rarely tried
action's mean is too noisy to crown). A choice's *regret* is how much less the
reference values it than that choice, in win probability; it can be negative
when a less visited action's mean happens to be higher. The printout compares the two budgets: how
often each picks the reference's move, and their mean regret.

It is a diagnosis, not a verdict: the reference is itself a search with an
error of its own, and a regret of a hundredth on one move is not a hundredth
of a game. Games decide (``bench/muster_strength.py``); this shows, in
minutes instead of hours, whether more iterations change the moves at all.

Usage: ``python bench/muster_time_gain.py [--positions P] [--iterations N] [--tries T] [--setting key=value ...]``
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from tabletop_muster.agents import hard
from tabletop_muster.ai.lab import parse_spec
from tabletop_muster.ai.sampling import DealSampler
from tabletop_muster.ai.search import ISMCTSAgent, Node, SearchConfig
from tabletop_muster.state import MusterState


def positions(count: int, seed: int, every: int = 5, player_iterations: int = 1000) -> list[MusterState]:
    """``count`` positions from Hard-against-Hard games, every ``every``-th decision with 3 or more moves."""
    kept: list[MusterState] = []
    game = 0
    while len(kept) < count:
        rng = random.Random(f"{seed}-{game}")
        players = (hard(iterations=player_iterations), hard(iterations=player_iterations))
        state = MusterState.new(first=game % 2)
        choices = 0
        while not state.is_terminal() and len(kept) < count:
            if state.is_chance_node():
                state.apply(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            if len(legal) >= 3:
                choices += 1
                if choices % every == 0:
                    kept.append(state.clone())
            me = state.current_player()
            state.apply(players[me].choose(state.view(me), legal, rng))
        game += 1
    return kept


@dataclass
class Tally:
    """Choices at one budget, against the reference."""

    choices: int = 0
    agree: int = 0
    regret: float = 0.0

    def add(self, value_of: dict[int, float], best: int, chosen: int) -> None:
        self.choices += 1
        self.agree += chosen == best
        self.regret += value_of[best] - value_of.get(chosen, 0.0)

    def line(self, label: str) -> str:
        return (
            f"{label:<24} {self.choices:>5} choices  agrees with the reference {100 * self.agree / self.choices:5.1f}%"
            f"  mean regret {self.regret / self.choices:.4f}"
        )


def reference_search(state: MusterState, config: SearchConfig, seed: int) -> tuple[dict[int, float], int]:
    """The mean value of each root action after a long search (no early stop), and the most visited action."""
    me = state.current_player()
    rng = random.Random(seed)
    agent = ISMCTSAgent(replace(config, stop_early=False))
    legal = state.legal_actions()
    (root,) = agent.search(DealSampler(state.view(me), rng), me, rng, float("inf"), [a.id for a in legal])
    tried = {a.id: root.children[a.id] for a in legal if a.id in root.children and root.children[a.id].n}
    return {i: ch.w / ch.n for i, ch in tried.items()}, most_visited(tried)


def most_visited(children: dict[int, Node]) -> int:
    """The action a search plays: most visits, then the higher mean.

    >>> sure, lucky = Node(), Node()
    >>> sure.n, sure.w, lucky.n, lucky.w = 700, 420.0, 1, 1.0
    >>> most_visited({1: sure, 2: lucky})
    1
    """
    return max(children, key=lambda i: (children[i].n, children[i].w / children[i].n))


def choice(state: MusterState, config: SearchConfig, seed: int) -> int:
    me = state.current_player()
    rng = random.Random(seed)
    legal = state.legal_actions()
    move: Any = ISMCTSAgent(config).choose(state.view(me), legal, rng)
    return int(move.id)


def measure(states: Sequence[MusterState], config: SearchConfig, iterations: int, tries: int) -> tuple[Tally, Tally]:
    base, more = Tally(), Tally()
    for p, state in enumerate(states):
        values, best = reference_search(state, replace(config, iterations=16 * iterations), seed=10_000 + p)
        for t in range(tries):
            base.add(values, best, choice(state, replace(config, iterations=iterations), seed=100 * p + t))
            more.add(values, best, choice(state, replace(config, iterations=4 * iterations), seed=100 * p + t))
    return base, more


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=40, help="positions looked at (default %(default)s)")
    parser.add_argument(
        "--iterations",
        type=int,
        default=8000,
        help="base budget; about what Hard runs in its 1 s (default %(default)s)",
    )
    parser.add_argument("--tries", type=int, default=3, help="searches per position and budget (default %(default)s)")
    parser.add_argument("--seed", type=int, default=5, help="seed of the games the positions come from")
    parser.add_argument(
        "--setting",
        action="append",
        default=[],
        help="a search setting of the searches measured, e.g. rollout=4 (repeatable)",
    )
    args = parser.parse_args(argv)
    try:
        _, settings = parse_spec("hard:" + ",".join(args.setting))
    except ValueError as exc:
        parser.error(str(exc))
    config = replace(SearchConfig(), **settings)
    states = positions(args.positions, args.seed)
    print(f"{len(states)} positions (seed {args.seed}), {args.tries} searches each per budget; settings: {config}")
    base, more = measure(states, config, args.iterations, args.tries)
    print(base.line(f"{args.iterations} iterations"))
    print(more.line(f"{4 * args.iterations} iterations"))
    print(f"reference: {16 * args.iterations} iterations")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

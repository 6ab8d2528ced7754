"""How Hard's search spreads its visits: the root's children after a fixed budget.

Medium plays both seats from a seed to a few positions (an opening, a middle
game, a late game); at each, the ISMCTS search runs a fixed number of iterations
and this prints, for the most visited root actions, their visits, their mean
value and the depth of the tree below them. With values only a few hundredths
apart, an exploration constant too large for that spread keeps the visits
nearly even however long the search runs, so more time buys little.

Usage: ``python bench/muster_root_stats.py [--iterations N] [--exploration C ...] [--rollout R ...] [--top K]``
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence

from tabletop_muster.ai.sampling import DealSampler
from tabletop_muster.ai.search import KEY_COARSE, Node, SearchConfig, _iterate
from tabletop_muster.ai.simple import MediumAgent
from tabletop_muster.state import MusterState

POSITIONS = ((1, 10), (2, 30), (3, 50))
"""(seed, decisions played by Medium) of the positions looked at."""


def position(seed: int, decisions: int) -> MusterState:
    """Medium against itself from ``seed`` until ``decisions`` decisions are made and a choice of 4+ actions comes."""
    rng = random.Random(seed)
    state = MusterState.new(first=0)
    medium = MediumAgent()
    made = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        if made >= decisions and len(legal) > 3:
            return state
        state.apply(medium.choose(state.view(state.current_player()), legal, rng))
        made += 1
    raise ValueError(f"the game from seed {seed} ended before {decisions} decisions")


def depth(node: Node) -> int:
    return 1 + max((depth(child) for child in node.children.values()), default=0)


def root_after(state: MusterState, iterations: int, exploration: float, rollout: int, seed: int) -> Node:
    me = state.current_player()
    rng = random.Random(seed)
    sampler = DealSampler(state.view(me), rng)
    root = Node()
    config = SearchConfig(exploration=exploration, rollout=rollout)
    for _ in range(iterations):
        _iterate(root, sampler.sample(rng), me, KEY_COARSE, config, rng)
    return root


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--iterations", type=int, default=8000, help="iterations per search (default %(default)s)")
    parser.add_argument("--exploration", type=float, nargs="+", default=[0.7], help="UCB constants to compare")
    parser.add_argument(
        "--rollout",
        type=int,
        nargs="+",
        default=[SearchConfig.rollout],
        help="rollout lengths to compare (random decisions before the evaluation)",
    )
    parser.add_argument("--top", type=int, default=4, help="root actions shown (default %(default)s)")
    args = parser.parse_args(argv)
    for seed, decisions in POSITIONS:
        state = position(seed, decisions)
        print(
            f"position: seed {seed}, after {decisions} decisions; deck {len(state.deck)}, "
            f"{len(state.legal_actions())} legal actions; {args.iterations} iterations"
        )
        for c in args.exploration:
            for rollout in args.rollout:
                root = root_after(state, args.iterations, c, rollout, seed)
                children = sorted(root.children.values(), key=lambda ch: -ch.n)[: args.top]
                shown = "  ".join(f"{ch.n:>6} {ch.w / ch.n:.3f} d{depth(ch)}" for ch in children)
                print(f"  c={c:<4} rollout {rollout:<3} visits, value, depth: {shown}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

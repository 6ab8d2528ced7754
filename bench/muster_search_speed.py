"""Search speed of Muster's computer players: iterations per second from the opening position, one core.

Deals a game from a fixed seed, then times each search level's ``choose`` on
the first player's opening decision with a time budget, and prints the
iterations it ran per second. An iteration is one full pass: sample a deal of
the unseen cards (ISMCTS: every iteration; PIMC: a fixed deal per tree), descend
the tree, expand, play the short rollout, evaluate and back up.

Usage: ``python bench/muster_search_speed.py [--seconds S] [--repeats N] [--seed SEED] [--variant FLAG ...]
[--setting key=value ...]``; a setting applies to every level, e.g. ``--setting pause_gc=1``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from typing import Any

from tabletop_muster import game
from tabletop_muster.agents import SEARCHES
from tabletop_muster.ai.lab import parse_spec
from tabletop_muster.state import MusterState

TARGET = 2000


def opening(seed: int, options: dict[str, str]) -> MusterState:
    """The position after the deal, first player to act."""
    rng = random.Random(seed)
    state = game.new_initial_state({**options, "first": "1"})
    while state.is_chance_node():
        state.apply(state.sample_chance(rng))
    return state


def measure(
    level: str, state: MusterState, seconds: float, repeats: int, settings: dict[str, Any] | None = None
) -> float:
    """Best iterations/s over ``repeats`` decisions (the least disturbed by other load)."""
    view, legal = state.view(state.current_player()), state.legal_actions()
    rates = []
    for r in range(repeats):
        agent = SEARCHES[level](seconds=seconds, **(settings or {}))
        start = time.perf_counter()
        agent.choose(view, legal, random.Random(r))
        elapsed = time.perf_counter() - start
        rates.append(agent.last_iterations / elapsed)
    rates.sort()
    print(f"{level:>7}: {', '.join(f'{x:,.0f}' for x in rates)} iterations/s over {repeats} decisions of {seconds:g} s")
    return rates[-1]


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="time per decision (default %(default)s)")
    parser.add_argument("--repeats", type=int, default=3, help="decisions timed per level (default %(default)s)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deal (default %(default)s)")
    parser.add_argument("--variant", action="append", default=[], help="a game option flag, e.g. simplified")
    parser.add_argument(
        "--setting", action="append", default=[], help="a search setting for every level, e.g. pause_gc=1 (repeatable)"
    )
    args = parser.parse_args(argv)
    try:
        _, settings = parse_spec("hard:" + ",".join(args.setting))
    except ValueError as exc:
        parser.error(str(exc))
    state = opening(args.seed, {v: "on" for v in args.variant})
    shown = f", settings {', '.join(args.setting)}" if args.setting else ""
    print(
        f"Muster search speed from the opening position (seed {args.seed}, {len(state.legal_actions())} legal actions{shown}), one core"
    )
    worst = min(measure(level, state, args.seconds, args.repeats, settings) for level in ("hard", "ismcts", "pimc"))
    verdict = "meets" if worst >= TARGET else "misses"
    print(f"slowest level: {worst:,.0f} iterations/s, {verdict} the target of {TARGET:,}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

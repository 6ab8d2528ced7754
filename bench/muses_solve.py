"""Benchmark: a full exact solve of a Muses card set, then the time of advice.

    python bench/muses_solve.py [--cards FILE] [--advice 200]

Prints the solve time, positions evaluated, turn subgraphs solved, peak memory,
the optimal win probability, and the time of each piece of advice once solved
(mean and worst over the decisions of seeded games played by the optimal
agent). The solution is not read from or written to the user cache.
"""

from __future__ import annotations

import argparse
import random
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tabletop_muses.advisor import Advisor
from tabletop_muses.cards import load_cards
from tabletop_muses.rules import ACT, MusesState


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", default=None)
    parser.add_argument("--advice", type=int, default=200, help="pieces of advice to time")
    args = parser.parse_args()
    cardset = load_cards(args.cards)
    advisor = Advisor(cardset, cache_dir=None)
    start = time.perf_counter()
    value = advisor.solve()
    seconds = time.perf_counter() - start
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    stats = advisor.solver.stats
    print(f"card set: {cardset.source} ({len(cardset.cards)} cards, target {cardset.target})")
    print(f"optimal win probability: {value:.6f}")
    print(f"solve time: {seconds:.1f} s")
    print(f"positions evaluated (turn starts): {stats.states:,}")
    print(f"turn subgraphs solved: {stats.turns:,}")
    print(f"peak memory: {peak_mb:.0f} MB")
    times: list[float] = []
    rng = random.Random(1)
    while len(times) < args.advice:
        state = MusesState(cardset)
        while not state.is_terminal() and len(times) < args.advice:
            if state.phase == ACT:
                t = time.perf_counter()
                action = advisor.advise(state).best
                times.append(time.perf_counter() - t)
            else:
                action = state.sample_chance(rng)
            state.apply(action)
    if times:
        print(
            f"advice: mean {sum(times) / len(times) * 1000:.1f} ms, worst {max(times) * 1000:.1f} ms over {len(times)}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

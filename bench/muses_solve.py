"""Benchmark: a cold exact solve of a Muses card set, then the time of advice.

    python bench/muses_solve.py [--cards FILE] [--solver fast|python] [--score] [--advice 200] [--disk DIR]

Prints the cold solve time (nothing is read from or written to any cache) and the processor
time it took (what the solve takes on a core nothing else uses),
positions evaluated, turn subgraphs solved, peak memory, the optimal win
probability, and the time of each piece of advice once solved (mean and worst
over the decisions of seeded games played by the optimal agent).
``--solver python`` times the pure-Python solver instead of the fast one.
``--disk DIR`` also writes the solution to a file in DIR (an empty folder is best) and
times reading it back, as the advisor does on its next start.
A four-edge trial set: ``--cards bench/cards/four_edges.toml``.
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
from tabletop_muses.solver import SCORE, WIN, Solver


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", default=None, help="a TOML card file (default: the game's default set)")
    parser.add_argument("--solver", choices=("fast", "python"), default="fast", help="which solver to time")
    parser.add_argument("--score", action="store_true", help="maximise the expected score instead")
    parser.add_argument("--advice", type=int, default=200, help="pieces of advice to time")
    parser.add_argument("--disk", default=None, help="a folder to write the solution to and read it back from")
    args = parser.parse_args()
    cardset = load_cards(args.cards)
    mode = SCORE if args.score else WIN
    advisor = Advisor(cardset, cache_dir=None, mode=mode)
    if args.solver == "python":
        advisor.solver = Solver(cardset, mode)  # type: ignore[assignment]
    before_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    start, cpu_start = time.perf_counter(), time.process_time()
    value = advisor.solve()
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu_start
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    stats = advisor.solver.stats
    print(f"card set: {cardset.source} ({len(cardset.cards)} cards, target {cardset.target}, {mode})")
    print(f"solver: {args.solver}")
    print(f"optimal {'win probability' if mode == WIN else 'expected score'}: {value:.6f}")
    print(f"solve time: {seconds:.1f} s (processor time {cpu:.1f} s: the time on an otherwise idle core)")
    print(f"positions evaluated (turn starts): {stats.states:,}")
    print(f"turn subgraphs solved: {stats.turns:,}")
    print(f"peak memory: {peak_mb:.0f} MB (of which {before_mb:.0f} MB before solving)")
    if args.disk is not None:
        saver = Advisor(cardset, cache_dir=args.disk, mode=mode)
        saver.solver = advisor.solver
        assert saver.path is not None
        saver.solver.save(saver.path)
        start = time.perf_counter()
        reader = Advisor(cardset, cache_dir=args.disk, mode=mode)
        reader.prepare()
        print(
            f"solution on disk: {saver.path.stat().st_size / 1e6:.1f} MB, "
            f"read back in {time.perf_counter() - start:.2f} s ({'loaded' if reader.from_cache else 'NOT loaded'})"
        )
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

"""Five Dice's exact solve, cold, in this process: processor time, wall time, peak memory, the value.

    .venv/bin/python bench/fivedice_solve.py [official|free|none]

Targets (docs/fivedice.md): at most 20 s of processor time and 200 MB, cold, on one core.
"""

from __future__ import annotations

import resource
import sys
import time


def main(args: list[str]) -> int:
    from tabletop_fivedice.solver import Solver

    rule = args[0] if args else "official"
    wall, cpu = time.perf_counter(), time.process_time()
    solver = Solver(rule)
    solver.solve()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"rule {rule}: expected score {solver.new_game_value():.4f}, {solver.stats.states:,} positions")
    print(f"processor {cpu:.2f} s, wall {wall:.2f} s, peak memory {peak:.0f} MB (targets: 20 s, 200 MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

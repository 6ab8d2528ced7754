"""Benchmark: solve Microsoft's FreeCell deals and print how many were solved, the time per deal and the lengths.

    python bench/freecell_solve.py [--first 1] [--last 1000] [--cells 4] [--limit 200000]

Each deal is solved from its layout with safe moves home (the game's default); the time is the
processor time of the solve alone. Each solution is then replayed through the game's rules to a win. The C solver fc-solve (Debian's ``freecell-solver-bin``) is run on
the same deals beside it when ``fc-solve`` is on the PATH, and the ratio printed; otherwise that is said.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tabletop_freecell.coach import line_of
from tabletop_freecell.rules import Move
from tabletop_freecell.solver import NODE_LIMIT, game_state, solve_state


def solve_deal(deal: int, cells: int, limit: int) -> tuple[bool, bool, float, int, int]:
    """(solved, proven unsolvable, CPU seconds, solution length in moves, positions expanded).

    A solution is replayed through the game's rules from the deal (not timed); one that does not win there
    stops the bench with an error."""
    state = game_state(deal, cells)
    started = time.process_time()
    result = solve_state(state, node_limit=limit)
    seconds = time.process_time() - started
    length = 0
    if result.solved:
        line = line_of(state, result.moves)
        replayed = game_state(deal, cells)
        for text in line:
            replayed.apply(Move.parse(text))
        if not replayed.won():
            raise SystemExit(f"deal {deal}: the solver's line does not win under the game's rules")
        length = len(line)
    return result.solved, result.lost, seconds, length, result.expanded


def fc_solve_seconds(deals: range) -> float | None:
    """The wall time fc-solve takes over ``deals``, or None when it is not installed."""
    if shutil.which("fc-solve") is None or shutil.which("make_pysol_freecell_board.py") is None:
        return None
    import subprocess

    started = time.perf_counter()
    for deal in deals:
        board = subprocess.run(["make_pysol_freecell_board.py", "-t", str(deal)], capture_output=True, check=True)
        subprocess.run(["fc-solve"], input=board.stdout, capture_output=True, check=False)
    return time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--last", type=int, default=1000)
    parser.add_argument("--cells", type=int, default=4)
    parser.add_argument("--limit", type=int, default=NODE_LIMIT, help="positions a solve may expand")
    args = parser.parse_args()
    deals = range(args.first, args.last + 1)
    times: list[float] = []
    lengths: list[int] = []
    unsolved: list[int] = []
    proven: list[int] = []
    slowest = (0.0, 0)
    for deal in deals:
        solved, lost, seconds, length, _ = solve_deal(deal, args.cells, args.limit)
        times.append(seconds)
        slowest = max(slowest, (seconds, deal))
        if solved:
            lengths.append(length)
        else:
            (proven if lost else unsolved).append(deal)
    print(f"FreeCell deals {args.first}-{args.last}, {args.cells} free cells, node limit {args.limit:,}:")
    print(
        f"  solved {len(lengths)} of {len(deals)} (each line replayed to a win under the game's rules); proven unsolvable: {proven or 'none'}; not settled: {unsolved or 'none'}"
    )
    print(
        f"  CPU time per deal: median {statistics.median(times):.3f} s, mean {statistics.mean(times):.3f} s, "
        f"worst {slowest[0]:.2f} s (deal {slowest[1]}), total {sum(times):.1f} s"
    )
    if lengths:
        print(
            f"  solution length (moves): median {statistics.median(lengths):.0f}, "
            f"shortest {min(lengths)}, longest {max(lengths)}, mean {statistics.mean(lengths):.1f}"
        )
    reference = fc_solve_seconds(deals)
    if reference is None:
        print("  fc-solve is not installed here: its time and the ratio were not measured.")
    else:
        print(
            f"  fc-solve: {reference:.2f} s wall over the same deals; ours / fc-solve = {sum(times) / reference:.0f}x"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""``tabletop fivedice solve [--joker official|free|none] [--no-cache]``: the optimal expected score."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

from tabletop.solutions import peak_memory_mb, solve_with_progress
from tabletop_fivedice.scoring import OFFICIAL, RULES

if TYPE_CHECKING:
    pass

RULE_NAMES = {"official": "official rules (forced joker)", "free": "free-choice joker", "none": "no bonus, no joker"}


def solve_command(args: Sequence[str]) -> int:
    """Print the expected final score under optimal solitaire play, with the time, positions and peak memory."""
    parser = argparse.ArgumentParser(prog="tabletop fivedice solve", description=solve_command.__doc__)
    parser.add_argument("--joker", choices=RULES, default=OFFICIAL, help="the rule set (default: official)")
    parser.add_argument("--no-cache", action="store_true", help="neither read nor write the on-disk solution")
    parser.add_argument("--cache-dir", default="", help="where solutions are kept (default: the user cache)")
    options = parser.parse_args(list(args))
    from tabletop_fivedice.advisor import DAMAGED_CACHE, Advisor

    advisor = Advisor(options.joker, None if options.no_cache else options.cache_dir)
    wall, cpu = time.perf_counter(), time.process_time()
    value = solve_with_progress(advisor.solve)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    if advisor.damaged_cache:
        print(DAMAGED_CACHE, file=sys.stderr)
    print(f"Five Dice, {RULE_NAMES[options.joker]}")
    print(f"Optimal expected score: {value:.4f}")
    if advisor.from_cache:
        print(f"Time: {wall:.2f} s wall, {cpu:.2f} s processor (read from the cache)")
    else:
        print(f"Time: {wall:.2f} s wall, {cpu:.2f} s processor ({advisor.solver.stats.states:,} positions solved)")
        print(f"Positions: {advisor.solver.stats.states:,} turn starts")
    peak = peak_memory_mb()
    if peak is not None:
        print(f"Peak memory: {peak:.0f} MB")
    if advisor.path is not None:
        print(f"Solution kept in {advisor.path}")
    return 0

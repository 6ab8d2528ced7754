"""``tabletop fivedice solve [--joker official|free|none] [--no-cache]``: the optimal expected score."""

from __future__ import annotations

import time
from collections.abc import Sequence

from tabletop.solutions import peak_memory_mb, say_kept, say_notes, solve_with_progress
from tabletop_fivedice.scoring import OFFICIAL, RULES

RULE_NAMES = {"official": "official rules (forced joker)", "free": "free-choice joker", "none": "no bonus, no joker"}


def solve_command(args: Sequence[str]) -> int:
    """Print the expected final score under optimal solitaire play, with the time, positions and peak memory."""
    from tabletop.commands.common import Parser  # refusals repeat a long value cut; help fails loudly

    parser = Parser(prog="tabletop fivedice solve", description=solve_command.__doc__)
    parser.add_argument("--joker", choices=RULES, default=OFFICIAL, help="the rule set (default: official)")
    parser.add_argument("--no-cache", action="store_true", help="neither read nor write the on-disk solution")
    parser.add_argument("--cache-dir", default="", help="where solutions are kept (default: the user cache)")
    options = parser.parse_args(list(args))
    from tabletop_fivedice.advisor import Advisor

    advisor = Advisor(options.joker, None if options.no_cache else options.cache_dir)
    wall, cpu = time.perf_counter(), time.process_time()
    value = solve_with_progress(advisor.solve)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    say_notes(advisor.place)
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
    say_kept(advisor.place)
    return 0

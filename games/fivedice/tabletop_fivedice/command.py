"""``tabletop fivedice solve [--joker official|free|none] [--no-cache]``: the optimal expected score."""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.solutions import solve_with_progress
from tabletop.solver_coach import Stopwatch, print_solved
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
    clock = Stopwatch()
    value = solve_with_progress(advisor.solve)
    took = clock.read()
    solved = None if advisor.from_cache else advisor.solver.stats.states
    lines = [f"Five Dice, {RULE_NAMES[options.joker]}", f"Optimal expected score: {value:.4f}"]
    print_solved(
        advisor.place, lines, took, solved=solved, positions=None if solved is None else f"{solved:,} turn starts"
    )
    return 0

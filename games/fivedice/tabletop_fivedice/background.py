"""Solving a rule set in a process of its own while the game is played, so the first Hint never waits long.

When a game with the coach begins and no solution of its rule set is on disk,
:func:`solve_in_background` starts ``python -m tabletop_fivedice.background`` at a
lower priority (:class:`tabletop.solutions.BackgroundSolve`). It reads the rule set
and the cache folder on standard input, solves, and writes the solution where the
advisor looks for it. A Hint asked before it is done shows how far it has got, waits
for the rest, then reads the solution from disk; a solve that fails, or whose solution
could not be kept (the process then ends with :data:`~tabletop.solutions.EXIT_NOT_KEPT`),
leaves the Hint to solve in the game's own process.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tabletop.solver_coach import background_solve, serve_advisor

if TYPE_CHECKING:
    from tabletop.solutions import BackgroundSolve
    from tabletop_fivedice.advisor import Advisor


def solve_in_background(rule: str, cache_dir: Path) -> BackgroundSolve:
    """The solve of the rule set ``rule`` whose solution lands in ``cache_dir`` (not started yet)."""
    return background_solve("tabletop_fivedice.background", cache_dir, {"rule": rule})


def advisor_of(request: Mapping[str, Any], folder: Path) -> Advisor:
    """The advisor that solves the rule set the request names, keeping its solution in ``folder``."""
    from tabletop_fivedice.advisor import Advisor
    from tabletop_fivedice.scoring import RULES

    rule = str(request["rule"])
    if rule not in RULES:
        raise ValueError(f"no rule set {rule!r}: one of {', '.join(RULES)}")
    return Advisor(rule, folder)


if __name__ == "__main__":
    sys.exit(serve_advisor(advisor_of))

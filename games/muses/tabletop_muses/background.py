"""Solving a card set in a process of its own while the game is played, so the first Hint never waits long.

When a game of a card set with no solution on disk begins, :func:`solve_in_background`
starts ``python -m tabletop_muses.background`` at a lower priority
(:class:`tabletop.solutions.BackgroundSolve`). It reads the card set (its embedded
form) and the cache folder on standard input, solves, and writes the solution where
the advisor looks for it. The game's prompts never wait for it: a Hint asked before
it is done shows how far it has got and waits for the rest, then reads the solution
from disk. A solve that fails, or whose solution could not be kept (the process then
ends with :data:`~tabletop.solutions.EXIT_NOT_KEPT`), leaves the Hint to solve in the
game's own process, as it would without one; a set too large to solve within the memory
allowed is refused at once (its ``refusal`` says why) and the Hint says so instead of
trying again.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tabletop.solver_coach import background_solve, serve_advisor
from tabletop_muses.cards import CardSet, cardset_from_embedded, embed_cardset

if TYPE_CHECKING:
    from tabletop.solutions import BackgroundSolve
    from tabletop_muses.advisor import Advisor


def solve_in_background(cardset: CardSet, cache_dir: Path) -> BackgroundSolve:
    """The solve of ``cardset`` whose solution lands in ``cache_dir`` (not started yet)."""
    return background_solve("tabletop_muses.background", cache_dir, {"cards": embed_cardset(cardset)})


def advisor_of(request: Mapping[str, Any], folder: Path) -> Advisor:
    """The advisor that solves the card set the request holds, keeping its solution in ``folder``."""
    from tabletop_muses.advisor import Advisor

    return Advisor(cardset_from_embedded(request["cards"]), cache_dir=folder)


if __name__ == "__main__":
    from tabletop_muses.size import SolveRefused

    sys.exit(serve_advisor(advisor_of, refused=(SolveRefused,)))

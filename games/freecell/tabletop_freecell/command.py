"""``tabletop freecell solve N``: a solution of Microsoft's deal N in the standard notation, or a proof of none.

The command is the cells kit's (:mod:`tabletop.patience.cells.command`) on FreeCell's layout.
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.patience.cells.command import MAX_NODE_LIMIT, standard_line
from tabletop.patience.cells.command import solve_command as solve_layout
from tabletop_freecell.rules import LAYOUT, FreeCellState

__all__ = ["MAX_NODE_LIMIT", "solve_command", "standard_line"]


def new_state(deal: int, cells: int, auto: bool) -> FreeCellState:
    """FreeCell's deal ``deal`` with ``cells`` free cells."""
    return FreeCellState(deal=deal, cells=cells, auto=auto)


def solve_command(args: Sequence[str]) -> int:
    """Run ``tabletop freecell solve``; 0 solved, 1 no solution or none found, 2 bad arguments."""
    return solve_layout(LAYOUT, "freecell", new_state, args)

"""FreeCell's solver: the cells kit's (:mod:`tabletop.patience.cells.solver`), on FreeCell's layout.

>>> result = solve_state(game_state(1))
>>> result.solved, len(result.moves) > 0
(True, True)
"""

from __future__ import annotations

from tabletop.patience.cells.solver import (
    CELL,
    EMPTY,
    HOME,
    NODE_LIMIT,
    Position,
    Result,
    Step,
    from_state,
    solve,
    solve_state,
)
from tabletop_freecell.rules import MAX_CELLS, FreeCellState

__all__ = [
    "CELL",
    "EMPTY",
    "HOME",
    "NODE_LIMIT",
    "Position",
    "Result",
    "Step",
    "from_state",
    "game_state",
    "solve",
    "solve_state",
]


def game_state(deal: int, cells: int = MAX_CELLS) -> FreeCellState:
    """Deal ``deal`` as a game position with safe moves home (for examples and the bench)."""
    return FreeCellState(deal=deal, cells=cells, auto=True)

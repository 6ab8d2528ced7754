"""FreeCell's Coach: the cells kit's solver analyst (:mod:`tabletop.patience.cells.analyst`).

Every solve it makes goes through this module's :func:`solve_state`, the one place to watch them.
"""

from __future__ import annotations

from tabletop.patience.cells.analyst import CellsAnalyst
from tabletop.patience.cells.solver import Result, solve_state
from tabletop.patience.cells.state import CellsState


class SolverAnalyst(CellsAnalyst):
    """A best-first solver over every move: a found line or an exhausted search is exact."""

    def __init__(self) -> None:
        super().__init__("the FreeCell solver")

    def solve(self, state: CellsState, *, node_limit: int | None = None) -> Result:
        return solve_state(state) if node_limit is None else solve_state(state, node_limit=node_limit)

"""The FreeCell game object: FreeCell's layout on the cells kit, what the menu shows of it, and its own tools.

Its solver (the analyst), interface, statistics and command-line tools are imported when first asked for.

>>> state = FreeCell().new_initial_state({"deal": "1"})
>>> state.deal, state.cell_count, state.auto
(1, 4, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from tabletop.game import Command, Game
from tabletop.patience.cells.game import CellsGame, cells_info
from tabletop_freecell.rules import DEAL, LAYOUT, RULES, Action, FreeCellState

if TYPE_CHECKING:
    from tabletop.analysis import Analyst
    from tabletop.patience.cells.state import CellsState
    from tabletop.views import FullView


class FreeCell(CellsGame[FreeCellState], Game[Action]):
    """The game object the ``tabletop.games`` entry point names."""

    layout = LAYOUT
    info = cells_info(
        LAYOUT,
        "freecell",
        "The classic patience: every card face up, four free cells, Microsoft's numbered deals",
        deal_help=DEAL.help,
    )
    rules = RULES

    def new_state(self, deal: int, cells: int, auto: bool) -> FreeCellState:
        return FreeCellState(deal=deal, cells=cells, auto=auto)

    def analyst(self, options: Mapping[str, str]) -> Analyst[Action, FullView[CellsState]]:
        """The solver: whether the position can still be won, and the next move of a winning line."""
        from tabletop_freecell.analyst import SolverAnalyst

        return SolverAnalyst()

    def commands(self) -> Mapping[str, Command]:
        """``tabletop freecell solve N`` and ``tabletop freecell survey FIRST LAST``."""
        from tabletop_freecell.command import solve_command
        from tabletop_freecell.survey import survey_command

        return {"solve": solve_command, "survey": survey_command}

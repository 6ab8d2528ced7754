"""What the solver tells a FreeCell player: the cells kit's :mod:`tabletop.patience.cells.coach`.

>>> from tabletop_freecell.rules import FreeCellState
>>> line = winning_line(FreeCellState(deal=1, cells=4, auto=True))
>>> line is not None and len(line) > 0
True
"""

from __future__ import annotations

from tabletop.patience.cells.coach import last_winnable, line_of, replay_moves, step_move, winning_line

__all__ = ["last_winnable", "line_of", "replay_moves", "step_move", "winning_line"]

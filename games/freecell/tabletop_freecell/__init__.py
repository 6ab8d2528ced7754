"""FreeCell: the classic patience with Microsoft's numbered deals, a solver behind the coach.

The ``tabletop.games`` entry point in this package's ``pyproject.toml`` names :data:`game`.
"""

from tabletop_freecell.rules import Deal, FreeCell, FreeCellState, Move

game = FreeCell()
"""The object the entry point ``freecell = "tabletop_freecell:game"`` points at."""

__all__ = ["Deal", "FreeCell", "FreeCellState", "Move", "game"]

"""FreeCell: the classic patience with Microsoft's numbered deals, a solver behind the coach.

The ``tabletop.games`` entry point in this package's ``pyproject.toml`` names :data:`game`.
"""

from tabletop_freecell.game import FreeCell

game = FreeCell()
"""The object the entry point ``freecell = "tabletop_freecell:game"`` points at."""

__all__ = ["FreeCell", "game"]

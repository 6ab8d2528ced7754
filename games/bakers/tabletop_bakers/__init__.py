"""Baker's Game: a game of the FreeCell family, declared on Tabletop's cells kit.

The ``tabletop.games`` entry point in this package's ``pyproject.toml`` names :data:`game`.
"""

from tabletop_bakers.game import BakersGame

game = BakersGame()
"""The object the entry point ``bakers = "tabletop_bakers:game"`` points at."""

__all__ = ["BakersGame", "game"]

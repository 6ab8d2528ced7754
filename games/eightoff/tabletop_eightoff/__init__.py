"""Eight Off: a game of the FreeCell family, declared on Tabletop's cells kit.

The ``tabletop.games`` entry point in this package's ``pyproject.toml`` names :data:`game`.
"""

from tabletop_eightoff.game import EightOff

game = EightOff()
"""The object the entry point ``eightoff = "tabletop_eightoff:game"`` points at."""

__all__ = ["EightOff", "game"]

"""Seahaven Towers: a game of the FreeCell family, declared on Tabletop's cells kit.

The ``tabletop.games`` entry point in this package's ``pyproject.toml`` names :data:`game`.
"""

from tabletop_seahaven.game import SeahavenTowers

game = SeahavenTowers()
"""The object the entry point ``seahaven = "tabletop_seahaven:game"`` points at."""

__all__ = ["SeahavenTowers", "game"]

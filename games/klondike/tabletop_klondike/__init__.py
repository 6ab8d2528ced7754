"""Klondike: the patience most people know, with hidden cards kept hidden and a coach that samples them.

The ``tabletop.games`` entry point in this package's ``pyproject.toml`` names :data:`game`.
"""

from tabletop_klondike.game import Klondike

game = Klondike()
"""The object the entry point ``klondike = "tabletop_klondike:game"`` points at."""

__all__ = ["Klondike", "game"]

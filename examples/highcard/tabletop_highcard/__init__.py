"""High Card: a tiny two-player trick game, and the worked example of a Tabletop plugin.

The ``tabletop.games`` entry point in this package's ``pyproject.toml`` names
:data:`game`; Tabletop imports this module only when the game is chosen.
"""

from tabletop_highcard.game import HighCard

game = HighCard()
"""The object the entry point ``highcard = "tabletop_highcard:game"`` points at."""

__all__ = ["HighCard", "game"]

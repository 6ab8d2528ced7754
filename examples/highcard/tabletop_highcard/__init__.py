"""High Card: a tiny two-player trick game, and the worked example of a Tabletop plugin.

The ``tabletop.games`` entry point in this package's ``pyproject.toml`` names
:data:`game`; Tabletop imports this module only when the game is chosen.
"""

from tabletop_highcard.rules import Deal, HighCard, HighCardState, HighCardView, Play

game = HighCard()
"""The object the entry point ``highcard = "tabletop_highcard:game"`` points at."""

__all__ = ["Deal", "HighCard", "HighCardState", "HighCardView", "Play", "game"]

"""Five Dice, the classic category dice game: thirteen boxes, five dice, up to three rolls a turn.

The package exposes ``game`` (registered as ``fivedice``). Heavy parts (the
solver and numpy, the terminal interface) are imported only when used.
"""

from tabletop_fivedice.game import FiveDiceGame

game = FiveDiceGame()

__all__ = ["FiveDiceGame", "game"]

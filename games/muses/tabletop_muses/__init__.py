"""Muses, the solo dice game: nine muse cards, two dice, three hints, and an exact advisor.

The package exposes ``game`` (registered as ``muses``). Heavy parts (solver,
terminal interface) are imported only when used.
"""

from tabletop_muses.game import MusesGame

game = MusesGame()

__all__ = ["MusesGame", "game"]

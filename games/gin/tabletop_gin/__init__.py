"""Gin Rummy, the two-player card duel: ``game`` is the plugin object (entry point ``gin = "tabletop_gin:game"``).

>>> from tabletop_gin import game
>>> game.new_initial_state().current_player()  # the deal: chance
-1
"""

from tabletop_gin.game import GinGame

game = GinGame()

__all__ = ["GinGame", "game"]

"""A game's terminal interface, by the name games import it under: :mod:`tabletop.interface` holds it.

The interface's protocol (what a game's ``ui()`` returns) sits beside the rest of the protocol, below
the terminal code of this package, so that ``tabletop.game`` names it without importing the table.
"""

from tabletop.interface import LOG_SHOWN, REDRAW, Choice, Chosen, Fitted, GameUI, Log, OfAGame, Prompter, Step

__all__ = ["LOG_SHOWN", "REDRAW", "Choice", "Chosen", "Fitted", "GameUI", "Log", "OfAGame", "Prompter", "Step"]

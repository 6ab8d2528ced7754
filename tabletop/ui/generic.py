"""The interface a game gets when it does not provide its own."""

from tabletop.ui.base import GameUI


class GenericUI(GameUI):
    """Shows the view as data and offers every legal action by its description."""

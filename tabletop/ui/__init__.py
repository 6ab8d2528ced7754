"""The terminal interface: drawing with rich, prompting with questionary.

Nothing here is imported by rules engines; games provide a :class:`GameUI`.
"""

from tabletop.ui.base import Choice, GameUI, Prompter, Step

__all__ = ["Choice", "GameUI", "Prompter", "Step"]

"""The Gin Rummy plugin object's class: metadata and options, new games, notation and positions read back.

The rules modules are imported on first use, so listing games stays quick.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tabletop.game import Game, GameInfo
from tabletop_gin.options import OPTIONS

if TYPE_CHECKING:
    from collections.abc import Sequence

    from tabletop.analysis import Analyst
    from tabletop.encoding import ViewEncoding
    from tabletop.interface import GameUI
    from tabletop_gin.actions import GinAction
    from tabletop_gin.rules import GinState
    from tabletop_gin.view import GinView

SUMMARY = (
    "The classic two-player rummy: draw and discard to form sets and runs, knock with 10 or less deadwood "
    "or go gin, lay off on the knocker's melds, beware the undercut; a game to 100 with box and game bonuses."
)
SEAT_NAMES = ("North", "South")
MAX_LENGTH = 50 * 300
"""At most 50 hands (the game's safeguard) of at most 300 actions each, chance included."""


class GinGame(Game["GinAction"]):
    """The Gin Rummy plugin: metadata, new games, notation and position readers."""

    info = GameInfo(
        id="gin",
        name="Gin Rummy",
        summary=SUMMARY,
        players=2,
        max_length=MAX_LENGTH,
        options=OPTIONS,
        seat_names=SEAT_NAMES,
    )
    agents_module = "tabletop_gin.agents"

    def new_initial_state(self, options: Mapping[str, str] | None = None) -> GinState:
        from tabletop_gin.options import Rules
        from tabletop_gin.rules import GinState

        return GinState.new(Rules.read(self.resolve_options(options)))

    def parse_action(self, state: Any, text: str) -> GinAction:
        """Read an action's notation (``take``, ``discard 7H``, ``meld 3C 4C 5C``...); legality is ``apply``'s."""
        from tabletop_gin.actions import parse_action

        return parse_action(text)

    def state_from_json(self, data: Any) -> GinState:
        from tabletop_gin.codec import state_from_json

        return state_from_json(data)

    def view_from_json(self, data: Any) -> GinView:
        """Read a seat's view written by ``view.to_json()``."""
        from tabletop_gin.codec import view_from_json

        return view_from_json(data)

    def ui(self) -> GameUI[GinAction, GinView, GinView]:
        """The hand with its melds marked, the table and the action menu (:mod:`tabletop_gin.ui`)."""
        from tabletop_gin.ui import GinUI

        return GinUI(self)

    def analyst(self, options: Mapping[str, str]) -> Analyst[GinAction, GinView] | None:
        """Hard's look-ahead, rating every action of the player to move (:mod:`tabletop_gin.analyst`)."""
        from tabletop_gin.analyst import GinAnalyst

        return GinAnalyst()

    def distinct_actions(self, options: Mapping[str, str]) -> Sequence[GinAction]:
        """Every action, in a fixed order (:data:`tabletop_gin.encoding.ALL_ACTIONS`)."""
        from tabletop_gin.encoding import ALL_ACTIONS

        return ALL_ACTIONS

    def view_encoding(self, options: Mapping[str, str]) -> ViewEncoding[GinView]:
        """A seat's view as numbers (:class:`tabletop_gin.encoding.GinEncoding`)."""
        from tabletop_gin.encoding import GinEncoding

        return GinEncoding()

    def rules_text(self) -> str:
        """The rules with the rulings, in Markdown (:mod:`tabletop_gin.rules_text`)."""
        from tabletop_gin.rules_text import RULES_TEXT

        return RULES_TEXT

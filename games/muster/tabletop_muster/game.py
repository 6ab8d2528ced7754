"""The Muster plugin object's class: its metadata and options, new games, notation and position readers.

The rules modules are imported on first use, so listing games stays quick.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tabletop.game import Game, GameInfo, InvalidActionError, Option
from tabletop_muster.cards import MAX_LENGTH, SEAT_NAMES

if TYPE_CHECKING:
    from collections.abc import Sequence

    from tabletop.encoding import ViewEncoding
    from tabletop_muster.actions import MusterAction
    from tabletop_muster.state import MusterState
    from tabletop_muster.view import MusterView

SUMMARY = (
    "A two-player area-majority card duel: build columns of Banner cards under five castles, "
    "bend the rules with Rainbow Wizards, Bridges and Castles, and hold the most castles when the deck runs out."
)

OPTIONS = (
    Option(
        "simplified", "Simplified", help="A card may go on any card of equal or lower strength; no Rainbow Bridges."
    ),
    Option("power_of_one", "The Power of One", help="Only a 1-strength Banner may start an empty column."),
    Option(
        "over_the_rainbow",
        "Somewhere Over the Rainbow",
        help="Several Rainbow Bridges in one Bridge action (Simplified has no Bridges).",
    ),
    Option(
        "first",
        "First player",
        choices=("random", "1", "2"),
        default="random",
        help="Who goes first: random, 1 (North) or 2 (South).",
        choice_labels=("random", "1 (North)", "2 (South)"),
    ),
)


class MusterGame(Game["MusterAction"]):
    """The Muster plugin: metadata, new games, notation and position readers."""

    info = GameInfo(
        id="muster",
        name="Muster: Raise the Banners",
        short_name="Muster",
        summary=SUMMARY,
        players=2,
        max_length=MAX_LENGTH,
        options=OPTIONS,
        seat_names=SEAT_NAMES,
    )

    def new_initial_state(self, options: Mapping[str, str] | None = None) -> MusterState:
        from tabletop_muster.state import MusterState

        opts = self.resolve_options(options)
        first = None if opts["first"] == "random" else int(opts["first"]) - 1
        return MusterState.new(
            simplified=opts["simplified"] == "on",
            power_of_one=opts["power_of_one"] == "on",
            over_rainbow=opts["over_the_rainbow"] == "on",
            first=first,
        )

    def parse_action(self, state: Any, text: str) -> MusterAction:
        """Read a short notation (case and spaces ignored). Legality is checked by ``apply``.

        At a chance node a bare card code (``W3``) also names the card drawn.
        """
        from tabletop_muster.actions import GRAMMAR, parse_text
        from tabletop_muster.cards import parse_card

        if not isinstance(text, str):
            raise InvalidActionError(f"an action is text, not {type(text).__name__}")
        action = parse_text(text)
        if action is None and getattr(state, "is_chance_node", lambda: False)():
            kind = parse_card(text)
            if kind is not None:
                action = parse_text("*" + text.strip())
        if action is None:
            shown = text.strip() or "(empty)"
            raise InvalidActionError(f"{shown!r} is not a Muster action; {GRAMMAR}")
        return action

    def state_from_json(self, data: Any) -> MusterState:
        from tabletop_muster.position import state_from_json

        return state_from_json(data)

    def view_from_json(self, data: Any) -> MusterView:
        """Read a view written by ``view.to_json()``."""
        from tabletop_muster.position import view_from_json

        return view_from_json(data)

    def analyst(self, options: Mapping[str, str]) -> Any:
        """Hard's search, rating every action of the player to move (:mod:`tabletop_muster.ai.analyst`)."""
        from tabletop_muster.ai.analyst import MusterAnalyst

        return MusterAnalyst()

    def agents(self) -> Mapping[str, Any]:
        """Computer players by level, from :mod:`tabletop_muster.agents`."""
        from tabletop_muster.agents import AGENTS

        return AGENTS

    def agent_labels(self) -> Mapping[str, str]:
        from tabletop_muster.agents import LABELS

        return LABELS

    def ui(self) -> Any:
        """The board and the action menu of :mod:`tabletop_muster.ui`."""
        from tabletop_muster.ui import MusterUI

        return MusterUI(self)

    def commands(self) -> Mapping[str, Any]:
        """``tabletop muster moves FILE`` (legal actions) and ``tabletop muster show FILE`` (the board)."""
        from tabletop_muster.cli import moves_command
        from tabletop_muster.show import show_command

        return {"moves": moves_command, "show": show_command}

    def distinct_actions(self, options: Mapping[str, str]) -> Sequence[MusterAction]:
        """Every Muster action, numbered by its ``id`` (:data:`tabletop_muster.actions.ALL_ACTIONS`)."""
        from tabletop_muster.actions import ALL_ACTIONS

        return ALL_ACTIONS

    def view_encoding(self, options: Mapping[str, str]) -> ViewEncoding[MusterView]:
        """A seat's view as numbers (:class:`tabletop_muster.encoding.MusterEncoding`)."""
        from tabletop_muster.encoding import MusterEncoding

        return MusterEncoding()

    def rules_text(self) -> str:
        """The rules with the rulings, in Markdown (:mod:`tabletop_muster.rules_text`)."""
        from tabletop_muster.rules_text import rules_markdown

        return rules_markdown()

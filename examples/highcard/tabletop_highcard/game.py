"""High Card's game object: its metadata and options, its notation, and the parts it names.

The analyst, the encoding and the interface are imported inside the methods that hand them over, so that
listing the game never loads them.

    >>> game = HighCard()
    >>> state = game.new_initial_state({"hand": "3"})
    >>> for text in ["deal 9", "deal 1", "deal 8", "deal 2", "7", "3"]:
    ...     state.apply(game.parse_action(state, text))
    >>> str(game.parse_action(state, "8"))
    'play 8'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING

from tabletop.game import JSON, Game, GameInfo, InvalidActionError, State
from tabletop_highcard.rules import (
    CARDS,
    HAND,
    LOW,
    RULES,
    SEATS,
    Action,
    Deal,
    HighCardState,
    HighCardTable,
    HighCardView,
    Play,
    state_from_json,
)

if TYPE_CHECKING:
    from collections.abc import Sequence

    from tabletop.analysis import Analyst
    from tabletop.encoding import ViewEncoding
    from tabletop.ui.base import GameUI


class HighCard(Game[Action]):
    """The game object the ``tabletop.games`` entry point names."""

    info = GameInfo(
        id="highcard",
        name="High Card",
        summary="A tiny two-player trick game: play one card a trick, the higher card wins.",
        players=2,
        max_length=4 * 4,  # the largest hand: 8 deals + 8 plays
        options=(HAND, LOW),
        seat_names=SEATS,
        perfect_information=False,
    )
    state_type: type[HighCardState] = HighCardState
    """The class of the states this game makes (a variant may subclass it)."""

    def new_initial_state(self, options: Mapping[str, str] | None = None) -> HighCardState:
        resolved = self.resolve_options(options)
        return self.state_type(HAND.value(resolved), LOW.value(resolved))

    def parse_action(self, state: State[Action], text: str) -> Action:
        """Read ``deal N`` or ``play N``; a bare ``N`` means whichever fits the state."""
        match = re.fullmatch(r"\s*(?:(deal|play)\s+)?(\d+)\s*", text.lower())
        if match is None:
            raise InvalidActionError(f"{text!r} is not a High Card action (try 'play 7')")
        verb, card = match.group(1), int(match.group(2))
        if card not in CARDS:
            raise InvalidActionError(f"there is no card {card}: cards are 1 to 9")
        if verb is None:
            verb = "deal" if state.is_chance_node() else "play"
        return Deal(card) if verb == "deal" else Play(card)

    def state_from_json(self, data: JSON) -> HighCardState:
        return state_from_json(self.state_type, data)

    def rules_text(self) -> str:
        return RULES

    def analyst(self, options: Mapping[str, str]) -> Analyst[Action, HighCardView]:
        """An open-hands search over every deal of the unseen cards: the game gets a Coach and a Review."""
        from tabletop_highcard.analyst import HighCardAnalyst

        return HighCardAnalyst()

    def distinct_actions(self, options: Mapping[str, str]) -> Sequence[Action]:
        """The nine deals and the nine plays (:mod:`tabletop_highcard.encoding`): the same for every option."""
        from tabletop_highcard.encoding import ALL_ACTIONS

        return ALL_ACTIONS

    def view_encoding(self, options: Mapping[str, str]) -> ViewEncoding[HighCardView]:
        """A view as 50 numbers (:class:`tabletop_highcard.encoding.HighCardEncoding`)."""
        from tabletop_highcard.encoding import HighCardEncoding

        return HighCardEncoding()

    def ui(self) -> GameUI[Action, HighCardView, HighCardTable]:
        from tabletop_highcard.ui import HighCardUI

        return HighCardUI(self)

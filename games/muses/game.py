"""The Muses game object: metadata, options, notation and state reading."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from games.muses.cards import CardFileError, CardSet, load_cards
from games.muses.rules import MusesAction, MusesState, parse_action, state_from_json
from tabletop.game import JSON, Game, GameInfo, InvalidStateError, Option, State

CARDS_OPTION = Option(
    "cards",
    "Card file",
    default="default",
    help="a TOML card file, or 'default' for the reconstructed set",
    free_text=True,
)

SUMMARY = (
    "Solitaire with nine muse cards, two dice and three hints: claim muses whose top condition "
    "the dice meet before they turn away, and score 20."
)


class MusesGame(Game[MusesAction]):
    """Muses. The option ``cards`` names a card file; any valid file is played."""

    info = GameInfo(
        id="muses",
        name="Muses",
        summary=SUMMARY,
        players=1,
        max_length=2000,
        options=(CARDS_OPTION,),
        seat_names=("Player",),
        perfect_information=True,
    )

    def __init__(self) -> None:
        self._sets: dict[str, CardSet] = {}

    # -- card sets --

    def cardset(self, source: str | None = None) -> CardSet:
        """The card set read from ``source`` (a path, or None / "default")."""
        cardset = load_cards(source)
        self._sets[cardset.digest] = cardset
        return cardset

    def register(self, cardset: CardSet) -> CardSet:
        """Make a card set built in code known to :meth:`state_from_json`."""
        self._sets[cardset.digest] = cardset
        return cardset

    def resolve_options(self, options: Mapping[str, str] | None) -> dict[str, str]:
        """Like the default, but ``cards`` takes any readable card file path."""
        rest = dict(options or {})
        cards = rest.pop("cards", "default").strip() or "default"
        resolved = super().resolve_options(rest)
        try:
            self.cardset(None if cards == "default" else cards)
        except CardFileError as exc:
            raise ValueError(str(exc)) from None
        # An absolute path, so a saved game resumes from any folder.
        resolved["cards"] = cards if cards == "default" else str(Path(cards).expanduser().resolve())
        return resolved

    # -- protocol --

    def new_initial_state(self, options: Mapping[str, str] | None = None) -> MusesState:
        source = (options or {}).get("cards", "default")
        return MusesState(self.cardset(None if source == "default" else source))

    def new_state(self, cardset: CardSet) -> MusesState:
        """A new game with the given card set."""
        return MusesState(self.register(cardset))

    def parse_action(self, state: State[MusesAction], text: str) -> MusesAction:
        assert isinstance(state, MusesState)
        return parse_action(state.cardset, text)

    def state_from_json(self, data: JSON) -> MusesState:
        if not isinstance(data, dict):
            raise InvalidStateError("a Muses state is a JSON object")
        cardset = self._sets.get(str(data.get("digest")))
        if cardset is None:
            try:
                cardset = self.cardset(None if data.get("cards") in (None, "default") else str(data["cards"]))
            except CardFileError as exc:
                raise InvalidStateError(f"cards: {exc}") from None
        return state_from_json(data, cardset)

    def agents(self) -> Mapping[str, Any]:
        from games.muses.agents import NaiveAgent, OptimalAgent

        return {"naive": NaiveAgent, "optimal": OptimalAgent}

    def agent_labels(self) -> Mapping[str, str]:
        return {"naive": "Naive (claims what the dice show)", "optimal": "Optimal (exact solver)"}

    def ui(self) -> Any:
        from games.muses.ui import MusesUI

        return MusesUI(self)

    def commands(self) -> Mapping[str, Any]:
        from games.muses.command import solve_command

        return {"solve": solve_command}

    def rules_text(self) -> str:
        from games.muses.docs import rules_markdown

        return rules_markdown()

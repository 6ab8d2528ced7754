"""The Muses game object: metadata, options, notation and state reading.

The option ``cards`` is ``default`` or a card set carried whole (its embedded
form, :func:`tabletop_muses.cards.embed_cardset`). A person names a card file;
:meth:`MusesGame.resolve_options` reads it then, once, and from there on the
game, its record and its replays carry the cards themselves: editing or
deleting the file later changes nothing, and no path named in a record is
ever opened.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from tabletop.game import JSON, AgentFactory, Command, Game, GameInfo, InvalidStateError, Option, State
from tabletop_muses.cards import (
    CardFileError,
    CardSet,
    cardset_from_embedded,
    default_cards,
    embed_cardset,
    embedded_label,
    file_label,
    is_embedded,
    load_cards,
    set_words,
)
from tabletop_muses.rules import MusesAction, MusesState, MusesView, parse_action, state_from_json

if TYPE_CHECKING:
    from collections.abc import Sequence

    from tabletop.analysis import Analyst
    from tabletop.encoding import ViewEncoding
    from tabletop.ui.base import GameUI

DEFAULT = "default"


def _short(value: str) -> str:
    """A path as a person may be shown it: its last part, cleaned and cut to a readable length."""
    return file_label(Path(value).name or value)


@dataclass(frozen=True)
class CardsOption(Option):
    """The card-file option: its value carries a whole card set, so it is shown by name and digest."""

    def label_of(self, value: str) -> str:
        """``default``, or the file's name and the start of the set's digest; with the set in a few words.

        >>> CARDS_OPTION.label_of(embed_cardset(load_cards())).startswith("default (sha256 ")
        True
        >>> CARDS_OPTION.label_of("default")
        'default · 9 cards, target 20, 3 hints'
        """
        if value == DEFAULT or not value:
            return f"{DEFAULT} · {set_words(default_cards())}"
        if not is_embedded(value):
            return _short(value)  # a path: its file is not opened here
        try:
            words = set_words(cardset_from_embedded(value))
        except CardFileError:
            return embedded_label(value)
        return f"{embedded_label(value)} · {words}"

    def argument(self, value: str) -> str:
        """The card file's name, for ``--cards`` (the set's own text cannot be typed)."""
        if is_embedded(value):
            head = value.partition("\n")[0].split(" ", 2)
            return head[2] if len(head) == 3 else value
        return value


CARDS_OPTION = CardsOption(
    "cards",
    "Card file",
    default=DEFAULT,
    help="a TOML card file, or 'default' for the reconstructed set",
    free_text=True,
)

SUMMARY = (
    "Solitaire with nine muse cards, two dice and three hints: claim muses whose top condition "
    "the dice meet before they turn away, and score 20."
)


def path_refusal(value: str) -> str:
    """Why an option naming a card file by its path is not played from a record."""
    return (
        f"this record names a card file by its path ({_short(value)!r}) instead of carrying its cards, "
        "and Tabletop opens no file a record names; to play that file, run `tabletop play muses --cards FILE`"
    )


def cardset_of(value: str) -> CardSet:
    """The card set an option value carries (``default`` or an embedded set); opens no file.

    Raises ValueError for a path or a damaged embedded set.
    """
    if value == DEFAULT:
        return default_cards()
    if not is_embedded(value):
        raise ValueError(path_refusal(value))
    try:
        return cardset_from_embedded(value)
    except CardFileError as exc:
        raise ValueError(f"cards: {exc}") from None


def upgrade_options(options: Mapping[str, str]) -> dict[str, str]:
    """Options of a game saved when ``cards`` held a file's path, with the set embedded instead.

    Meant for the player's own saved games: it reads the file the path names, if it is
    still there and still a valid card file; otherwise the options are returned as
    they are (such a game then cannot be replayed, and says why).
    """
    upgraded = dict(options)
    value = upgraded.get("cards", DEFAULT).strip() or DEFAULT
    if value == DEFAULT or is_embedded(value):
        return upgraded
    with contextlib.suppress(CardFileError):  # a file gone since: left as it was, refused when replayed
        upgraded["cards"] = embed_cardset(load_cards(value))
    return upgraded


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

    def register(self, cardset: CardSet) -> CardSet:
        """Make a card set built in code known to :meth:`state_from_json`."""
        self._sets[cardset.digest] = cardset
        return cardset

    def resolve_options(self, options: Mapping[str, str] | None) -> dict[str, str]:
        """Like the default, but ``cards`` may name a card file: it is read now and carried whole."""
        rest = dict(options or {})
        cards = rest.pop("cards", DEFAULT).strip() or DEFAULT
        resolved = super().resolve_options(rest)
        if cards != DEFAULT and not is_embedded(cards):
            try:
                cards = embed_cardset(load_cards(cards))
            except CardFileError as exc:
                raise ValueError(str(exc)) from None
        self.register(cardset_of(cards))
        resolved["cards"] = cards
        return resolved

    def check_options(self, options: Mapping[str, str] | None) -> dict[str, str]:
        """Options of a record or a match: ``cards`` must carry its set; a path is refused unopened."""
        rest = dict(options or {})
        cards = rest.pop("cards", DEFAULT).strip() or DEFAULT
        resolved = super().resolve_options(rest)
        self.register(cardset_of(cards))
        resolved["cards"] = cards
        return resolved

    def upgrade_options(self, options: Mapping[str, str]) -> dict[str, str]:
        return upgrade_options(options)

    # -- protocol --

    def new_initial_state(self, options: Mapping[str, str] | None = None) -> MusesState:
        value = (options or {}).get("cards", DEFAULT)
        try:
            cardset = cardset_of(value)
        except ValueError as exc:
            raise InvalidStateError(str(exc)) from None
        return MusesState(self.register(cardset))

    def new_state(self, cardset: CardSet) -> MusesState:
        """A new game with the given card set."""
        return MusesState(self.register(cardset))

    def parse_action(self, state: State[MusesAction], text: str) -> MusesAction:
        assert isinstance(state, MusesState)
        return parse_action(state.cardset, text)

    def state_from_json(self, data: JSON) -> MusesState:
        """Read a position of a card set this game knows (the default, or one of a game played here)."""
        if not isinstance(data, dict):
            raise InvalidStateError("a Muses state is a JSON object")
        digest = data.get("digest")
        cardset = self._sets.get(str(digest))
        if cardset is None and digest == default_cards().digest:
            cardset = self.register(default_cards())
        if cardset is None:
            raise InvalidStateError(
                "cards: this position is of a card set not loaded here; "
                "read it back through its game, whose options carry the cards"
            )
        return state_from_json(data, cardset)

    def agents(self) -> Mapping[str, AgentFactory[MusesAction]]:
        from tabletop_muses.agents import NaiveAgent, OptimalAgent

        return {"naive": NaiveAgent, "optimal": OptimalAgent}

    def agent_labels(self) -> Mapping[str, str]:
        return {"naive": "Naive (claims what the dice show)", "optimal": "Optimal (exact solver)"}

    def stats_variant(self, options: Mapping[str, str]) -> str | None:
        """Each card set but the default counts apart in the statistics, by its file's name and digest."""
        value = options.get("cards", DEFAULT)
        if value == DEFAULT or cardset_of(value).digest == default_cards().digest:
            return None
        return embedded_label(value) if is_embedded(value) else _short(value)

    def analyst(self, options: Mapping[str, str]) -> Analyst[MusesAction, MusesView]:
        """The exact advisor (:mod:`tabletop_muses.analyst`) for the match's card set."""
        from tabletop_muses.analyst import MusesAnalyst

        return MusesAnalyst(self.register(cardset_of(options.get("cards", DEFAULT))))

    def ui(self) -> GameUI[MusesAction, MusesView, MusesView]:
        from tabletop_muses.ui import MusesUI

        return MusesUI(self)

    def commands(self) -> Mapping[str, Command]:
        from tabletop_muses.command import solve_command

        return {"solve": solve_command}

    def distinct_actions(self, options: Mapping[str, str]) -> Sequence[MusesAction]:
        """Every action the match's card set can offer (:func:`tabletop_muses.encoding.distinct_actions`)."""
        from tabletop_muses.encoding import distinct_actions

        return distinct_actions(self.register(cardset_of(options.get("cards", DEFAULT))))

    def view_encoding(self, options: Mapping[str, str]) -> ViewEncoding[MusesView]:
        """The position as numbers (:class:`tabletop_muses.encoding.MusesEncoding`)."""
        from tabletop_muses.encoding import MusesEncoding

        return MusesEncoding(self.register(cardset_of(options.get("cards", DEFAULT))))

    def rules_text(self) -> str:
        from tabletop_muses.docs import rules_markdown

        return rules_markdown()

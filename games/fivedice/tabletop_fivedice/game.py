"""The Five Dice game object: metadata, options (players, joker rule), notation, agents, coach and tools."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tabletop.game import JSON, AgentFactory, Command, Game, GameInfo, State, one_of
from tabletop_fivedice.rules import (
    MAX_LENGTH_PER_PLAYER,
    FiveDiceAction,
    FiveDiceState,
    FiveDiceView,
    parse_action,
    state_from_json,
)
from tabletop_fivedice.scoring import FREE, NONE, OFFICIAL, RULES

if TYPE_CHECKING:
    from tabletop.analysis import Analyst
    from tabletop.encoding import ViewEncoding
    from tabletop.ui.base import GameUI

MOST_PLAYERS = 4
JOKER = one_of(
    "joker",
    "Joker rule",
    RULES,
    default=OFFICIAL,
    help="official: a further five of a kind is a forced joker; free: it goes in any box; none: no bonus, no joker",
    labels=(
        "official (forced joker, 100 bonus)",
        "free choice (any open box, 100 bonus)",
        "no bonus (no 100 bonus, no joker)",
    ),
)
"""Which of the three published rule sets is played (docs/fivedice.md, rules 8 and 9)."""

SUMMARY = (
    "The classic category dice game: five dice, up to three rolls a turn, thirteen boxes to fill; "
    "solo with an exact coach, or up to four at the table."
)


def rule_of(options: Mapping[str, str]) -> str:
    """The joker rule the (checked) options name."""
    return JOKER.value(options)


class FiveDiceGame(Game[FiveDiceAction]):
    """Five Dice for one to four players (each a person or a computer level)."""

    info = GameInfo(
        id="fivedice",
        name="Five Dice",
        summary=SUMMARY,
        players=MOST_PLAYERS,
        fewest_players=1,
        default_players=1,
        max_length=MOST_PLAYERS * MAX_LENGTH_PER_PLAYER,
        options=(JOKER,),
        seat_names=tuple(f"Player {n}" for n in range(1, MOST_PLAYERS + 1)),
        perfect_information=True,
    )

    def new_initial_state(self, options: Mapping[str, str] | None = None) -> FiveDiceState:
        resolved = self.resolve_options(options)
        return FiveDiceState(self.info.seat_count(resolved), rule_of(resolved))

    def parse_action(self, state: State[FiveDiceAction], text: str) -> FiveDiceAction:
        return parse_action(text)

    def state_from_json(self, data: JSON) -> FiveDiceState:
        return state_from_json(data)

    def distinct_actions(self, options: Mapping[str, str]) -> Sequence[FiveDiceAction]:
        """Every roll, hold and score (:func:`tabletop_fivedice.encoding.distinct_actions`): 475 for any options."""
        from tabletop_fivedice.encoding import distinct_actions

        return distinct_actions()

    def view_encoding(self, options: Mapping[str, str]) -> ViewEncoding[FiveDiceView]:
        """Each sheet, the dice and the hold as numbers (:class:`tabletop_fivedice.encoding.FiveDiceEncoding`)."""
        from tabletop_fivedice.encoding import FiveDiceEncoding

        return FiveDiceEncoding(self.info.seat_count(options))

    def agents(self) -> Mapping[str, AgentFactory[FiveDiceAction]]:
        from tabletop_fivedice.agents import OptimalAgent, SimpleAgent

        return {"simple": SimpleAgent, "optimal": OptimalAgent}

    def agent_labels(self) -> Mapping[str, str]:
        return {"simple": "Simple (chases the most common face)", "optimal": "Optimal (exact solitaire policy)"}

    def stats_variant(self, options: Mapping[str, str]) -> str | None:
        """Each joker rule but the official one counts apart in the statistics."""
        rule = options.get(JOKER.key, OFFICIAL)
        return {FREE: "free-choice joker", NONE: "no bonus"}.get(rule)

    def stats_section(self, records: Sequence[Any]) -> list[str]:
        """Games, average and best score per number of players, and a histogram of solo scores."""
        from tabletop_fivedice.stats import person_score, stats_lines

        return stats_lines([r for r in map(person_score, records) if r is not None])

    def analyst(self, options: Mapping[str, str]) -> Analyst[FiveDiceAction, FiveDiceView]:
        """The exact coach (:mod:`tabletop_fivedice.analyst`) for the match's joker rule."""
        from tabletop_fivedice.analyst import FiveDiceAnalyst

        return FiveDiceAnalyst(rule_of(options))

    def ui(self) -> GameUI[FiveDiceAction, FiveDiceView, FiveDiceView]:
        from tabletop_fivedice.ui import FiveDiceUI

        return FiveDiceUI(self)

    def commands(self) -> Mapping[str, Command]:
        from tabletop_fivedice.command import solve_command

        return {"solve": solve_command}

    def rules_text(self) -> str:
        from tabletop_fivedice.docs import rules_markdown

        return rules_markdown()

"""The FreeCell game object: what the menu shows of it, its notation read back, and the parts it names.

Its solver (the analyst), interface, statistics and command-line tools are imported when first asked for.

>>> state = FreeCell().new_initial_state({"deal": "1"})
>>> state.deal, state.cell_count, state.auto
(1, 4, True)
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tabletop.game import JSON, Command, Game, GameInfo, InvalidActionError, State
from tabletop_freecell.rules import (
    AUTO,
    BLOCK,
    CELLS,
    DEAL,
    MOVE_LIMIT,
    NAME,
    RANDOM_DEALS,
    RULES,
    Action,
    Block,
    Deal,
    FreeCellState,
    Move,
    is_cascade,
    state_from_json,
)

if TYPE_CHECKING:
    from tabletop.analysis import Analyst
    from tabletop.encoding import ViewEncoding
    from tabletop.ui.base import GameUI


class FreeCell(Game[Action]):
    """The game object the ``tabletop.games`` entry point names."""

    info = GameInfo(
        id="freecell",
        name=NAME,
        summary="The classic patience: every card face up, four free cells, Microsoft's numbered deals",
        players=1,
        max_length=MOVE_LIMIT + 2,  # the two draws of a random deal, then the moves
        options=(DEAL, CELLS, AUTO),
        seat_names=("You",),
        perfect_information=True,
        score_unit="cards home",
    )

    def new_initial_state(self, options: Mapping[str, str] | None = None) -> FreeCellState:
        resolved = self.resolve_options(options)
        return FreeCellState(
            deal=DEAL.value(resolved), cells=CELLS.value(resolved), auto=AUTO.value(resolved) == "safe"
        )

    def parse_action(self, state: State[Action], text: str) -> Action:
        """Read ``deal N``, ``deals N-M`` or a move in the standard notation (``3a``, ``a8``, ``1h``, ``57``,
        ``57/2`` or fc-solve's ``57v2``)."""
        block = re.fullmatch(r"\s*deals\s+(\d{1,5})\s*-\s*(\d{1,5})\s*", text.lower())
        if block:
            first, last = int(block.group(1)), int(block.group(2))
            if (first - 1) % BLOCK or last != first + BLOCK - 1 or last > RANDOM_DEALS:
                raise InvalidActionError(f"{text!r} is not a block of {BLOCK} deals from 1 to {RANDOM_DEALS:,}")
            return Block(first)
        found = re.fullmatch(r"\s*deal\s+(\d{1,7})\s*", text.lower())
        if found:
            number = int(found.group(1))
            if not 1 <= number <= DEAL.high:
                raise InvalidActionError(f"there is no deal {number}: deals are 1 to {DEAL.high:,}")
            return Deal(number)
        move = Move.parse(text)
        return state.with_count_read(move) if isinstance(state, FreeCellState) else move

    def parse_listed_action(self, state: State[Action], text: str) -> Action:
        """A move as solvers list it: a bare move onto an empty cascade (``57``) takes one card, as fc-solve
        and the standard notation mean it; a count (``57v3``, ``57/3``) takes that many."""
        action = self.parse_action(state, text)
        if not isinstance(action, Move) or not isinstance(state, FreeCellState):
            return action
        written = Move.parse(text)  # as written: parse_action writes a count of the most that fits bare
        if (
            not written.count
            and is_cascade(written.source)
            and is_cascade(written.target)
            and not state.cascades[int(written.target) - 1]
        ):
            return state.with_count_read(Move(written.source, written.target, 1))
        return action

    def state_from_json(self, data: JSON) -> FreeCellState:
        return state_from_json(data)

    def rules_text(self) -> str:
        return RULES

    def distinct_actions(self, options: Mapping[str, str]) -> Sequence[Action]:
        """The chance draws of a deal and every move (:func:`tabletop_freecell.encoding.distinct_actions`)."""
        from tabletop_freecell.encoding import distinct_actions

        return distinct_actions(options)

    def view_encoding(self, options: Mapping[str, str]) -> ViewEncoding:
        """Each card's place and depth (:class:`tabletop_freecell.encoding.FreeCellEncoding`)."""
        from tabletop_freecell.encoding import FreeCellEncoding

        return FreeCellEncoding()

    def analyst(self, options: Mapping[str, str]) -> Analyst[Action]:
        """The solver: whether the position can still be won, and the next move of a winning line."""
        from tabletop_freecell.analyst import SolverAnalyst

        return SolverAnalyst()

    def commands(self) -> Mapping[str, Command]:
        """``tabletop freecell solve N`` and ``tabletop freecell survey FIRST LAST``."""
        from tabletop_freecell.command import solve_command
        from tabletop_freecell.survey import survey_command

        return {"solve": solve_command, "survey": survey_command}

    def stats_section(self, records: Sequence[Any]) -> list[str]:
        """Per deal: won of played, the fewest moves and the best time of a win."""
        from tabletop_freecell.stats import deal_lines

        return deal_lines(records)

    def ui(self) -> GameUI[Action]:
        from tabletop_freecell.ui import FreeCellUI

        return FreeCellUI(self)

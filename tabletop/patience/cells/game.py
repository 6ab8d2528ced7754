"""The game object of a FreeCell-family patience: a :class:`Layout` and a few words make a whole game.

A game of the family is a subclass (of :class:`LayoutGame`) naming its layout and its :class:`~tabletop.game.GameInfo`
(:func:`cells_info` builds it with the family's options); this class does the rest: states, notation, the
solver behind the Coach and Review, ``tabletop GAME solve N``, the interface, the encoding and the statistics,
each imported when first asked for.

>>> from tabletop.patience.cells.actions import STANDARD
>>> class Classic(LayoutGame):
...     layout = STANDARD
...     info = cells_info(STANDARD, "classic", "FreeCell", deal_help="Microsoft's deal N.")
>>> state = Classic().new_initial_state({"deal": "1"})
>>> state.deal, state.cell_count, state.auto, Classic().info.max_length
(1, 4, True, 1002)
"""

from __future__ import annotations

import abc
from collections.abc import Mapping, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from tabletop.game import JSON, Command, Game, GameInfo, State, WholeNumber, one_of, whole_number
from tabletop.patience.cells.actions import RANDOM_DEALS, Action, Move, parse_deals
from tabletop.patience.cells.codec import read_state
from tabletop.patience.cells.layout import Layout
from tabletop.patience.cells.state import MOVE_LIMIT, CellsState
from tabletop.playing_cards import MICROSOFT_DEALS

if TYPE_CHECKING:
    from tabletop.analysis import Analyst
    from tabletop.encoding import ViewEncoding
    from tabletop.interface import GameUI
    from tabletop.views import FullView

AUTO = one_of(
    "auto",
    "Automatic moves home",
    ["safe", "off"],
    default="safe",
    help="safe: a card goes home by itself when no card could still need it; off: every move is yours.",
)


def deal_option(help_text: str) -> WholeNumber:
    """The deal number: 1 to 1,000,000, or 0 for a random one of the 32,000 classic deals."""
    meanings = {0: f"random (1 to {RANDOM_DEALS:,})"}
    return whole_number("deal", "Deal number", 0, MICROSOFT_DEALS, default=0, help=help_text, meanings=meanings)


NUMBERED_DEALS = {
    "Microsoft's": "Microsoft's deal N (1 to 1,000,000), laid out as in FreeCell; 0: a random one of 1 to 32,000.",
    "PySol's": "PySol's deal N (1 to 32,000; the same generator on to 1,000,000); 0: a random one of 1 to 32,000.",
}
"""What the deal option says, by the numbering a layout's deals follow."""


def cells_info(layout: Layout, game_id: str, summary: str, *, deal_help: str | None = None, **more: Any) -> GameInfo:
    """The :class:`GameInfo` of a one-player game of ``layout``, with its options: the deal (``deal_help``
    says what its number means, by default as its numbering does), the number of cells where the layout
    lets it change, and automatic moves home."""
    options = [deal_option(deal_help or NUMBERED_DEALS[layout.numbering])]
    if layout.fewer_cells:
        label = layout.cell_word.capitalize() + "s"
        help_text = f"How many {layout.cell_word}s (0 to {layout.cells})."
        options.append(whole_number("cells", label, 0, layout.cells, default=layout.cells, help=help_text))
    return GameInfo(
        id=game_id,
        name=layout.name,
        summary=summary,
        players=1,
        max_length=MOVE_LIMIT + 2,  # the two draws of a random deal, then the moves
        options=(*options, AUTO),
        seat_names=("You",),
        perfect_information=True,
        score_unit="cards home",
        **more,
    )


S = TypeVar("S", bound=CellsState)


class CellsGame(Game[Action], Generic[S]):
    """A FreeCell-family game whose states are ``S``: a subclass names its :attr:`layout`, :attr:`info` and
    :attr:`rules`, and makes its states (:class:`LayoutGame` makes the kit's own)."""

    layout: Layout
    rules: str = ""
    """The rules as the game's menu shows them (Markdown)."""

    @abc.abstractmethod
    def new_state(self, deal: int, cells: int, auto: bool) -> S:
        """A state of this game: deal ``deal`` (0: not dealt yet), ``cells`` cells, automatic moves home or not."""

    def new_initial_state(self, options: Mapping[str, str] | None = None) -> S:
        resolved = self.resolve_options(options)
        cells = int(resolved.get("cells", self.layout.cells))
        return self.new_state(int(resolved["deal"]), cells, resolved["auto"] == "safe")

    def parse_action(self, state: State[Action], text: str) -> Action:
        """Read ``deal N``, ``deals N-M`` or a move in the standard notation (``3a``, ``a8``, ``1h``, ``57``,
        ``57/2`` or fc-solve's ``57v2``)."""
        dealing = parse_deals(text, MICROSOFT_DEALS)
        if dealing is not None:
            return dealing
        move = Move.parse(text, self.layout)
        return state.with_count_read(move) if isinstance(state, CellsState) else move

    def parse_listed_action(self, state: State[Action], text: str) -> Action:
        """A move as solvers list it: a bare move onto an empty column (``57``) takes one card, as fc-solve
        and the standard notation mean it; a count (``57v3``, ``57/3``) takes that many."""
        action = self.parse_action(state, text)
        if not isinstance(action, Move) or not isinstance(state, CellsState):
            return action
        written = Move.parse(text, self.layout)  # as written: parse_action writes a count of the most that fits bare
        if (
            not written.count
            and state.is_cascade(written.source)
            and state.is_cascade(written.target)
            and not state.column(written.target)
        ):
            return state.with_count_read(Move(written.source, written.target, 1))
        return action

    def state_from_json(self, data: JSON) -> S:
        return read_state(data, self.new_state(0, 0, True))

    def rules_text(self) -> str:
        return self.rules

    def distinct_actions(self, options: Mapping[str, str]) -> Sequence[Action]:
        """The chance draws of a deal and every move (:func:`tabletop.patience.cells.encoding.distinct_actions`)."""
        from tabletop.patience.cells.encoding import distinct_actions

        resolved = self.resolve_options(options)
        cells = int(resolved.get("cells", self.layout.cells))
        return distinct_actions(self.layout, chosen=int(resolved["deal"]), cells=cells)

    def view_encoding(self, options: Mapping[str, str]) -> ViewEncoding[FullView[CellsState]]:
        """Each card's place and depth (:class:`tabletop.patience.cells.encoding.CellsEncoding`)."""
        from tabletop.patience.cells.encoding import CellsEncoding

        return CellsEncoding(self.layout)

    def analyst(self, options: Mapping[str, str]) -> Analyst[Action, FullView[CellsState]]:
        """The solver: whether the position can still be won, and the next move of a winning line."""
        from tabletop.patience.cells.analyst import CellsAnalyst

        return CellsAnalyst(f"the {self.layout.name} solver")

    def commands(self) -> Mapping[str, Command]:
        """``tabletop GAME solve N``."""
        from tabletop.patience.cells.command import solve_command

        return {"solve": partial(solve_command, self.layout, self.info.id, self.new_state)}

    def stats_section(self, records: Sequence[Any]) -> list[str]:
        """Per deal: won of played, the fewest moves and the best time of a win."""
        from tabletop.patience.cells.stats import deal_lines

        return deal_lines(records)

    def ui(self) -> GameUI[Action, FullView[CellsState], FullView[CellsState]]:
        from tabletop.patience.cells.ui import CellsUI

        return CellsUI(self)


class LayoutGame(CellsGame[CellsState]):
    """A FreeCell-family game whose states are the kit's :class:`CellsState` on its :attr:`layout`."""

    def new_state(self, deal: int, cells: int, auto: bool) -> CellsState:
        return CellsState(self.layout, deal=deal, cells=cells, auto=auto)

"""The family's board: columns that pack their covered cards only where the terminal is short, and the kit's
check of one entry standing for actions alike."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from tabletop.patience.cells.state import CellsState
from tabletop.patience.cells.ui import CellsUI, list_room
from tabletop.testing import ConformanceError, check_steps
from tabletop.views import FullView
from tabletop_freecell import game
from tabletop_freecell.game import FreeCell
from tabletop_freecell.rules import HOME_KEY, Action, Move

CARD = re.compile(r"(?:10|[2-9AJQK])[♣♦♥♠]")


def drawn(state: CellsState, width: int, height: int) -> list[str]:
    out = io.StringIO()
    Console(file=out, width=width, height=height, color_system=None).print(game.ui().render(state.view(0), []))
    return out.getvalue().splitlines()


def long_first_column() -> CellsState:
    """Deal 1 with cascades 2 and 3 laid on cascade 1: 21 cards in one column, two empty ones."""
    state = game.new_initial_state({"deal": "1"})
    assert isinstance(state, CellsState)
    state.cascades[0] += state.cascades[1] + state.cascades[2]
    state.cascades[1], state.cascades[2] = [], []
    return state


def test_a_long_column_packs_its_covered_cards_at_80x24_and_leaves_the_first_list_its_room() -> None:
    state = long_first_column()
    lines = drawn(state, 80, 24)
    room = list_room(game.ui().steps(state.view(0), state.legal_actions()))
    assert len(lines) <= 24 - room
    first = [CARD.findall(line[:10]) for line in lines[2:]]
    assert sum(len(cards) for cards in first) == 21  # every card of the column is shown
    assert max(len(cards) for cards in first) == 2  # covered cards two to a line
    assert first[-1] == ["2♥"]  # the card that may move keeps a line of its own, at the foot


def test_at_120x40_the_columns_are_spaced_out_and_nothing_is_packed() -> None:
    state = long_first_column()
    wide, narrow = drawn(state, 120, 40), drawn(state, 80, 24)
    assert [CARD.findall(line[:14]) for line in wide[2:]] == [[c.display] for c in state.cascades[0]]
    assert wide[1].index("2") > narrow[1].index("2")  # wider spacing


def test_a_short_terminal_draws_the_cascades_as_rows() -> None:
    state = long_first_column()
    lines = drawn(state, 80, 12)
    assert lines[1].startswith("1 │ J♦ K♦")


class EveryCellListed(CellsUI):
    """An interface that leaves the later cells out of its lists but does not say they stand for the first."""

    def listed_as(self, view: FullView[CellsState], action: Action) -> Action | None:
        return None


def test_the_kit_accepts_an_action_left_out_only_where_the_game_lists_another_in_its_place() -> None:
    check_steps(game, options={"deal": "1"}, games=1)

    class Unsaid(FreeCell):
        def ui(self) -> EveryCellListed:
            return EveryCellListed(self)

    with pytest.raises(ConformanceError, match=r"missing \[.*'[1-8]b'"):
        check_steps(Unsaid(), options={"deal": "1"}, games=1)


class StandsForHome(CellsUI):
    """An interface that says the later cells' moves are listed as a move home, which it does not list."""

    def listed_as(self, view: FullView[CellsState], action: Action) -> Action | None:
        listed = super().listed_as(view, action)
        return Move(listed.source, HOME_KEY) if isinstance(listed, Move) else None


def test_the_kit_refuses_an_action_listed_as_one_that_is_not_listed() -> None:
    class Unlisted(FreeCell):
        def ui(self) -> StandsForHome:
            return StandsForHome(self)

    with pytest.raises(ConformanceError, match=r"listed_as\(\) lists '[1-8][b-d]' as '[1-8]h', which steps\(\)"):
        check_steps(Unlisted(), options={"deal": "1"}, games=1)

"""The last move marked on the board: what the opponent placed, moved or swapped, and what you drew."""

from __future__ import annotations

import io
import random
from collections.abc import Iterator

import pytest
from rich.console import Console

from tabletop.ui.base import Log
from tabletop_muster import game
from tabletop_muster.board import NEW_LEGEND, NEW_MARK, board, changes
from tabletop_muster.position import build_state
from tabletop_muster.state import MusterState
from tabletop_muster.ui import MusterUI
from tabletop_muster.view import MusterView

UI = MusterUI(game)


@pytest.fixture(autouse=True)
def plain_environment(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for name in ("FORCE_COLOR", "NO_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE", "COLUMNS", "LINES", "TERM"):
        monkeypatch.delenv(name, raising=False)
    yield


def screen(renderable: object, width: int = 80, height: int = 24) -> str:
    c = Console(file=io.StringIO(), width=width, height=height, color_system=None, record=True)
    c.print(renderable)
    return c.export_text()


def row(text: str, faction: str) -> str:
    """The board's row of a castle (``Feather`` is lettered P)."""
    letter = "P" if faction == "Feather" else faction[0]
    return next(line for line in text.split("\n") if f" {letter} {faction} " in line)


def play(state: MusterState, *moves: str) -> MusterState:
    """``state`` after the moves (each chance outcome drawn at random where one comes)."""
    rng = random.Random(0)
    for move in moves:
        state.apply(game.parse_action(state, move))
        while state.is_chance_node():
            state.apply(state.sample_chance(rng))
    return state


def start() -> MusterState:
    """South to act; North holds cards for a Banner, a castling and a Swap."""
    return build_state(
        north="W2 L3 R P1 C1",
        south="F1 F2 F3 P2 L2",
        north_columns={"water": "W1", "leaf": "L1 RW"},
        south_columns={"feather": "P1 RW"},
        castles={"cloud": "C2"},
        turn_of="south",
    )


def test_the_opponent_banner_and_your_draw_are_marked() -> None:
    state = start()
    play(state, "F1>F")
    before = state.view(1)  # just after South's action: the refill follows
    play(state, "d", "W2>W", "d")
    view = state.view(1)
    new = changes(view, before)
    assert new.columns[0][0] == frozenset({1})  # North's W2 on W1
    assert len(new.drawn) == 1 and new.drawn[0] in view.hand
    text = screen(UI.render(view, Log(["North plays Water 2 under the Water castle."], fresh=1, before=before)))
    assert f"W1 {NEW_MARK}W2" in row(text, "Water")
    hand = next(line for line in text.split("\n") if line.startswith("Your hand:"))
    assert hand.count(NEW_MARK) == 1
    assert NEW_LEGEND in text


def test_a_castled_card_and_a_swap_in_place_are_marked() -> None:
    state = start()
    before = play(state, "F1>F").view(1)
    play(state, "d", "cC1")
    view = state.view(1)
    assert changes(view, before).castles == frozenset({2})
    text = screen(board(view, Log([], before=before)))
    assert f"{NEW_MARK}C1 ×2" in row(text, "Cloud")
    # North swaps Feather 2 for the Wizard in South's Feather column: marked where it stands.
    state = build_state(
        north="W2 L3 R P2 C1",
        south="F1 F2 F3 P3 L2",
        south_columns={"feather": "P1 RW"},
        turn_of="south",
    )
    before = play(state, "F1>F").view(1)
    play(state, "d", "sP2>2P")
    new = changes(state.view(1), before)
    assert new.columns[1][4] == frozenset({1})
    assert f"P1 {NEW_MARK}P2" in row(screen(board(state.view(1), Log([], before=before))), "Feather")


def test_a_moved_wizard_is_marked_where_it_went() -> None:
    state = start()
    before = play(state, "F1>F").view(1)
    play(state, "d", "mL>W")
    view = state.view(1)
    new = changes(view, before)
    assert new.columns[0][0] == frozenset({1}) and new.columns[0][1] == frozenset()
    assert f"W1 {NEW_MARK}RW" in row(screen(board(view, Log([], before=before))), "Water")


def test_no_marks_without_a_view_before() -> None:
    state = play(start(), "F1>F", "d", "W2>W", "d")
    for log in (Log(["x"], fresh=1), ["x"]):
        text = screen(board(state.view(1), log))
        assert NEW_MARK not in text and NEW_LEGEND not in text
    assert not changes(state.view(1), None)


def test_marks_use_reverse_video_and_keep_80_columns() -> None:
    state = start()
    before = play(state, "F1>F").view(1)
    play(state, "d", "W2>W", "d")
    c = Console(file=io.StringIO(), width=80, height=24, force_terminal=True, color_system="standard")
    c.print(board(state.view(1), Log([], before=before)))
    out = c.file.getvalue()  # type: ignore[attr-defined]
    assert "\x1b[7m" in out or ";7m" in out or "7;" in out
    for width, height in ((80, 24), (60, 20), (120, 40)):
        lines = screen(UI.render(state.view(1), Log([], before=before)), width, height).rstrip("\n").split("\n")
        assert max(len(line.rstrip()) for line in lines) <= width


def test_a_marked_long_column_still_shows_its_top_cards() -> None:
    state = build_state(
        north="W2 L3 R P1 C1",
        south="F1 F2 F3 C2 L2",
        north_columns={"feather": "P1 P1 P2 P2 P3 P4 P5"},
        turn_of="north",
    )
    before = state.view(1)
    play(state, "R>P")
    view = state.view(1)
    assert isinstance(view, MusterView)
    line = row(screen(board(view, Log([], before=before))), "Feather")
    assert f"{NEW_MARK}R*" in line or f"{NEW_MARK}RW" in line

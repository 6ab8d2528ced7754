"""The end signposted: the last card's draw and Move say they end the game, the refill counts its draws,
and the final reckoning explains each castle within one 24-line screen."""

from __future__ import annotations

import io
import random
from collections.abc import Iterator
from dataclasses import replace

import pytest
from rich.console import Console

from tabletop.agents import RandomAgent
from tabletop.loop import Match
from tabletop.ui.base import Log
from tabletop_muster import game
from tabletop_muster.board import board, status_line
from tabletop_muster.position import build_state
from tabletop_muster.state import MusterState
from tabletop_muster.ui import MOVE, MusterUI
from tabletop_muster.view import MusterView

UI = MusterUI(game)


@pytest.fixture(autouse=True)
def plain_environment(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for name in ("FORCE_COLOR", "NO_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE", "COLUMNS", "LINES", "TERM"):
        monkeypatch.delenv(name, raising=False)
    yield


def apply(state: MusterState, *moves: str) -> MusterState:
    rng = random.Random(0)
    for move in moves:
        state.apply(game.parse_action(state, move))
        while state.is_chance_node():
            state.apply(state.sample_chance(rng))
    return state


def test_the_refill_says_which_draw_of_how_many() -> None:
    state = build_state(
        north="R R W4 L2 C1", south="F1 F2 F3 P1 P2", north_columns={"water": "W1"}, over_the_rainbow=True
    )
    apply(state, "RR+W4>W")
    before = state.view(0)
    assert status_line(before, before).plain == "Your turn: draw 1 of 3"
    apply(state, "d")
    assert status_line(state.view(0), before).plain == "Your turn: draw 2 of 3"
    # Without the view after the action, the count left is all it knows.
    assert status_line(state.view(0)).plain == "Your turn: draw 2 more"


def test_the_last_card_of_the_deck_is_signposted_in_the_menu() -> None:
    refill = build_state(north="W2 P3 C1 C2", south="F1 F2 F3 L2 L3", phase="refill", to_draw=1)
    view = replace(refill.view(0), deck_size=1)
    labels = [s.path for s in UI.steps(view, refill.legal_actions())]
    assert ("Draw the deck's last card: the game ends",) in labels
    assert "the deck's last card ends the game" in status_line(view).plain
    act = build_state(north="W2 P3 C1 C2 L1", south="F1 F2 F3 L2 L3", north_columns={"water": "W1 RW"})
    view = replace(act.view(0), deck_size=1)
    moves = [s.path for s in UI.steps(view, act.legal_actions()) if s.path[0].startswith(MOVE)]
    assert moves and all(p[0] == f"{MOVE} (ends the game)" for p in moves)
    assert all(p[-1].endswith(" (turns up the deck's last card)") for p in moves)
    # The greyed-out entries and the order know the new label.
    assert UI.label_order(view).index(f"{MOVE} (ends the game)") == 3


def test_a_real_last_draw_is_labelled_and_ends_the_game() -> None:
    seen = 0
    for seed in range(1, 6):
        rng = random.Random(seed)
        match = Match(game, seed=seed, agents=[RandomAgent(), None])
        while not match.is_over():
            match.advance()
            if match.is_over():
                break
            view = match.state.view(1)
            assert isinstance(view, MusterView)
            steps = UI.steps(view, match.state.legal_actions())
            last = [s for s in steps if s.path == ("Draw the deck's last card: the game ends",)]
            assert bool(last) == (view.phase == "refill" and view.deck_size == 1)
            step = last[0] if last else rng.choice(steps)
            match.apply(step.action)
            if last:
                seen += 1
                match.advance()
                assert match.is_over()
    assert seen


def test_the_end_screen_explains_each_castle_within_24_lines() -> None:
    state = build_state(
        north_columns={"water": "W1 W1 W2 W2 W3", "leaf": "L2 L3", "cloud": "C1"},
        south_columns={"water": "W5", "leaf": "L5", "cloud": "C1", "flame": "F1 RW"},
        phase="over",
    )
    lines_log = ["South (you) draws a card from the deck. That was the deck's last card: the game ends."]
    c = Console(file=io.StringIO(), width=80, height=24, color_system=None, record=True)
    c.print(UI.render(state.view(1), lines_log))
    c.print(UI.render_result(state))
    c.print("Seed 123: replay this game with --seed 123.")
    text = c.export_text()
    lines = text.rstrip("\n").split("\n")
    assert len(lines) <= 24, text
    assert max(len(line.rstrip()) for line in lines) <= 80
    rows = {line.split()[1]: line for line in lines if line.startswith(" ") and line.split()[0] in "WLCFP"}
    assert "9      5  stronger, 9 to 5" in rows["Water"] and rows["Water"].rstrip().endswith("North")
    assert "5 each; Banners 2 to 1" in rows["Leaf"] and rows["Leaf"].rstrip().endswith("North")
    assert "1 each and 1 Banner each: a tie" in rows["Cloud"] and rows["Cloud"].rstrip().endswith("nobody")
    assert "stronger, 7 to 0" in rows["Flame"] and "South (you)" in rows["Flame"]
    assert "no cards on either side" in rows["Feather"]
    assert "total strength of each side under each castle" in text


def test_the_end_board_has_no_marks_or_status() -> None:
    state = build_state(north_columns={"water": "W1"}, south_columns={"leaf": "L1"}, phase="over")
    text = Console(file=io.StringIO(), width=80, color_system=None, record=True)
    text.print(board(state.view(1), Log(["x"], fresh=1, before=state.view(1))))
    assert "Your turn" not in text.export_text()

"""Boards that use the room a terminal gives: Five Dice's sheets side by side where they fit, Muster's log
beside its board from 100 columns, the line that says which side is whose kept at 60x20, and a statistics
table that never wraps a variant's name."""

from __future__ import annotations

import re
from pathlib import Path

import pexpect
import pytest
from rich.console import Console

from tabletop.store.stats import StatsRow
from tabletop.ui.base import Log
from tabletop.ui.tables import stats_table
from tests.cli.pty_helpers import spawn

YOUR_MOVE = r"Your move: (?:\x1b\[[0-9;]*m)*\((?:keys or )?arrows"
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
SHEET_TITLE = re.compile(r"Player (\d) · total")


def drawn(renderable: object, width: int, height: int) -> list[str]:
    console = Console(width=width, height=height, color_system=None, record=True)
    console.print(renderable)
    return console.export_text().splitlines()


@pytest.mark.pty
@pytest.mark.parametrize(("columns", "lines", "side_by_side"), [(120, 40, True), (100, 30, True), (80, 24, False)])
def test_five_dice_shows_every_sheet_side_by_side_where_they_fit(
    tmp_path: Path, columns: int, lines: int, side_by_side: bool
) -> None:
    child = spawn(
        ["play", "fivedice", "--players", "2", "--opponent", "simple", "--seed", "5"],
        data_dir=tmp_path / "data",
        columns=columns,
        lines=lines,
    )
    child.expect(YOUR_MOVE, timeout=60)
    screen = ANSI.sub("", child.before)
    titles = [line for line in screen.splitlines() if SHEET_TITLE.search(line)]
    child.sendcontrol("c")
    child.expect(pexpect.EOF)
    if side_by_side:
        assert any(re.search(r"Player 1 · total.*Player 2 · total", line) for line in titles), screen
        assert "Others:" not in screen
    else:
        assert [SHEET_TITLE.search(line).group(1) for line in titles] == ["1"], screen  # type: ignore[union-attr]
        assert "Others: Player 2 0" in screen


def _muster_board(width: int, height: int) -> list[str]:
    from tabletop.loop import Match
    from tabletop_muster import game
    from tabletop_muster.agents import AGENTS

    match = Match(game, seed=21, agents=[None, AGENTS["easy"]()])
    match.advance()
    match.apply(next(a for a in match.state.legal_actions() if str(a).startswith("c")))
    match.advance()
    while match.human_to_act() == 0 and len(match.state.legal_actions()) == 1:
        match.apply(match.state.legal_actions()[0])
        match.advance()
    view = match.state.view(0)
    log = Log.of(match.events[-50:], 0)
    return drawn(game.ui().render(view, log), width, height)


def test_from_100_columns_muster_shows_its_log_beside_the_board() -> None:
    board = _muster_board(100, 30)
    assert board[0].startswith("Muster · turn")
    assert "· North (you) draws" in board[0][60:], board[0]  # a log line stands beside the title
    narrow = _muster_board(80, 24)
    assert narrow[0].rstrip().endswith("you 0"), narrow[0]  # nothing beside the title at 80 columns


def test_at_60x20_muster_keeps_the_line_that_says_which_side_is_whose() -> None:
    board = _muster_board(60, 20)
    assert any("South" in line and "North (you)" in line for line in board), "\n".join(board)


def test_the_statistics_never_wrap_a_variant_and_fit_60_columns() -> None:
    rows = [
        StatsRow("klondike", "solo", 3, 1, 2, 0, 0, 1, 520.0, hinted=True, took_back=True, variant="draw 3"),
        StatsRow("muster", "hard", 12, 5, 7, 0, 2, 3, None),
    ]
    for width in (60, 80, 120):
        lines = drawn(stats_table(rows, {"klondike": "Klondike", "muster": "Muster"}), width, 40)
        assert all(len(line.rstrip()) <= width for line in lines)
        row = next(line for line in lines if "Klondike" in line)
        assert "draw 3" in row and "520" in row, "\n".join(lines)  # the variant and the best score on one line
        assert any("take-backs)" in line for line in lines)

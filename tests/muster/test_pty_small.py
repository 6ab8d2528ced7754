"""The real program on a 60x20 terminal: after every move the board's title is still on screen."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pexpect
import pytest

from tests.cli.pty_helpers import END_OF_GAME, ENTER, POINTER, QUESTION, answered, spawn

CLEAR = "\x1b[2J"
CSI = re.compile(r"\x1b\[([0-9;?]*)([A-Za-z])")


def scrolled_lines(stream: str, height: int) -> int:
    """How many lines ``stream`` (written after a clear, the cursor at the top) pushed off a ``height``-line screen.

    Follows the cursor's row through line feeds and cursor moves (up, down, to a row): a line
    feed on the last row scrolls the screen by one.

    >>> scrolled_lines("a\\nb\\nc\\n", 3), scrolled_lines("a\\nb\\x1b[1Ac\\nd", 3)
    (1, 0)
    """
    row = scrolled = 0
    i = 0
    while i < len(stream):
        m = CSI.match(stream, i)
        if m:
            params, final = m.group(1), m.group(2)
            n = int(params) if params.isdigit() else 1
            if final == "A":
                row = max(0, row - n)
            elif final == "B":
                row = min(height - 1, row + n)
            elif final == "H":
                row = int(params.split(";")[0]) - 1 if params.split(";")[0].isdigit() else 0
            i = m.end()
            continue
        if stream[i] == "\n":
            if row == height - 1:
                scrolled += 1
            else:
                row += 1
        i += 1
    return scrolled


@pytest.mark.pty
def test_the_title_stays_on_a_60x20_screen_move_after_move(tmp_path: Path) -> None:
    child = spawn(["play", "muster", "--opponent", "medium", "--seed", "5"], data_dir=tmp_path, columns=60, lines=20)
    seen = io.StringIO()
    child.logfile_read = seen
    checked = 0
    for _ in range(40):
        child.expect(QUESTION)
        prompt = child.match.group(1)
        child.expect(POINTER)
        if prompt == "Your move:":
            screen = seen.getvalue().rsplit(CLEAR, 1)[-1]
            plain = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", screen)
            assert "Muster · turn" in plain, plain
            assert scrolled_lines(screen, 20) == 0, plain
            checked += 1
            if checked == 8:
                break
        child.send(ENTER)
        child.expect(answered(prompt))
    assert checked == 8
    child.sendintr()
    child.expect("Left Tabletop|Left the game|saved")


LAST_MOVE = re.compile(
    r"South moves a (?:Rainbow )?Wizard from (?:under the )?Water (?:castle )?to (?:under the )?Cloud"
)
"""Seed 1 against Medium, North taking the first entry of every list: South's Move of a Wizard is the last
decision of the game (its Move turns up the deck's last card). Found by playing the seeds through the play
loop with a prompter that answers as Enter does."""


@pytest.mark.pty
@pytest.mark.parametrize(("columns", "lines"), [(80, 24), (60, 20)])
def test_the_end_screen_shows_the_computers_last_move(tmp_path: Path, columns: int, lines: int) -> None:
    child = spawn(
        ["play", "muster", "--opponent", "medium", "--seed", "1"], data_dir=tmp_path, columns=columns, lines=lines
    )
    seen = io.StringIO()
    child.logfile_read = seen
    for _ in range(300):
        if child.expect([QUESTION, END_OF_GAME], timeout=30) == 1:
            break
        prompt = child.match.group(1)
        child.expect(POINTER)
        child.send(ENTER)
        child.expect(answered(prompt))
    else:
        raise AssertionError("the game did not end")
    screen = seen.getvalue().rsplit(CLEAR, 1)[-1]
    plain = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", screen)
    assert "South wins" in plain and "game over" in plain
    assert LAST_MOVE.search(" ".join(line.strip() for line in plain.splitlines())), plain
    assert scrolled_lines(screen, lines) == 0, plain
    child.send(ENTER)
    child.expect(pexpect.EOF)

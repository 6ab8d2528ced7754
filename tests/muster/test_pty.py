"""End to end: a whole game of Muster against the computer, from the menu, in a pseudo-terminal."""

from __future__ import annotations

import re
from pathlib import Path

import pexpect
import pytest

from tests.cli.pty_helpers import ENTER, POINTER, QUESTION, answered, select, spawn


@pytest.mark.pty
def test_whole_game_against_the_computer_from_the_menu(tmp_path: Path) -> None:
    child = spawn([], data_dir=tmp_path)
    child.expect("What would you like to play")
    select(child, "Muster")
    select(child, "Opponent:")
    select(child, "Computer: Random")
    select(child, "Seed:")
    child.expect("Seed \\(empty")
    child.send("8" + ENTER)
    select(child, "Start the game")
    moves = 0
    for _ in range(3000):
        if child.expect([QUESTION, r"Seed 8: replay this game with --seed 8"], timeout=60) == 1:
            break
        prompt = child.match.group(1)
        child.expect(POINTER)
        child.send(ENTER)
        child.expect(answered(prompt))
        moves += 1
    else:
        raise AssertionError("the game did not end")
    final = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", str(child.before))
    assert moves > 20
    assert "Castle" in final and ("wins" in final or "draw" in final.lower())
    assert "South" in final  # the computer's moves are in the log and the result table
    child.expect(r"Review your decisions \(graded by the analyst\)\?")
    child.send(ENTER)  # no: Enter takes the default
    child.expect("What would you like to play")
    select(child, "Statistics")
    child.expect("Muster")
    child.expect("Press any key")
    child.sendintr()
    child.expect(pexpect.EOF)

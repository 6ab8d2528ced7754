"""End to end: whole games of Gin Rummy to 100 against each computer level, in a pseudo-terminal."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.cli.pty_helpers import END_OF_GAME, ENTER, POINTER, QUESTION, answered, spawn

MOST_DECISIONS = 3000
HAND_OVER = r"Hand (\d+) is over\. "
"""The screen between hands, passed with a key."""


@pytest.mark.pty
@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_a_whole_game_to_100_against_each_level(tmp_path: Path, level: str) -> None:
    child = spawn(["play", "gin", "--opponent", level, "--seed", "3"], data_dir=tmp_path)
    decisions, hands_over = 0, []
    for _ in range(MOST_DECISIONS):
        seen = child.expect([QUESTION, END_OF_GAME, HAND_OVER], timeout=60)
        if seen == 1:
            break
        if seen == 2:
            hands_over.append(int(child.match.group(1)))
            child.expect("Press any key to go on")
            child.send(" ")
            continue
        prompt = child.match.group(1)
        child.expect(POINTER)
        child.send(ENTER)  # the first entry: a knock or a spread when offered, else a discard or a draw
        child.expect(answered(prompt))
        decisions += 1
    else:
        raise AssertionError("the game did not end")
    final = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", str(child.before))
    assert decisions > 20
    assert hands_over == list(range(1, len(hands_over) + 1)) and hands_over, hands_over  # each hand's end, once
    assert "wins the game" in final or "drawn game" in final
    child.send(ENTER)
    child.expect(r"\$|What would you like|\Z", timeout=20)

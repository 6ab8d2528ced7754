"""FreeCell in the real program: listed, in the menu, and a deal won by following the coach's hints."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from tests.cli.pty_helpers import ENTER, QUESTION, TABLETOP, select, spawn

DEAL = "3"
"""A deal the solver wins in about 40 moves."""
NOTICE = re.compile(r"(?:Hint|Coach) \(100%\): ([^\r\n\x1b]+)")
COACH_ENTRY = "the best moves and what each is worth"
"""The coach's entry in the first list, whatever the table calls it."""


def test_freecell_is_listed(tmp_path: Path) -> None:
    listed = subprocess.run([TABLETOP, "list"], capture_output=True, text=True, check=True, env=_env(tmp_path))
    assert re.search(r"freecell\s+FreeCell · 1 player", listed.stdout)
    assert "--deal\xa00..1000000 --cells\xa00..4 --auto\xa0{safe,off}" in listed.stdout


def _env(tmp_path: Path) -> dict[str, str]:
    import os

    return {**os.environ, "TABLETOP_DATA_DIR": str(tmp_path)}


def test_freecell_is_in_the_menu(tmp_path: Path) -> None:
    child = spawn([], data_dir=tmp_path)
    child.expect("FreeCell")
    child.sendcontrol("c")
    child.expect(pexpect_eof())


def pexpect_eof() -> object:
    import pexpect

    return pexpect.EOF


YOUR_MOVE = r"Your move: (?:\x1b\[[0-9;]*m)*\((?:keys or )?arrows"
WON = r"won in (\d+) moves"
HEADER_MOVE = r"Deal \d+ · move (\d+) "
"""The header's count of the moves made."""
LONE_MOVE = ": the only choice."
"""What the table says when it made the one legal move for the player."""


def test_a_deal_is_won_by_following_the_coach(tmp_path: Path) -> None:
    child = spawn(["play", "freecell", "--deal", DEAL], data_dir=tmp_path)
    child.timeout = 60
    moves, won = 0, False
    child.expect(YOUR_MOVE)
    for _ in range(150):
        select(child, COACH_ENTRY)
        child.expect("Press any key to go on")
        child.send(" ")
        child.expect(NOTICE)
        advice = child.match.group(1)
        child.expect(YOUR_MOVE)
        moves += 1
        # Each label of the advice in turn, until the move is made (a list with one choice is taken for the
        # player, and an entry may show the whole move).
        for label in advice.split(" > "):
            select(child, label)
            won = child.expect([QUESTION, WON]) == 1
            if won or child.match.group(1).startswith("Your move"):
                break
        else:
            raise AssertionError(f"the move {advice!r} was not made by its labels")
        if won:
            break
        # Where the position then has one legal move, the table makes it for the player and says so: it
        # counts among the game's moves.
        shown = [int(n) for n in re.findall(HEADER_MOVE, child.before)]
        if shown and shown[-1] > moves:
            assert shown[-1] == moves + 1 and LONE_MOVE in child.before, child.before
            moves = shown[-1]
    else:
        raise AssertionError("the deal was not won within 150 moves")
    assert int(child.match.group(1)) == moves
    child.expect(r"Review your decisions")
    child.send(ENTER)

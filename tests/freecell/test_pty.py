"""FreeCell in the real program: listed, in the menu, and a deal won by following the coach's hints."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from tests.cli.pty_helpers import ENTER, QUESTION, TABLETOP, spawn

DEAL = "3"
"""A deal the solver wins in about 40 moves."""
NOTICE = re.compile(r"Hint \(100%\): ([^\r\n\x1b]+)")
SOURCE = re.compile(r"^(?:cascade (\d)|free cell ([a-d]))")
TARGET = re.compile(r"> (?:onto cascade (\d)|to empty cascade (\d)|to free cell ([a-d])|(home))")


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


def test_a_deal_is_won_by_following_the_coach(tmp_path: Path) -> None:
    child = spawn(["play", "freecell", "--deal", DEAL], data_dir=tmp_path)
    child.timeout = 60
    moves, at_prompt = 0, False
    for _ in range(150):
        if not at_prompt and child.expect([YOUR_MOVE, WON]) == 1:
            break
        child.send("h")
        child.send(ENTER)
        child.expect("Press any key to go on")
        child.send(" ")
        child.expect(NOTICE)
        advice = child.match.group(1)
        source, target = SOURCE.search(advice), TARGET.search(advice)
        assert source and target, advice
        child.expect(YOUR_MOVE)
        child.send(source.group(1) or source.group(2))
        child.send(ENTER)
        moves += 1
        if child.expect([QUESTION, WON]) == 1:
            break
        question = child.match.group(1)
        at_prompt = question.startswith("Your move")  # the only destination was taken for the player
        if not at_prompt:
            key = next(k for k in target.groups() if k)
            child.send("h" if key == "home" else key)
            child.send(ENTER)
            assert " > " not in advice.split(" > ", 2)[-1] or advice.count(" > ") == 1, advice
    else:
        raise AssertionError("the deal was not won within 150 moves")
    assert int(child.match.group(1)) == moves
    child.expect(r"Review your decisions")
    child.send(ENTER)

"""Klondike in the real program: listed, in the menu, and a game played with the coach, an undo and to its end."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pexpect

from tabletop_klondike.ui import GIVE_UP_QUESTION
from tests.cli.pty_helpers import ENTER, QUESTION, TABLETOP, select, spawn

YOUR_MOVE = r"Your move: (?:\x1b\[[0-9;]*m)*\((?:keys or )?arrows"
COACH_ENTRY = "the best moves and what each is worth"
"""The coach's entry in the first list, whatever the table calls it."""
STYLE = r"(?:\x1b\[[0-9;]*m)*"
STOCK_24 = rf"│ s {STYLE}24"
"""The full stock's count on the board's first line, after any colour codes."""
ADVICE = re.compile(r"(?:Hint|Coach) \((\d+)%\): ([^\r\n\x1b]+)")


def test_klondike_is_listed_with_its_options(tmp_path: Path) -> None:
    env = {**os.environ, "TABLETOP_DATA_DIR": str(tmp_path)}
    listed = subprocess.run([TABLETOP, "list"], capture_output=True, text=True, check=True, env=env)
    assert re.search(r"klondike\s+Klondike · 1 player", listed.stdout)
    flat = " ".join(listed.stdout.replace("\xa0", " ").split())
    assert "--draw {1,3} --passes {unlimited,1,3} --scoring {standard,vegas}" in flat


def test_klondike_is_in_the_menu(tmp_path: Path) -> None:
    child = spawn([], data_dir=tmp_path)
    child.expect("Klondike")
    child.sendcontrol("c")
    child.expect(pexpect.EOF)


def test_a_game_with_the_coach_an_undo_and_to_its_end(tmp_path: Path) -> None:
    child = spawn(["play", "klondike", "--seed", "7"], data_dir=tmp_path)
    child.timeout = 60
    child.expect(STOCK_24)
    child.expect(YOUR_MOVE)
    select(child, COACH_ENTRY)
    child.expect("An estimate: with every card known, the solver won")
    child.expect("Press any key to go on")
    child.send(" ")
    child.expect(ADVICE)
    advice = child.match.group(2)
    child.expect(YOUR_MOVE)
    for label in advice.split(" > "):  # the coach's move, by the labels of its lists
        select(child, label)
        child.expect(QUESTION)
        if child.match.group(1).startswith("Your move"):
            break
    select(child, "Turn the stock (")
    child.expect(YOUR_MOVE)
    select(child, "Game menu")
    select(child, "Undo")
    child.expect("Undone: s")
    child.expect(YOUR_MOVE)
    select(child, "Give up")
    child.expect(re.escape(GIVE_UP_QUESTION))
    child.send(ENTER)  # No, the default: the game goes on
    child.expect(YOUR_MOVE)
    select(child, "Give up")
    child.expect(re.escape(GIVE_UP_QUESTION))
    child.send("y")
    child.expect(r"Given up, with \d+ cards? home, score \d+\.")
    child.expect("Review your decisions")
    child.sendcontrol("c")
    child.expect(pexpect.EOF)
    history = subprocess.run(
        [TABLETOP, "history"],
        capture_output=True,
        text=True,
        env={**os.environ, "TABLETOP_DATA_DIR": str(tmp_path)},
        check=True,
    )
    assert "Klondike" in history.stdout

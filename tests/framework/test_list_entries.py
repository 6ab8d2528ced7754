"""An entry too long for the terminal goes on to the next line between words, indented under its title."""

from __future__ import annotations

import re
from pathlib import Path

import pexpect
import pytest

from tabletop.interface import Choice
from tabletop.ui.entries import LIST_INDENT, SCROLL_BAR, entry_lines, shown_entry
from tests.cli.pty_helpers import spawn

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
NARROW = 50
"""Columns at which an entry of Muster's setup screen is longer than a line."""


def test_a_long_entry_breaks_between_words_under_its_title() -> None:
    text = shown_entry(Choice("Muster: Raise the Banners: A two-player area-majority card duel", 5), "5")
    lines = entry_lines(text, NARROW)
    assert lines == ["5) Muster: Raise the Banners: A two-player", "   area-majority card duel"]
    assert all(len(line) <= NARROW - LIST_INDENT - SCROLL_BAR for line in lines)


def test_a_greyed_out_entry_breaks_under_its_title_too() -> None:
    entry = Choice("Move a Rainbow Wizard", 1, disabled="no column of yours has a Wizard on top")
    assert entry_lines(shown_entry(entry, None), NARROW) == [
        "- Move a Rainbow Wizard (no column of yours",
        "  has a Wizard on top)",
    ]


def test_a_short_aside_in_brackets_is_kept_on_one_line() -> None:
    text = "g) Make a Rainbow Bridge > then F2 Flame 2 > under Flame, Bridge as 1 (0 -> 3)"
    assert entry_lines(text, 80)[-1] == "   (0 -> 3)"


@pytest.mark.pty
def test_the_real_setup_screen_shows_a_long_entry_broken_between_words(tmp_path: Path) -> None:
    child = spawn([], data_dir=tmp_path, columns=NARROW)
    child.expect(r"(\w)\) (?:\x1b\[[0-9;]*m)*Muster")
    child.send(child.match.group(1))
    child.expect("Set up the game")
    child.expect(r"Esc\) (?:\x1b\[[0-9;]*m)*Back")
    shown = [ANSI.sub("", line).rstrip() for line in child.before.replace("\r", "").split("\n")]
    at = shown.index(" " * LIST_INDENT + "o) Opponent: computer, Medium (greedy, one")
    assert shown[at + 1] == " " * (LIST_INDENT + 3) + "move ahead)"
    child.sendcontrol("c")
    child.expect(pexpect.EOF)

"""End to end: a whole seeded game of Muses in a pseudo-terminal, asking the Coach once."""

from __future__ import annotations

import re
from pathlib import Path

import pexpect
import pytest

from tests.cli.pty_helpers import ENTER, POINTER, answered, select, spawn

PROMPT = r"((?:Your move|Claim a muse|Use a hint|Use a power)[^\r\n\x1b]*?:) "


@pytest.mark.pty
def test_whole_seeded_game_with_advice(tmp_path: Path) -> None:
    child = spawn(
        ["play", "muses", "--seed", "5"],
        data_dir=tmp_path / "data",
        extra_env={"TABLETOP_CACHE_DIR": str(tmp_path / "cache")},
    )
    advised = False
    for _ in range(400):
        if child.expect([PROMPT, r"Seed 5: replay this game with --seed 5"]) == 1:
            break
        prompt = child.match.group(1)
        if not advised and prompt == "Your move:" and "Deck 0" in child.before:
            # The last card is up: the advisor solves what is left of the game.
            select(child, "Coach")
            # The solve the game began with may still run: the Coach waits for it.
            child.expect(r"win chance with best play \d+\.\d% \(exact\)", timeout=240)
            # The best moves, or, when the target is out of reach, that no way of playing reaches it.
            child.expect(
                [r"1\. +\d+\.\d%  (Claim a muse|End the turn|Use a hint|Use a power)", "No way of playing wins"]
            )
            child.expect("Press")
            child.send(ENTER)
            advised = True
            continue
        child.expect(POINTER)  # the first entry always leads to a legal action
        child.send(ENTER)
        child.expect(answered(prompt))
    else:
        raise AssertionError("the game did not end")
    assert advised
    text = str(child.before)
    assert "Unused hints:" in text and ("You win" in text or "You lose" in text)
    child.expect(r"Review your decisions \(graded by the analyst\)\?")
    child.send(ENTER)  # no: Enter takes the default
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


SMALL_SET = """
[game]
target = 6
hints = 2

[[card]]
name = "Alpha"
points = 3
power = "flip"
edges = ["7", ">= 10", "", ""]

[[card]]
name = "Beta"
points = 2
power = "reroll"
edges = ["Pair", "Both odd", "", ""]

[[card]]
name = "Gamma"
points = 4
edges = [">= 9", "Pair >= 8", "", ""]
"""


@pytest.mark.pty
def test_a_refusal_longer_than_the_screen_wraps_rather_than_losing_its_end(tmp_path: Path) -> None:
    powered = tmp_path / "cleo.toml"
    powered.write_text('[[card]]\nname = "Cleo"\npoints = 3\npower = "flip"\nedges = ["7", "", "", ""]\n')
    child = spawn([], data_dir=tmp_path / "data")
    child.expect("What would you like to play")
    select(child, "Muses")
    select(child, "Card file: default")
    child.expect("Card file")
    child.send(str(powered) + ENTER)
    gap = r"(?:\s|\x1b\[[0-9;?]*[A-Za-z])*"  # the line break, as the terminal is told it
    # Wherever the terminal breaks the line, every character of the refusal arrives, its end included.
    child.expect(gap.join(re.escape(c) for c in "Cleo has no power in the rules; leave the power out" if c != " "))
    child.sendcontrol("c")
    child.expect(pexpect.EOF)


@pytest.mark.pty
def test_from_the_menu_with_a_card_file_and_the_advisor(tmp_path: Path) -> None:
    """Menu -> Muses -> a card file typed in the setup screen -> a whole seeded game, with one look at the Coach."""
    cards = tmp_path / "three.toml"
    cards.write_text(SMALL_SET)
    child = spawn([], data_dir=tmp_path / "data", extra_env={"TABLETOP_CACHE_DIR": str(tmp_path / "cache")})
    child.expect("What would you like to play")
    select(child, "Muses")
    select(child, "Card file: default")
    child.expect("Card file")
    child.send(str(tmp_path / "missing.toml") + ENTER)
    child.expect(r"no\s+such\s+card\s+file")  # refused under the prompt, which keeps the text to mend
    child.send("\x15" + str(cards) + ENTER)  # Ctrl-U clears the line
    # The setup screen names the set now in use by its file's name and digest, not its whole text.
    child.expect(r"Rules: Card file:\s+three\.toml \(sha256 [0-9a-f]{8}\)\s")
    child.expect("Set up the game")
    select(child, "Seed:")
    child.expect("Seed \\(empty")
    child.send("11" + ENTER)
    select(child, "Start the game")
    child.expect(PROMPT)
    assert child.match.group(1) == "Your move:"
    select(child, "Coach")
    child.expect(r"win chance with best play \d+\.\d% \(exact\)")
    child.expect("Press")
    child.send(ENTER)
    for _ in range(100):
        if child.expect([PROMPT, r"Seed 11: replay this game with --seed 11"]) == 1:
            break
        prompt = child.match.group(1)
        child.expect(POINTER)
        child.send(ENTER)
        child.expect(answered(prompt))
    else:
        raise AssertionError("the game did not end")
    assert "Alpha" in str(child.before) or "Beta" in str(child.before) or "Gamma" in str(child.before)
    child.expect(r"Review your decisions \(graded by the analyst\)\?")
    child.send(ENTER)  # no: Enter takes the default
    child.expect("What would you like to play")
    child.expect(POINTER)
    child.sendintr()
    child.expect(pexpect.EOF)

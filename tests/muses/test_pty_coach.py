"""End to end: Muses from the menu with one look at the Coach, the Review when the game ends, and again from History."""

from __future__ import annotations

import re
from pathlib import Path

import pexpect
import pytest

from tests.cli.pty_helpers import END_OF_GAME, ENTER, POINTER, PROMPT_ENDED, answered, select, spawn

from .test_pty import PROMPT, SMALL_SET

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def _through_the_review(child: pexpect.spawn) -> str:
    """Read a review to its end (the summary, then a screen for each decision); return what it said."""
    child.expect(r"Graded by the exact solver: exact figures\.", timeout=60)
    said = ""
    while child.expect([r"Esc ends review", r"What would you like to play|Replay which game"]) == 0:
        said += ANSI.sub("", child.before)
        child.send(ENTER)
        child.expect(PROMPT_ENDED)  # the pause has read its key (its last drawing is not a new one)
    return said + ANSI.sub("", child.before)


@pytest.mark.pty
def test_muses_with_the_coach_then_the_review_at_the_end_and_from_history(tmp_path: Path) -> None:
    cards = tmp_path / "three.toml"
    cards.write_text(SMALL_SET)
    child = spawn([], data_dir=tmp_path / "data", extra_env={"TABLETOP_CACHE_DIR": str(tmp_path / "cache")})
    child.expect("What would you like to play")
    select(child, "Muses")
    select(child, "Card file: default")
    child.expect("Card file")
    child.send(str(cards) + ENTER)
    child.expect("Set up the game")
    select(child, "Seed:")
    child.expect("Seed \\(empty")
    child.send("11" + ENTER)
    select(child, "Start the game")
    child.expect(PROMPT)
    child.expect(r"\?\) (?:\x1b\[[0-9;]*m)*Coach")
    child.send("?")  # the Coach's key takes it at once
    child.expect("Press any key")
    hint = ANSI.sub("", child.before)
    assert re.search(r"Coach: win chance with best play \d+\.\d% \(exact\)\.", hint), hint
    assert re.search(r"\n +1\. +\d+\.\d%  (Claim a muse|End the turn|Use a hint|Use a power)", hint), hint
    child.send(ENTER)
    child.expect(r"Coach \(\d+%\): ")  # kept under the board while the player chooses
    for _ in range(100):
        if child.expect([PROMPT, END_OF_GAME]) == 1:
            break
        prompt = child.match.group(1)
        child.expect(POINTER)
        child.send(ENTER)
        child.expect(answered(prompt))
    else:
        raise AssertionError("the game did not end")
    child.send("y")
    child.expect(r"Review of game 1 \(Muses\)\.", timeout=60)
    at_the_end = _through_the_review(child)
    assert re.search(r"You chose as the analyst would in \d+ of \d+ decisions\.", at_the_end), at_the_end
    # Back at the menu: the game is marked as played with the Coach, and reviewed again from History.
    select(child, "History and replays")
    child.expect(r"#1 Muses, [-0-9: ]+: [^\r\n]*\(1 coach tip\)")
    child.send(ENTER)  # the cursor stands on it, the newest game
    select(child, "Review my decisions")
    child.expect(r"Review of game 1 \(Muses\)\.", timeout=60)
    from_history = _through_the_review(child)
    summary = re.compile(r"You chose as the analyst would in \d+ of \d+ decisions\.")
    assert summary.search(at_the_end)[0] == summary.search(from_history)[0]  # type: ignore[index]  # exact: the same
    select(child, "Back")
    child.expect("What would you like to play")
    select(child, "Statistics")
    child.expect(r"Solo \(coach\)")
    child.expect("Press any key")
    child.sendintr()
    child.expect(pexpect.EOF)

"""End to end: the default four-edge set in a pseudo-terminal, the Coach asked while the game's background solve
still runs, and a muse that turns all the way round, comes back upright and is discarded."""

from __future__ import annotations

import re
from pathlib import Path

import pexpect
import pytest

from tabletop_muses.ui import UPRIGHT_FORMS
from tests.cli.pty_helpers import END_OF_GAME, ENTER, answered, select, spawn

from .test_pty import PROMPT

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
SEED = 2
"""A deal in which ending every turn without a claim brings a muse back upright on the fourth turn."""


@pytest.mark.pty
def test_the_coach_before_the_solve_is_done_and_a_muse_discarded_back_upright(tmp_path: Path) -> None:
    cache = tmp_path / "cache"  # empty: the game begins by solving its card set in the background
    child = spawn([], data_dir=tmp_path / "data", extra_env={"TABLETOP_CACHE_DIR": str(cache), "NO_COLOR": "1"})
    child.expect("What would you like to play")
    select(child, "Muses")
    child.expect("Set up the game")
    select(child, "Seed:")
    child.expect("Seed \\(empty")
    child.send(f"{SEED}" + ENTER)
    select(child, "Start the game")
    child.expect(PROMPT)
    first = ANSI.sub("", child.before)
    assert re.search(r"· \d+%", first), first  # each condition with the chance a plain roll meets it
    child.expect(r"\?\) (?:\x1b\[[0-9;]*m)*Coach")
    child.send("?")  # the Coach's key takes it at once
    # The solve the game began with is not done yet: the Coach says how far it has got, then answers.
    child.expect(r"Working out the odds of this card set: \d+% done", timeout=10)
    child.expect("Press any key", timeout=240)  # a cold solve of the default set, on a busy machine
    said = ANSI.sub("", child.before)
    assert re.search(r"Coach: win chance with best play \d+\.\d% \(exact\)\.", said), said
    child.send(ENTER)
    assert list(cache.glob("muses-*.bin")), "the background solve keeps its solution for later games"
    seen_leaving = upright = False
    for _ in range(40):
        if child.expect([PROMPT, END_OF_GAME]) == 1:
            break
        screen = ANSI.sub("", child.before)
        seen_leaving = seen_leaving or any(form in screen for form in UPRIGHT_FORMS)
        upright = upright or "came back upright" in " ".join(screen.split())
        select(child, "End the turn without a claim")
        child.expect(answered("Your move:"))  # its echo is not the next question
    else:
        raise AssertionError("the game did not end")
    assert seen_leaving, "no card showed where it comes back upright"
    assert upright, "no muse came back upright and was discarded"
    child.send(ENTER)  # no review
    child.expect("What would you like to play")
    child.sendintr()
    child.expect(pexpect.EOF)

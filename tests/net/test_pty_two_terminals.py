"""Two people, two terminals: ``tabletop host muster`` in one pseudo-terminal, ``tabletop join`` in another, a
whole game played through the two tables by keys, each seeing its own hand and the other's moves as they come."""

from __future__ import annotations

import io
import re
import subprocess
import time
from pathlib import Path

import pexpect
import pytest

from tests.cli.pty_helpers import ENTER, POINTER, spawn
from tests.net.hosting import JOIN_LINE, TABLETOP, history

pytestmark = pytest.mark.pty

GAME_SECONDS = 300.0
"""A whole game by keys, on a busy machine."""
REVIEW = "Review your decisions"
CONFIRM = r"\(y/N\)"
OVER = "Kept here as game"


def _play_on(child: pexpect.spawn, done: str) -> bool:
    """Answer the prompt ``child`` shows, if any (the highlighted entry; yes to a question, no to the review after
    the game); whether ``done`` was said."""
    found = child.expect([POINTER, REVIEW, CONFIRM, done, pexpect.TIMEOUT, pexpect.EOF], timeout=0.1)
    if found == 0:
        child.send(ENTER)
    elif found == 1:
        child.send("n")  # the review after the game is another test's
    elif found == 2:
        child.send("y")
    return found in (3, 5)


def _asked(screen: str) -> str:
    """The question of the list last drawn on ``screen`` (its escape codes aside), or ""."""
    plain = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", screen)
    questions = re.findall(r"\? ([^:\r\n]+): \(keys", plain)
    return questions[-1].strip() if questions else ""


def _ask_the_coach(child: pexpect.spawn) -> None:
    """At a decision of the player's, ask the Coach (from their own view), then go back to the game."""
    child.send("?")
    child.expect("win chance with best play")
    child.expect("Press any key")
    child.send(ENTER)


def test_a_whole_muster_game_between_two_terminals(tmp_path: Path) -> None:
    hosting = spawn(["host", "muster", "--port", "0"], data_dir=tmp_path / "host")
    hosting.expect(JOIN_LINE)
    address, port, code = hosting.match.group(1), hosting.match.group(2), hosting.match.group(3)
    hosting.expect("Waiting for South to join")
    joining = spawn(["join", f"{address}:{port}", code.lower()], data_dir=tmp_path / "guest")
    seen = {"host": io.StringIO(), "guest": io.StringIO()}
    hosting.logfile_read, joining.logfile_read = seen["host"], seen["guest"]
    joining.expect("North's hand")  # the other hand face down, drawn by the game's own board
    joining.expect("Your hand")
    hosting.expect("South's hand")
    hosting.expect("Your hand")
    deadline = time.monotonic() + GAME_SECONDS
    guest_done = host_done = coached = False
    while not (guest_done and host_done):
        assert time.monotonic() < deadline, "the game did not end in time"
        if not coached and joining.expect([POINTER, pexpect.TIMEOUT], timeout=0.1) == 0:
            if _asked(joining.before) == "Your move":  # the first question of the joining player's decision
                _ask_the_coach(joining)
                coached = True
            else:
                joining.send(ENTER)
        guest_done = guest_done or _play_on(joining, OVER)
        host_done = host_done or _play_on(hosting, "Press any key to go on")
    assert coached
    joining.expect(REVIEW)  # the joining side is offered the review of its own decisions too
    joining.send("n")
    joining.expect(pexpect.EOF)
    hosting.send(ENTER)
    hosting.expect(pexpect.EOF)
    # Each table says whose turn it is and whether the other side is connected.
    assert "South is connected." in seen["host"].getvalue()
    assert "Your turn (South) · everyone is connected." in seen["guest"].getvalue()
    assert "North to move · everyone is connected." in seen["guest"].getvalue()
    assert "Game menu (rules, leave)" in seen["guest"].getvalue()  # nothing is taken back across the network
    (hosted,) = history(tmp_path / "host")
    (joined,) = history(tmp_path / "guest")
    assert hosted.is_finished and joined.history == hosted.history and joined.result == hosted.result
    reviewed = subprocess.run(
        [*TABLETOP, "--data-dir", str(tmp_path / "guest"), "review", "1", "--print"], capture_output=True, text=True
    )
    assert reviewed.returncode == 0 and "Review of game 1" in reviewed.stdout, reviewed.stdout + reviewed.stderr

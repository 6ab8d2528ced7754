"""A board with its list is drawn again whole when the terminal changes size, and at Ctrl-L: the list alone
would stand under a board broken by the new width, or wiped away."""

from __future__ import annotations

from pathlib import Path

import pexpect
import pytest

from tests.cli.pty_helpers import spawn

TITLE = "Muster · turn 1"
YOUR_MOVE = r"Your move: (?:\x1b\[[0-9;]*m)*\(keys or arrows"


@pytest.mark.pty
def test_a_new_size_and_ctrl_l_draw_the_board_again(tmp_path: Path) -> None:
    child = spawn(["play", "muster", "--opponent", "easy", "--seed", "4"], data_dir=tmp_path, columns=120, lines=40)
    child.expect(TITLE)
    child.expect(YOUR_MOVE)
    child.setwinsize(24, 80)  # the window made smaller: SIGWINCH
    child.expect(TITLE)
    child.expect(YOUR_MOVE)
    child.send("b")  # into a list of its own: the board is drawn again above it too
    child.expect(r"Play a Banner: ")
    child.sendcontrol("l")
    child.expect(TITLE)
    child.expect(r"Play a Banner: ")
    child.send("\x1b")  # Esc: back to the first list, where the cursor stands on the entry left
    child.expect(YOUR_MOVE)
    child.sendcontrol("c")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130

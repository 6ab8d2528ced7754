"""A host that goes while the joined player decides: the player's table says so at once, without a key pressed,
rather than after a move that would go nowhere."""

from __future__ import annotations

import time
from pathlib import Path

import pexpect
import pytest

from tests.cli.pty_helpers import spawn
from tests.net.hosting import host, join

pytestmark = pytest.mark.pty

HEARD_SECONDS = 5.0
"""How soon the joined table must say the host has gone: the connection notices a closed socket at once."""


def test_a_host_gone_while_the_player_decides_ends_the_question_at_once(tmp_path: Path) -> None:
    hosted = host(tmp_path / "host", "host", "muster")
    computer = join(tmp_path / "computer", hosted, "easy")
    player = spawn(["join", f"{hosted.address}:{hosted.port}", hosted.code], data_dir=tmp_path / "player")
    try:
        player.expect("Your move", timeout=60)  # the person's decision, asked
        hosted.stop()
        gone = time.monotonic()
        player.expect("The connection to the host was lost", timeout=HEARD_SECONDS)
        assert time.monotonic() - gone < HEARD_SECONDS
        player.expect(pexpect.EOF, timeout=HEARD_SECONDS)
    finally:
        player.close(force=True)
        computer.kill()
        computer.communicate(timeout=30)
    assert player.exitstatus == 1
    assert "Traceback" not in (player.before or "")

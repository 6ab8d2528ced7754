"""Text read from the database reaches the screen printable: a stored escape sequence never acts on the terminal.

A database is a file, and anybody can write one: a game id or a start time
holding an escape sequence (clear the screen, retitle the window) or rich's
markup is shown as harmless text by every command that lists it.
"""

from __future__ import annotations

import json
import os
import random
import sqlite3
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from tabletop.loop import Match
from tabletop.registry import Registry
from tabletop.store import Store
from tests.cli.pty_helpers import spawn

TABLETOP = str(Path(sys.executable).with_name("tabletop"))
INJECTED = "\x1b[2J\x1b]0;owned\x07"
"""Clears the screen and retitles the window, when printed raw."""
LEFTOVER = "[2J]0;owned"
"""What remains of it once made printable."""
GAME_ID = "mu\x1b]0;x\x07[/]"
"""A stored game id with an escape sequence and what rich would take for markup (and fail on)."""
GAME_ID_SHOWN = "mu]0;x[/]"


def store_with_hostile_text(data: Path, *, finished: bool) -> int:
    """A Muster game whose stored game id and start time hold an escape sequence and markup; its row id."""
    match = Match(Registry.discover().get("muster"), seed=7, agents=[None, None])
    rng = random.Random(3)
    while finished and not match.is_over():
        state = match.state
        match.apply(state.sample_chance(match.rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    with Store.open(data) as store:
        row = store.begin(match, ["human", "hard"], ["Ann", "Computer"])
        if finished:
            store.finish(row, match)
    with sqlite3.connect(data / "tabletop.db") as conn:
        conn.execute(
            "UPDATE games SET game_id = ?, started = ?, seats = ? WHERE id = ?",
            (GAME_ID, "2026-01-01" + INJECTED, json.dumps(["human", "hard" + INJECTED]), row),
        )
    conn.close()
    return row


def tabletop(*args: str, data: Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, TABLETOP_DATA_DIR=str(data), COLUMNS="200")
    return subprocess.run(
        [TABLETOP, *args], env=env, cwd=cwd, capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL
    )


def assert_harmless(shown: str) -> None:
    assert "\x1b]" not in shown and "\x07" not in shown and "\x1b[2J" not in shown, repr(shown[-600:])
    assert "Traceback" not in shown and "went wrong" not in shown, shown[-600:]


@pytest.mark.parametrize("finished", [False, True], ids=["unfinished", "finished"])
def test_history_lists_stored_escapes_as_plain_text(tmp_path: Path, finished: bool) -> None:
    data = tmp_path / "data"
    store_with_hostile_text(data, finished=finished)
    listed = tabletop("history", data=data, cwd=tmp_path)
    assert listed.returncode == 0, listed.stderr
    assert_harmless(listed.stdout + listed.stderr)
    flat = "".join(listed.stdout.split())
    assert GAME_ID_SHOWN in flat and "2026-01-01" + LEFTOVER in flat, listed.stdout
    assert "hard" + LEFTOVER in flat, listed.stdout


def test_stats_and_export_show_stored_escapes_as_plain_text(tmp_path: Path) -> None:
    data = tmp_path / "data"
    row = store_with_hostile_text(data, finished=True)
    stats = tabletop("stats", data=data, cwd=tmp_path)
    assert stats.returncode == 0, stats.stderr
    assert_harmless(stats.stdout + stats.stderr)
    assert GAME_ID_SHOWN in "".join(stats.stdout.split()), stats.stdout

    # Its game is not installed, so its record would not replay: export says why, harmlessly, and writes
    # nothing (the file name made from such an id is checked in `default_name`'s examples).
    exported = tabletop("export", str(row), data=data, cwd=tmp_path)
    assert exported.returncode == 1, exported.stderr
    assert_harmless(exported.stdout + exported.stderr)
    assert "would not replay" in exported.stderr, exported.stderr
    assert list(tmp_path.glob("*.json")) == []


@pytest.mark.pty
def test_the_delete_prompt_shows_stored_escapes_as_plain_text(tmp_path: Path) -> None:
    data = tmp_path / "data"
    row = store_with_hostile_text(data, finished=False)
    child = spawn(["history", "--delete", str(row)], data_dir=data, columns=200)
    child.expect(r"\[y/N\] ")
    asked = str(child.before) + str(child.after)
    child.sendline("n")
    child.expect("Nothing deleted")
    child.expect(pexpect.EOF)
    assert_harmless(asked)
    flat = "".join(asked.split())
    assert f"Forgetgame{row}" in flat and "2026-01-01" + LEFTOVER in flat, repr(asked)

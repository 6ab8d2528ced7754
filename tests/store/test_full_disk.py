"""A full disk (or any failed save) stops the game at once and says what is kept; nothing claims a save that did not happen.

Two ways to fill the disk, both through the real program in a pseudo-terminal:
an injected failure (``tests/faults/sitecustomize.py``: every commit after the
first N fails as SQLite fails on a full disk), which works everywhere, and a
real small file system (a tmpfs mounted under the test's folder) where the
machine allows mounting one.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest

from tabletop.store import Store
from tests.cli.pty_helpers import ENTER, POINTER, QUESTION, TABLETOP, answered, select, spawn

pytestmark = pytest.mark.pty

FAULTS = str(Path(__file__).parents[1] / "faults")
FULL_AFTER = "TABLETOP_TEST_FULL_AFTER_COMMITS"
OPENING_COMMITS = 3
"""Commits of `tabletop play` before the first action on an existing database: its mark, the game's row, the
first save of its (empty) list of actions."""
SAVED_ACTIONS = 30
"""Actions saved before the injected full disk: a few of the player's decisions into a game of Muster."""
GAME = ["play", "muster", "--opponent", "random", "--seed", "42"]
STOPPED = "This game has stopped"
KEPT = re.compile(r"game (\d+) is saved up to action (\d+) of (\d+)")
FULL = "The disk is full"
NEVER = ("cannot rollback", "Any game in progress is saved", "It is saved", "Traceback", "disk I/O error")
MOVES = 400


def _plain(text: str) -> str:
    """What the screen says, without colours and with one space between words."""
    return re.sub(r"\s+", " ", re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", text))


def _ready_database(data: Path) -> None:
    """Create the database beforehand, so that the program's commits are only its own game's."""
    Store.open(data).close()


def _stored(data: Path, game: int) -> list[str]:
    with Store.open(data, write=False) as store:
        return store.get(game).history


def _play_first_choices(child: pexpect.spawn, done: str) -> str:
    """Answer every question with its first entry until ``done`` shows; return what was on screen since the last."""
    for _ in range(MOVES):
        if child.expect([QUESTION, done]) == 1:
            return str(child.before) + str(child.after)
        question = child.match.group(1)
        child.expect(POINTER)
        child.send(ENTER)
        child.expect(answered(question))
    raise AssertionError(f"{done!r} did not show within {MOVES} moves")


def _finish(child: pexpect.spawn) -> int:
    child.expect(pexpect.EOF)
    child.close()
    assert child.signalstatus is None
    status = child.exitstatus
    assert isinstance(status, int)
    return status


def _stop_message(child: pexpect.spawn) -> tuple[str, int, int, int]:
    """Play until the game stops; the message, and the game's id, the actions it says are kept and the total."""
    _play_first_choices(child, STOPPED)
    child.expect("Press any key")
    text = _plain(str(child.before))
    found = KEPT.search(text)
    assert found, text
    game, kept, total = (int(n) for n in found.groups())
    return text, game, kept, total


def test_a_failed_save_stops_the_game_at_once_and_says_what_is_kept(tmp_path: Path) -> None:
    data = tmp_path / "data"
    _ready_database(data)
    env = {FULL_AFTER: str(OPENING_COMMITS + SAVED_ACTIONS)}
    child = spawn(GAME, pythonpath=FAULTS, data_dir=data, extra_env=env)
    text, game, kept, total = _stop_message(child)
    assert FULL in text and f"`tabletop resume {game}`" in text, text
    assert not any(words in text for words in NEVER), text
    stored = _stored(data, game)
    assert len(stored) == kept == SAVED_ACTIONS  # what it says is what the database holds
    assert total == kept + 1  # stopped at the first action that could not be saved
    child.send(ENTER)
    assert _finish(child) == 1  # a game that stopped on an error is a failure
    # Once there is room again, the game goes on from there.
    child = spawn(["resume", str(game)], data_dir=data)
    child.expect("Your move")
    child.sendintr()
    child.expect(f"Left Tabletop. All of game {game} is saved")
    assert _finish(child) == 130
    assert _stored(data, game)[:kept] == stored


def test_leaving_after_a_failed_save_claims_no_more_than_is_kept(tmp_path: Path) -> None:
    data = tmp_path / "data"
    _ready_database(data)
    env = {FULL_AFTER: str(OPENING_COMMITS + SAVED_ACTIONS)}
    child = spawn(GAME, pythonpath=FAULTS, data_dir=data, extra_env=env)
    _, game, kept, total = _stop_message(child)
    child.sendintr()  # Ctrl-C at "Press any key"
    child.expect("Left Tabletop.")
    child.expect(pexpect.EOF)
    goodbye = _plain(str(child.before))
    assert f"Game {game} is saved up to action {kept} of {total}" in goodbye, goodbye
    assert not any(words in goodbye for words in NEVER), goodbye
    assert _finish(child) == 130


def test_ctrl_c_in_a_game_says_what_the_database_holds(tmp_path: Path) -> None:
    data = tmp_path / "data"
    child = spawn(GAME, data_dir=data)
    for _ in range(3):
        child.expect(QUESTION)
        question = child.match.group(1)
        child.expect(POINTER)
        child.send(ENTER)
        child.expect(answered(question))
    child.expect(QUESTION)
    child.sendintr()
    # Broken between words to fit 80 columns, the command kept whole to copy.
    child.expect("Left Tabletop. All of game 1 is saved: continue it from the menu, or run\r\n`tabletop resume 1`")
    assert _finish(child) == 130
    assert len(_stored(data, 1)) > 10


def test_in_the_menu_a_failed_save_stops_the_game_and_the_menu_goes_on(tmp_path: Path) -> None:
    data = tmp_path / "data"
    _ready_database(data)
    # The menu's own writes (the mark at opening) come first; the game's row, its first save and 20 actions follow.
    env = {FULL_AFTER: str(OPENING_COMMITS + 20)}
    child = spawn([], pythonpath=FAULTS, data_dir=data, extra_env=env)
    child.expect("What would you like to play")
    select(child, "Muster")
    select(child, "Start the game")
    text, game, kept, total = _stop_message(child)
    assert FULL in text and not any(words in text for words in NEVER), text
    assert len(_stored(data, game)) == kept < total
    child.send(ENTER)
    child.expect("What would you like to play")  # the program goes on; the game is offered to continue
    child.expect("Continue Muster")
    select(child, "Quit")
    child.expect("Quit Tabletop\\?")
    child.send("y")
    assert _finish(child) == 0


ALREADY_FULL_COMMANDS = [GAME, ["resume"], ["history", "--delete", "1", "--yes"]]


@pytest.mark.parametrize("command", ALREADY_FULL_COMMANDS, ids=["play", "resume", "history-delete"])
def test_an_already_full_disk_is_said_plainly(tmp_path: Path, command: list[str]) -> None:
    data = tmp_path / "data"
    _ready_database(data)
    child = spawn(command, pythonpath=FAULTS, data_dir=data, extra_env={FULL_AFTER: "0"})
    child.expect(pexpect.EOF)
    text = _plain(str(child.before))
    assert "the disk holding the game database" in text and "is full: free some space on it" in text, text
    assert not any(words in text for words in NEVER) and "failed:" not in text, text
    assert _finish(child) == 1


# ---------------------------------------------------------------------- a real small file system

SMALL_DISK_KB = 1024
ROOM_FOR_A_FEW_MOVES_KB = 200
"""What is left free before the game: SQLite's shared-memory file (32 KB) and a few dozen commits of the log."""
ALREADY_FULL_KB = (0, 8, 16, 24, 32, 40)
"""Nearly full disks: each of these once gave another of SQLite's words ("disk I/O error", "cannot rollback")."""


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A tmpfs of :data:`SMALL_DISK_KB` mounted under the test's folder (skipped where mounting is not allowed)."""
    mount_point = tmp_path / "small-disk"
    mount_point.mkdir()
    if os.geteuid() != 0:
        pytest.skip("mounting a small file system needs root")
    try:
        subprocess.run(
            ["mount", "-t", "tmpfs", "-o", f"size={SMALL_DISK_KB}k", "tmpfs", str(mount_point)],
            check=True,
            capture_output=True,
            timeout=30,
        )
    except (OSError, subprocess.SubprocessError) as exc:
        pytest.skip(f"cannot mount a small file system here: {exc}")
    try:
        yield mount_point
    finally:
        if subprocess.run(["umount", str(mount_point)], capture_output=True, timeout=30, check=False).returncode:
            subprocess.run(["umount", "-l", str(mount_point)], capture_output=True, timeout=30, check=False)


def _fill(disk: Path, leave_kb: int) -> Path:
    """Fill ``disk`` but for ``leave_kb`` KB; return the filling file (deleting it frees the space)."""
    filler = disk / "filler"
    status = os.statvfs(disk)
    free = status.f_bavail * status.f_frsize
    filler.write_bytes(b"\0" * max(0, free - leave_kb * 1024))
    return filler


def test_a_disk_that_fills_during_a_game_stops_it_and_the_game_resumes_once_freed(small_disk: Path) -> None:
    data = small_disk / "data"
    _ready_database(data)
    filler = _fill(small_disk, ROOM_FOR_A_FEW_MOVES_KB)
    child = spawn(GAME, data_dir=data)
    text, game, kept, total = _stop_message(child)
    assert FULL in text and f"`tabletop resume {game}`" in text, text
    assert not any(words in text for words in NEVER), text
    child.send(ENTER)
    assert _finish(child) == 1
    stored = _stored(data, game)
    assert len(stored) == kept and 0 < kept < total
    filler.unlink()
    child = spawn(["resume", str(game)], data_dir=data)
    child.expect("Your move")
    child.sendintr()
    child.expect(f"Left Tabletop. All of game {game} is saved")
    assert _finish(child) == 130
    assert _stored(data, game)[:kept] == stored


@pytest.mark.parametrize("command", [GAME, ["history", "--delete", "1", "--yes"]], ids=["play", "history-delete"])
def test_a_nearly_full_disk_at_the_start_is_said_plainly(small_disk: Path, command: list[str]) -> None:
    data = small_disk / "data"
    refused = []
    for leave_kb in ALREADY_FULL_KB:
        _ready_database(data)
        filler = _fill(small_disk, leave_kb)
        child = spawn(command, data_dir=data)
        index = child.expect(["is full: free some space on it", STOPPED, "Your move", "no game with id", pexpect.EOF])
        if index in (0, 1):  # refused at once, or stopped as the game began
            text = str(child.before) + str(child.after)
            while child.expect(["Press any key", pexpect.EOF]) == 0:
                text += str(child.before)
                child.send(ENTER)
            text = _plain(text + str(child.before))
            assert not any(words in text for words in NEVER) and "failed:" not in text, (leave_kb, text)
            refused.append(leave_kb)
        else:  # room enough to start: then it works as ever
            assert index in (2, 3), (leave_kb, child.before)
        child.terminate(force=True)
        filler.unlink()
    assert 0 in refused, refused


READING_COMMANDS = [["history"], ["stats"], ["replay", "1", "--print"], ["export", "1", "-o", "-"]]


def _finished_five_dice(data: Path) -> None:
    """Game 1: a finished solo Five Dice game (seed 61), its result in the database."""
    import random

    from tabletop.loop import Match
    from tabletop.registry import Registry

    match = Match(Registry.discover().get("fivedice"), seed=61, agents=[None])
    rng = random.Random(61)
    while not match.is_over():
        state = match.state
        match.apply(state.sample_chance(match.rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    with Store.open(data) as store:
        store.finish(store.begin(match, ["human"], ["Ann"]), match)


def _read(data: Path, command: list[str]) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, TABLETOP_DATA_DIR=str(data), COLUMNS="200")
    return subprocess.run(
        [TABLETOP, *command], env=env, capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL
    )


def test_the_commands_that_only_read_work_on_a_full_disk(small_disk: Path) -> None:
    data = small_disk / "data"
    _finished_five_dice(data)
    _fill(small_disk, 0)
    for command in READING_COMMANDS:
        result = _read(data, command)
        assert result.returncode == 0, (command, result.stderr)
        assert "is full" not in result.stderr and "Traceback" not in result.stderr, (command, result.stderr)
        assert ("61" if command != ["stats"] else "Five Dice") in result.stdout, (command, result.stdout)


def test_on_a_full_disk_games_not_yet_in_the_database_file_are_said_to_be_unshown(small_disk: Path) -> None:
    data = small_disk / "data"
    _finished_five_dice(data)
    # A program stopped before it could empty its log (-wal) into the database, the log's index (-shm) gone.
    subprocess.run(
        [sys.executable, "-c", ABANDONED_LOG, str(data)], check=True, capture_output=True, text=True, timeout=60
    )
    (data / "tabletop.db-shm").unlink()
    assert (data / "tabletop.db-wal").stat().st_size > 0
    _fill(small_disk, 0)
    result = _read(data, ["history"])
    assert result.returncode == 0, result.stderr
    assert "61" in result.stdout, result.stdout
    assert "games saved last" in " ".join(result.stderr.split()) and "are not shown" in result.stderr, result.stderr


ABANDONED_LOG = """
import os, sys
from tabletop.loop import Match
from tabletop.registry import Registry
from tabletop.store import Store
store = Store.open(sys.argv[1])
store.begin(Match(Registry.discover().get("fivedice"), seed=62, agents=[None]), ["human"], ["Ann"])
os._exit(0)
"""
"""Saves a game and stops at once, leaving it in the database's log (-wal) only."""

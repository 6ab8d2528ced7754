"""Signals: ``kill``, a closed terminal window and ``kill -INT`` leave as Ctrl-C does, the terminal restored."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import termios
import time
from pathlib import Path

import pexpect
import pytest

from tests.cli.pty_helpers import DOWN, ENTER, POINTER, select

pytestmark = pytest.mark.pty

MENU = "What would you like to play"
LEFT = "Left Tabletop."
SHOW_CURSOR = "\x1b[?25h"
HIDE_CURSOR = "\x1b[?25l"


def _spawn(data_dir: Path, *args: str, pythonpath: str | None = None) -> pexpect.spawn:
    """``python -m tabletop --data-dir DATA_DIR ARGS`` in an 80x24 pseudo-terminal."""
    env = dict(os.environ, TERM="xterm-256color", PROMPT_TOOLKIT_NO_CPR="1", COLUMNS="80", LINES="24")
    if pythonpath:
        env["PYTHONPATH"] = pythonpath + os.pathsep + env.get("PYTHONPATH", "")
    argv = ["-m", "tabletop", "--data-dir", str(data_dir), *args]
    return pexpect.spawn(sys.executable, argv, env=env, encoding="utf-8", dimensions=(24, 80), timeout=20)


def _at_the_menu(data_dir: Path) -> pexpect.spawn:
    child = _spawn(data_dir)
    child.expect(MENU)
    child.expect(POINTER)  # the list is drawn: the prompt has the terminal
    return child


def _leaves_restored(child: pexpect.spawn, signum: int) -> str:
    """Send ``signum``; the program must say goodbye, give the terminal back and exit 128 + signum."""
    os.kill(child.pid, signum)
    child.expect(LEFT)
    child.expect(pexpect.EOF)
    shown = str(child.before)
    # Cooked mode again (the pty's settings, read from its master side before it closes).
    lflag = termios.tcgetattr(child.child_fd)[3]
    assert lflag & termios.ICANON and lflag & termios.ECHO, "the terminal was left in raw mode"
    child.close()
    assert child.signalstatus is None, f"killed by signal {child.signalstatus} instead of leaving"
    assert child.exitstatus == 128 + signum
    return shown


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
def test_a_leaving_signal_at_the_menu_leaves_like_ctrl_c(tmp_path: Path, signum: int) -> None:
    child = _at_the_menu(tmp_path)
    everything = str(child.before) + str(child.after)
    _leaves_restored(child, signum)
    assert "Traceback" not in everything + str(child.before)


BUSY_TRIES = 3


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT], ids=["SIGTERM", "SIGHUP", "SIGINT"])
def test_a_signal_while_the_menu_is_redrawing_still_leaves(tmp_path: Path, signum: int) -> None:
    """The signal lands while the prompt handles keys, inside its event loop's callbacks, not while it waits."""
    for _ in range(BUSY_TRIES):
        child = _at_the_menu(tmp_path)
        child.send(DOWN * 30)
        os.kill(child.pid, signum)
        index = child.expect([LEFT, "Press ENTER", pexpect.TIMEOUT], timeout=10)
        assert index == 0, f"the prompt did not leave: {str(child.before)[-300:]!r}"
        child.expect(pexpect.EOF)
        child.close()
        assert child.exitstatus == 128 + signum


CURSOR_TRIES = 5


def test_the_cursor_is_shown_again_after_a_leaving_signal(tmp_path: Path) -> None:
    """Even when the signal comes as the menu is still being drawn (tried a few times, at once and a little later)."""
    for attempt in range(CURSOR_TRIES):
        child = _spawn(tmp_path)
        child.expect(MENU)
        child.expect(POINTER)
        time.sleep(attempt * 0.002)
        os.kill(child.pid, signal.SIGTERM)
        child.expect(LEFT)
        before_goodbye = str(child.before)
        child.expect(pexpect.EOF)
        child.close()
        assert SHOW_CURSOR in before_goodbye, f"attempt {attempt}: {before_goodbye[-200:]!r}"
        assert before_goodbye.rfind(HIDE_CURSOR) < before_goodbye.rfind(SHOW_CURSOR)


def test_kill_int_at_the_menu_is_ctrl_c(tmp_path: Path) -> None:
    child = _at_the_menu(tmp_path)
    os.kill(child.pid, signal.SIGINT)
    index = child.expect([LEFT, pexpect.TIMEOUT], timeout=5)
    assert index == 0, "SIGINT was ignored by the menu"
    child.expect(pexpect.EOF)
    assert "Traceback" not in str(child.before)
    child.close()
    assert child.exitstatus == 130


def test_kill_int_at_a_text_prompt_is_ctrl_c(example_plugin_path: Path, tmp_path: Path) -> None:
    child = _spawn(tmp_path, pythonpath=str(example_plugin_path))
    child.expect(MENU)
    select(child, "High Card")
    select(child, "Seed:")
    child.expect("Seed \\(empty")
    os.kill(child.pid, signal.SIGINT)
    child.expect(LEFT)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130


def test_sigterm_in_the_middle_of_a_game_keeps_it(example_plugin_path: Path, tmp_path: Path) -> None:
    """Every move is saved as it is made: after ``kill``, the menu offers to continue the game."""
    path = str(example_plugin_path)
    child = _spawn(tmp_path, "play", "highcard", "--seed", "21", pythonpath=path)
    child.expect("Your move:")
    child.expect(POINTER)
    child.send(ENTER)
    child.expect("Your move:")
    child.expect(POINTER)
    goodbye = " ".join(_leaves_restored(child, signal.SIGTERM).split())
    # What is said to be kept was read back from the database.
    assert (
        f"All of game 1 is saved: continue it from the menu, or run `tabletop --data-dir {tmp_path} resume 1`"
        in goodbye
    )

    child = _spawn(tmp_path, pythonpath=path)
    child.expect(MENU)
    child.expect("Continue High Card")
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130


def _children(pid: int) -> list[int]:
    """The processes ``pid`` started (Linux's /proc), so a test can end them itself."""
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(child) for child in (task / "children").read_text().split()]
    return found


def _running(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:  # ended meanwhile
        return False


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux's /proc")
def test_sigterm_ends_a_simulation_at_once(tmp_path: Path) -> None:
    """A simulation does not wait for its workers' games: it stops them and leaves with the shell's status."""
    argv = [
        "-m",
        "tabletop",
        "--data-dir",
        str(tmp_path),
        "simulate",
        "muster",
        "--games",
        "100000",
        "--agents",
        "random,random",
        "--workers",
        "2",
    ]
    process = subprocess.Popen([sys.executable, *argv], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    workers: list[int] = []
    try:
        deadline = time.monotonic() + 30
        while len(workers) < 2 and time.monotonic() < deadline:
            time.sleep(0.2)
            workers = _children(process.pid)
        assert len(workers) == 2, "the simulation did not start its workers"
        time.sleep(1)  # the games are under way
        os.kill(process.pid, signal.SIGTERM)
        assert process.wait(timeout=10) == 128 + signal.SIGTERM
        time.sleep(0.5)  # an ended worker may take a moment to be reaped
        assert not any(Path(f"/proc/{w}").exists() and _running(w) for w in workers), "a worker was left running"
    finally:
        process.kill()
        for worker in workers:
            with contextlib.suppress(ProcessLookupError):
                os.kill(worker, signal.SIGKILL)

"""`tabletop simulate` on processes: bounded workers, and every signal ends the run at once, leaving no process.

Ctrl-C at the terminal (the whole foreground group gets SIGINT), ``kill`` (SIGTERM,
to the program or its whole group) and a closed terminal (SIGHUP) each end the run
within moments (a fraction of a second on a quiet machine) with the shell's status (128 + the signal), no traceback from the
program or its workers, and none of its worker processes left running. The workers
are found through /proc (their parent is the program), recorded before the signal,
and looked up again after it.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pexpect
import pytest

pytestmark = [
    pytest.mark.pty,
    pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="finds the workers through /proc"),
]

TABLETOP = str(Path(sys.executable).with_name("tabletop"))
LONG_RUN = ["simulate", "muster", "--games", "400", "--agents", "hard,hard", "--workers", "2"]
"""Games long enough (seconds of thinking per move) that the signal lands mid-game."""
QUICK_RUN = ["simulate", "muster", "--games", "100000", "--agents", "random,random", "--workers", "2"]
"""Games of a few milliseconds: the signal finds the workers between games as often as in one."""
ENDS_WITHIN = 5.0
"""Seconds from the signal to the program's end: a fraction of one on a quiet machine, and a few when the
machine is busy with other work; a run that let its workers go on took minutes."""
WORKERS_START_WITHIN = 30.0


def processors() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def _children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (and that have not ended)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        state, ppid = stat.rsplit(")", 1)[1].split()[:2]
        if int(ppid) == pid and state != "Z":
            found.add(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    """Whether ``pid`` still runs (an ended process waiting to be reaped counts as ended)."""
    try:
        os.kill(pid, 0)
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (ProcessLookupError, FileNotFoundError):
        return False
    return state != "Z"


def _workers_playing(pid: int, count: int) -> set[int]:
    deadline = time.monotonic() + WORKERS_START_WITHIN
    while time.monotonic() < deadline:
        workers = _children(pid)
        if len(workers) >= count:
            time.sleep(1.0)  # well into their games
            return workers
        time.sleep(0.1)
    raise AssertionError(f"the workers did not start: {_children(pid)}")


def _none_left(workers: set[int]) -> list[int]:
    """The workers still running shortly after the program ended (ended ones may take a moment to be reaped)."""
    deadline = time.monotonic() + ENDS_WITHIN
    while any(_alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    left = [w for w in workers if _alive(w)]
    for worker in left:  # never leave the machine busy, whatever the result
        with contextlib.suppress(ProcessLookupError):
            os.kill(worker, signal.SIGKILL)
    return left


@pytest.mark.parametrize("run", [LONG_RUN, QUICK_RUN], ids=["long-games", "quick-games"])
def test_ctrl_c_at_the_terminal_ends_the_run_at_once_without_tracebacks(tmp_path: Path, run: list[str]) -> None:
    env = dict(os.environ, TABLETOP_DATA_DIR=str(tmp_path), TERM="xterm-256color", COLUMNS="80", LINES="24")
    child = pexpect.spawn(TABLETOP, run, env=env, encoding="utf-8", dimensions=(24, 80), timeout=30)
    try:
        workers = _workers_playing(child.pid, 2)
        start = time.monotonic()
        child.sendintr()  # Ctrl-C: the terminal sends SIGINT to the program and its workers alike
        child.expect(pexpect.EOF, timeout=10)
        took = time.monotonic() - start
        child.close()
    finally:
        if child.isalive():
            child.kill(signal.SIGKILL)
    shown = str(child.before)
    assert "Traceback" not in shown and "KeyboardInterrupt" not in shown, shown[-1500:]
    assert child.exitstatus == 128 + signal.SIGINT, (child.exitstatus, child.signalstatus, shown[-500:])
    assert took < ENDS_WITHIN, f"{took:.2f} s from Ctrl-C to the end"
    assert _none_left(workers) == []


@pytest.mark.parametrize(
    "signum, group",
    [(signal.SIGTERM, False), (signal.SIGTERM, True), (signal.SIGHUP, False), (signal.SIGHUP, True)],
    ids=["SIGTERM", "SIGTERM-to-the-group", "SIGHUP", "SIGHUP-to-the-group"],
)
def test_a_leaving_signal_ends_the_run_at_once_and_leaves_no_worker(tmp_path: Path, signum: int, group: bool) -> None:
    program = subprocess.Popen(
        [TABLETOP, *LONG_RUN],
        env=dict(os.environ, TABLETOP_DATA_DIR=str(tmp_path)),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    workers: set[int] = set()
    try:
        workers = _workers_playing(program.pid, 2)
        start = time.monotonic()
        if group:
            os.killpg(program.pid, signum)
        else:
            os.kill(program.pid, signum)
        _, err = program.communicate(timeout=10)
        took = time.monotonic() - start
    finally:
        if program.poll() is None:
            program.kill()
            program.communicate()
        left = _none_left(workers)
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err[-1500:]
    assert program.returncode == 128 + signum, (program.returncode, err[-500:])
    assert took < ENDS_WITHIN, f"{took:.2f} s from the signal to the end"
    assert left == []


def test_more_workers_than_processors_are_capped_and_said(tmp_path: Path) -> None:
    asked = processors() + 98
    result = subprocess.run(
        [
            TABLETOP,
            "simulate",
            "muster",
            "--games",
            "3",
            "--agents",
            "random,random",
            "--workers",
            str(asked),
            "--json",
        ],
        env=dict(os.environ, TABLETOP_DATA_DIR=str(tmp_path)),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["workers"] == processors()
    assert f"--workers {asked}: this machine has {processors()} processor(s)" in result.stderr


def test_a_closed_terminal_ends_a_run_showing_progress_quietly(tmp_path: Path) -> None:
    """The progress bar's last drawing meets the gone terminal (EIO): still the quiet end of SIGHUP, no crash report."""
    env = dict(
        os.environ,
        TABLETOP_DATA_DIR=str(tmp_path / "data"),
        TABLETOP_STATE_DIR=str(tmp_path / "state"),
        TERM="xterm-256color",
        COLUMNS="80",
        LINES="24",
    )
    child = pexpect.spawn(TABLETOP, LONG_RUN, env=env, encoding="utf-8", dimensions=(24, 80), timeout=30)
    workers: set[int] = set()
    try:
        workers = _workers_playing(child.pid, 2)
        child.expect("Simulating")  # the bar is drawn, and will be drawn again as it stops
        start = time.monotonic()
        os.close(child.child_fd)  # the window closes: the kernel hangs up on the program's session
        child.child_fd = -1
        child.closed = True
        status = child.ptyproc.wait()
        took = time.monotonic() - start
    finally:
        if child.isalive():
            child.kill(signal.SIGKILL)
        left = _none_left(workers)
    reports = list((tmp_path / "state").glob("**/tabletop-crash-*"))
    assert reports == [], reports[0].read_text()[-1500:]
    assert status == 128 + signal.SIGHUP, status
    assert took < ENDS_WITHIN, f"{took:.2f} s from the hang-up to the end"
    assert left == []

"""What ``scripts/setup.sh`` says while a first set-up runs: a line at least every 10 s, never a long silence.

The set-up runs here in a copy of the repository's layout with a stand-in for Python (``PYTHON``): its
``venv`` makes a folder, and that folder's ``python -m pip install`` of the projects only waits, as long as
the test asks, then exits as the test asks. So the steps, their lines, the heartbeat during a long step, a
failing step, Ctrl-C and a later run are all met in seconds, with nothing downloaded. The real first run,
from the package registry, is timed the same way in ``test_fresh_clone.py``.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import shutil
import signal
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO

import pytest

ROOT = Path(__file__).resolve().parents[2]
SILENCE_LIMIT = 10.0
"""The longest a first set-up may go without printing a line, in seconds."""
SLOW_INSTALL = 17.0
"""How long the stand-in pip takes over installing the projects: two heartbeats' worth, as the real one takes."""

FAKE_PYTHON = r"""#!/usr/bin/env bash
# A stand-in for Python, as the set-up calls it: `-m venv DIR` makes DIR with this script as its python;
# that python's `-m pip install` waits and exits as FAKE_PIP_SECONDS and FAKE_PIP_STATUS say when it
# installs the projects (-e), at once otherwise; `-c` prints its site-packages; `-m compileall` does nothing.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
if [ "$1 $2" = "-m venv" ]; then
    mkdir -p "$3/bin" "$3/lib/site-packages"
    cp "$0" "$3/bin/python"
    exit 0
fi
if [ "$1 $2" = "-m pip" ]; then
    echo "$*" >> "$here/../pip.log"
    case " $* " in
        *" -e "*) sleep "${FAKE_PIP_SECONDS:-0}"; exit "${FAKE_PIP_STATUS:-0}" ;;
    esac
    exit 0
fi
if [ "$1" = "-c" ]; then
    echo "$here/../lib/site-packages"
    exit 0
fi
exit 0
"""


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    """The set-up script and the projects' pyproject.toml files, laid out as in the repository."""
    copy = tmp_path / "tabletop"
    names = ["scripts/setup.sh", "pyproject.toml"] + [
        str(path.relative_to(ROOT)) for path in sorted(ROOT.glob("games/*/pyproject.toml"))
    ]
    for name in names:
        (copy / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, copy / name)
    fake = tmp_path / "fake-python"
    fake.write_text(FAKE_PYTHON)
    fake.chmod(0o755)
    return copy


def timed_lines(stream: IO[bytes], started: float) -> Iterator[tuple[float, str]]:
    """Each line of ``stream`` with the seconds since ``started`` at which it was read; then the end, as ``""``."""
    for raw in iter(stream.readline, b""):
        yield time.monotonic() - started, raw.decode("utf-8", "replace").rstrip("\n")
    yield time.monotonic() - started, ""


def silences(times: list[float]) -> list[float]:
    """The gaps between successive moments (the start, each line, the end), in seconds."""
    moments = [0.0, *times]
    return [later - earlier for earlier, later in itertools.pairwise(moments)]


def describe(lines: list[tuple[float, str]]) -> str:
    return "\n".join(f"{at:6.1f} s  {text}" for at, text in lines)


class Run:
    """A run of the set-up in a process group of its own (as a terminal's foreground job), its lines timed."""

    def __init__(self, checkout: Path, *args: str, **fake: str) -> None:
        env = dict(os.environ, PYTHON=str(checkout.parent / "fake-python"), **fake)
        self.started = time.monotonic()
        self.process = subprocess.Popen(
            [str(checkout / "scripts" / "setup.sh"), *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
            start_new_session=True,
        )
        self.group = self.process.pid
        self.watchdog = threading.Timer(120, self.kill)  # a set-up that hangs fails the test, not the run
        self.watchdog.start()
        self.lines: list[tuple[float, str]] = []

    def kill(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.group, signal.SIGKILL)

    def read(self, until: str | None = None) -> None:
        """Read standard error (as it comes, each line timed) up to a line holding ``until``, or to its end."""
        assert self.process.stderr is not None
        for at, text in timed_lines(self.process.stderr, self.started):
            self.lines.append((at, text))
            if until is not None and until in text:
                return

    def finish(self) -> int:
        """Read to the end, wait for the script and check that none of its processes outlived it."""
        self.read()
        assert self.process.stdout is not None
        assert self.process.stdout.read() == b"", "the set-up writes to standard error only"
        status = self.process.wait(timeout=30)
        self.watchdog.cancel()
        left = True
        try:
            os.killpg(self.group, 0)
        except ProcessLookupError:
            left = False
        self.kill()
        assert not left, "a process of the set-up outlived it"
        return status

    @property
    def text(self) -> list[str]:
        return [text for _, text in self.lines if text]


def test_first_set_up_prints_a_line_at_least_every_10_seconds(checkout: Path) -> None:
    run = Run(checkout, FAKE_PIP_SECONDS=str(SLOW_INSTALL))
    status = run.finish()
    shown = describe(run.lines)
    assert status == 0, shown
    gaps = silences([at for at, _ in run.lines])
    assert max(gaps) <= SILENCE_LIMIT, f"{max(gaps):.1f} s without a line:\n{shown}"
    assert run.lines[-1][0] >= SLOW_INSTALL, shown  # the slow step did run
    assert any(text.startswith("Installing Tabletop and its nine games") for text in run.text), shown
    assert sum("still installing" in text for text in run.text) >= 2, shown
    assert run.text[-1].startswith("Set up in"), shown


def test_a_failing_install_ends_the_set_up_with_its_status(checkout: Path) -> None:
    run = Run(checkout, FAKE_PIP_SECONDS="1", FAKE_PIP_STATUS="3")
    status = run.finish()  # the heartbeat, in the middle of its wait, is gone too
    assert status == 3, describe(run.lines)
    assert run.lines[-1][0] < 8, "the end came late: something held standard error open\n" + describe(run.lines)
    assert not (checkout / ".venv" / ".tabletop-installed-play").exists()


def test_ctrl_c_during_an_install_stops_the_set_up_and_its_heartbeat(checkout: Path) -> None:
    run = Run(checkout, FAKE_PIP_SECONDS="60")
    run.read(until="Installing Tabletop")
    time.sleep(0.5)
    os.killpg(run.group, signal.SIGINT)  # what Ctrl-C does: the signal goes to the terminal's whole job
    status = run.finish()
    assert status == -signal.SIGINT, describe(run.lines)
    assert run.lines[-1][0] < 8, describe(run.lines)


def test_a_later_run_is_silent(checkout: Path) -> None:
    first = Run(checkout, "--test")
    assert first.finish() == 0, describe(first.lines)
    assert any("test tools" in text for text in first.text), describe(first.lines)
    for args in ([], ["--test"]):
        again = Run(checkout, *args)
        assert again.finish() == 0
        assert again.text == [], describe(again.lines)
        assert again.lines[-1][0] < 2, describe(again.lines)

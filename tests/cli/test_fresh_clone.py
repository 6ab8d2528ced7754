"""The README's quick start as a newcomer meets it: a fresh copy of the repository, each command run FIRST.

These tests build virtual environments from the package registry, so they take a minute or two; set
``TABLETOP_OFFLINE=1`` to skip them on a machine without one. CI runs them.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pexpect
import pytest

from tests.cli.pty_helpers import select
from tests.cli.test_setup_progress import SILENCE_LIMIT, describe, silences, timed_lines

ROOT = Path(__file__).resolve().parents[2]
SETUP_SECONDS = 600
"""How long a first set-up (a virtual environment, then the packages) may take on a slow machine."""

pytestmark = [
    pytest.mark.pty,
    pytest.mark.skipif(bool(os.environ.get("TABLETOP_OFFLINE")), reason="TABLETOP_OFFLINE: no package registry"),
    pytest.mark.skipif(not (ROOT / ".git").exists(), reason="not a git checkout"),
]


def fresh_copy(destination: Path) -> Path:
    """The files git tracks, as this working tree has them, in a new folder: what a fresh clone holds."""
    listed = subprocess.run(["git", "-C", str(ROOT), "ls-files", "-z"], check=True, capture_output=True).stdout.decode(
        "utf-8"
    )
    for name in filter(None, listed.split("\0")):
        source = ROOT / name
        if not source.is_file():  # deleted in the working tree, not yet committed
            continue
        target = destination / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target)
    return destination


def newcomer_env() -> dict[str, str]:
    """The environment of a person's shell: no virtual environment active, Python from the system."""
    env = {key: value for key, value in os.environ.items() if key not in ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME")}
    venv_bin = str(Path(sys.executable).parent)
    env["PATH"] = os.pathsep.join(p for p in env.get("PATH", "").split(os.pathsep) if p != venv_bin)
    env.update(TERM="xterm-256color", PROMPT_TOOLKIT_NO_CPR="1", COLUMNS="80", LINES="24")
    return env


@pytest.fixture
def clone(tmp_path: Path) -> Path:
    return fresh_copy(tmp_path / "tabletop")


UNCOMPILED = """
import importlib.util, os, sys
from tabletop.commands import menu, play
from tabletop.registry import Registry
from tabletop.ui import prompts
Registry.discover().load_all()
import numpy
clone = os.path.realpath(sys.argv[1])
for module in list(sys.modules.values()):
    source = getattr(module, "__file__", None) or ""
    if source.endswith(".py") and os.path.realpath(source).startswith(clone):
        if not os.path.exists(importlib.util.cache_from_source(source)):
            print(module.__name__)
"""
"""Names each module of the clone (its sources and its environment's packages) that the menu, a game and the
Muses solver import, whose bytecode is not on disk: each such module is compiled again by every start."""


def test_first_play_sh_opens_the_menu(clone: Path, tmp_path: Path) -> None:
    env = newcomer_env()
    env["TABLETOP_DATA_DIR"] = str(tmp_path / "data")
    env["PYTHONDONTWRITEBYTECODE"] = "1"  # as many containers set it: no process writes bytecode of its own
    started = time.monotonic()
    child = pexpect.spawn(
        str(clone / "play.sh"), [], cwd=str(clone), env=env, encoding="utf-8", dimensions=(24, 80), timeout=30
    )
    # The set-up's lines, each timed as it is read, up to the menu: a newcomer is never left without a line
    # for long enough to take the set-up for a hang.
    lines: list[tuple[float, str]] = []
    while child.expect(["What would you like to play", "\r\n"], timeout=SETUP_SECONDS) == 1:
        lines.append((time.monotonic() - started, str(child.before)))
    lines.append((time.monotonic() - started, "(the menu)"))
    gaps = silences([at for at, _ in lines])
    assert max(gaps) <= SILENCE_LIMIT, f"{max(gaps):.1f} s without a line:\n{describe(lines)}"
    assert any("Installing Tabletop" in text for _, text in lines), describe(lines)
    select(child, "Quit")
    child.expect("Quit Tabletop\\?")
    child.send("y")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0, child.before
    assert "Traceback" not in str(child.before)

    listed = subprocess.run(
        [str(clone / "play.sh"), "list"], cwd=clone, env=env, capture_output=True, text=True, timeout=120
    )
    assert listed.returncode == 0, listed.stderr
    assert "muster" in listed.stdout and "muses" in listed.stdout
    assert listed.stderr == "", "a run after the first set-up prints nothing of it"

    python = clone / ".venv" / "bin" / "python"
    uncompiled = subprocess.run(
        [str(python), "-c", UNCOMPILED, str(clone)], cwd=clone, env=env, capture_output=True, text=True, timeout=120
    )
    assert uncompiled.returncode == 0, uncompiled.stderr
    assert uncompiled.stdout == "", "set-up left these modules to be compiled at every start:\n" + uncompiled.stdout


def test_first_test_sh_sets_up_and_runs_pytest(clone: Path, tmp_path: Path) -> None:
    """The test command on a first run: it sets up everything (extras included) and hands over to pytest.

    The whole suite is not run again inside itself: a test selection that collects one small module shows
    that the set-up finished and pytest, with the test tools, runs in the new environment.
    """
    env = newcomer_env()
    output = tmp_path / "pytest-output"
    started = time.monotonic()
    with output.open("wb") as stdout:
        done = subprocess.Popen(
            [str(clone / "test.sh"), "tests/test_docstring_examples.py", "-k", "cards", "-p", "no:cacheprovider"],
            cwd=clone,
            env=env,
            stdout=stdout,
            stderr=subprocess.PIPE,
        )
        try:
            assert done.stderr is not None
            lines = list(timed_lines(done.stderr, started))
            status = done.wait(timeout=SETUP_SECONDS)
        finally:
            done.kill()
    printed = output.read_text("utf-8", "replace")
    assert status == 0, printed[-2000:] + describe(lines)[-2000:]
    assert " passed" in printed
    # The set-up's lines (on standard error, up to its last, "Set up in ..."), each timed as it was read,
    # some minutes of them with the test tools: never a silence a newcomer would take for a hang.
    set_up = next(i for i, (_, text) in enumerate(lines) if text.startswith("Set up in"))
    gaps = silences([at for at, _ in lines[: set_up + 1]])
    assert max(gaps) <= SILENCE_LIMIT, f"{max(gaps):.1f} s without a line:\n{describe(lines)}"
    for tool in ("pytest", "ruff", "mypy"):
        assert (clone / ".venv" / "bin" / tool).exists(), tool

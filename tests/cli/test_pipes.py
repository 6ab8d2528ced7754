"""Output that cannot be written: a reader that stopped (``| head``) and a full disk."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop.agents import RandomAgent
from tabletop.loop import Match
from tabletop.registry import Registry
from tabletop.store import Store, start_recording

TABLETOP = [sys.executable, "-m", "tabletop"]
DEV_FULL = Path("/dev/full")
GAMES = 3


@pytest.fixture(scope="module")
def data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data directory holding a few finished games of Muster (ids 1 to GAMES)."""
    folder = tmp_path_factory.mktemp("data")
    game = Registry.discover().get("muster")
    with Store.open(folder) as store:
        for seed in range(GAMES):
            match = Match(game, seed=seed, agents=[None, RandomAgent()])
            start_recording(store, match, ["human", "random"], ["Ann", "Computer"])
            match.agents[0] = RandomAgent()
            match.run()
    return folder


def _env() -> dict[str, str]:
    env = dict(os.environ, COLUMNS="100")
    for name in ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE"):
        env.pop(name, None)
    return env


COMMANDS = [["list"], ["list", "--plain"], ["history"], ["replay", "1", "--print"]]


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_a_reader_that_stops_reading_ends_the_program_quietly(data_dir: Path, command: list[str]) -> None:
    """``tabletop ... | head -1``: the reader is gone before the first line is written."""
    process = subprocess.Popen(
        [*TABLETOP, "--data-dir", str(data_dir), *command],
        env=_env(),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # every write the program makes now fails with EPIPE
    errors = process.stderr.read().decode()
    process.stderr.close()
    assert process.wait(timeout=60) == 0
    assert errors == ""


@pytest.mark.parametrize("command", [["replay", "1", "--print"]], ids=" ".join)
def test_head_in_a_shell_pipeline(data_dir: Path, command: list[str]) -> None:
    """The same through a shell, as a person types it; the first line still arrives."""
    line = " ".join([*TABLETOP, "--data-dir", str(data_dir), *command])
    result = subprocess.run(
        ["bash", "-c", f"set -o pipefail; {line} | head -1"],
        env=_env(),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert "Muster" in result.stdout and len(result.stdout.splitlines()) == 1


@pytest.mark.skipif(not DEV_FULL.exists(), reason="no /dev/full on this system")
@pytest.mark.parametrize("command", [["list"], ["replay", "1", "--print"]], ids=" ".join)
def test_a_full_disk_is_named_plainly(data_dir: Path, tmp_path: Path, command: list[str]) -> None:
    state = tmp_path / "state"  # its own: another test of this worker may have left a crash report on purpose
    with DEV_FULL.open("w") as full:
        result = subprocess.run(
            [*TABLETOP, "--data-dir", str(data_dir), *command],
            env=_env() | {"TABLETOP_STATE_DIR": str(state)},
            stdin=subprocess.DEVNULL,
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
            check=False,
        )
    assert result.returncode == 1
    assert "the output could not be written: the disk is full" in result.stderr
    assert "Traceback" not in result.stderr and "Exception ignored" not in result.stderr
    assert "crash" not in result.stderr and "something went wrong" not in result.stderr
    reports = state / "crash-reports"
    assert not reports.exists() or not any(reports.iterdir())

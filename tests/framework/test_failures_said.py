"""Failures said as failures: a crashed game's exit status, output lost on a full disk, error texts of a
screen's size, and a seed hidden however its option is abbreviated."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from tabletop.crash import ERROR_CHARS
from tabletop.testing.plugins import write_dist_info
from tests.cli.pty_helpers import ENTER, play_first_choices, spawn

HUGE_ERROR_CHARS = 5_000_000
BROKEN = f"""
from dataclasses import replace

from tabletop_highcard.game import HighCard
from tabletop_highcard.rules import HighCardState


def huge(argv):
    raise RuntimeError("the tool broke " + "and broke " * ({HUGE_ERROR_CHARS} // 10))


class BreakingState(HighCardState):
    def apply(self, action):
        if self.played:
            raise RuntimeError("the rules broke on purpose")
        super().apply(action)


class HugelyBreakingState(HighCardState):
    def apply(self, action):
        if self.played:
            raise RuntimeError("the rules broke " + "and broke " * ({HUGE_ERROR_CHARS} // 10))
        super().apply(action)


class Broken(HighCard):
    info = replace(HighCard.info, id="broken", name="Broken Cards")
    state_type = BreakingState

    def commands(self):
        return {{"huge": huge}}


class Hugely(HighCard):
    info = replace(HighCard.info, id="hugely", name="Hugely Broken Cards")
    state_type = HugelyBreakingState


broken = Broken()
hugely = Hugely()
"""
STOPPED = "stopped on an unexpected error"
CUT = re.compile(r"\.\.\. \[([0-9,]+) more characters not shown\]")


@pytest.fixture
def plugin_path(example_plugin_path: Path, tmp_path: Path) -> str:
    """PYTHONPATH for two plugins whose rules raise (one with a 5 MB message) and a tool that raises one."""
    site = tmp_path / "site"
    entry_points = {"tabletop.games": {"broken": "broken_games:broken", "hugely": "broken_games:hugely"}}
    write_dist_info(site, "broken-games", "1.0", entry_points)
    (site / "broken_games.py").write_text(BROKEN)
    return f"{site}{os.pathsep}{example_plugin_path}"


def _own_state(tmp_path: Path) -> dict[str, str]:
    """The crash reports of a test in its own folder, not in the run's, which other tests look into."""
    return {"TABLETOP_STATE_DIR": str(tmp_path / "state")}


def _run(plugin_path: str, *args: str, stdout: int | None = subprocess.PIPE) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=plugin_path)
    return subprocess.run(
        [sys.executable, "-m", "tabletop", *args],
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        timeout=120,
        check=False,
    )


def _finish(child: pexpect.spawn) -> int:
    child.expect(pexpect.EOF)
    child.close()
    assert child.signalstatus is None
    status = child.exitstatus
    assert isinstance(status, int)
    return status


@pytest.mark.pty
def test_a_game_that_crashes_exits_with_a_failure_status(plugin_path: str, tmp_path: Path) -> None:
    child = spawn(
        ["play", "broken", "--seed", "5"],
        pythonpath=plugin_path,
        data_dir=tmp_path / "data",
        extra_env=_own_state(tmp_path),
    )
    play_first_choices(child, STOPPED)
    child.expect("the rules broke on purpose")
    child.expect("Press any key")
    child.send(ENTER)
    assert _finish(child) == 1


@pytest.mark.pty
def test_a_huge_error_in_a_game_is_cut_to_a_screens_worth(plugin_path: str, tmp_path: Path) -> None:
    child = spawn(
        ["play", "hugely", "--seed", "5"],
        pythonpath=plugin_path,
        data_dir=tmp_path / "data",
        extra_env=_own_state(tmp_path),
    )
    play_first_choices(child, STOPPED)
    child.expect("Press any key")
    shown = " ".join(str(child.before).split())
    child.send(ENTER)
    assert _finish(child) == 1
    cut = CUT.search(shown)
    assert cut and int(cut.group(1).replace(",", "")) > HUGE_ERROR_CHARS - ERROR_CHARS, shown[-300:]
    assert len(shown) < ERROR_CHARS + 600 and "The details are in" in shown  # with where the details went


def test_a_huge_error_of_a_command_is_cut_to_a_screens_worth(
    plugin_path: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TABLETOP_STATE_DIR", str(tmp_path / "state"))
    result = _run(plugin_path, "broken", "huge")
    assert result.returncode == 1
    assert len(result.stderr) < ERROR_CHARS + 500 and CUT.search(result.stderr), result.stderr[-300:]
    assert "something went wrong: RuntimeError: the tool broke and broke" in result.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["--help"],
        ["--version"],
        ["play", "--help"],
        ["play", "highcard", "--help"],
        ["history", "--help"],
        ["list"],
        ["muses", "solve", "--help"],
    ],
    ids=" ".join,
)
def test_output_lost_on_a_full_disk_is_said_and_fails(plugin_path: str, args: list[str]) -> None:
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full on this system")
    with open("/dev/full", "w") as full:
        result = _run(plugin_path, *args, stdout=full.fileno())
    assert result.returncode == 1, result.stderr
    assert "the output could not be written: the disk is full" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(
    "seed_args",
    [["--see", "987655"], ["--se=987655"], ["--seed=987655"], ["--s", "987655"], ["--seed", "987655"]],
    ids=" ".join,
)
def test_the_crash_report_hides_the_seed_however_abbreviated(
    plugin_path: str, tmp_path: Path, seed_args: list[str]
) -> None:
    state = tmp_path / "state"
    env = dict(os.environ, PYTHONPATH=plugin_path, TABLETOP_STATE_DIR=str(state))
    subprocess.run(
        [sys.executable, "-m", "tabletop", "broken", "huge", *seed_args],
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        timeout=120,
        check=False,
    )
    (report,) = (state / "crash-reports").glob("*.txt")
    command = report.read_text().splitlines()[1]
    assert "987655" not in command and "[hidden]" in command, command

"""Crash reports: in the user's state directory, few, small, and holding no seed."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop import __version__
from tabletop.crash import KEEP_REPORTS, MAX_REPORT_BYTES, command_line
from tabletop.testing.plugins import write_dist_info
from tests.cli.pty_helpers import play_first_choices, spawn

SEED = "987654321"
CRASHY = '''
from dataclasses import replace

from tabletop_highcard.game import HighCard
from tabletop_highcard.rules import HighCardState


def boom(argv):
    raise RuntimeError("the tool broke on purpose")


def deep(argv):
    """Two functions calling each other: a traceback no repeated-line folding can shorten."""
    def ping(n):
        return pong(n + 1)

    def pong(n):
        return ping(n + 1)

    return ping(0)


class ExplodingState(HighCardState):
    def apply(self, action):
        if self.played:
            raise RuntimeError("the rules broke on purpose")
        super().apply(action)


class Crashy(HighCard):
    info = replace(HighCard.info, id="crashy", name="Crashy Cards")
    state_type = ExplodingState

    def commands(self):
        return {"boom": boom, "deep": deep}


game = Crashy()
'''
REPORT_NAMED = re.compile(r"The details are in (\S+\.txt)\.")


@pytest.fixture
def plugin_path(example_plugin_path: Path, tmp_path: Path) -> str:
    """PYTHONPATH for a plugin, Crashy Cards, whose tools and rules raise."""
    site = tmp_path / "site"
    write_dist_info(site, "crashy-game", "1.0", {"tabletop.games": {"crashy": "crashy_game:game"}})
    (site / "crashy_game.py").write_text(CRASHY)
    return f"{site}{os.pathsep}{example_plugin_path}"


def _crash(plugin_path: str, *args: str, **env: str) -> tuple[subprocess.CompletedProcess[str], Path | None]:
    """Run ``tabletop ARGS``; return the result and the report it names, if any."""
    full_env = dict(os.environ, PYTHONPATH=plugin_path, **env)
    for name, value in env.items():
        if value == "":
            del full_env[name]
    result = subprocess.run(
        [sys.executable, "-m", "tabletop", *args],
        env=full_env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr
    named = REPORT_NAMED.search(result.stderr)
    return result, Path(named.group(1)) if named else None


def test_a_crash_report_goes_to_the_state_directory_and_hides_the_seed(plugin_path: str, tmp_path: Path) -> None:
    state = tmp_path / "state"
    result, report = _crash(plugin_path, "crashy", "boom", "--seed", SEED, TABLETOP_STATE_DIR=str(state))
    assert "something went wrong: RuntimeError: the tool broke on purpose" in result.stderr
    assert report is not None and report.parent == state / "crash-reports"
    text = report.read_text()
    assert text.startswith(f"tabletop {__version__}\n")
    assert "crashy boom --seed [hidden]" in text
    assert "Traceback (most recent call last)" in text and "RuntimeError: the tool broke on purpose" in text
    assert SEED not in text


def test_without_an_override_reports_follow_xdg_state_home_then_home(plugin_path: str, tmp_path: Path) -> None:
    _, report = _crash(plugin_path, "crashy", "boom", TABLETOP_STATE_DIR="", XDG_STATE_HOME=str(tmp_path / "xdg"))
    assert report is not None and report.parent == tmp_path / "xdg" / "tabletop" / "crash-reports"
    home = tmp_path / "home"
    _, report = _crash(plugin_path, "crashy", "boom", TABLETOP_STATE_DIR="", XDG_STATE_HOME="", HOME=str(home))
    assert report is not None and report.parent == home / ".local" / "state" / "tabletop" / "crash-reports"


def test_a_deep_recursion_report_is_cut_to_its_head_and_tail(plugin_path: str, tmp_path: Path) -> None:
    _, report = _crash(plugin_path, "crashy", "deep", TABLETOP_STATE_DIR=str(tmp_path))
    assert report is not None
    data = report.read_bytes()
    assert len(data) <= MAX_REPORT_BYTES
    text = data.decode()
    assert text.startswith(f"tabletop {__version__}\n") and "Traceback (most recent call last)" in text
    assert re.search(r"\[\.\.\. \d+ lines \(\d+ bytes\) cut from the middle \.\.\.\]", text)
    assert text.rstrip().endswith("RecursionError: maximum recursion depth exceeded")


def test_only_the_newest_reports_are_kept(plugin_path: str, tmp_path: Path) -> None:
    reports = tmp_path / "crash-reports"
    reports.mkdir()
    old = []
    for age in range(KEEP_REPORTS):
        path = reports / f"tabletop-crash-2020010{age // 10}-00000{age % 10}-x.txt"
        path.write_text("an old report\n")
        os.utime(path, (1_600_000_000 + age, 1_600_000_000 + age))
        old.append(path)
    _, report = _crash(plugin_path, "crashy", "boom", TABLETOP_STATE_DIR=str(tmp_path))
    kept = set(reports.iterdir())
    assert len(kept) == KEEP_REPORTS
    assert report in kept and old[0] not in kept and set(old[1:]) <= kept


def test_a_state_directory_that_cannot_be_written_leaves_just_the_message(plugin_path: str, tmp_path: Path) -> None:
    not_a_folder = tmp_path / "file"
    not_a_folder.write_text("")
    result, report = _crash(plugin_path, "crashy", "boom", TABLETOP_STATE_DIR=str(not_a_folder / "state"))
    assert report is None
    assert "something went wrong: RuntimeError: the tool broke on purpose" in result.stderr
    assert "No crash report could be written" in result.stderr and "saved games are safe" in result.stderr


@pytest.mark.pty
def test_a_game_that_breaks_in_play_reports_without_its_seed(plugin_path: str, tmp_path: Path) -> None:
    state = tmp_path / "state"
    child = spawn(
        ["play", "crashy", "--seed", SEED],
        pythonpath=plugin_path,
        data_dir=tmp_path / "data",
        extra_env={"TABLETOP_STATE_DIR": str(state)},
    )
    play_first_choices(child, "stopped on an unexpected error")
    child.expect("the rules broke on purpose")
    child.expect("Press any key")
    child.sendintr()
    child.close()
    (report,) = (state / "crash-reports").iterdir()
    text = report.read_text()
    assert "RuntimeError: the rules broke on purpose" in text and "apply" in text
    assert SEED not in text


def test_the_command_line_hides_every_form_of_the_seed() -> None:
    assert (
        command_line(["tabletop", "play", "muster", "--seed", "42", "--seed=43"])
        == "tabletop play muster --seed [hidden] --seed=[hidden]"
    )

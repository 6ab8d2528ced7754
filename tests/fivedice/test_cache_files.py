"""The solution's place on disk may hold anything: a device for a folder, a folder that takes no file, a folder or
a pipe at the solution's name, a damaged file. "Kept" is said only of a solution on disk, what stands in the way
is named for what it is, and a damaged file solved again in the background is told at the table."""

from __future__ import annotations

import os
import re
import stat
import subprocess
import sys
from pathlib import Path

import numpy
import pexpect
import pytest

from tabletop.solutions import DAMAGED_NOTE, NOT_A_FILE_NOTE
from tabletop.solver_coach import ADVISORS_KEPT
from tabletop_fivedice.advisor import LOADED, Advisor, advisor_for, cache_file, read_solution
from tabletop_fivedice.scoring import NONE
from tabletop_fivedice.solver import STATES, Solver
from tests.cli.pty_helpers import ENTER, spawn

SOLVE_SECONDS = 180
"""Far more than the smallest rule set takes to solve (about 5 s of processor time), on a busy machine."""
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def solve(tmp_path: Path, cache_dir: Path) -> subprocess.CompletedProcess[str]:
    """``tabletop fivedice solve --joker none --cache-dir DIR`` (the smallest rule set), every other folder in
    tmp_path."""
    env = dict(
        os.environ,
        TABLETOP_DATA_DIR=str(tmp_path / "data"),
        TABLETOP_CACHE_DIR=str(tmp_path / "cache"),
        TABLETOP_STATE_DIR=str(tmp_path / "state"),
        COLUMNS="200",
    )
    command = [sys.executable, "-m", "tabletop", "fivedice", "solve", "--joker", "none", "--cache-dir", str(cache_dir)]
    return subprocess.run(command, env=env, capture_output=True, text=True, timeout=SOLVE_SECONDS, check=False)


def solved_without_keeping(result: subprocess.CompletedProcess[str]) -> None:
    """The solve answered, and neither said it kept the solution nor called anything damaged."""
    assert result.returncode == 0, result.stderr
    assert "Optimal expected score: 245.8708" in result.stdout
    assert "kept in" not in result.stdout, result.stdout
    assert "damaged" not in result.stderr and "failed its checks" not in result.stderr, result.stderr


def test_a_device_for_a_cache_folder_is_named_and_nothing_is_said_to_be_kept(tmp_path: Path) -> None:
    result = solve(tmp_path, Path("/dev/null"))
    solved_without_keeping(result)
    expected = "The cache folder cannot hold solutions: /dev/null is a character device, not a folder; so this "
    assert expected + "solution is not kept." in result.stderr, result.stderr


@pytest.mark.skipif(not Path("/proc/1").is_dir(), reason="a folder that takes no file: /proc/1 on Linux")
def test_a_folder_that_takes_no_file_says_the_solution_could_not_be_kept(tmp_path: Path) -> None:
    result = solve(tmp_path, Path("/proc/1"))  # even root cannot make a file there
    solved_without_keeping(result)
    assert "The solution could not be kept in /proc/1/fivedice-none-v2.bin: " in result.stderr, result.stderr


def test_a_folder_at_the_solutions_name_is_named_and_left_as_it_is(tmp_path: Path) -> None:
    folder = cache_file(NONE, tmp_path / "cache")
    folder.mkdir(parents=True)
    result = solve(tmp_path, tmp_path / "cache")
    solved_without_keeping(result)
    assert NOT_A_FILE_NOTE.format(path=folder, kind="a folder") in result.stderr, result.stderr
    assert folder.is_dir() and not list(folder.iterdir()) and os.listdir(folder.parent) == [folder.name]


def test_a_pipe_at_the_solutions_name_is_named_on_every_run_and_never_opened(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def solve_at_once(self: Solver, progress: object = None) -> object:  # values of the right size, not a solve
        self.values = numpy.zeros(STATES)
        return self.values

    monkeypatch.setattr(Solver, "solve", solve_at_once)
    pipe = cache_file(NONE, tmp_path)
    os.mkfifo(pipe)  # opening it to read would wait for ever for a writer
    for _ in range(2):  # each run says it: the pipe is not taken for a damaged file, nor passed over in silence
        advisor = Advisor(NONE, tmp_path)
        advisor.solve()
        assert advisor.take_notes() == [NOT_A_FILE_NOTE.format(path=pipe, kind="a named pipe")]
        assert not advisor.place.kept and not advisor.damaged_cache
    assert stat.S_ISFIFO(os.lstat(pipe).st_mode) and os.listdir(tmp_path) == [pipe.name]


@pytest.mark.pty
def test_a_damaged_solution_solved_again_in_the_background_is_told_with_the_hint(tmp_path: Path) -> None:
    path = cache_file(NONE, tmp_path / "cache")
    path.parent.mkdir()
    path.write_bytes(b"not a solution")
    child = spawn(
        ["play", "fivedice", "--joker", "none", "--seed", "7"],
        data_dir=tmp_path / "data",
        extra_env={"TABLETOP_CACHE_DIR": str(tmp_path / "cache"), "TABLETOP_STATE_DIR": str(tmp_path / "state")},
        columns=120,
    )
    child.expect("Your move:")
    child.send("?")  # the hint waits for the solve the game began with
    child.expect("Press any key", timeout=SOLVE_SECONDS)
    hint = ANSI.sub("", child.before)
    assert DAMAGED_NOTE in hint, hint
    assert re.search(r"Coach: expected final score with best play \d{3}\.\d\d \(exact\)\.", hint), hint
    assert read_solution(path, NONE)[0] == LOADED  # replaced by the background solve
    child.send(ENTER)
    child.expect("Your move:")
    child.sendintr()
    child.expect(pexpect.EOF)


def test_a_process_holds_the_advisors_asked_last_only(tmp_path: Path) -> None:
    first = advisor_for(NONE, tmp_path / "first")
    assert advisor_for(NONE, tmp_path / "first") is first  # the coach and the computer players share it
    for n in range(ADVISORS_KEPT):
        advisor_for(NONE, tmp_path / f"other {n}")
    assert advisor_for(NONE, tmp_path / "first") is not first  # let go for those asked since

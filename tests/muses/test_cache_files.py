"""The solution's place on disk may hold anything: a pipe, a folder, a file where the cache folder should be, a full
disk. Nothing hangs, nothing that is not a regular file is opened or replaced, no temporary file is left behind,
and the player is told in plain words why the solution is not kept."""

from __future__ import annotations

import os
import resource
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest

from tabletop_muses.cards import load_cards
from tabletop_muses.solver import WIN
from tests.cli.pty_helpers import ENTER, select, spawn

from .helpers import tabletop
from .test_cache_identity import card_file, probability, squeezed
from .test_pty import PROMPT

SOLVE_SECONDS = 60
"""Far more than a three-card set takes to solve: a run that waits on a pipe fails the test instead of hanging."""


def solution_file(tmp_path: Path, cards: Path) -> Path:
    """Where ``tabletop muses solve --cards CARDS`` keeps its solution in these tests (see helpers.tabletop)."""
    from tabletop_muses.advisor import cache_file

    return cache_file(load_cards(cards), WIN, tmp_path / "cache")


def solve_three(tmp_path: Path) -> subprocess.CompletedProcess[str]:
    return tabletop(tmp_path, "muses", "solve", "--cards", str(tmp_path / "three.toml"), timeout=SOLVE_SECONDS)


@pytest.fixture
def three(tmp_path: Path) -> Path:
    return card_file(tmp_path, "three.toml")


def test_a_named_pipe_at_the_solutions_name_is_not_opened_and_is_left_as_it_is(tmp_path: Path, three: Path) -> None:
    pipe = solution_file(tmp_path, three)
    pipe.parent.mkdir(parents=True)
    os.mkfifo(pipe)  # opening it to read would wait for ever for a writer
    result = solve_three(tmp_path)
    assert result.returncode == 0, result.stderr
    assert probability(result.stdout) == "Optimal win probability: 66.2724%"
    assert f"The saved solution's place {pipe} is a named pipe, not a regular file" in result.stderr
    assert "is left as it is, so this solution is not kept" in result.stderr and "kept in" not in result.stdout
    assert stat.S_ISFIFO(os.stat(pipe).st_mode) and os.listdir(pipe.parent) == [pipe.name]


def test_a_folder_at_the_solutions_name_is_left_as_it_is(tmp_path: Path, three: Path) -> None:
    folder = solution_file(tmp_path, three)
    folder.mkdir(parents=True)
    result = solve_three(tmp_path)
    assert result.returncode == 0, result.stderr
    assert f"The saved solution's place {folder} is a folder, not a regular file" in result.stderr
    assert "damaged" not in result.stderr and folder.is_dir() and not list(folder.iterdir())


def test_a_file_where_the_cache_folder_should_be_is_said_plainly(tmp_path: Path, three: Path) -> None:
    (tmp_path / "cache").write_text("not a folder", encoding="utf-8")
    result = solve_three(tmp_path)
    assert result.returncode == 0, result.stderr
    assert probability(result.stdout) == "Optimal win probability: 66.2724%"
    expected = f"The cache folder cannot hold solutions: {tmp_path / 'cache'} is a regular file, not a folder"
    assert expected in result.stderr and "damaged" not in result.stderr
    assert (tmp_path / "cache").read_text(encoding="utf-8") == "not a folder"


def _file_size_limit(limit: int) -> None:
    """In the child: writing past ``limit`` bytes fails, as on a full disk (Python ignores SIGXFSZ)."""
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))


def test_a_write_that_fails_leaves_no_temporary_file_and_says_the_solution_is_not_kept(
    tmp_path: Path, three: Path
) -> None:
    env = dict(os.environ, TABLETOP_CACHE_DIR=str(tmp_path / "cache"), COLUMNS="100")
    command = [sys.executable, "-m", "tabletop", "muses", "solve", "--cards", str(three)]
    result = subprocess.run(
        command,
        env=env,
        capture_output=True,
        text=True,
        timeout=SOLVE_SECONDS,
        check=False,
        preexec_fn=lambda: _file_size_limit(1000),  # the solution of this set takes about 2,800 bytes
    )
    assert list((tmp_path / "cache").iterdir()) == []  # neither the solution nor a temporary file
    assert result.returncode == 0, result.stderr
    assert probability(result.stdout) == "Optimal win probability: 66.2724%"
    path = solution_file(tmp_path, three)
    assert f"The solution could not be kept in {path}: file too large." in result.stderr


@pytest.fixture
def full_disk(tmp_path: Path) -> Iterator[Path]:
    """A tmpfs of 64 KB, filled to the brim (skipped where mounting is not allowed)."""
    mount_point = tmp_path / "cache"
    mount_point.mkdir()
    if os.geteuid() != 0:
        pytest.skip("mounting a small file system needs root")
    try:
        subprocess.run(
            ["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(mount_point)], check=True, capture_output=True
        )
    except (OSError, subprocess.SubprocessError) as exc:
        pytest.skip(f"cannot mount a small file system here: {exc}")
    try:
        status = os.statvfs(mount_point)
        (mount_point / "filler").write_bytes(b"\0" * (status.f_bavail * status.f_frsize))
        yield mount_point
    finally:
        if subprocess.run(["umount", str(mount_point)], capture_output=True, check=False).returncode:
            subprocess.run(["umount", "-l", str(mount_point)], capture_output=True, check=False)


def test_a_full_cache_disk_leaves_no_temporary_file(tmp_path: Path, three: Path, full_disk: Path) -> None:
    result = solve_three(tmp_path)
    assert sorted(p.name for p in full_disk.iterdir()) == ["filler"]
    assert result.returncode == 0, result.stderr
    path = solution_file(tmp_path, three)
    assert f"The solution could not be kept in {path}: no space left on device." in result.stderr


@pytest.mark.pty
def test_a_hint_with_a_named_pipe_at_the_solutions_name_answers_and_says_why_nothing_is_kept(
    tmp_path: Path, three: Path
) -> None:
    pipe = solution_file(tmp_path, three)
    pipe.parent.mkdir(parents=True)
    os.mkfifo(pipe)
    child = spawn(
        ["play", "muses", "--cards", str(three), "--seed", "3"],
        data_dir=tmp_path / "data",
        extra_env={"TABLETOP_CACHE_DIR": str(tmp_path / "cache")},
        columns=120,
        lines=40,
    )
    child.expect(PROMPT)
    select(child, "Coach")
    child.expect(r"win chance with best play \d+\.\d% \(exact\)", timeout=SOLVE_SECONDS)
    said = squeezed(child.before)
    assert squeezed(f"The saved solution's place {pipe} is a named pipe, not a regular file") in said
    child.expect("Press")
    child.send(ENTER)
    child.expect(PROMPT)
    child.sendintr()
    child.expect(pexpect.EOF)
    assert stat.S_ISFIFO(os.stat(pipe).st_mode)


def test_a_temporary_file_an_earlier_version_left_behind_is_removed_once_the_solution_is_kept(
    tmp_path: Path, three: Path
) -> None:
    leftover = solution_file(tmp_path, three).with_suffix(".tmp")
    leftover.parent.mkdir(parents=True)
    leftover.write_bytes(b"\0" * 4096)  # what a write cut short by a full disk left
    result = solve_three(tmp_path)
    assert result.returncode == 0, result.stderr
    assert "Solution kept in" in result.stdout
    assert sorted(p.name for p in leftover.parent.iterdir()) == [solution_file(tmp_path, three).name]

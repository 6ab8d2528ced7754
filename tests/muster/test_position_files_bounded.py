"""Muster's position tools read only regular files of a bounded size: never a pipe, a device or gigabytes."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop_muster.show import MAX_POSITION_BYTES


def tool(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tabletop", "muster", *args], capture_output=True, text=True, timeout=30
    )


@pytest.mark.parametrize("command", ["show", "moves"])
def test_pipes_devices_and_huge_files_are_refused_unread(command: str, tmp_path: Path) -> None:
    fifo = tmp_path / "position.json"
    os.mkfifo(fifo)  # reading it would wait for a writer for ever
    huge = tmp_path / "huge.json"
    with open(huge, "wb") as handle:
        handle.truncate(MAX_POSITION_BYTES + 1)
    for path, words in (
        (fifo, "not a regular file"),
        (Path("/dev/zero"), "not a regular file"),
        (huge, f"{MAX_POSITION_BYTES:,}"),
    ):
        result = tool(command, str(path))
        assert result.returncode == 2, result.stderr
        assert words in result.stderr and "Traceback" not in result.stderr and "went wrong" not in result.stderr


def test_standard_input_is_bounded_too() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "tabletop", "muster", "show", "-"],
        input=" " * (MAX_POSITION_BYTES + 10),
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert result.returncode == 2 and "standard input holds more than" in result.stderr

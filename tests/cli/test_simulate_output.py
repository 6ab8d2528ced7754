"""`tabletop simulate` into a pipe or a file prints its table whole: no interval is cut short."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from importlib import resources
from pathlib import Path

TABLETOP = str(Path(sys.executable).with_name("tabletop"))
INTERVAL = re.compile(r"\d+\.\d%-\d+\.\d%")


def _simulate(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    env.update(TABLETOP_DATA_DIR=str(cwd / "data"), TABLETOP_CACHE_DIR=str(cwd / "cache"))
    return subprocess.run(
        [TABLETOP, "simulate", *args],
        capture_output=True,
        text=True,
        timeout=300,
        stdin=subprocess.DEVNULL,
        cwd=cwd,
        env=env,
    )


def _rows(stdout: str) -> list[str]:
    """The table's body rows: the lines that start with the vertical rule and hold a per cent."""
    return [line for line in stdout.splitlines() if line.startswith("│") and "%" in line]


def test_a_wide_table_is_not_cut_when_piped(tmp_path: Path) -> None:
    # Every game is won (target 1), so the interval is the widest one, "83.9%-100.0%", in the widest table
    # (a solo game adds the mean score column): wider than the 80 columns assumed off a terminal.
    text = resources.files("tabletop_muses").joinpath("default.toml").read_text(encoding="utf-8")
    easy = re.sub(r"(?m)^target = \d+$", "target = 1", text)
    assert easy != text
    (tmp_path / "easy.toml").write_text(easy, encoding="utf-8")
    result = _simulate("muses", "--games", "20", "--agents", "naive", "--variant", "cards=easy.toml", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "…" not in result.stdout, result.stdout
    (row,) = _rows(result.stdout)
    assert re.search(r"\b\d+\.\d%-100\.0%", row), result.stdout


def test_every_interval_is_complete_when_piped(tmp_path: Path) -> None:
    result = _simulate("muster", "--games", "6", "--agents", "random,easy", "--seed", "4", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    rows = _rows(result.stdout)
    assert len(rows) == 2, result.stdout
    for row in rows:
        assert INTERVAL.search(row), row
    assert "…" not in result.stdout, result.stdout

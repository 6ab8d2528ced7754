"""Numbers a person types or a file holds are bounded where they are read: a plain refusal, never a crash.

Python converts at most 4,300 digits to an int, SQLite holds 64 bits and the
operating system's counts less: each number is checked against its named bound
before any of them sees it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

TABLETOP = str(Path(sys.executable).with_name("tabletop"))
DIGITS_5000 = "9" * 5000
BEYOND_SQLITE = str(2**63)
TWENTY_NINES = "9" * 20


def tabletop(
    *args: str, cwd: Path, stdin: str | None = None, plugins: Path | None = None
) -> subprocess.CompletedProcess[str]:
    """The real program, its data and state in ``cwd``, with the example plugin when ``plugins`` says where; no terminal."""
    env = dict(os.environ, TABLETOP_DATA_DIR=str(cwd / "data"), TABLETOP_STATE_DIR=str(cwd / "state"))
    if plugins is not None:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(plugins), env.get("PYTHONPATH")]))
    return subprocess.run([TABLETOP, *args], cwd=cwd, env=env, input=stdin, capture_output=True, text=True, timeout=120)


def assert_refused_plainly(result: subprocess.CompletedProcess[str], cwd: Path, *words: str) -> None:
    assert result.returncode == 2, (result.returncode, result.stdout[-500:], result.stderr[-500:])
    assert "Traceback" not in result.stderr and "went wrong" not in result.stderr, result.stderr[-500:]
    assert not list(cwd.glob("state/**/tabletop-crash-*")), "a crash report was written"
    assert len(result.stderr) < 2000, "the refusal repeats the whole number"
    for word in words:
        assert word in " ".join(result.stderr.split()), result.stderr


@pytest.mark.parametrize(
    "args, words",
    [
        (["history", "--limit", BEYOND_SQLITE], ["--limit", f"from 0 to {2**63 - 1}"]),
        (["history", "--limit", "-1"], ["--limit", "from 0 to"]),
        (["simulate", "muster", "--agents", "random,random", "--workers", TWENTY_NINES], ["--workers", "1 to 1024"]),
        (["simulate", "muster", "--agents", "random,random", "--games", TWENTY_NINES], ["--games", "1 to 100000"]),
        (["simulate", "muster", "--agents", "random,random", "--seed", DIGITS_5000], ["--seed", "0 to 2147483647"]),
        (["play", "muster", "--seed", DIGITS_5000], ["--seed", "a seed is at most"]),
        (["resume", TWENTY_NINES], ["from 0 to"]),
        (["export", DIGITS_5000], ["no game with id 99999999999999999999…"]),
        (["play", "highcard", "--hand", DIGITS_5000], ["Cards per hand"]),
    ],
    ids=[
        "history-limit-2**63",
        "history-limit-negative",
        "simulate-workers",
        "simulate-games",
        "simulate-seed",
        "play-seed",
        "resume-id",
        "export-id",
        "game-option",
    ],
)
def test_a_number_out_of_bounds_on_the_command_line_is_refused(
    tmp_path: Path, example_plugin_path: Path, args: list[str], words: list[str]
) -> None:
    assert_refused_plainly(tabletop(*args, cwd=tmp_path, plugins=example_plugin_path), tmp_path, *words)


@pytest.mark.parametrize("tool", ["moves", "show"])
def test_a_position_with_a_5000_digit_turn_is_refused_plainly(tmp_path: Path, tool: str) -> None:
    position = tmp_path / "turn.json"
    position.write_text('{"kind": "state", "turn": ' + DIGITS_5000 + "}")
    result = tabletop("muster", tool, str(position), cwd=tmp_path)
    assert_refused_plainly(result, tmp_path, "a number of 5000 digits")


def test_a_position_read_from_standard_input_is_bounded_too(tmp_path: Path) -> None:
    result = tabletop("muster", "moves", "-", cwd=tmp_path, stdin=json.dumps({"kind": "view", "deck_size": 10**7}))
    assert_refused_plainly(result, tmp_path, "a number of 8 digits")

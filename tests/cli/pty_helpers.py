"""Driving the real ``tabletop`` program in a pseudo-terminal."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pexpect

TABLETOP = str(Path(sys.executable).with_name("tabletop"))
DOWN = "\x1b[B"
UP = "\x1b[A"
ENTER = "\r"
# The highlighted entry of a questionary select, after any colour codes.
POINTER = "» (?:\x1b\\[[0-9;]*m)*([^\r\n\x1b]*)"


def spawn(args: list[str], *, pythonpath: str | None = None, data_dir: Path, columns: int = 80, lines: int = 24, extra_env: dict[str, str] | None = None) -> pexpect.spawn:
    env = dict(os.environ)
    env.update(
        TERM="xterm-256color",
        PROMPT_TOOLKIT_NO_CPR="1",
        TTY_COMPATIBLE="0",
        COLUMNS=str(columns),
        LINES=str(lines),
        TABLETOP_DATA_DIR=str(data_dir),
        PAGER="cat",
    )
    if pythonpath:
        env["PYTHONPATH"] = pythonpath + os.pathsep + env.get("PYTHONPATH", "")
    env.update(extra_env or {})
    return pexpect.spawn(TABLETOP, args, env=env, encoding="utf-8", dimensions=(lines, columns), timeout=20)


def select(child: pexpect.spawn, title: str, *, current: str | None = None) -> None:
    """Move the cursor of the open select prompt to the entry containing ``title`` and press Enter.

    The prompt redraws on each key; we read the pointer line ("» ...") after each move.
    """
    for _ in range(60):
        child.expect(POINTER)
        line = child.match.group(1)
        if title in line:
            child.send(ENTER)
            return
        child.send(DOWN)
    raise AssertionError(f"no menu entry containing {title!r}")

"""Driving the real ``tabletop`` program in a pseudo-terminal."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pexpect

TABLETOP = str(Path(sys.executable).with_name("tabletop"))
DOWN = "\x1b[B"
UP = "\x1b[A"
ENTER = "\r"
# The highlighted entry of a questionary select, after any colour codes.
# The title must be followed by its terminator, or a read cut mid-title would match half of it.
POINTER = "» (?:\x1b\\[[0-9;]*m)*(?:(?:[0-9a-z?]|Esc)\\) )?([^\r\n\x1b]*)[\r\x1b]"
"""The entry under the cursor (its title, without the key before it)."""


def spawn(
    args: list[str],
    *,
    pythonpath: str | None = None,
    data_dir: Path,
    columns: int = 80,
    lines: int = 24,
    extra_env: dict[str, str] | None = None,
) -> pexpect.spawn:
    env = dict(os.environ)
    env.update(
        TERM="xterm-256color",
        PROMPT_TOOLKIT_NO_CPR="1",
        COLUMNS=str(columns),
        LINES=str(lines),
        TABLETOP_DATA_DIR=str(data_dir),
        PAGER="cat",
    )
    if pythonpath:
        env["PYTHONPATH"] = pythonpath + os.pathsep + env.get("PYTHONPATH", "")
    env.update(extra_env or {})
    child = pexpect.spawn(TABLETOP, args, env=env, encoding="utf-8", dimensions=(lines, columns), timeout=20)
    child.delaybeforesend = None
    return child


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


QUESTION = "\\?(?:\x1b\\[[0-9;]*m)* ?([^\r\n\x1b]+?:) (?:\x1b\\[[0-9;]*m)*\\((?:keys or )?arrows"
"""Any select question while it waits for an answer (its instruction still shows); group 1 is its text."""


PROMPT_ENDED = "\x1b\\[\\?2004l"
"""What a prompt sends as it ends, its key read (bracketed paste turned off): a prompt is drawn once more
then, so a test that waits for this never takes that last drawing for a new prompt."""


END_OF_GAME = r"Review your decisions \(graded by the analyst\)\? "
"""The question after a game with an analyst ends (Enter: no, back to where the game began)."""


def answered(prompt: str) -> str:
    """The pattern of a select prompt once answered: the answer stands where the instruction stood."""
    return re.escape(prompt) + " (?:\x1b\\[[0-9;]*m)*[^\x1b\r\n(]"


def play_first_choices(child: pexpect.spawn, done: str, *, prompt: str = "Your move:", limit: int = 400) -> str:
    """Answer each move prompt with its first entry until ``done`` shows; return the text before it.

    A prompt may be drawn more than once, so after each answer we wait for its
    echo before looking for the next prompt: a stray Enter would otherwise be
    typed ahead into a later question.
    """
    for _ in range(limit):
        index = child.expect([prompt, done])
        if index == 1:
            return str(child.before)
        child.expect(POINTER)
        child.send(ENTER)
        child.expect(answered(prompt))
    raise AssertionError(f"{done!r} did not show within {limit} moves")


def leave(child: pexpect.spawn) -> None:
    """Leave the game at its move list through the game menu (``m``, ``q``, yes); the program ends cleanly."""
    child.send("m")
    child.expect(r"q\) (?:\x1b\[[0-9;]*m)*Leave")
    child.send("q")
    child.expect(r"Leave the game\?")
    child.send("y")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def history(data_dir: Path) -> str:
    """``tabletop history``, wide enough that no entry wraps."""
    env = {**os.environ, "TABLETOP_DATA_DIR": str(data_dir), "COLUMNS": "200"}
    return subprocess.run([TABLETOP, "history"], capture_output=True, text=True, env=env, check=True).stdout

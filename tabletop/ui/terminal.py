"""The terminal itself: is there one, how big, and a console to draw on."""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console

MIN_COLUMNS = 80
MIN_LINES = 24


class NoTerminalError(Exception):
    """An interactive command was run without a terminal on stdin and stdout."""


def require_terminal(what: str = "this command") -> None:
    """Refuse to prompt when stdin or stdout is not a terminal."""
    for name, stream in (("input", sys.stdin), ("output", sys.stdout)):
        if stream is None or stream.closed or not stream.isatty():
            raise NoTerminalError(
                f"{what} is interactive and needs a terminal, but its {name} is not one. "
                "Run it in a terminal, or use `tabletop list`, `tabletop simulate` or a game's tools "
                "for scripts."
            )


def make_console() -> Console:
    """The console the program draws on: standard output, with no highlighting of numbers and words
    that rich would otherwise guess at."""
    from rich.console import Console

    return Console(highlight=False)


def size_warning(console: Console, *, brief: bool = False) -> str | None:
    """A request to enlarge a terminal smaller than 80x24, or None; ``brief`` fits one line above a board."""
    width, height = console.size
    if width >= MIN_COLUMNS and height >= MIN_LINES:
        return None
    if brief:
        return f"Terminal {width}x{height}: enlarge it to {MIN_COLUMNS}x{MIN_LINES} for the whole board."
    return (
        f"This terminal is {width}x{height}; the games are drawn for at least "
        f"{MIN_COLUMNS}x{MIN_LINES}. Enlarge the window for the full board "
        "(the game still plays, in a compact layout)."
    )


def clear_screen(console: Console, *, scrollback: bool = False) -> None:
    """Clear the screen; with ``scrollback``, wipe the scrollback too (hot-seat hands)."""
    if not console.is_terminal:
        return
    console.clear()
    if scrollback and os.environ.get("TERM") != "dumb":
        console.file.write("\x1b[3J")
        console.file.flush()

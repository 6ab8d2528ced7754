"""The terminal itself: is there one, how big, and a console to draw on."""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console

MIN_COLUMNS = 80
MIN_LINES = 24
"""The size the games are drawn for in full; smaller ones get a compact board."""
PLAY_COLUMNS = 60
PLAY_LINES = 20
"""The smallest terminal a game is played on: its board keeps its header and fits above the longest list."""


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


def size_warning(console: Console) -> str | None:
    """A request to enlarge a terminal smaller than 80x24, or None."""
    width, height = console.size
    if width >= MIN_COLUMNS and height >= MIN_LINES:
        return None
    return (
        f"This terminal is {width}x{height}; the games are drawn for at least "
        f"{MIN_COLUMNS}x{MIN_LINES}. Enlarge the window for the full board "
        f"(the games play from {PLAY_COLUMNS}x{PLAY_LINES}, in a compact layout)."
    )


def too_small(console: Console) -> str | None:
    """What to show instead of a board on a terminal smaller than :data:`PLAY_COLUMNS` x :data:`PLAY_LINES`, or None.

    >>> from rich.console import Console
    >>> too_small(Console(width=50, height=15))
    'Tabletop needs at least 60 x 20; this terminal is 50 x 15. Enlarge the window: the board comes back at the next key.'
    >>> too_small(Console(width=60, height=20)) is None
    True
    """
    width, height = console.size
    if width >= PLAY_COLUMNS and height >= PLAY_LINES:
        return None
    return (
        f"Tabletop needs at least {PLAY_COLUMNS} x {PLAY_LINES}; this terminal is {width} x {height}. "
        "Enlarge the window: the board comes back at the next key."
    )


def clear_screen(console: Console, *, scrollback: bool = False) -> None:
    """Clear the screen; with ``scrollback``, wipe the scrollback too (hot-seat hands)."""
    if not console.is_terminal:
        return
    console.clear()
    if scrollback and os.environ.get("TERM") != "dumb":
        console.file.write("\x1b[3J")
        console.file.flush()


def discard_typeahead() -> None:
    """Forget the keys pressed while the table waited for another player: a key meant for nothing yet must not
    make the player's next move before they have seen what the other did."""
    if not sys.stdin.isatty():
        return
    try:
        import termios

        termios.tcflush(sys.stdin.fileno(), termios.TCIFLUSH)
    except (ImportError, OSError, ValueError):  # no terminal control here: the keys stay
        return

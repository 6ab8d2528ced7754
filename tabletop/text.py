"""Text that came from a file, made safe to print on a terminal.

A record, a card file or a position file is anybody's text. A control
character in it (an escape sequence, a carriage return, a bell) would act on
the player's terminal when printed: clear the screen, move the cursor, retitle
the window, or hide what is written behind it. :func:`printable` removes every
such character, keeping line breaks and tabs. :func:`listed` says a list of things as a sentence does, and
:func:`fitted` breaks a message into lines between words, as wide as the terminal.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence
from typing import TextIO

KEPT = "\n\t"
"""Control characters that only lay text out, kept."""

_BIDI_CONTROLS = "\u202a-\u202e\u2066-\u2069"
"""Direction overrides and isolates: they make text read in another order than it is stored."""

_UNSAFE = re.compile(f"[\x00-\x08\x0b-\x1f\x7f-\x9f{_BIDI_CONTROLS}]")


def printable(text: str) -> str:
    """``text`` less its control characters (all but line breaks and tabs).

    >>> printable("North wins\\x1b[2J, 3 castles to 2.\\r")
    'North wins[2J, 3 castles to 2.'
    >>> printable("Water 3\\tLeaf 1\\n")
    'Water 3\\tLeaf 1\\n'
    """
    return _UNSAFE.sub("", text)


def one_line(text: str) -> str:
    """``text`` made printable and put on one line (names and titles in a list).

    >>> one_line("Ann\\nSmith\\x07")
    'Ann Smith'
    """
    return " ".join(printable(text).split())


SCREEN_CHARS = 1200
"""The most of one message (an error's text) shown on screen: a plugin's error can run to megabytes."""
SCREEN_LINES = 15
"""The most lines of one message shown on screen."""


def bounded(text: str, chars: int = SCREEN_CHARS, lines: int = SCREEN_LINES) -> str:
    """``text`` whole if it is short enough for a screen, else its beginning and how much was cut.

    >>> bounded("Water 3 is not allowed now")
    'Water 3 is not allowed now'
    >>> bounded("x" * 5000, chars=10)
    'xxxxxxxxxx... [4,990 more characters not shown]'
    >>> bounded("a\\nb\\nc\\nd", lines=2)
    'a\\nb... [4 more characters not shown]'
    """
    kept = "\n".join(text.split("\n")[:lines])[:chars]
    if kept == text:
        return text
    return f"{kept}... [{len(text) - len(kept):,} more characters not shown]"


def listed(items: Sequence[str]) -> str:
    """``items`` as a sentence lists them: commas between, ``and`` before the last.

    >>> listed(["Water 2"]), listed(["Water 2", "Leaf 1", "Flame 3"])
    ('Water 2', 'Water 2, Leaf 1 and Flame 3')
    """
    return items[-1] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


NO_BREAK = "\0"
"""Stands for a space inside a `command` while a message is broken into lines."""
MIN_WIDTH = 20
"""The narrowest lines :func:`fitted` makes, whatever the terminal says of its width."""


def fitted(words: str, columns: int | None = None) -> str:
    """``words`` in lines that fit the terminal (or ``columns``), broken between words, a `command` in backticks
    kept whole (where it fits a line) so that it can be copied; the terminal alone would break a word in two.

    >>> print(fitted("Left. All of game 1 is saved: run `tabletop resume 1`.", columns=30))
    Left. All of game 1 is saved:
    run `tabletop resume 1`.
    """
    import shutil
    import textwrap

    width = max((columns or shutil.get_terminal_size().columns) - 1, MIN_WIDTH)
    joined = re.sub(r"`[^`]*`", lambda m: m.group(0).replace(" ", NO_BREAK), words)
    lines = textwrap.wrap(joined, width, break_long_words=False, break_on_hyphens=False)
    return "\n".join(lines).replace(NO_BREAK, " ")


def say(words: str, stream: TextIO | None = None) -> None:
    """Print ``words`` on ``stream`` (standard output by default), :func:`fitted` to the terminal where it is
    one, whole where it is a file or a pipe (which a script reads line by line)."""
    out = sys.stdout if stream is None else stream
    print(fitted(words) if out.isatty() else words, file=out)

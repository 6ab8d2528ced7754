"""Text that came from a file, made safe to print on a terminal.

A record, a card file or a position file is anybody's text. A control
character in it (an escape sequence, a carriage return, a bell) would act on
the player's terminal when printed: clear the screen, move the cursor, retitle
the window, or hide what is written behind it. :func:`printable` removes every
such character, keeping line breaks and tabs. :func:`listed` says a list of things as a sentence does.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

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

"""How a list shows its entries: each entry's key, its title with the key before it, and the lines it takes.

An entry too long for the terminal is broken between words, its next lines
indented under its first word, so that a long action (a Muster Bridge with the
Banner it carries) reads as one entry rather than as a line cut in mid-word.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Sequence

from tabletop.interface import Choice

AUTO_KEYS = "1234567890abcdefghijklmnopqrstuvwxyz"
"""The keys given, in order, to a list's usable entries that bring no key of their own."""
KEY_NAMES = {"escape": "Esc"}
"""How a key that is not one character is shown before its entry."""
LIST_INDENT = 3
"""Columns before an entry's title in a list: the cursor's mark or spaces."""
SCROLL_BAR = 1
"""The column a list that scrolls keeps at its right for its scroll bar; every entry leaves it free."""
DISABLED_MARK = "- "
"""What a list shows before an entry that cannot be taken now (its reason follows the title)."""
KEPT_WHOLE = re.compile(r"\([^()]{1,16}\)")
"""A short aside in brackets, such as a column's change ``(0 -> 3)``: never broken across lines."""
_GLUE = "\N{NO-BREAK SPACE}"


def list_keys(choices: Sequence[Choice]) -> list[str | None]:
    """The key of each entry: its own, else the next of :data:`AUTO_KEYS` no other entry uses (None for a
    disabled entry, or when the keys run out).

    >>> list_keys([Choice("Start", 1, key="s"), Choice("Seed", 2), Choice("Off", 3, "no"), Choice("Back", 4, key="escape")])
    ['s', '1', None, 'escape']
    """
    taken = {c.key for c in choices if c.key and not c.disabled}
    spare = iter(k for k in AUTO_KEYS if k not in taken)
    return [None if c.disabled else c.key or next(spare, None) for c in choices]


def key_title(key: str | None, title: str) -> str:
    """An entry's title with its key before it (``2) Muster``, ``Esc) Back``), as every list shows it.

    >>> key_title("2", "Muster"), key_title("escape", "Back"), key_title(None, "Off")
    ('2) Muster', 'Esc) Back', 'Off')
    """
    return f"{KEY_NAMES.get(key, key)}) {title}" if key else title


def shown_entry(choice: Choice, key: str | None) -> str:
    """The text a list shows for ``choice`` after the cursor's columns: its key and title, or, when it cannot
    be taken now, the mark, its title and why not.

    >>> shown_entry(Choice("Castle", 2, "no castle space"), None), shown_entry(Choice("Seed", 1), "6")
    ('- Castle (no castle space)', '6) Seed')
    """
    if choice.disabled:
        return f"{DISABLED_MARK}{choice.title} ({choice.disabled})"
    return key_title(key, choice.title)


def entry_lines(text: str, width: int) -> list[str]:
    """``text`` (as :func:`shown_entry` gives it) in the lines it takes in a list ``width`` columns wide: broken
    between words, each further line indented under the first word after the key or mark.

    The lines hold no cursor columns: the list puts those before the first.

    >>> entry_lines("g) Make a Rainbow Bridge > then F2 Flame 2 > under Flame", 40)
    ['g) Make a Rainbow Bridge > then F2', '   Flame 2 > under Flame']
    >>> entry_lines("g) Make a Rainbow Bridge > then F2 Flame 2 > under Flame, Bridge as 1 (0 -> 3)", 80)
    ['g) Make a Rainbow Bridge > then F2 Flame 2 > under Flame, Bridge as 1', '   (0 -> 3)']
    >>> entry_lines("1) Short", 40)
    ['1) Short']
    """
    room = max(width - LIST_INDENT - SCROLL_BAR, 1)
    if len(text) <= room:
        return [text]
    head, _, _ = text.partition(" ")
    hang = len(head) + 1 if head.endswith(")") or head + " " == DISABLED_MARK else 0
    if hang * 2 > room:  # a terminal too narrow to indent: plain lines
        hang = 0
    glued = KEPT_WHOLE.sub(lambda aside: aside[0].replace(" ", _GLUE), text)
    lines = textwrap.wrap(glued, width=room, subsequent_indent=" " * hang, break_on_hyphens=False)
    return [line.replace(_GLUE, " ") for line in lines] or [text]

"""Prompts for a terminal that understands no escape codes (``TERM=dumb``): numbered lists, read a line at a time.

Such a terminal cannot move its cursor, so questionary's menus, which redraw in
place, would fill it with escape codes. Here every question is plain text: the
entries are numbered, unusable ones are listed with their reason and no number,
and the answer is a line typed and ended by Enter. Ctrl-C and Ctrl-D keep their
meaning (KeyboardInterrupt, EOFError), as with every prompter.

It also says whether hands can be hidden between hot-seat turns: a terminal
that cannot clear its screen and scrollback would leave one player's hand
readable above the next player's turn.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from typing import Any

from tabletop.ui.base import Choice, Prompter

DUMB_TERMINALS = ("dumb", "unknown")
"""``TERM`` values of terminals that take no escape codes (the ones rich treats so too)."""

BACK_WORDS = ("b", "back")
"""Typed at a list with a way back, these choose it (Esc cannot be read a line at a time)."""


def is_dumb_terminal() -> bool:
    """True when ``TERM`` names a terminal without escape codes (or names none)."""
    return os.environ.get("TERM", "").strip().lower() in (*DUMB_TERMINALS, "")


def can_hide_hands() -> bool:
    """Whether this terminal can clear its screen and scrollback, so that a hand shown can be wiped."""
    return not is_dumb_terminal()


HOT_SEAT_REFUSED = (
    "Two people at one keyboard need a terminal that can clear its screen, so that one player's hand "
    "is gone before the other looks; this one (TERM={term}) cannot. Play in a full terminal "
    "(for example with TERM=xterm-256color), or against the computer."
)


def hot_seat_refusal() -> str | None:
    """Why hot-seat play is refused here, or None where it is allowed."""
    if can_hide_hands():
        return None
    return HOT_SEAT_REFUSED.format(term=os.environ.get("TERM", "") or "unset")


def make_prompter() -> Prompter:
    """The prompter for this terminal: questionary's menus, or plain numbered lists on a dumb terminal."""
    if is_dumb_terminal():
        return PlainPrompter()
    from tabletop.ui.prompts import QuestionaryPrompter

    return QuestionaryPrompter()


class PlainPrompter(Prompter):
    """Questions as plain lines of text; answers typed and ended by Enter."""

    def __init__(self, read: Callable[[str], str] = input, write: Callable[[str], Any] | None = None) -> None:
        self._read = read
        self._write = write or _print

    def select(self, message: str, choices: Sequence[Choice], *, default: Any = None) -> Any:
        """The value of the entry whose number is typed; Enter takes ``default`` (else the first usable
        entry), ``b`` the way back where the list has one, and an entry's letter key that entry.
        Other answers are asked again.

        >>> prompter = PlainPrompter(read=lambda prompt: "2", write=print)
        >>> prompter.select("Which colour?", [Choice("Red", "r"), Choice("Green", "g", "none left"), Choice("Blue", "b")])
        Which colour?
          1. Red
           - Green (none left)
          2. Blue
        'b'
        """
        shortcuts = [c for c in choices if c.hidden and c.key and not c.disabled]
        choices = [c for c in choices if not c.hidden]
        usable = [c for c in choices if not c.disabled]
        if not usable:
            raise ValueError("a menu needs at least one usable entry")
        start = next((i for i, c in enumerate(usable) if c.value == default), 0)
        self._write(message)
        for line in numbered_lines(choices):
            self._write(line)
        back = next((c for c in usable if c.back), None)
        hint = f"Choose 1-{len(usable)} (Enter: {start + 1}" + (", b: back)" if back else ")")
        while True:
            answer = self._read(f"{hint}: ").strip().lower()
            if not answer:
                return usable[start].value
            if back is not None and answer in BACK_WORDS:
                return back.value
            number = _listed_number(answer, len(usable))
            if number is not None:
                return usable[number - 1].value
            keyed = next((c for c in [*usable, *shortcuts] if c.key == answer and not c.key.isdecimal()), None)
            if keyed is not None:
                return keyed.value
            self._write(f"Type a number from 1 to {len(usable)}.")

    def text(self, message: str, *, default: str = "", validate: Callable[[str], bool | str] | None = None) -> str:
        """A line typed (``default`` for an empty one), asked again until ``validate`` accepts it; a string
        from ``validate`` is the reason shown.

        >>> PlainPrompter(read=lambda prompt: "").text("Seed?", default="42")
        '42'
        """
        shown = f" [{default}]" if default else ""
        while True:
            answer = self._read(f"{message}{shown} ").strip() or default
            verdict = True if validate is None else validate(answer)
            if verdict is True:
                return answer
            self._write(verdict if isinstance(verdict, str) else "That answer is not accepted; try again.")

    def confirm(self, message: str, *, default: bool = True) -> bool:
        """Yes or no, typed as y, yes, n or no; Enter takes ``default``.

        >>> PlainPrompter(read=lambda prompt: "n").confirm("Undo your move?")
        False
        """
        options = "(Y/n)" if default else "(y/N)"
        while True:
            answer = self._read(f"{message} {options} ").strip().lower()
            if not answer:
                return default
            if answer in ("y", "yes", "n", "no"):
                return answer.startswith("y")
            self._write("Answer y or n.")

    def pause(self, message: str = "Press any key to go on") -> None:
        """Wait for Enter, the one key a line-at-a-time terminal sends.

        >>> PlainPrompter(read=lambda prompt: print(repr(prompt)) or "").pause()
        'Press Enter to go on '
        """
        # A line-at-a-time terminal only hears Enter.
        self._read(message.replace("any key", "Enter") + " ")


def numbered_lines(choices: Sequence[Choice]) -> list[str]:
    """The entries of a list, usable ones numbered, the others with a dash and their reason.

    >>> numbered_lines([Choice("Play", 1), Choice("Undo", 2, "nothing to undo"), Choice("Leave", 3)])
    ['  1. Play', '   - Undo (nothing to undo)', '  2. Leave']
    """
    lines, number = [], 0
    for choice in choices:
        if choice.disabled:
            lines.append(f"   - {choice.title} ({choice.disabled})")
        else:
            number += 1
            # A letter is shown to be typed; Esc cannot be read a line at a time ("b" goes back instead).
            letter = f" ({choice.key})" if choice.key and len(choice.key) == 1 and not choice.key.isdecimal() else ""
            lines.append(f"{number:>3}. {choice.title}{letter}")
    return lines


def _print(text: str) -> None:
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def _listed_number(answer: str, count: int) -> int | None:
    """The entry ``answer`` numbers, from 1 to ``count`` (None for anything else, however many digits it has).

    >>> _listed_number("2", 3), _listed_number("4", 3), _listed_number("9" * 5000, 3)
    (2, None, None)
    """
    if not answer.isdecimal() or len(answer.lstrip("0")) > len(str(count)):  # int() refuses thousands of digits
        return None
    number = int(answer)
    return number if 1 <= number <= count else None

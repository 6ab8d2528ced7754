"""Whole numbers typed by a person or read from a file, each checked against its bounds where it is read.

A number from outside is text until it is known to fit: a command-line value,
a seed typed in the menu, a number in a JSON position. :func:`read_number`
reads one within named bounds, refusing anything else with a plain message --
before Python converts it, since ``int()`` of thousands of digits raises an
error of its own and a number beyond 64 bits cannot reach SQLite or the
operating system. :func:`argument` is the same check as an ``argparse`` type.

    >>> read_number("12", 1, 100, "--games")
    12
    >>> read_number("9" * 5000, 1, 100, "--games")
    Traceback (most recent call last):
    tabletop.numbers.NumberError: --games must be a whole number from 1 to 100, not '99999999999999999999'…
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable

LARGEST_STORED = 2**63 - 1
"""The largest integer SQLite holds: the bound of a number that reaches the database."""
SHOWN_CHARS = 20
"""How much of a refused value the message repeats (it may be thousands of characters long)."""


class NumberError(ValueError):
    """Text that is not a whole number within its bounds; the message says which numbers are allowed."""


def read_number(text: str, low: int, high: int, what: str = "") -> int:
    """``text`` as a whole number from ``low`` to ``high``, or :class:`NumberError`.

    Only ASCII digits count (with a leading minus sign when ``low`` is negative);
    surrounding spaces are ignored. A text too long for the bounds is refused
    without being converted.

    >>> read_number(" -3 ", -5, 5)
    -3
    >>> read_number("6", -5, 5)
    Traceback (most recent call last):
    tabletop.numbers.NumberError: expected a whole number from -5 to 5, not '6'
    >>> read_number("٣", 0, 9, "a seed")
    Traceback (most recent call last):
    tabletop.numbers.NumberError: a seed must be a whole number from 0 to 9, not '٣'
    """
    digits = text.strip()
    body = digits[1:] if digits.startswith("-") and low < 0 else digits
    longest = max(len(str(abs(low))), len(str(abs(high))))
    if body.isascii() and body.isdigit() and len(body.lstrip("0") or "0") <= longest:
        value = int(digits)
        if low <= value <= high:
            return value
    wanted = f"a whole number from {low} to {high}"
    raise NumberError(
        f"{what} must be {wanted}, not {excerpt(text)}" if what else f"expected {wanted}, not {excerpt(text)}"
    )


def argument(low: int, high: int) -> Callable[[str], int]:
    """An ``argparse`` type for a whole number from ``low`` to ``high`` (argparse names the option).

    >>> parser = argparse.ArgumentParser(prog="demo")
    >>> _ = parser.add_argument("--limit", type=argument(0, 10))
    >>> parser.parse_args(["--limit", "7"]).limit
    7
    """

    def parse(text: str) -> int:
        try:
            return read_number(text, low, high)
        except NumberError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    parse.__name__ = f"whole number from {low} to {high}"
    return parse


def json_number(max_digits: int, fail: Callable[[str], Exception]) -> Callable[[str], int]:
    """A ``parse_int`` hook for :func:`json.loads` refusing, with ``fail(message)``, numbers longer than ``max_digits``.

    >>> import json
    >>> json.loads("[12]", parse_int=json_number(3, ValueError))
    [12]
    >>> json.loads("[1234]", parse_int=json_number(3, ValueError))
    Traceback (most recent call last):
    ValueError: a number of 4 digits (the longest allowed has 3)
    """

    def parse(digits: str) -> int:
        length = len(digits.lstrip("-"))
        if length > max_digits:
            raise fail(f"a number of {length} digits (the longest allowed has {max_digits})")
        return int(digits)

    return parse


def excerpt(text: str) -> str:
    """``text`` quoted as a message repeats it: at most :data:`SHOWN_CHARS` characters.

    >>> excerpt("12"), excerpt("1" * 30)
    ("'12'", "'11111111111111111111'…")
    """
    return repr(text) if len(text) <= SHOWN_CHARS else repr(text[:SHOWN_CHARS]) + "…"


_LONG_WORD = re.compile(f"'?([^\\s']{{{SHOWN_CHARS + 1},}})'?")
"""A run of more than :data:`SHOWN_CHARS` characters without a space, in quotes or not."""


def excerpts(message: str) -> str:
    """``message`` with each word longer than :data:`SHOWN_CHARS` characters cut as :func:`excerpt` cuts it.

    For a message that repeats what was typed without knowing how long it is
    (argparse's "invalid choice: …", "unrecognized arguments: …").

    >>> excerpts("invalid choice: '" + "9" * 5000 + "' (choose from 'processes', 'ray')")
    "invalid choice: '99999999999999999999'… (choose from 'processes', 'ray')"
    >>> excerpts("unrecognized arguments: " + "x" * 30 + " -v")
    "unrecognized arguments: 'xxxxxxxxxxxxxxxxxxxx'… -v"
    """
    return _LONG_WORD.sub(lambda found: excerpt(found[1]), message)

"""The settings a player picks before a game: choices, switches, whole numbers and words, declared typed.

Each option reads its own value (``HAND.value(options)``), so a game converts no strings; the menu, the
setup screen, ``tabletop list`` and the command-line flags all follow from the declaration.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tabletop.numbers import NumberError, excerpt, read_number


@dataclass(frozen=True)
class Option:
    """A setting a player picks before a game: a choice among fixed values or a flag."""

    key: str
    label: str
    choices: tuple[str, ...] = ("off", "on")
    default: str = "off"
    help: str = ""
    free_text: bool = False
    """Any text is accepted (e.g. a file name); ``choices`` is then ignored."""
    choice_labels: tuple[str, ...] = ()
    """How the menu shows each of ``choices``, in order, when the value alone says too little."""

    @property
    def is_flag(self) -> bool:
        """Whether the option is an on/off switch (a command-line flag with no value)."""
        return not self.free_text and self.choices == ("off", "on")

    def label_of(self, value: str) -> str:
        """The menu's words for ``value``.

        >>> Option("first", "First player", ("random", "1", "2"), "random", choice_labels=("random", "North", "South")).label_of("1")
        'North'
        """
        if value in self.choices and len(self.choice_labels) == len(self.choices):
            return self.choice_labels[self.choices.index(value)]
        return value

    def argument(self, value: str) -> str:
        """What to give ``tabletop play``'s flag of this option to choose ``value`` again (the value itself,
        unless the option keeps its values in another form: a card set's text, by its file's name)."""
        return value

    def parse(self, text: str) -> str:
        """Check ``text`` is one of the choices (case-insensitive)."""
        if self.free_text:
            return text.strip()
        lowered = text.strip().lower()
        for choice in self.choices:
            if choice.lower() == lowered:
                return choice
        raise ValueError(f"{self.label}: {text!r} is not one of {', '.join(self.choices)}")


PLAYERS_OPTION = "players"
"""The key of the option that holds the player count of a game whose count is a range."""
MENU_NUMBERS = 12
"""A whole-number option with at most this many values is offered as a list; a wider one is typed."""


@dataclass(frozen=True)
class Switch(Option):
    """An option that is on or off, read as a bool: ``--key`` on the command line.

    >>> low = Switch("low", "Lowball")
    >>> low.value({}), low.value({"low": "on"}), low.is_flag
    (False, True, True)
    """

    def value(self, options: Mapping[str, str]) -> bool:
        """Whether the switch is on in ``options`` (its default when they do not name it)."""
        return self.parse(options.get(self.key, self.default)) == "on"


@dataclass(frozen=True)
class WholeNumber(Option):
    """A whole number between ``low`` and ``high`` (both included), read as an int.

    Made by :func:`whole_number`. A record keeps the value as text, like any option's.

    >>> hand = whole_number("hand", "Cards per hand", 3, 4, default=3)
    >>> hand.value({}), hand.value({"hand": " 4"}), hand.choices
    (3, 4, ('3', '4'))
    >>> hand.parse("5")
    Traceback (most recent call last):
    ...
    ValueError: Cards per hand: '5' is not a whole number from 3 to 4
    """

    low: int = 0
    high: int = 0
    meanings: tuple[tuple[int, str], ...] = ()
    """Numbers that stand for something else, with the menu's words for them (FreeCell's deal 0: random)."""

    def label_of(self, value: str) -> str:
        """The menu's words for ``value``: its meaning where it has one, else the number.

        >>> deal = whole_number("deal", "Deal number", 0, 99, default=0, meanings={0: "random"})
        >>> deal.label_of("0"), deal.label_of("7")
        ('random', '7')
        """
        return next((words for number, words in self.meanings if str(number) == value), None) or super().label_of(value)

    def parse(self, text: str) -> str:
        """``text`` as the number's notation, if it is a whole number within the bounds."""
        try:
            return str(read_number(text, self.low, self.high))
        except NumberError:
            raise ValueError(
                f"{self.label}: {excerpt(text)} is not a whole number from {self.low} to {self.high}"
            ) from None

    def value(self, options: Mapping[str, str]) -> int:
        """The number ``options`` give (the default when they do not name it)."""
        return int(self.parse(options.get(self.key, self.default)))


@dataclass(frozen=True)
class OneOf(Option):
    """One of a few fixed words, read as the word. Made by :func:`one_of`."""

    def value(self, options: Mapping[str, str]) -> str:
        """The word ``options`` give (the default when they do not name it)."""
        return self.parse(options.get(self.key, self.default))


def whole_number(
    key: str,
    label: str,
    low: int,
    high: int,
    *,
    default: int,
    help: str = "",
    meanings: Mapping[int, str] | None = None,
) -> WholeNumber:
    """A whole-number option from ``low`` to ``high``: a list in the menu if short, else typed; ``meanings``
    gives words to the numbers that stand for something else."""
    if not low <= default <= high:
        raise ValueError(f"{key}: the default {default} is not from {low} to {high}")
    listed = high - low < MENU_NUMBERS
    choices = tuple(str(n) for n in range(low, high + 1)) if listed else ()
    return WholeNumber(
        key,
        label,
        choices,
        str(default),
        help,
        free_text=not listed,
        low=low,
        high=high,
        meanings=tuple(sorted((meanings or {}).items())),
    )


def one_of(
    key: str, label: str, choices: Sequence[str], *, default: str, help: str = "", labels: Sequence[str] = ()
) -> OneOf:
    """An option that is one of ``choices`` (shown in the menu as ``labels``, if given).

    >>> one_of("first", "First player", ["random", "1", "2"], default="random").value({"first": "2"})
    '2'
    """
    if default not in choices:
        raise ValueError(f"{key}: the default {default!r} is not one of {', '.join(choices)}")
    return OneOf(key, label, tuple(choices), default, help, choice_labels=tuple(labels))

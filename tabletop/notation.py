"""Notation from a declaration: an action dataclass's name and fields are its text, read back with no code.

An action that derives from :class:`Notation` writes itself as its class name in
lower case (words of a CamelCase name joined by ``-``) followed by each field,
and :meth:`Notation.parse` reads that back, each field by its declared type: a
whole number, a word, an enum member by name, or any value with a notation of
its own (a ``parse`` classmethod, such as :class:`tabletop.playing_cards.Card`).
The last field takes the rest of the text, so it may hold spaces
(a :class:`tabletop.dice_set.DiceSet`).

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class TakeCard(Notation):
    ...     pile: int
    >>> str(TakeCard(3)), TakeCard.parse("take-card 3"), TakeCard.parse("take-card three")
    ('take-card 3', TakeCard(pile=3), None)

A game keeps its own form by writing ``__str__`` and ``parse`` itself.
:func:`parse_declared` reads a text as whichever of a game's action classes it fits.
"""

from __future__ import annotations

import dataclasses
import enum
import re
import types
import typing
from collections.abc import Sequence
from functools import cache
from typing import Any, Self, cast

from tabletop.errors import InvalidActionError

CAMEL_WORD = re.compile(r"(?<!^)(?=[A-Z])")
"""Where a CamelCase class name breaks into words."""


class Notation:
    """A dataclass action whose text is its declaration: ``word field field...``."""

    def __str__(self) -> str:
        word, names = _written(cast(type, type(self)))
        return " ".join([word, *(_field_text(getattr(self, name)) for name in names)]) if names else word

    @classmethod
    def parse(cls, text: str) -> Self | None:
        """The action ``text`` writes, or None if it is not one of this class."""
        fields = _declared(cast(type, cls))
        word, *rest = text.split(None, len(fields))
        if word.lower() != notation_word(cls) or len(rest) != len(fields):
            return None
        try:
            values = [_field_value(kind, part) for (_, kind), part in zip(fields, rest)]
            return cls(*values)
        except (ValueError, TypeError, KeyError):
            return None


@cache
def _written(kind: type) -> tuple[str, tuple[str, ...]]:
    """An action class's word and the names of its fields, in order (asked for at every ``str``)."""
    return notation_word(kind), tuple(f.name for f in dataclasses.fields(kind))


def notation_word(kind: type) -> str:
    """The word an action class is written with: ``TakeCard`` -> ``take-card``."""
    return CAMEL_WORD.sub("-", kind.__name__).lower()


def notation_form(kind: type) -> str:
    """How a class's actions are written, for a message: ``take-card PILE``."""
    if not dataclasses.is_dataclass(kind):
        return kind.__name__.lower()
    return " ".join([notation_word(kind), *(name.upper() for name, _ in _declared(kind))])


def parse_declared(kinds: Sequence[type], text: str, game: str) -> Any:
    """Read ``text`` as one of the action classes ``kinds`` (each with a ``parse`` classmethod).

    Raise :class:`InvalidActionError` naming every form when none reads it.
    """
    cleaned = " ".join(text.split())
    for kind in kinds:
        parse = getattr(kind, "parse", None)
        if parse is None:
            raise TypeError(f"{kind.__name__} has no parse(): derive it from tabletop.notation.Notation")
        try:
            action = parse(cleaned) if cleaned else None
        except ValueError:
            action = None
        if action is not None:
            return action
    forms = ", ".join(notation_form(kind) for kind in kinds)
    raise InvalidActionError(f"{cleaned or text!r} is not a {game} action (actions: {forms})")


@cache
def _declared(kind: type) -> tuple[tuple[str, Any], ...]:
    hints = typing.get_type_hints(kind)
    return tuple((f.name, hints[f.name]) for f in dataclasses.fields(kind))


def _field_text(value: Any) -> str:
    if type(value) is int:
        return str(value)
    if isinstance(value, enum.Enum):
        return value.name.lower()
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _field_value(kind: Any, text: str) -> Any:
    if kind is bool:
        if text.lower() not in ("yes", "no"):
            raise ValueError(text)
        return text.lower() == "yes"
    if kind is int:
        if not re.fullmatch(r"-?\d{1,18}", text):
            raise ValueError(text)
        return int(text)
    if kind is str:
        return text
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return kind[text.upper()]
    parse = getattr(kind, "parse", None)
    if parse is None:
        raise TypeError(f"a field of type {kind!r} has no notation")
    return parse(text)


def type_arguments(kind: type, base: type) -> tuple[Any, ...]:
    """The classes ``kind`` gives ``base`` as its type argument: ``class Pig(Game[Roll | Hold])`` -> ``(Roll, Hold)``.

    Empty when no class on the way names one (it kept a type variable).
    """
    for klass in kind.__mro__:
        for parent in getattr(klass, "__orig_bases__", ()):
            origin = typing.get_origin(parent)
            if isinstance(origin, type) and issubclass(origin, base):
                (argument,) = typing.get_args(parent)
                if isinstance(argument, typing.TypeVar):
                    continue
                union = typing.get_origin(argument) in (typing.Union, types.UnionType)
                return typing.get_args(argument) if union else (argument,)
    return ()

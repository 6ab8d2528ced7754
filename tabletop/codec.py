"""JSON from a declaration: a dataclass's typed fields say how to write it and how to read it back.

A state declared as a dataclass gets ``to_json`` and ``state_from_json`` from
its fields' types, with no code of its own: numbers, text, flags, lists,
tuples, dicts, sets, optional values, enums (by name), nested dataclasses, and
any value with a notation (a class with a ``parse`` classmethod whose ``str``
it reads back: a :class:`tabletop.playing_cards.Card`, a
:class:`tabletop.dice_set.DiceSet`, an action) or a JSON form of its own (a
``to_json`` method and a ``from_json`` classmethod).

    >>> from dataclasses import dataclass, field
    >>> @dataclass
    ... class Table:
    ...     scores: list[int] = field(default_factory=lambda: [0, 0])
    ...     hand: tuple[str, ...] = ()
    ...     leader: int | None = None
    >>> to_data(Table(hand=("AS", "TD")))
    {'scores': [0, 0], 'hand': ['AS', 'TD'], 'leader': None}
    >>> from_data(Table, {"scores": [3, 1], "hand": ["QH"], "leader": 1})
    Table(scores=[3, 1], hand=('QH',), leader=1)

Reading checks every value against its declared type and says where it is wrong:

    >>> from_data(Table, {"scores": [3, "x"], "hand": [], "leader": None})
    Traceback (most recent call last):
    ...
    tabletop.errors.InvalidStateError: $.scores[1]: expected a whole number, got 'x'
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any, TypeVar, Union

from tabletop.errors import InvalidStateError
from tabletop.numbers import excerpt

T = TypeVar("T")

ROOT = "$"
"""The path of the whole value in error messages (JSONPath's root)."""
SHOWN = 30
"""How many characters of a wrong value an error message repeats."""


def to_data(value: Any) -> Any:
    """``value`` as JSON data, by what it is: see the module's documentation for the forms."""
    kind = type(value)
    writer = _WRITERS.get(kind)
    if writer is None:
        writer = _WRITERS[kind] = _writer(kind)
    return writer(value)


_WRITERS: dict[type, Callable[[Any], Any]] = {}
"""How to write each kind of value met so far (decided once per kind: a state is written at every position checked)."""


def _writer(kind: type) -> Callable[[Any], Any]:
    """How to write a value of ``kind``."""
    if kind in (type(None), bool, int, float, str):
        return _itself
    if callable(getattr(kind, "to_json", None)) and hasattr(kind, "from_json"):
        return lambda value: value.to_json()
    if hasattr(kind, "parse"):
        return str
    if issubclass(kind, enum.Enum):
        return lambda value: value.name
    if dataclasses.is_dataclass(kind):
        names = [f.name for f in dataclasses.fields(kind)]
        return lambda value: {name: to_data(getattr(value, name)) for name in names}
    if issubclass(kind, (list, tuple)):
        return lambda value: [to_data(item) for item in value]
    if issubclass(kind, (set, frozenset)):
        return lambda value: sorted((to_data(item) for item in value), key=str)
    if issubclass(kind, dict):
        return lambda value: {str(to_data(key)): to_data(item) for key, item in value.items()}
    return _unwritable


def fields_to_data(value: Any) -> dict[str, Any]:
    """The dataclass ``value`` as JSON data, field by field (what :func:`to_data` writes of a dataclass with no
    JSON form of its own: a class whose ``to_json`` is this may still be read by :func:`fields_from_data`)."""
    return {f.name: to_data(getattr(value, f.name)) for f in dataclasses.fields(value)}


def fields_from_data(kind: type[T], data: Any, path: str = ROOT) -> T:
    """The dataclass ``kind`` read field by field from :func:`fields_to_data`'s form."""
    result: T = _read_dataclass(kind, data, path)
    return result


def _itself(value: Any) -> Any:
    return value


def _unwritable(value: Any) -> Any:
    raise TypeError(f"{type(value).__name__} has no JSON form: give it to_json/from_json, or parse and __str__")


def from_data(kind: type[T], data: Any, path: str = ROOT) -> T:
    """Read ``data`` as a value of the dataclass ``kind``; raise :class:`InvalidStateError` saying where it is wrong."""
    result: T = _read(kind, data, path)
    return result


def _read(kind: Any, data: Any, path: str) -> Any:
    origin = typing.get_origin(kind)
    if kind is Any:
        return data
    if origin is Union or origin is types.UnionType:
        return _read_union(typing.get_args(kind), data, path)
    if origin is not None:
        return _read_container(origin, typing.get_args(kind), data, path)
    if kind is type(None) or kind is None:
        if data is not None:
            _wrong(path, "null", data)
        return None
    if kind in _SCALARS:
        return _read_scalar(kind, data, path)
    if isinstance(kind, type) and hasattr(kind, "from_json") and hasattr(kind, "to_json"):
        return _guarded(lambda: kind.from_json(data), path)
    if isinstance(kind, type) and hasattr(kind, "parse"):
        if not isinstance(data, str):
            _wrong(path, f"the notation of a {kind.__name__}", data)
        value = _guarded(lambda: kind.parse(data), path)
        if value is None:  # a declared action's parse says "not mine" with None
            _wrong(path, f"the notation of a {kind.__name__}", data)
        return value
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        if not isinstance(data, str) or data not in kind.__members__:
            _wrong(path, f"one of {', '.join(kind.__members__)}", data)
        return kind[data]
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        return _read_dataclass(kind, data, path)
    raise TypeError(f"{path}: cannot read a value of type {kind!r} from JSON")


_SCALARS: dict[Any, str] = {bool: "true or false", int: "a whole number", float: "a number", str: "a text"}


def _read_scalar(kind: type, data: Any, path: str) -> Any:
    if kind is float and isinstance(data, int) and not isinstance(data, bool):
        return float(data)
    if type(data) is not kind:
        _wrong(path, _SCALARS[kind], data)
    return data


def _read_union(members: tuple[Any, ...], data: Any, path: str) -> Any:
    if data is None and type(None) in members:
        return None
    problems = []
    for member in members:
        if member is type(None):
            continue
        try:
            return _read(member, data, path)
        except InvalidStateError as exc:
            problems.append(str(exc))
    raise InvalidStateError(problems[0] if len(problems) == 1 else f"{path}: no form fits {_shown(data)}")


def _read_container(origin: Any, args: tuple[Any, ...], data: Any, path: str) -> Any:
    if origin in (dict, Mapping):
        if not isinstance(data, dict):
            _wrong(path, "an object", data)
        key_type, value_type = args or (str, Any)
        return {_read_key(key_type, k, path): _read(value_type, v, f"{path}.{k}") for k, v in data.items()}
    if not isinstance(data, list):
        _wrong(path, "a list", data)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_read(args[0], item, f"{path}[{i}]") for i, item in enumerate(data))
        if len(args) != len(data):
            _wrong(path, f"a list of {len(args)}", data)
        return tuple(_read(arg, item, f"{path}[{i}]") for i, (arg, item) in enumerate(zip(args, data)))
    item_type = args[0] if args else Any
    items = [_read(item_type, item, f"{path}[{i}]") for i, item in enumerate(data)]
    if origin in (set, frozenset):
        return origin(items)
    if origin is list:
        return items
    raise TypeError(f"{path}: cannot read a {origin!r} from JSON")


def _read_key(kind: Any, key: str, path: str) -> Any:
    if kind is int:
        try:
            return int(key)
        except ValueError:
            _wrong(f"{path}.{key}", "a whole number as a key", key)
    return _read(kind, key, f"{path}.{key}")


def _read_dataclass(kind: type, data: Any, path: str) -> Any:
    if not isinstance(data, dict):
        _wrong(path, f"an object of {kind.__name__}'s fields", data)
    declared = _fields(kind)
    unknown = sorted(set(data) - {name for name, _, _ in declared})
    if unknown:
        raise InvalidStateError(f"{path}: {kind.__name__} has no field {', '.join(map(repr, unknown))}")
    given: dict[str, Any] = {}
    later: dict[str, Any] = {}
    for name, field_type, in_init in declared:
        if name not in data:
            if _has_default(kind, name):
                continue
            raise InvalidStateError(f"{path}: the field {name!r} is missing")
        (given if in_init else later)[name] = _read(field_type, data[name], f"{path}.{name}")
    value = _guarded(lambda: kind(**given), path)
    for name, field_value in later.items():
        object.__setattr__(value, name, field_value)
    return value


@cache
def _fields(kind: type) -> tuple[tuple[str, Any, bool], ...]:
    """Each field of the dataclass ``kind``: its name, its type (annotations resolved) and whether ``__init__`` takes it."""
    hints = typing.get_type_hints(kind)
    return tuple((f.name, hints[f.name], f.init) for f in dataclasses.fields(kind))


def _has_default(kind: type, name: str) -> bool:
    field = next(f for f in dataclasses.fields(kind) if f.name == name)
    return field.default is not dataclasses.MISSING or field.default_factory is not dataclasses.MISSING


def _guarded(make: Any, path: str) -> Any:
    """``make()``, its refusal (a ValueError or TypeError) said as a damaged state at ``path``."""
    try:
        return make()
    except InvalidStateError:
        raise
    except (ValueError, TypeError, KeyError) as exc:
        raise InvalidStateError(f"{path}: {exc}") from None


def _wrong(path: str, expected: str, got: Any) -> typing.NoReturn:
    raise InvalidStateError(f"{path}: expected {expected}, got {_shown(got)}")


def _shown(value: Any) -> str:
    """``value`` as a message quotes it, shortened."""
    if isinstance(value, str):
        return excerpt(value)
    text = repr(value)
    return text if len(text) <= SHOWN else text[:SHOWN] + "…"

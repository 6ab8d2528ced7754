"""A fast copy of a state: what is immutable is shared, only lists, dicts and sets are copied.

:meth:`tabletop.game.State.clone` uses :func:`clone_state`. Search code and the
conformance kit clone at every position, and ``copy.deepcopy`` spends most of
its time copying what never changes (numbers, text, cards, frozen dataclasses
of them). Here a value of a kind known to be immutable is shared as it is; a
list, dict or set is copied, its items in turn; anything else falls back to
``copy.deepcopy``. Aliasing is kept: two fields holding the same list hold the
same copy.

    >>> from dataclasses import dataclass, field
    >>> @dataclass
    ... class Table:
    ...     piles: list[list[str]] = field(default_factory=lambda: [["AS"], []])
    ...     names: tuple[str, ...] = ("North", "South")
    >>> table = Table()
    >>> copy = clone_state(table)
    >>> copy.piles[1].append("KD")
    >>> table.piles, copy.names is table.names
    ([['AS'], []], True)
"""

from __future__ import annotations

import copy
import dataclasses
import enum
import types
import typing
from typing import Any, TypeVar, Union

T = TypeVar("T")

ATOMS: frozenset[type] = frozenset({int, float, complex, bool, str, bytes, type(None), range})
"""Kinds of value that never change: always shared."""

_immutable_kinds: dict[type, bool] = {}
"""Whether each frozen dataclass met so far holds only immutable fields (by its declared types)."""


def clone_state(state: T) -> T:
    """An independent copy of ``state``: its instance dictionary copied by :func:`copied`, else a deep copy.

    A class that defines ``__deepcopy__``, ``__setstate__`` or slots keeps the deep copy it asks for.
    """
    kind = type(state)
    if not _plain_object(kind):
        return copy.deepcopy(state)
    twin = kind.__new__(kind)
    memo: dict[int, Any] = {id(state): twin}
    twin.__dict__.update({name: copied(value, memo) for name, value in state.__dict__.items()})
    return twin


def copied(value: Any, memo: dict[int, Any]) -> Any:
    """``value`` itself when it cannot change, else a copy (``memo``: copies made so far, by ``id``)."""
    kind = type(value)
    if kind in ATOMS:
        return value
    if kind is list or kind is dict or kind is set:
        done = memo.get(id(value))
        if done is not None:
            return done
        if kind is list:
            twin: Any = []
            memo[id(value)] = twin
            twin.extend([copied(item, memo) for item in value])
        elif kind is dict:
            twin = {}
            memo[id(value)] = twin
            twin.update({key: copied(item, memo) for key, item in value.items()})
        else:
            twin = {copied(item, memo) for item in value}
            memo[id(value)] = twin
        return twin
    if kind is tuple or kind is frozenset:
        items = [copied(item, memo) for item in value]
        return value if all(a is b for a, b in zip(items, value)) else kind(items)
    if isinstance(value, enum.Enum) or immutable_kind(kind):
        return value
    return copy.deepcopy(value, memo)


def immutable_kind(kind: type) -> bool:
    """Whether every value of ``kind`` is immutable: a frozen dataclass whose fields' declared types all are."""
    known = _immutable_kinds.get(kind)
    if known is None:
        _immutable_kinds[kind] = False  # a class that refers to itself is not trusted
        known = _immutable_kinds[kind] = _frozen_of_immutables(kind)
    return known


def _frozen_of_immutables(kind: type) -> bool:
    params = getattr(kind, "__dataclass_params__", None)
    if params is None or not params.frozen:
        return False
    try:
        hints = typing.get_type_hints(kind)
    except Exception:  # annotations that do not resolve: copy its values rather than guess
        return False
    return all(_immutable_type(hints[f.name]) for f in dataclasses.fields(kind))


def _immutable_type(hint: Any) -> bool:
    origin = typing.get_origin(hint)
    if origin is Union or origin is types.UnionType or origin is tuple or origin is frozenset:
        return all(arg is Ellipsis or _immutable_type(arg) for arg in typing.get_args(hint))
    if origin is typing.Literal:
        return True
    if hint is type(None) or hint in ATOMS:
        return True
    return isinstance(hint, type) and (issubclass(hint, enum.Enum) or immutable_kind(hint))


def _plain_object(kind: type) -> bool:
    """Whether instances of ``kind`` keep their whole state in ``__dict__`` and ask for no copying of their own."""
    if any(getattr(k, "__slots__", ()) for k in kind.__mro__[:-1]):
        return False
    custom = ("__deepcopy__", "__setstate__", "__reduce__", "__reduce_ex__", "__copy__")
    return not any(name in k.__dict__ for k in kind.__mro__[:-1] for name in custom)

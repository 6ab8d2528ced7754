"""Small helpers of the conformance kit: JSON snapshots, differences, and failing with context."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any, NoReturn

from tabletop.game import JSON


def fail(message: str) -> NoReturn:
    """Raise the kit's failure: an :class:`AssertionError` with a readable message."""
    raise AssertionError(message)


def snapshot(data: JSON) -> str:
    """A canonical JSON text of ``data``, so a later change (even through shared lists) shows."""
    try:
        return json.dumps(data, sort_keys=True)
    except (TypeError, ValueError) as exc:
        fail(f"to_json() returned data that is not JSON: {exc}")


def json_differences(left: JSON, right: JSON, path: str = "$", limit: int = 5) -> list[str]:
    """Where two JSON values differ, as ``path: left != right`` lines (at most ``limit``).

    >>> json_differences({"a": [1, 2], "b": 0}, {"a": [1, 3], "b": 0})
    ['$.a[1]: 2 != 3']
    """
    return list(_walk(left, right, path))[:limit]


def _walk(left: Any, right: Any, path: str) -> Iterator[str]:
    if isinstance(left, dict) and isinstance(right, dict):
        for key in sorted(set(left) | set(right), key=str):
            if key not in left:
                yield f"{path}.{key}: missing on the left (right has {_short(right[key])})"
            elif key not in right:
                yield f"{path}.{key}: missing on the right (left has {_short(left[key])})"
            else:
                yield from _walk(left[key], right[key], f"{path}.{key}")
    elif isinstance(left, list) and isinstance(right, list) and len(left) == len(right):
        for i, (a, b) in enumerate(zip(left, right)):
            yield from _walk(a, b, f"{path}[{i}]")
    elif left != right or type(left) is not type(right):
        yield f"{path}: {_short(left)} != {_short(right)}"


def _short(value: Any, width: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= width else text[: width - 3] + "..."


def describe_differences(left: JSON, right: JSON) -> str:
    """The differences of two JSON values as an indented block for a failure message."""
    lines = json_differences(left, right)
    return "\n".join(f"    {line}" for line in lines) or "    (no difference in JSON)"


def action_list(actions: list[str], limit: int = 12) -> str:
    """Notations joined for a message, eliding the middle of a long list."""
    if len(actions) <= limit:
        return ", ".join(actions) or "(none)"
    half = limit // 2
    return ", ".join(actions[:half]) + f", ... ({len(actions) - limit} more) ..., " + ", ".join(actions[-half:])

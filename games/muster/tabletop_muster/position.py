"""Muster positions as JSON: full states and views, read back with checks.

This is the entry point: full states come back as
:class:`~tabletop_muster.state.MusterState`. The writer and the checked reader
are in :mod:`tabletop_muster.codec` (a view's writer with the view, in
:mod:`tabletop_muster.view`); see docs/muster.md for the format.
"""

from __future__ import annotations

from typing import Any

from tabletop_muster.cards import COPIES, NUM_KINDS, RAINBOW, SEAT_KEYS, card_code, is_rainbow, parse_card, parse_token
from tabletop_muster.codec import loads, read_state, state_to_json, view_from_json
from tabletop_muster.state import MusterState
from tabletop_muster.view import VARIANT_KEYS, MusterView, view_to_json

__all__ = [
    "VARIANT_KEYS",
    "build_state",
    "loads",
    "read_position",
    "state_from_json",
    "state_to_json",
    "view_from_json",
    "view_to_json",
]


def state_from_json(data: Any) -> MusterState:
    """Read a full state (the output of :func:`state_to_json`), checking it is possible."""
    return read_state(MusterState, data)


def read_position(text: str) -> MusterState | MusterView:
    """Parse a position file's text: a full state or a view, by its ``kind``."""
    data = loads(text)
    if isinstance(data, dict) and data.get("kind") == "view":
        return view_from_json(data)
    return state_from_json(data)


def build_state(
    *,
    north: str = "",
    south: str = "",
    north_columns: dict[str, str] | None = None,
    south_columns: dict[str, str] | None = None,
    castles: dict[str, str] | None = None,
    known: tuple[str, str] = ("", ""),
    turn_of: str = "north",
    phase: str = "act",
    to_draw: int = 0,
    castled: str | None = None,
    pending: str | None = None,
    turn: int = 0,
    simplified: bool = False,
    power_of_one: bool = False,
    over_the_rainbow: bool = False,
) -> MusterState:
    """A position from short strings; every card not placed goes to the deck. Checked like a file.

    Hands and stacks are space-separated codes, bottom to top for stacks::

        >>> s = build_state(north="W1 W3 R L2 C1", south="F1 F2 F3 P1 P2",
        ...                 north_columns={"water": "W1"})
        >>> len(s.deck), [str(a) for a in s.legal_actions() if str(a).startswith("R+")]
        (36, ['R+L2>L', 'R+W3>W'])
    """

    def split(text: str) -> list[str]:
        return text.split()

    data: dict[str, Any] = {
        "kind": "state",
        "variants": {"simplified": simplified, "power_of_one": power_of_one, "over_the_rainbow": over_the_rainbow},
        "phase": phase,
        "turn_of": turn_of,
        "first": "north",
        "turn": turn,
        "to_draw": to_draw,
        "castled": castled,
        "pending": pending,
        "castles": {k: split(v) for k, v in (castles or {}).items()},
        "north": {
            "hand": split(north),
            "known": split(known[0]),
            "columns": {k: split(v) for k, v in (north_columns or {}).items()},
        },
        "south": {
            "hand": split(south),
            "known": split(known[1]),
            "columns": {k: split(v) for k, v in (south_columns or {}).items()},
        },
        "deck": [],
    }
    # Count what is placed, leniently (bad codes are reported by the full check below).
    counts = [0] * NUM_KINDS
    for code in _placed_codes(data):
        token = parse_token(code)
        kind = RAINBOW if token is not None and is_rainbow(token) else parse_card(code)
        if kind is not None:
            counts[kind] += 1
    data["deck"] = [card_code(k) for k in range(NUM_KINDS) for _ in range(max(0, COPIES[k] - counts[k]))]
    return state_from_json(data)


def _placed_codes(data: dict[str, Any]) -> list[str]:
    codes: list[str] = []
    for stack in data["castles"].values():
        codes += stack
    for key in SEAT_KEYS:
        codes += data[key]["hand"]
        for col in data[key]["columns"].values():
            codes += col
    if data["pending"]:
        codes.append(data["pending"])
    return codes

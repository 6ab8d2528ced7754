"""What a player may know of a position: a :class:`View`, and :class:`FullView` for a game that hides nothing.

Views compare equal by their JSON, so two positions a player cannot tell apart give equal views.
"""

from __future__ import annotations

import abc
from dataclasses import dataclass
from typing import Any

JSON = Any
"""A value made of dicts, lists, strings, numbers, booleans and None."""


class View(abc.ABC):
    """What one player may know of a state, and nothing more.

    Views compare equal exactly when they hold the same information, and
    serialise to JSON for files and tests.
    """

    player: int

    @abc.abstractmethod
    def to_json(self) -> JSON:
        """The view as JSON-compatible data."""

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.to_json() == other.to_json()

    def __hash__(self) -> int:
        return hash(repr(self.to_json()))


@dataclass(frozen=True, eq=False)
class FullView(View):
    """Everything, for a game where nothing is hidden: ``FullView(player, state.to_json())``.

    >>> FullView(0, {"pile": 7}) == FullView(0, {"pile": 7}), FullView(0, {"pile": 7}) == FullView(1, {"pile": 7})
    (True, False)
    """

    player: int
    state: JSON

    def to_json(self) -> JSON:
        return {"player": self.player, "state": self.state}

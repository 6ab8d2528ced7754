"""What a player may know of a position: a :class:`View`, and :class:`FullView` for a game that hides nothing.

A game's view is a dataclass of its own: its JSON form (``to_json``, and ``from_json`` back) follows from its
fields, as a state declared with :mod:`tabletop.codec` does, and the game's interface, agents, analyst and
encoding are typed with it (``GameUI[Action, MyView, MyView]``), so that none of them has to check what it was
given. Views compare equal by their JSON, so two positions a player cannot tell apart give equal views.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True, eq=False)
    ... class PileView(View):
    ...     player: int
    ...     pile: tuple[int, ...]
    >>> PileView(0, (3, 1)).to_json()
    {'player': 0, 'pile': [3, 1]}
    >>> PileView.from_json({"player": 1, "pile": [2]}) == PileView(1, (2,))
    True
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from typing import Any, Generic, Protocol, Self, TypeVar

from tabletop.codec import fields_from_data, fields_to_data

JSON = Any
"""A value made of dicts, lists, strings, numbers, booleans and None."""


class View:
    """What one player may know of a state, and nothing more.

    Views compare equal exactly when they hold the same information, and
    serialise to JSON for files, tests and the wire. A view declared as a
    dataclass gets both directions from its fields; one that is not must
    define :meth:`to_json` itself.
    """

    player: int

    def to_json(self) -> JSON:
        """The view as JSON-compatible data: its fields, by default."""
        if not dataclasses.is_dataclass(self):
            raise NotImplementedError(f"{type(self).__name__} is not a dataclass: it must define to_json")
        return fields_to_data(self)

    @classmethod
    def from_json(cls, data: JSON) -> Self:
        """The view back from :meth:`to_json`'s form; :class:`tabletop.errors.InvalidStateError` saying where
        it is wrong."""
        return fields_from_data(cls, data)

    def position_key(self) -> str:
        """What makes two positions the same to the player, for the Coach's rule never to go round in a circle:
        the whole view by default; a view that counts moves or a score leaves those out."""
        return json.dumps(self.to_json(), sort_keys=True)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.to_json() == other.to_json()

    def __hash__(self) -> int:
        return hash(repr(self.to_json()))


V = TypeVar("V", bound=View)
"""A seat's view, as a game's interface, agents, analyst and encoding are given it."""
VT = TypeVar("VT", bound=View)
"""A view of the table from no seat (a replay's), as a game's interface draws it: the seat's view's own class
where the game hides nothing from anyone watching."""


class Saved(Protocol):
    """Anything with a JSON form: a state."""

    def to_json(self) -> JSON:
        """The whole of it as JSON-compatible data."""
        ...

    def position_key(self) -> str:
        """What makes two of its positions the same to the player (:meth:`View.position_key`)."""
        ...


S = TypeVar("S", bound=Saved)


@dataclass(frozen=True, eq=False)
class FullView(View, Generic[S]):
    """Everything, for a game where nothing is hidden: a copy of the state itself, ``FullView(player, state.clone())``.

    The game's interface, agents and analyst read the copy as they read a state (its rules included), and what
    they do to it changes nothing in the game.

    >>> class Pile:
    ...     def __init__(self, cards: int) -> None:
    ...         self.cards = cards
    ...     def to_json(self) -> JSON:
    ...         return {"cards": self.cards}
    >>> FullView(0, Pile(7)) == FullView(0, Pile(7)), FullView(0, Pile(7)) == FullView(1, Pile(7))
    (True, False)
    >>> FullView(0, Pile(7)).state.cards
    7
    """

    player: int
    state: S

    def to_json(self) -> JSON:
        return {"player": self.player, "state": self.state.to_json()}

    def position_key(self) -> str:
        return self.state.position_key()

    @classmethod
    def from_json(cls, data: JSON) -> Self:
        """Not from JSON alone: the state inside is read by its game (:meth:`tabletop.game.Game.state_from_json`)."""
        raise NotImplementedError("a full view is read back with its game's state_from_json")

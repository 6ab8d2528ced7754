"""Numbers for learning programs: a fixed enumeration of a game's actions and a numeric encoding of a view.

Research libraries (PettingZoo, Gymnasium, OpenSpiel; see :mod:`tabletop.adapters`) speak in
integers and arrays: an action is an index below a fixed count, an observation a vector of a
fixed length. A game offers both through two optional hooks of :class:`tabletop.game.Game`:

* ``Game.distinct_actions(options)``: every action a game with these options can ever offer,
  chance outcomes included, in a fixed order. :class:`ActionIndex` numbers them.
* ``Game.view_encoding(options)``: a :class:`ViewEncoding`, which turns a seat's view into
  ``size`` numbers between 0 and 1.

Neither has a generic fallback. A fixed action space cannot be found by watching play (an action
not yet seen would have no number), and an encoding built blindly from a view's JSON would change
length with the position; a game that gives neither is refused by the adapters with a message
naming the hook. This module imports no research library: it is plain Python.

    >>> index = ActionIndex(["deal 1", "play 1"])
    >>> len(index), index.index("play 1"), index.action(0), index.mask(["play 1"])
    (2, 1, 'deal 1', [0, 1])
"""

from __future__ import annotations

import abc
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Generic

from tabletop.state import A
from tabletop.views import V

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt


class ActionIndex(Generic[A]):
    """A game's fixed enumeration of actions: each action's number, and the action of each number.

    Actions are told apart by their notation (``str``), which the protocol keeps unique among
    the actions of a state; across the whole enumeration it must be unique too.
    """

    def __init__(self, actions: Iterable[A]) -> None:
        self.actions: tuple[A, ...] = tuple(actions)
        self._numbers: dict[str, int] = {}
        for number, action in enumerate(self.actions):
            text = str(action)
            if text in self._numbers:
                raise ValueError(
                    f"the action enumeration names {text!r} twice (numbers {self._numbers[text]} and {number})"
                )
            self._numbers[text] = number
        self._by_value: dict[A, int] = {action: number for number, action in enumerate(self.actions)}

    def __len__(self) -> int:
        return len(self.actions)

    def index(self, action: A) -> int:
        """The number of ``action``; a ValueError if the enumeration lacks it (the game's hook is incomplete)."""
        number = self._by_value.get(action)
        if number is not None:
            return number
        try:
            return self._numbers[str(action)]
        except KeyError:
            raise ValueError(
                f"{action} is not in the game's action enumeration ({len(self)} actions): "
                "distinct_actions must list every action the game can offer"
            ) from None

    def action(self, number: int) -> A:
        """The action numbered ``number``; a ValueError for a number outside the enumeration."""
        if isinstance(number, bool) or not 0 <= int(number) < len(self.actions):
            raise ValueError(f"action {number!r} is outside the action space (0 to {len(self.actions) - 1})")
        return self.actions[int(number)]

    def numbers(self, actions: Iterable[A]) -> list[int]:
        """The numbers of ``actions``, sorted ascending."""
        return sorted(self.index(a) for a in actions)

    def mask(self, legal: Iterable[A]) -> list[int]:
        """1 at the number of every action in ``legal``, 0 elsewhere: ``len(self)`` entries."""
        out = [0] * len(self.actions)
        for number in self.numbers(legal):
            out[number] = 1
        return out


class ViewEncoding(abc.ABC, Generic[V]):
    """A numeric form of one seat's view: ``size`` numbers, each from 0 to 1, built from the view alone.

    It is read from a view, never from the full state, so it holds exactly what the seat may know.
    """

    size: int
    """How many numbers :meth:`encode` returns."""

    @abc.abstractmethod
    def encode(self, view: V) -> list[float]:
        """The view as ``size`` numbers from 0 to 1."""

    def encode_array(self, view: V) -> npt.NDArray[np.float32]:
        """:meth:`encode` as a NumPy ``float32`` array, the form the adapters hand to learning programs.

        A game whose observations are built often may override it with a vectorised form that
        gives the very same numbers (NumPy is needed only here, by the adapters).
        """
        import numpy as np

        return np.asarray(self.encode(view), dtype=np.float32)


class Features:
    """A helper to write an encoding: a list of numbers filled piece by piece.

    >>> f = Features()
    >>> f.one_hot(2, 4); f.scalar(3, 6); f.counts([0, 2], [1, 2])
    >>> f.values
    [0.0, 0.0, 1.0, 0.0, 0.5, 0.0, 1.0]
    """

    def __init__(self) -> None:
        self.values: list[float] = []

    def one_hot(self, value: int | None, size: int) -> None:
        """``size`` numbers, 1 at ``value`` (none at all for None or a value outside 0 to ``size - 1``)."""
        row = [0.0] * size
        if value is not None and 0 <= value < size:
            row[value] = 1.0
        self.values += row

    def scalar(self, value: float, bound: float) -> None:
        """``value / bound``, kept within 0 to 1."""
        self.values.append(min(max(value / bound, 0.0), 1.0) if bound else 0.0)

    def flag(self, value: bool) -> None:
        """1 for True, 0 for False."""
        self.values.append(1.0 if value else 0.0)

    def counts(self, counts: Sequence[int], bounds: Sequence[int]) -> None:
        """Each count divided by its bound, kept within 0 to 1."""
        for count, bound in zip(counts, bounds, strict=True):
            self.scalar(count, bound)

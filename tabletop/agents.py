"""Computer players: what one is (:class:`Agent`), and those any game can use."""

from __future__ import annotations

import abc
import random
from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeAlias

from tabletop.state import A
from tabletop.views import V, View

HUMAN = "human"
"""The seat spec of a person at this terminal, where every other seat names a computer level (or :data:`REMOTE`)."""
REMOTE = "remote"
"""The seat spec of a person at another terminal, in a game played across the network: a person, but not the
one whose records these are (nor graded, nor counted in their statistics)."""


class Agent(abc.ABC, Generic[A, V]):
    """A computer player of a game whose actions are ``A``. It sees only a view and the legal actions."""

    name: str = "agent"

    @abc.abstractmethod
    def choose(self, view: V, legal: Sequence[A], rng: random.Random) -> A:
        """Pick one of ``legal``, drawing any randomness from ``rng`` alone."""


AgentFactory: TypeAlias = Callable[[], Agent[A, Any]]
"""Makes a fresh computer player of one level; an agent class with no required arguments is one."""


class RandomAgent(Agent[A, View]):
    """Picks uniformly among the legal actions.

    >>> from tabletop.views import FullView
    >>> RandomAgent[str]().choose(FullView(0, {}), ["a", "b", "c"], random.Random(1))
    'a'
    """

    name = "random"

    def choose(self, view: View, legal: Sequence[A], rng: random.Random) -> A:
        return legal[rng.randrange(len(legal))]


class FirstAgent(Agent[A, View]):
    """Always the first legal action: handy for deterministic tests."""

    name = "first"

    def choose(self, view: View, legal: Sequence[A], rng: random.Random) -> A:
        return legal[0]

"""Computer players that any game can use."""

from __future__ import annotations

import random
from collections.abc import Sequence

from tabletop.game import A, Agent, View

HUMAN = "human"
"""The seat spec of a person, where every other seat names a computer level."""


class RandomAgent(Agent[A]):
    """Picks uniformly among the legal actions.

    >>> from tabletop.game import FullView
    >>> RandomAgent[str]().choose(FullView(0, {}), ["a", "b", "c"], random.Random(1))
    'a'
    """

    name = "random"

    def choose(self, view: View, legal: Sequence[A], rng: random.Random) -> A:
        return legal[rng.randrange(len(legal))]


class FirstAgent(Agent[A]):
    """Always the first legal action: handy for deterministic tests."""

    name = "first"

    def choose(self, view: View, legal: Sequence[A], rng: random.Random) -> A:
        return legal[0]

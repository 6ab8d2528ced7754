"""Computer players that any game can use."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from tabletop.game import Agent, View

HUMAN = "human"
"""The seat spec of a person, where every other seat names a computer level."""


class RandomAgent(Agent):
    """Picks uniformly among the legal actions."""

    name = "random"

    def choose(self, view: View, legal: Sequence[Any], rng: random.Random) -> Any:
        return legal[rng.randrange(len(legal))]


class FirstAgent(Agent):
    """Always the first legal action: handy for deterministic tests."""

    name = "first"

    def choose(self, view: View, legal: Sequence[Any], rng: random.Random) -> Any:
        return legal[0]

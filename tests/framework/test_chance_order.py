"""Chance draws never depend on the order a game lists its outcomes in.

A game that builds ``chance_outcomes()`` from a set lists them in an order that
changes with ``PYTHONHASHSEED``; the framework's ``sample_chance`` must still
draw the same outcomes from the same seed in every process.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import textwrap
from typing import Any

import pytest

from tabletop.testing.state_checks import LISTING_ORDER_SEED, check_draw_ignores_listing_order

DRAW_FROM_A_SET = textwrap.dedent(
    """
    import random

    from tabletop.game import CHANCE, TERMINAL, State


    class SetDeck(State[str]):
        def __init__(self) -> None:
            self.left = {"ace", "bishop", "castle", "dragon", "eagle", "falcon", "griffin", "hawk"}
            self.drawn: list[str] = []

        def current_player(self) -> int:
            return CHANCE if self.left else TERMINAL

        def chance_outcomes(self) -> list[tuple[str, float]]:
            return [(card, 1 / len(self.left)) for card in self.left]

        def _apply_action(self, action: str) -> None:
            self.left.discard(action)
            self.drawn.append(action)

        def returns(self) -> list[float]:
            return [1.0]

        def to_json(self) -> dict[str, object]:
            return {"drawn": self.drawn}


    state, rng = SetDeck(), random.Random(7)
    while not state.is_terminal():
        state.apply(state.sample_chance(rng))
    print(" ".join(state.drawn))
    """
)


def _draws_under(hash_seed: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run(
        [sys.executable, "-c", DRAW_FROM_A_SET], env=env, capture_output=True, text=True, check=True, timeout=60
    )
    return done.stdout.strip()


def test_outcomes_listed_from_a_set_draw_the_same_game_under_every_hash_seed() -> None:
    games = {_draws_under(seed) for seed in ("1", "2", "3", "4", "5")}
    assert len(games) == 1, games


class _PositionalDraw:
    """A state whose own ``sample_chance`` draws by position in its listed outcomes."""

    def __init__(self) -> None:
        self.outcomes = [("a", 0.25), ("b", 0.25), ("c", 0.25), ("d", 0.25)]

    def chance_outcomes(self) -> list[tuple[str, float]]:
        return list(self.outcomes)

    def sample_chance(self, rng: random.Random) -> str:
        return self.chance_outcomes()[rng.randrange(len(self.outcomes))][0]

    def clone(self) -> _PositionalDraw:
        return _PositionalDraw()


def test_the_kit_fails_a_draw_that_depends_on_the_listing_order() -> None:
    state: Any = _PositionalDraw()
    with pytest.raises(AssertionError, match="another order"):
        check_draw_ignores_listing_order(state, state.chance_outcomes(), LISTING_ORDER_SEED)

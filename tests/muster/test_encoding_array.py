"""The vectorised view encoding gives exactly the numbers of the plain one, for every seat and position."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from tabletop_muster import game
from tabletop_muster.encoding import MusterEncoding
from tabletop_muster.state import MusterState

VARIANTS = ("simplified", "power_of_one", "over_the_rainbow")
OPTION_SETS = [
    {name: "on" for name, on in zip(VARIANTS, switches, strict=True) if on}
    for switches in itertools.product((False, True), repeat=len(VARIANTS))
]
GAMES_PER_OPTION_SET = 2


def positions(options: dict[str, str], seed: int) -> list[MusterState]:
    """Every position of one seeded random game, the first (before any chance) and the last included."""
    rng = random.Random(seed)
    state = game.new_initial_state(options)
    seen = [state.clone()]
    while not state.is_terminal():
        if state.is_chance_node():
            action = state.sample_chance(rng)
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        state.apply(action)
        seen.append(state.clone())
    return seen


def plain_observation(encoding: MusterEncoding, state: MusterState, seat: int) -> np.ndarray:
    """What the adapters gave before the vectorised form: the plain numbers as float32."""
    return np.asarray(encoding.encode(state.view(seat)), dtype=np.float32)


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "plain")
def test_the_array_equals_the_plain_encoding_in_random_games(options: dict[str, str]) -> None:
    encoding = MusterEncoding()
    compared = 0
    for seed in range(GAMES_PER_OPTION_SET):
        for state in positions(options, seed):
            for seat in (0, 1):
                fast = encoding.encode_array(state.view(seat))
                plain = plain_observation(encoding, state, seat)
                assert fast.dtype == np.float32 and fast.shape == (MusterEncoding.size,)
                assert np.array_equal(fast, plain), (
                    f"seed {seed}, seat {seat}, turn {state.turn}: numbers differ at "
                    f"{np.flatnonzero(fast != plain).tolist()}"
                )
                compared += 1
    assert compared > 200 * GAMES_PER_OPTION_SET  # dozens of turns a game, each several positions, two seats


def test_tall_stacks_and_many_copies_are_clamped_the_same_way() -> None:
    """A column taller than the encoding measures and more copies than a kind has: both forms clamp to 1."""
    state = game.new_initial_state({})
    rng = random.Random(3)
    while state.is_chance_node():
        state.apply(state.sample_chance(rng))
    state.cols[0][0] = [0] * 20
    state.castles[2] = list(range(18))
    state.hands[state.cur] = [0, 0, 0, 0, 0]
    encoding = MusterEncoding()
    for seat in (0, 1):
        fast = encoding.encode_array(state.view(seat))
        assert np.array_equal(fast, plain_observation(encoding, state, seat))
        assert fast.max() == 1.0

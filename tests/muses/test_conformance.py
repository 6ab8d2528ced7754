"""The framework's conformance kit on Muses."""

import pytest

from tabletop_muses import game

testing = pytest.importorskip("tabletop.testing")


def test_muses_conforms() -> None:
    testing.check_game(game, options={"cards": "default"})


def test_muses_levels_play_legal_moves_and_every_move_has_a_path() -> None:
    assert testing.check_agents(game) > 0
    assert testing.check_steps(game) > 0

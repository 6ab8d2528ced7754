"""The framework's conformance kit, on every combination of Muster's options."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.testing import check_agents, check_game, check_steps, option_combinations
from tabletop_muster import game


@pytest.mark.parametrize("options", option_combinations(game), ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_muster_conforms(options: dict[str, Any]) -> None:
    report = check_game(game, options=options, playouts=2)
    assert report.positions > 0 and report.resamples_differing > 0


# The searching levels think for a second a move; their legality is tested with small budgets in test_agents.py.
QUICK_LEVELS = ["easy", "medium", "random"]


@pytest.mark.parametrize(
    "options", [{}, {"simplified": "on"}, {"over_the_rainbow": "on", "power_of_one": "on"}], ids=str
)
def test_muster_quick_levels_play_legal_moves_and_every_move_has_a_path(options: dict[str, str]) -> None:
    assert check_agents(game, options=options, levels=QUICK_LEVELS) > 0
    assert check_steps(game, options=options, games=2) > 0

"""The framework's conformance kit on Gin Rummy's variants."""

from __future__ import annotations

import pytest

from tabletop.testing import check_agents, check_game, check_steps
from tabletop_gin import game

# Every combination would be 80 variants of a slow kit: these cover each option's values.
VARIANTS = [
    {},
    {"target": "0", "tie": "knocker", "rules": "openspiel"},
    {"oklahoma": "on", "target": "0"},
    {"knock": "1", "tie": "knocker", "target": "0"},
    {"target": "30", "rules": "openspiel"},
]


LONG_GAMES = 1
"""Playouts of a variant played to a target: random play takes thousands of actions to reach one."""


@pytest.mark.parametrize("options", VARIANTS, ids=str)
def test_gin_conforms(options: dict[str, str]) -> None:
    report = check_game(game, options=options, playouts=2 if options.get("target") == "0" else LONG_GAMES)
    assert report.positions > 0 and report.resamples_differing > 0


QUICK_LEVELS = ["easy", "medium", "random"]


@pytest.mark.parametrize("options", [{"target": "0"}, {"target": "0", "rules": "openspiel"}], ids=str)
def test_gin_quick_levels_play_legal_moves_and_every_move_has_a_path(options: dict[str, str]) -> None:
    assert check_agents(game, options=options, levels=QUICK_LEVELS) > 0
    assert check_steps(game, options=options, games=2) > 0

"""The plugin's own tests: the whole conformance kit, once per variant."""

import pytest

from tabletop.testing import check_agents, check_game, check_steps, option_combinations
from tabletop_highcard import game


@pytest.mark.parametrize("options", option_combinations(game), ids=str)
def test_conforms(options: dict[str, str]) -> None:
    check_game(game, options=options)


@pytest.mark.parametrize("options", option_combinations(game), ids=str)
def test_computer_players_and_interface(options: dict[str, str]) -> None:
    check_agents(game, options=options)  # every level plays legal moves from its view
    check_steps(game, options=options)  # every legal move can be picked from the menus

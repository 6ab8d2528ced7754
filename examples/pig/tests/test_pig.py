"""Pig's own tests: the conformance kit, its computer players and its interface."""

from tabletop.testing import check_agents, check_game, check_steps
from tabletop_pig import game


def test_conforms() -> None:
    check_game(game)


def test_computer_players_and_interface() -> None:
    check_agents(game)  # every level plays legal moves from its view
    check_steps(game)  # every legal move can be picked from the menus

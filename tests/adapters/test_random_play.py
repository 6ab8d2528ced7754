"""Random play that plays: a game's last-resort actions (Klondike's giving up) only when nothing else is legal."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any, cast

from tabletop.adapters.common import Table
from tabletop.game import State
from tabletop.registry import Registry
from tabletop_klondike.rules import Draw, GiveUp


def _random_game(seed: int) -> tuple[int, State[Any]]:
    """The moves of a game of Klondike played by its own random player, and the state it ends in."""
    game = Registry.discover().get("klondike")
    player = game.agents()["random"]()
    rng = random.Random(seed)
    state = game.new_initial_state({})
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        choice = player.choose(state.view(0), legal, rng)
        assert choice != GiveUp() or legal == [GiveUp()], "it gives up only when nothing else is legal"
        state.apply(choice)
        moves += 1
    return moves, state


def test_klondikes_random_player_plays_a_game_instead_of_giving_up_within_a_few_moves() -> None:
    """Picking giving up like any other move ended a random game after 3.6 moves on average."""
    games = [_random_game(seed) for seed in range(3)]
    assert min(moves for moves, _ in games) > 100, [moves for moves, _ in games]
    assert not any("Given up" in state.outcome_text() for _, state in games)


def test_the_game_declares_giving_up_its_last_resort_and_other_games_declare_none() -> None:
    registry = Registry.discover()
    assert list(registry.get("klondike").last_resort_actions({})) == [GiveUp()]
    assert list(registry.get("muses").last_resort_actions({})) == []


def test_a_last_resort_action_is_offered_when_it_is_all_that_is_legal() -> None:
    table = Table("klondike")
    resign, stock = table.index.index(GiveUp()), table.index.index(Draw())
    only = cast(State[Any], SimpleNamespace(legal_actions=lambda: [GiveUp()]))
    both = cast(State[Any], SimpleNamespace(legal_actions=lambda: [Draw(), GiveUp()]))
    assert table.offered(only) == [resign]
    assert table.offered(both) == [stock]

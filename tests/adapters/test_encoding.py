"""The optional protocol hooks: every game's fixed enumeration covers its actions, its encoding only its view."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tabletop.adapters.common import AdapterError, Table
from tabletop.encoding import ActionIndex
from tabletop.game import CHANCE, Game, State
from tests.adapters.conftest import GAMES, game_label

PLAYOUTS = {"muster": 4, "muses": 20, "highcard": 40, "fivedice": 3, "freecell": 2, "klondike": 20}


@pytest.mark.parametrize("case", GAMES, ids=game_label)
def test_every_action_played_is_enumerated_and_every_view_encodes_within_bounds(
    case: tuple[str, dict[str, Any]],
) -> None:
    game_id, options = case
    table = Table(game_id, options)
    encoding = table.encoding()
    rng = random.Random(game_id)
    for _ in range(PLAYOUTS[game_id]):
        state = table.new_state()
        while not state.is_terminal():
            numbers = table.index.numbers(state.legal_actions())
            assert numbers == sorted(set(numbers))
            if state.current_player() != CHANCE:
                seat = state.current_player()
                values = encoding.encode(state.view(seat))
                assert len(values) == encoding.size and all(0.0 <= v <= 1.0 for v in values)
                other = state.resample_hidden(seat, rng)
                assert encoding.encode(other.view(seat)) == values, "the encoding reads the view alone"
            state.apply(rng.choice(state.legal_actions()))


def test_an_enumeration_naming_an_action_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="names 'play 1' twice"):
        ActionIndex(["play 1", "deal 1", "play 1"])


def test_a_game_without_the_hooks_is_refused_naming_the_hook() -> None:
    from tabletop_highcard.game import HighCard

    class Bare(HighCard):
        def distinct_actions(self, options: Any) -> None:  # type: ignore[override]
            return None

        def view_encoding(self, options: Any) -> None:  # type: ignore[override]
            return None

    with pytest.raises(AdapterError, match=r"Game\.distinct_actions"):
        Table(Bare())

    class NoEncoding(HighCard):
        def view_encoding(self, options: Any) -> None:  # type: ignore[override]
            return None

    with pytest.raises(AdapterError, match=r"Game\.view_encoding"):
        Table(NoEncoding()).encoding()


def test_the_protocols_defaults_give_none() -> None:
    class Minimal(Game[str]):
        def new_initial_state(self, options: Any = None) -> State[str]:
            raise NotImplementedError

        def parse_action(self, state: State[str], text: str) -> str:
            return text

        def state_from_json(self, data: Any) -> State[str]:
            raise NotImplementedError

    assert Minimal().distinct_actions({}) is None and Minimal().view_encoding({}) is None

"""Gin Rummy's numbers for the research adapters: a fixed action space and a view encoding that leaks nothing."""

from __future__ import annotations

import random

from tabletop.encoding import ActionIndex
from tabletop_gin import game


def test_every_legal_action_has_a_number_and_every_view_the_same_length_within_0_and_1() -> None:
    rng = random.Random(5)
    for options in ({"target": "0"}, {"target": "0", "rules": "openspiel"}):
        index = ActionIndex(game.distinct_actions(options))
        encoding = game.view_encoding(options)
        state = game.new_initial_state(options)
        while not state.is_terminal():
            index.numbers(state.legal_actions())
            player = state.current_player()
            if player >= 0:
                values = encoding.encode(state.view(player))
                assert len(values) == encoding.size and all(0.0 <= v <= 1.0 for v in values)
                hidden = state.resample_hidden(player, rng)
                assert encoding.encode(hidden.view(player)) == values
            state.apply(rng.choice(state.legal_actions()))

"""The coach where no sampled deal was won: it says the deal is most likely lost, and lists the moves in the
order one would try them, never Give up or a card taken back from home first."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tabletop_klondike import coach, game
from tabletop_klondike.rules import Action, Draw, GiveUp, Move


def test_with_no_sampled_win_the_moves_that_play_on_come_first(monkeypatch: pytest.MonkeyPatch) -> None:
    state = game.new_initial_state({"draw": "1"})
    while state.is_chance_node():
        state.apply(state.sample_chance(random.Random(5)))
    legal: list[Action] = [GiveUp(), Move("hd", "3"), Draw(), *state.legal_actions()]
    legal = list(dict.fromkeys(legal))

    def no_wins(positions: Any, legal: Any, nodes: int, deadline: float) -> tuple[dict[Action, int], int, int]:
        return {}, 0, 6  # six deals sampled, none won

    monkeypatch.setattr(coach, "votes", no_wins)
    analysis = coach.SamplingAnalyst().analyse(state.view(0), legal, seconds=1.0, rng=random.Random(1))
    ranked = [r.action for r in analysis.rated]
    assert sorted(map(str, ranked)) == sorted(map(str, legal))
    assert isinstance(ranked[-1], GiveUp)
    assert ranked.index(Move("hd", "3")) > max(i for i, a in enumerate(ranked) if isinstance(a, Draw))
    assert "most likely lost" in analysis.notes[0]

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


@pytest.mark.parametrize("seed", [1, 4, 5])
def test_the_coach_rates_up_to_three_moves_that_play_on(seed: int) -> None:
    from tabletop.analysis import analysis_rng
    from tabletop.loop import Match
    from tabletop.registry import Registry
    from tabletop_klondike.rules import GiveUp

    game = Registry.discover().get("klondike")
    analyst = game.analyst(game.resolve_options({}))
    assert analyst is not None
    match = Match(game, seed=seed, agents=[None])
    match.advance()
    legal = match.state.legal_actions()
    playing_on = [a for a in legal if not isinstance(a, GiveUp)]
    analysis = analyst.analyse(match.state.view(0), legal, seconds=30, rng=analysis_rng(seed, 0))
    assert len(analysis.rated) >= min(3, len(playing_on)), [str(r.action) for r in analysis.rated]
    assert all(not isinstance(r.action, GiveUp) for r in analysis.rated)

"""Stateful property tests: hypothesis drives every installed game through the framework's own API.

Hypothesis picks the moves, chance outcomes, undos, JSON round trips and
replays, and shrinks any failure to a short story. After every step the
game's invariants hold and the match agrees with a replay of its history.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from tabletop.game import CHANCE
from tabletop.loop import Match
from tabletop.registry import Registry
from tabletop.testing import option_combinations


def machine_for(game_id: str) -> type[RuleBasedStateMachine]:
    game = Registry.discover().get(game_id)
    variants = option_combinations(game)

    class GameMachine(RuleBasedStateMachine):
        match: Match[Any]

        @initialize(variant=st.sampled_from(variants), seed=st.integers(0, 2**31 - 1))
        def start(self, variant: dict[str, str], seed: int) -> None:
            self.match = Match(game, options=variant, seed=seed)

        def _playing(self) -> bool:
            return not self.match.is_over()

        @precondition(_playing)
        @rule(pick=st.integers(0, 10_000))
        def act(self, pick: int) -> None:
            state = self.match.state
            if state.current_player() == CHANCE:
                self.match.step()  # the match's seeded RNG decides
                return
            legal = state.legal_actions()
            assert legal, "a player to act always has an action"
            self.match.apply(legal[pick % len(legal)])

        @precondition(_playing)
        @rule(pick=st.integers(0, 10_000))
        def chance_outcome_of_our_choosing(self, pick: int) -> None:
            state = self.match.state
            if state.current_player() != CHANCE:
                return
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            # Any possible outcome may happen; the record keeps it whatever the RNG says.
            self.match.apply(outcomes[pick % len(outcomes)][0])

        @rule()
        def undo_if_fair(self) -> None:
            for player in range(game.info.players):
                point = self.match.undo_point(player)
                if point is not None:
                    before = Match.replay(
                        game, self.match.history[:point], options=self.match.options, seed=self.match.seed
                    )
                    self.match.undo(point)
                    assert self.match.state == before.state
                    return

        @rule()
        def json_round_trip(self) -> None:
            state = self.match.state
            text = json.dumps(state.to_json())
            again = game.state_from_json(json.loads(text))
            assert again == state
            assert again.legal_actions() == state.legal_actions()

        @invariant()
        def invariants_hold(self) -> None:
            if hasattr(self, "match"):
                assert self.match.state.invariant_violations() == []

        @invariant()
        def views_are_json(self) -> None:
            if hasattr(self, "match"):
                for player in range(game.info.players):
                    json.dumps(self.match.state.view(player).to_json())

        @invariant()
        def history_replays(self) -> None:
            if hasattr(self, "match"):
                again = Match.replay(game, self.match.history, options=self.match.options, seed=self.match.seed)
                assert again.state == self.match.state

    GameMachine.__name__ = f"{game_id.capitalize()}Machine"
    return GameMachine


@pytest.mark.parametrize("game_id", ["muster", "muses"])
def test_game_through_the_framework(game_id: str) -> None:
    machine: Any = machine_for(game_id)
    machine.TestCase.settings = settings(
        max_examples=15, stateful_step_count=150, deadline=None, suppress_health_check=[HealthCheck.too_slow]
    )
    machine.TestCase().runTest()

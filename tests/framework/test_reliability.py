"""Reliability at scale, for every installed game: the soak run and replay determinism."""

from __future__ import annotations

import pytest

from tabletop.agents import RandomAgent
from tabletop.loop import Match
from tabletop.registry import Registry
from tabletop.testing import option_combinations
from tests.bench_scripts import load_bench

GAMES = ["muster", "muses"]


def test_soak_small_run_has_no_violations(capsys: pytest.CaptureFixture[str]) -> None:
    """The CI-sized run of bench/soak.py: every game and variant, invariants after every action."""
    soak = load_bench("soak")
    assert soak.main(["--games", "600", "--game", "muster", "--game", "muses"]) == 0
    out = capsys.readouterr().out
    last = next(line for line in out.splitlines() if line.startswith("all")).split()
    games, actions, violations = int(last[1]), int(last[2]), int(last[3])
    assert games >= 550 and actions > games * 10 and violations == 0


def test_soak_reports_a_broken_invariant(monkeypatch: pytest.MonkeyPatch) -> None:
    """The soak run is not blind: a state that breaks an invariant is counted."""
    soak = load_bench("soak")
    game = Registry.discover().get("muses")
    state_type = type(game.new_initial_state())
    monkeypatch.setattr(state_type, "invariant_violations", lambda self: ["planted"], raising=True)
    tally = soak.soak("muses", game.resolve_options({}), range(3))
    assert tally.violations == 3 and "planted" in tally.examples[0]


@pytest.mark.parametrize("game_id", GAMES)
def test_recorded_games_replay_to_identical_final_states(game_id: str) -> None:
    """Random games played through the turn loop replay from seed and actions to the same state.

    Over both games and all their variants, 1,000 games in all.
    """
    game = Registry.discover().get(game_id)
    variants = option_combinations(game)
    per_variant = max(1, 500 // len(variants))
    played = 0
    for options in variants:
        for seed in range(per_variant):
            match = Match(game, options=options, seed=seed, agents=[RandomAgent()] * game.info.players)
            match.run()
            again = Match.replay(game, match.history, options=options, seed=seed)
            assert again.state == match.state, f"{game_id} {options} seed {seed} replays differently"
            assert again.rng.getstate() == match.rng.getstate()
            played += 1
    assert played >= 480

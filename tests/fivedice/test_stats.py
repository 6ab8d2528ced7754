"""Five Dice's own statistics: per number of players from the person's seat, and the solo histogram."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from tabletop.rng import make_rng
from tabletop.store import RecordError
from tabletop.store.records import GameRecord
from tabletop_fivedice import game
from tabletop_fivedice.agents import SimpleAgent


def record(seats: list[str], seed: int) -> tuple[GameRecord, list[int]]:
    """A finished game played by the simple level in every seat, recorded with ``seats``."""
    options = {"players": str(len(seats))}
    state = game.new_initial_state(options)
    rng, agent, history = make_rng(seed), SimpleAgent(), []
    while not state.is_terminal():
        action = (
            state.sample_chance(rng)
            if state.is_chance_node()
            else agent.choose(state.view(state.current_player()), state.legal_actions(), rng)
        )
        history.append(str(action))
        state.apply(action)
    totals = [state.total(p) for p in range(len(seats))]
    names = [f"Player {i + 1}" for i in range(len(seats))]
    return GameRecord(
        game_id="fivedice", options=options, seed=seed, seats=seats, names=names, history=history, started=""
    ), totals


def test_scores_per_player_count_are_the_persons_and_solo_scores_are_drawn() -> None:
    solo = [record(["human"], seed) for seed in range(3)]
    duel, duel_totals = record(["simple", "human"], 9)
    lines = game.stats_section([r for r, _ in solo] + [duel])
    scores = [t[0] for _, t in solo]
    assert lines[0] == f"Solo: 3 games, average {sum(scores) / 3:.1f}, best {max(scores)}"
    assert lines[1] == f"2 players: 1 game, average {duel_totals[1]:.1f}, best {duel_totals[1]}"  # the person's seat
    assert lines[2] == "Solo scores:"
    assert sum(int(line.split()[-1]) for line in lines[3:] if "#" in line) == 3


def test_the_score_kept_for_a_game_is_the_persons_seats(tmp_path: Path) -> None:
    from tabletop.rebuild import check_record, record_from_json
    from tabletop.registry import Registry
    from tabletop.store import Store
    from tabletop.store.records import record_to_json

    played, totals = record(["remote", "human"], 9)  # joined across the network: the person sits second
    assert totals[0] != totals[1]
    registry = Registry.discover()
    match = check_record(played, registry.get("fivedice"))
    with Store.open(tmp_path / "data") as store:
        row_id = store.begin(match, played.seats, played.names)
        store.finish(row_id, match)
        kept = store.get(row_id)
    assert kept.score == totals[1]
    assert record_from_json(record_to_json(kept), registry).score == totals[1]  # its export reads back
    earlier = record_to_json(replace(kept, score=float(totals[0])))  # kept so before scores were the person's
    assert record_from_json(earlier, registry).score == totals[0]
    with pytest.raises(RecordError, match="score: the record says"):
        record_from_json(record_to_json(replace(kept, score=float(totals[1] + 1))), registry)

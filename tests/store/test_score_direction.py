"""The best score of a game where fewer is better (cards left in a patience) is the lowest."""

from __future__ import annotations

from tabletop.store.records import GameRecord
from tabletop.store.stats import compute_stats


def _finished(score: float) -> GameRecord:
    record = GameRecord(game_id="golf", options={}, seed=1, seats=["human"], names=["You"], started="")
    record.returns = [0.0]
    record.score = score
    return record


def test_the_lowest_score_is_best_when_lower_is_better() -> None:
    games = [_finished(17), _finished(16), _finished(20)]
    (row,) = compute_stats(games, lower_is_better=lambda game_id: game_id == "golf")
    assert row.best_score == 16


def test_the_highest_score_is_best_by_default() -> None:
    (row,) = compute_stats([_finished(17), _finished(16), _finished(20)])
    assert row.best_score == 20


def test_a_misspelt_score_direction_is_refused() -> None:
    import pytest

    from tabletop.game import GameInfo

    with pytest.raises(ValueError, match="score_direction"):
        GameInfo(id="golf", name="Golf", summary="", players=1, max_length=60, score_direction="lowest")

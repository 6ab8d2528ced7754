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


def _klondike(id: int, score: float, draw: str) -> GameRecord:
    record = GameRecord(
        game_id="klondike", options={"draw": draw}, seed=1, seats=["human"], names=["You"], started="", id=id
    )
    record.returns, record.finished, record.score = [0.0], "x", score
    return record


def test_a_best_is_the_best_of_its_own_variant() -> None:
    from tabletop.store.stats import best_games, best_score

    games = [_klondike(1, 120, "1"), _klondike(2, 65, "3"), _klondike(3, 40, "3")]

    def draw(record: GameRecord) -> str | None:
        return f"draw {record.options['draw']}"

    assert best_games(games, lambda game_id: False, draw) == {1, 2}
    assert best_games(games, lambda game_id: False) == {1}  # a game that names no variants: one best
    assert best_score(games, "klondike", lower=False, variant_of=draw, variant="draw 3") == 65
    assert best_score(games, "klondike", lower=False, variant_of=draw, variant="draw 1") == 120
    assert best_score(games, "klondike", lower=False) == 120

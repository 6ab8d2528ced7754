"""The best score of a game where fewer is better (cards left in a patience) is the lowest."""

from __future__ import annotations

from pathlib import Path

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


def test_the_end_of_a_game_compares_its_score_with_its_own_variants_best(tmp_path: Path) -> None:
    from tabletop.commands.session import _best_before
    from tabletop.loop import Match
    from tabletop.store import Store, start_recording
    from tabletop_klondike import game
    from tabletop_klondike.rules import GiveUp, Move

    with Store.open(tmp_path / "data") as store:
        given_up = Match(game, options={"draw": "1"}, seed=3, agents=[None])
        recorder = start_recording(store, given_up, ["human"], ["You"])
        given_up.advance()
        while not given_up.is_over():  # every card that can go home at once, then give up
            home = [a for a in given_up.state.legal_actions() if isinstance(a, Move) and a.target == "h"]
            given_up.apply(home[0] if home else GiveUp())
            given_up.advance()
        assert given_up.state.final_score() is not None
        for draw, best in (("3", None), ("1", given_up.state.final_score())):
            match = Match(game, options={"draw": draw}, seed=4, agents=[None])
            assert _best_before(match, recorder) == best, draw

"""Statistics: played, won, lost, drawn, win rate, streaks and best score per game and opponent."""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console

from tabletop.agents import FirstAgent, RandomAgent
from tabletop.loop import Match
from tabletop.store import GameRecord, Store, compute_stats, start_recording
from tabletop.ui.tables import history_table, stats_table
from tests.store.store_fakegames import FakeRegistry


def _game(returns: list[float], seats: list[str], game_id: str = "nim", score: float | None = None) -> GameRecord:
    return GameRecord(
        game_id=game_id,
        options={},
        seed=1,
        seats=seats,
        names=[f"P{i}" for i in range(len(seats))],
        started="2026-01-01T00:00:00+00:00",
        finished="2026-01-01T00:10:00+00:00",
        returns=returns,
        score=score,
    )


WIN, LOSS, DRAW = [1.0, 0.0], [0.0, 1.0], [0.5, 0.5]


def test_counts_rate_and_streaks() -> None:
    sequence = [WIN, WIN, LOSS, WIN, DRAW, WIN, WIN, WIN, LOSS, WIN, WIN]
    (row,) = compute_stats([_game(r, ["human", "hard"]) for r in sequence])
    assert (row.game_id, row.opponent) == ("nim", "hard")
    assert (row.played, row.won, row.lost, row.drawn) == (11, 8, 2, 1)
    assert row.best_streak == 3 and row.current_streak == 2
    assert row.win_rate == 8 / 11


def test_a_loss_or_draw_ends_the_current_streak() -> None:
    (row,) = compute_stats([_game(r, ["human", "random"]) for r in [WIN, WIN, DRAW]])
    assert (row.current_streak, row.best_streak, row.drawn) == (0, 2, 1)


def test_person_in_the_second_seat_is_seen_from_their_seat() -> None:
    (row,) = compute_stats([_game([0.0, 1.0], ["random", "human"]), _game([1.0, 0.0], ["random", "human"])])
    assert (row.won, row.lost, row.current_streak) == (1, 1, 0)


def test_rows_per_game_and_opponent_level() -> None:
    records = [
        _game(WIN, ["human", "random"]),
        _game(LOSS, ["human", "hard"]),
        _game(WIN, ["human", "human"]),
        _game(WIN, ["random", "random"]),  # nobody at the keyboard: not counted
        _game([1.0], ["human"], game_id="climb", score=14),
        _game([0.0], ["human"], game_id="climb", score=0),
        _game([1.0], ["human"], game_id="climb", score=22),
    ]
    rows = {(r.game_id, r.opponent): r for r in compute_stats(records)}
    assert set(rows) == {("nim", "random"), ("nim", "hard"), ("nim", "human"), ("climb", "solo")}
    solo = rows[("climb", "solo")]
    assert (solo.played, solo.won, solo.lost, solo.best_score, solo.best_streak, solo.current_streak) == (
        3,
        2,
        1,
        22.0,
        1,
        1,
    )
    assert rows[("nim", "hard")].best_score is None


def test_stats_from_the_store_follow_finishing_order(store: Store, reg: FakeRegistry) -> None:
    for seed in range(6):
        match = Match(reg.get("climb"), seed=seed, agents=[FirstAgent()])
        start_recording(store, match, ["human"], ["Solo"])
        match.run()
    unfinished = Match(reg.get("nim"), seed=1, agents=[RandomAgent(), None])
    start_recording(store, unfinished, ["random", "human"], ["C", "You"])
    finished = store.finished_games()
    (row,) = store.stats()
    assert row.game_id == "climb" and row.played == 6 == len(finished)
    assert row.won == sum(1 for r in finished if r.returns == [1.0])
    assert row.best_score == max(r.score for r in finished if r.score is not None)


def test_stats_table_renders() -> None:
    rows = compute_stats([_game(WIN, ["human", "hard"]), _game(LOSS, ["human", "hard"])])
    console = Console(file=io.StringIO(), width=100, record=True)
    console.print(stats_table(rows, {"nim": "Nim"}))
    text = console.export_text()
    assert "Nim" in text and "Hard" in text and "50%" in text


def test_the_history_fits_a_duel_in_two_lines_at_80_columns() -> None:
    from tabletop.commands.common import game_names
    from tabletop_muster import game as muster

    class Installed:
        def get(self, game_id: str) -> Any:
            return muster

    names = game_names(Installed(), ["muster"])  # type: ignore[arg-type]
    assert names == {"muster": "Muster"}  # the short name: the full one would wrap
    record = GameRecord(
        game_id="muster",
        options={},
        seed=1797788480,
        seats=["human", "medium"],
        names=["You", "Computer (Medium)"],
        started="2026-11-30T06:48:00+00:00",
        result="North wins, 3 castles to 2.",
        returns=[1.0, 0.0],
        finished="2026-11-30T07:00:00+00:00",
    )
    record.id = 12
    console = Console(file=io.StringIO(), width=80, record=True)
    console.print(history_table([record], names, {"muster": muster.info.seat_names}))
    rows = console.export_text().splitlines()
    start = next(i for i, line in enumerate(rows) if line.strip(" │").startswith("12"))
    body = [line for line in rows[start:] if any(ch.isalnum() for ch in line)]
    assert len(body) == 2, "\n".join(rows)
    assert "Muster" in body[0] and "1797788480" in body[0]
    assert "North (you) wins" in " ".join(" ".join(body).split())  # the person's seat is marked

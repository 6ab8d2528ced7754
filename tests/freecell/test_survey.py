"""``tabletop freecell survey`` on processes: each deal settled, the same answer as solving it here."""

from __future__ import annotations

import pytest

from tabletop.lab import ProcessLab
from tabletop_freecell.survey import LOST, SOLVED, UNSETTLED, summary, survey, survey_command, survey_deal


def test_a_survey_on_processes_gives_what_solving_here_gives() -> None:
    deals = range(1, 7)
    with ProcessLab(2) as lab:
        results = survey(lab, deals, 4, 50_000)
    assert [r.deal for r in results] == list(deals)
    here = [survey_deal(d, 4, 50_000) for d in deals]
    assert [(r.status, r.expanded) for r in results] == [(r.status, r.expanded) for r in here]
    assert all(r.status == SOLVED for r in results)
    assert summary(results, 4)[:2] == ["Deals 1-6 with 4 free cells: 6 of 6 solved.", "No solution: none."]


def test_the_survey_command_says_what_it_could_not_settle(capsys: pytest.CaptureFixture[str]) -> None:
    assert survey_command(["2", "3", "--limit", "5", "--workers", "1"]) == 1
    out = capsys.readouterr().out
    assert "Not settled within the node limit: 2" in out
    assert survey_command(["5", "1"]) == 2


def test_a_deal_with_no_solution_is_reported() -> None:
    # With no free cell, deal 1 has no move that leads anywhere: the search proves it lost at once.
    result = survey_deal(1, 0, 200_000)
    assert result.status == LOST and result.expanded == 1
    assert summary([result], 0)[1] == "No solution: 1."
    assert UNSETTLED != LOST


def test_statistics_show_fewest_moves_and_best_time_per_deal() -> None:
    from tabletop.store.records import GameRecord
    from tabletop_freecell import game

    def record(deal: str, history: list[str], won: bool, finished: str) -> GameRecord:
        return GameRecord(
            game_id="freecell",
            options={"deal": deal},
            seed=1,
            seats=["human"],
            names=["You"],
            history=history,
            started="2026-01-01T10:00:00+00:00",
            finished=finished,
            returns=[1.0 if won else 0.0],
        )

    records = [
        record("617", ["1a"] * 70, True, "2026-01-01T10:09:00+00:00"),
        record("617", ["1a"] * 60, True, "2026-01-01T10:12:30+00:00"),
        record("0", ["deals 1-200", "deal 5", "1a"], False, "2026-01-01T10:01:00+00:00"),
    ]
    assert game.stats_section(records) == [
        "Deal 617: won 2 of 2 · fewest moves 60 · best time 9:00",
        "Deal 5: won 0 of 1",
    ]

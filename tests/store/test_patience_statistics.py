"""A patience's statistics count the player's moves by who took each action, as the record says; a record
saved before that was kept is read by its notation, with the figures it always gave."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from tabletop.agents import FirstAgent
from tabletop.commands.common import stats_sections
from tabletop.game import CHANCE
from tabletop.loop import Match
from tabletop.patience import chance_actions, player_moves, won_line
from tabletop.store import GameRecord, Store, start_recording
from tabletop_freecell import game as freecell
from tabletop_klondike import game as klondike
from tests.store.store_fakegames import Climb, FakeRegistry


def _record(
    game_id: str,
    history: list[str],
    actors: list[int] | None,
    *,
    options: dict[str, str] | None = None,
    finished: str = "2026-01-01T10:04:05+00:00",
    won: bool = True,
) -> GameRecord:
    return GameRecord(
        game_id=game_id,
        options=options or {},
        seed=1,
        seats=["human"],
        names=["You"],
        history=history,
        actors=actors,
        started="2026-01-01T10:00:00+00:00",
        finished=finished,
        returns=[1.0 if won else 0.0],
    )


KLONDIKE_WIN = ["deal AS", "deal 2S", "s", "w5", "3h"]


def test_an_action_chance_took_is_no_move_whatever_its_notation() -> None:
    by_actors = _record("klondike", KLONDIKE_WIN, [CHANCE, CHANCE, CHANCE, 0, 0])
    assert player_moves(by_actors) == 2
    assert chance_actions(by_actors) == ["deal AS", "deal 2S", "s"]
    assert klondike.stats_section([by_actors]) == ["Draw 1: won 1 of 1 · fewest moves 2 · best time 4:05"]

    by_a_seat = _record("klondike", KLONDIKE_WIN, [0, 0, 0, 0, 0])
    assert player_moves(by_a_seat) == 5 and chance_actions(by_a_seat) == []


def test_a_record_without_actors_gives_the_figures_it_always_gave() -> None:
    before = _record("klondike", KLONDIKE_WIN, None)
    assert player_moves(before) == 3 and chance_actions(before) == ["deal AS", "deal 2S"]
    lines = ["Draw 1: won 1 of 1 · fewest moves 3 · best time 4:05"]
    assert klondike.stats_section([before]) == lines
    now = _record("klondike", KLONDIKE_WIN, [CHANCE, CHANCE, 0, 0, 0])
    assert klondike.stats_section([now]) == lines

    # Actors that do not match the actions one for one are no guide: the notation is read instead.
    assert player_moves(_record("klondike", KLONDIKE_WIN, [CHANCE])) == 3


def test_freecell_finds_the_deal_among_chances_actions() -> None:
    drawn = ["deals 1-200", "deal 5", "1a", "a8"]
    with_actors = _record("freecell", drawn, [CHANCE, CHANCE, 0, 0], options={"deal": "0"})
    without = _record("freecell", drawn, None, options={"deal": "0"})
    assert freecell.stats_section([with_actors]) == freecell.stats_section([without])
    assert freecell.stats_section([with_actors]) == ["Deal 5: won 1 of 1 · fewest moves 2 · best time 4:05"]

    # The deal is what chance drew, as the actors say, not the first action that reads like one.
    mislabelled = _record("freecell", ["deal 9", "deal 5", "1a"], [0, CHANCE, 0], options={"deal": "0"})
    assert freecell.stats_section([mislabelled]) == ["Deal 5: won 1 of 1 · fewest moves 2 · best time 4:05"]
    unmarked = _record("freecell", ["deal 9", "deal 5", "1a"], None, options={"deal": "0"})
    assert freecell.stats_section([unmarked]) == ["Deal 9: won 1 of 1 · fewest moves 1 · best time 4:05"]


def _played_climbs(store: Store, reg: FakeRegistry) -> list[tuple[int, Match[Any]]]:
    games = []
    for seed in range(8):
        match = Match(reg.get("climb"), seed=seed, agents=[FirstAgent()])
        recorder = start_recording(store, match, ["human"], ["Solo"])
        match.run()
        games.append((recorder.row_id, match))
    return games


@pytest.fixture
def seen(monkeypatch: pytest.MonkeyPatch) -> list[Sequence[GameRecord]]:
    """The records each call of Climb's statistics received; its lines are the patience's won line."""
    calls: list[Sequence[GameRecord]] = []

    def section(self: Climb, records: Sequence[GameRecord]) -> list[str]:
        calls.append(records)
        return [won_line("Climb", records)]

    monkeypatch.setattr(Climb, "stats_section", section)
    return calls


def test_the_records_the_statistics_read_say_who_took_each_action(
    store: Store, reg: FakeRegistry, seen: list[Sequence[GameRecord]]
) -> None:
    games = _played_climbs(store, reg)
    won = [match for _, match in games if match.state.returns() == [1.0]]
    assert won and len(won) < len(games)

    ((name, lines),) = stats_sections(store, reg, ["climb"])
    (records,) = seen
    assert name == "Climb" and len(records) == len(games)
    events = {row: [event.actor for event in match.events] for row, match in games}
    assert all(record.id is not None and record.actors == events[record.id] for record in records)
    # A die rolled is chance's action though it is not written as a deal: it is no move.
    fewest = min(sum(1 for event in match.events if event.actor >= 0) for match in won)
    assert f"fewest moves {fewest}" in lines[0]


def test_a_game_saved_before_actors_were_kept_is_counted_by_its_notation(
    store: Store, reg: FakeRegistry, seen: list[Sequence[GameRecord]], data: Path
) -> None:
    games = _played_climbs(store, reg)
    store.close()
    conn = sqlite3.connect(data / "tabletop.db")
    with conn:
        conn.execute("UPDATE actions SET actor = NULL")
    conn.close()
    with Store.open(data) as again:
        ((_, lines),) = stats_sections(again, reg, ["climb"])
    (records,) = seen
    assert all(record.actors is None for record in records)
    won = [match for _, match in games if match.state.returns() == [1.0]]
    # Not one of a Climb's actions is written as a deal, so every one counts, as it always did.
    assert f"fewest moves {min(len(match.history) for match in won)}" in lines[0]

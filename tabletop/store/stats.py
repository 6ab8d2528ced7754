"""Statistics per game and opponent level, seen from the person's seat.

A game counts once finished and if a person played it. The person's seat is the
first human seat; the opponent level is what the other seats were (``"solo"``
with none, ``"human"`` for hot-seat, or a computer level). A result better than
every other seat's is a win, worse than the best other is a loss, equal a draw;
a solo game is won when its return is 1.

    >>> [r.current_streak for r in compute_stats([])]
    []
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tabletop.agents import HUMAN
from tabletop.store.records import GameRecord

SOLO = "solo"


@dataclass(frozen=True)
class StatsRow:
    """The results of one game against one opponent level (``opponent``: ``"solo"``, ``"human"``, a
    computer level, or several joined by ", "), counted over the finished games a person played."""

    game_id: str
    opponent: str
    played: int
    won: int
    lost: int
    drawn: int
    current_streak: int
    """Wins in a row up to the latest game (0 if the latest was not a win)."""
    best_streak: int
    best_score: float | None
    hinted: bool = False
    """Whether these are the games in which the player asked for hints (kept apart from the others)."""
    took_back: bool = False
    """Whether these are the games in which the player made take-backs (kept apart from the others)."""
    variant: str = ""
    """The variant these games were played in, when the game counts its variants apart (a card set), else ""."""

    @property
    def win_rate(self) -> float:
        """Won / played, from 0 to 1."""
        return self.won / self.played if self.played else 0.0


def outcome(record: GameRecord) -> str | None:
    """``"won"``, ``"lost"`` or ``"drawn"`` for the person's seat, or None when no person played."""
    if record.returns is None or HUMAN not in record.seats:
        return None
    seat = record.viewer
    mine = record.returns[seat]
    others = [r for i, r in enumerate(record.returns) if i != seat]
    if not others:
        return "won" if mine >= 1 else "lost"
    best_other = max(others)
    if mine > best_other:
        return "won"
    return "lost" if mine < best_other else "drawn"


def opponent_of(record: GameRecord) -> str:
    """Who the person's seat faced: the other seats' levels, sorted and joined, or ``"solo"``.

    >>> opponent_of(GameRecord(game_id="g", options={}, seed=1, seats=["human", "hard"], names=["You", "C"], started=""))
    'hard'
    >>> opponent_of(GameRecord(game_id="g", options={}, seed=1, seats=["human"], names=["You"], started=""))
    'solo'
    """
    others = sorted({spec for i, spec in enumerate(record.seats) if i != record.viewer})
    return ", ".join(others) if others else SOLO


def compute_stats(
    finished: Sequence[GameRecord],
    variant_of: Callable[[GameRecord], str | None] | None = None,
    lower_is_better: Callable[[str], bool] | None = None,
) -> list[StatsRow]:
    """One row per (game, variant, opponent, hints used or not, take-backs made or not), from finished games in
    the order they finished.

    ``variant_of`` names the variant a record counts under (see :meth:`tabletop.game.Game.stats_variant`);
    ``lower_is_better`` tells, by game id, whether the lowest score is the best (cards left in a patience).
    """
    groups: dict[tuple[str, str, str, bool, bool], list[GameRecord]] = {}
    for record in finished:
        if outcome(record) is not None:
            variant = (variant_of(record) if variant_of else None) or ""
            key = (record.game_id, variant, opponent_of(record), record.hints > 0, record.takebacks > 0)
            groups.setdefault(key, []).append(record)
    return [
        _row(
            game_id,
            opponent,
            (hinted, took_back),
            records,
            variant,
            lower_is_better(game_id) if lower_is_better else False,
        )
        for (game_id, variant, opponent, hinted, took_back), records in sorted(groups.items())
    ]


def _row(
    game_id: str,
    opponent: str,
    helped: tuple[bool, bool],
    records: list[GameRecord],
    variant: str = "",
    lower: bool = False,
) -> StatsRow:
    hinted, took_back = helped
    results = [outcome(r) for r in records]
    run = best = 0
    for result in results:
        run = run + 1 if result == "won" else 0
        best = max(best, run)
    scores = [r.score for r in records if r.score is not None]
    return StatsRow(
        game_id=game_id,
        opponent=opponent,
        played=len(results),
        won=results.count("won"),
        lost=results.count("lost"),
        drawn=results.count("drawn"),
        current_streak=run,
        best_streak=best,
        best_score=(min(scores) if lower else max(scores)) if scores else None,
        hinted=hinted,
        took_back=took_back,
        variant=variant,
    )


def best_games(
    finished: Sequence[GameRecord],
    lower_is_better: Callable[[str], bool],
    variant_of: Callable[[GameRecord], str | None] | None = None,
) -> set[int]:
    """The ids of the games holding each game's best score a person made (the lowest where lower is better),
    in each variant apart where ``variant_of`` names them (a Klondike of draw 3 is not beaten by one of draw 1).

    Ties all count; games with no score, or that no person played, hold none.

    >>> def scored(id: int, score: float) -> GameRecord:
    ...     return GameRecord(game_id="golf", options={}, seed=1, seats=["human"], names=["You"], started="",
    ...                       finished="x", returns=[0.0], score=score, id=id)
    >>> sorted(best_games([scored(1, 17), scored(2, 16), scored(3, 20)], lambda game_id: True))
    [2]
    >>> sorted(best_games([scored(1, 17), scored(2, 16), scored(3, 20)], lambda game_id: False))
    [3]
    """
    scored = [r for r in finished if r.score is not None and r.id is not None and outcome(r) is not None]

    def kind(record: GameRecord) -> tuple[str, str | None]:
        return record.game_id, variant_of(record) if variant_of else None

    best: dict[tuple[str, str | None], float] = {}
    for record in scored:
        assert record.score is not None
        known = best.get(kind(record))
        lower = lower_is_better(record.game_id)
        if known is None or (record.score < known if lower else record.score > known):
            best[kind(record)] = record.score
    return {r.id for r in scored if r.id is not None and r.score == best[kind(r)]}


def best_score(
    finished: Sequence[GameRecord],
    game_id: str,
    lower: bool,
    variant_of: Callable[[GameRecord], str | None] | None = None,
    variant: str | None = None,
) -> float | None:
    """The best score a person made at ``game_id`` in these games (the lowest when ``lower``), or None; only in
    games of ``variant`` where ``variant_of`` names each game's."""
    scores = [
        r.score
        for r in finished
        if r.game_id == game_id
        and r.score is not None
        and outcome(r) is not None
        and (variant_of is None or variant_of(r) == variant)
    ]
    if not scores:
        return None
    return min(scores) if lower else max(scores)

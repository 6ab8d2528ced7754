"""A patience's statistics (how often a way of playing, or a deal, was won, in how few moves and how quickly)
and the words of a game's end.

A game's :meth:`~tabletop.game.Game.stats_section` builds its lines from these,
grouping its records as it sees fit (FreeCell by deal, Klondike by way of playing).

>>> from tabletop.store.records import GameRecord
>>> won = GameRecord(game_id="solo", options={}, seed=1, seats=["human"], names=["You"],
...     history=["deal AS", "3a", "a8", "1h"], started="2026-01-01T10:00:00+00:00",
...     finished="2026-01-01T10:04:05+00:00", returns=[1.0])
>>> lost = GameRecord(game_id="solo", options={}, seed=2, seats=["human"], names=["You"],
...     history=["deal KS", "3a"], started="2026-01-01T11:00:00+00:00", finished=None, returns=[0.0])
>>> won_line("Deal 617", [won, lost])
'Deal 617: won 1 of 2 · fewest moves 3 · best time 4:05'
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from tabletop.game import CHANCE

DEAL_PREFIX = "deal"
"""How a patience's chance actions begin (``deal 617``, ``deal AS``): in a record that does not say who took
each action (saved before that was kept), they are told from the player's moves by it."""


def play_seconds(record: Any) -> float | None:
    """How long a finished game took, or None when its times are missing or unreadable."""
    try:
        return (datetime.fromisoformat(record.finished) - datetime.fromisoformat(record.started)).total_seconds()
    except (TypeError, ValueError):
        return None


def clock(seconds: float) -> str:
    """``4:05``: minutes and seconds."""
    minutes, rest = divmod(int(seconds), 60)
    return f"{minutes}:{rest:02d}"


def _by_chance(record: Any) -> list[bool]:
    """For each action of ``record``, whether chance took it: as its actors say, or, for a record without
    them (or whose actors do not match its actions one for one), whether its notation is a deal's."""
    history: Sequence[str] = record.history
    actors: Sequence[int] | None = getattr(record, "actors", None)
    if actors is not None and len(actors) == len(history):
        return [actor == CHANCE for actor in actors]
    return [action.startswith(DEAL_PREFIX) for action in history]


def chance_actions(record: Any) -> list[str]:
    """The actions chance took in ``record`` (the deal), in order.

    >>> from types import SimpleNamespace
    >>> chance_actions(SimpleNamespace(history=["deals 1-200", "deal 5", "3a"], actors=[-1, -1, 0]))
    ['deals 1-200', 'deal 5']
    """
    return [action for action, chance in zip(record.history, _by_chance(record), strict=True) if chance]


def player_moves(record: Any) -> int:
    """The player's moves: every action a seat took, not chance.

    >>> from types import SimpleNamespace
    >>> player_moves(SimpleNamespace(history=["deal AS", "w5", "3h"], actors=[-1, 0, 0]))
    2
    """
    return sum(1 for chance in _by_chance(record) if not chance)


def won_games(records: Sequence[Any]) -> list[Any]:
    """The records of games won."""
    return [r for r in records if r.returns and r.returns[0] >= 1]


def won_line(label: str, played: Sequence[Any]) -> str:
    """``Label: won W of P``, then the fewest moves and the best time of a win when there is one."""
    won = won_games(played)
    line = f"{label}: won {len(won)} of {len(played)}"
    if won:
        times = [t for t in map(play_seconds, won) if t is not None]
        line += f" · fewest moves {min(map(player_moves, won))}" + (
            f" · best time {clock(min(times))}" if times else ""
        )
    return line


def cards_home(count: int) -> str:
    """How many cards a lost game got home, in words.

    >>> cards_home(1), cards_home(12)
    ('1 card home', '12 cards home')
    """
    return f"{count} card{'' if count == 1 else 's'} home"

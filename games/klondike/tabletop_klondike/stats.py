"""Klondike's own lines under the statistics: for each way of playing, how often won, the fewest moves and the
best time of a win, and the best score.

>>> from tabletop.store.records import GameRecord
>>> won = GameRecord(game_id="klondike", options={"draw": "3"}, seed=1, seats=["human"], names=["You"],
...     history=["deal AS", "s", "w5", "3h"], started="2026-01-01T10:00:00+00:00",
...     finished="2026-01-01T10:04:05+00:00", returns=[1.0], score=120.0)
>>> variant_lines([won])
['Draw 3: won 1 of 1 · fewest moves 3 · best time 4:05 · best score 120']
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from tabletop_klondike.game import variant_name


def _seconds(record: Any) -> float | None:
    try:
        return (datetime.fromisoformat(record.finished) - datetime.fromisoformat(record.started)).total_seconds()
    except (TypeError, ValueError):
        return None


def _clock(seconds: float) -> str:
    minutes, rest = divmod(int(seconds), 60)
    return f"{minutes}:{rest:02d}"


def _moves(record: Any) -> int:
    """The player's moves: every action but chance's deal."""
    return sum(1 for a in record.history if not a.startswith("deal"))


def variant_lines(records: Sequence[Any]) -> list[str]:
    """A line per way of playing, in the order they were last played."""
    by_variant: dict[str, list[Any]] = {}
    for record in records:
        name = variant_name(record.options)
        by_variant.setdefault(name, []).append(record)
    lines = []
    for name, played in by_variant.items():
        won = [r for r in played if r.returns and r.returns[0] >= 1]
        line = f"{name[0].upper()}{name[1:]}: won {len(won)} of {len(played)}"
        if won:
            times = [t for t in map(_seconds, won) if t is not None]
            line += f" · fewest moves {min(map(_moves, won))}" + (f" · best time {_clock(min(times))}" if times else "")
        scores = [r.score for r in played if getattr(r, "score", None) is not None]
        if scores:
            line += f" · best score {max(scores):g}"
        lines.append(line)
    return lines

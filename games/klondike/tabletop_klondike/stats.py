"""Klondike's own lines under the statistics: for each way of playing, how often won, the fewest moves and the
best time of a win, and the best score. The player's moves are the actions the record says the player took
(chance's deal aside), or, in a record saved before it said who took each, every action but a ``deal``.

>>> from tabletop.store.records import GameRecord
>>> won = GameRecord(game_id="klondike", options={"draw": "3"}, seed=1, seats=["human"], names=["You"],
...     history=["deal AS", "s", "w5", "3h"], actors=[-1, 0, 0, 0], started="2026-01-01T10:00:00+00:00",
...     finished="2026-01-01T10:04:05+00:00", returns=[1.0], score=120.0)
>>> variant_lines([won])
['Draw 3: won 1 of 1 · fewest moves 3 · best time 4:05 · best score 120']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabletop.patience import won_line
from tabletop_klondike.options import variant_name


def variant_lines(records: Sequence[Any]) -> list[str]:
    """A line per way of playing, in the order they were last played."""
    by_variant: dict[str, list[Any]] = {}
    for record in records:
        name = variant_name(record.options)
        by_variant.setdefault(name, []).append(record)
    lines = []
    for name, played in by_variant.items():
        line = won_line(f"{name[0].upper()}{name[1:]}", played)
        scores = [r.score for r in played if getattr(r, "score", None) is not None]
        if scores:
            line += f" · best score {max(scores):g}"
        lines.append(line)
    return lines

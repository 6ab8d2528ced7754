"""A FreeCell-family game's own lines under the statistics: each deal played, how often won, the fewest moves and the best time.

>>> from tabletop.store.records import GameRecord
>>> won = GameRecord(game_id="freecell", options={"deal": "617"}, seed=1, seats=["human"], names=["You"],
...     history=["3a", "a8", "1h"], started="2026-01-01T10:00:00+00:00", finished="2026-01-01T10:04:05+00:00",
...     returns=[1.0])
>>> deal_lines([won])
['Deal 617: won 1 of 1 · fewest moves 3 · best time 4:05']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabletop.patience import DEAL_PREFIX, chance_actions, won_line

DEALS_SHOWN = 10
"""How many deals the section lists (the latest played)."""


def _deal_of(record: Any) -> int | None:
    """The deal a record played: its ``deal`` option, or the number chance drew (``deal N`` among chance's
    actions)."""
    fixed = str(record.options.get("deal", "0"))
    if fixed.isdigit() and int(fixed):
        return int(fixed)
    drawn = next((a for a in chance_actions(record) if a.startswith(f"{DEAL_PREFIX} ")), None)
    return int(drawn.split()[1]) if drawn and drawn.split()[1].isdigit() else None


def deal_lines(records: Sequence[Any]) -> list[str]:
    """A line per deal (the latest :data:`DEALS_SHOWN` played): won of played, fewest moves and best time to win."""
    order: list[int] = []  # the deals in the order they were last played
    for record in records:
        deal = _deal_of(record)
        if deal is not None:
            if deal in order:
                order.remove(deal)
            order.append(deal)
    return [won_line(f"Deal {deal}", _all(records, deal)) for deal in order[-DEALS_SHOWN:]]


def _all(records: Sequence[Any], deal: int) -> list[Any]:
    return [r for r in records if _deal_of(r) == deal]

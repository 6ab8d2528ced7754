"""The Coach's analyses kept with a game: one a decision, by ply, each a JSON text.

An analysis at ply ``p`` is of the position after the game's first ``p`` actions: what the Coach told the
player deciding there. The store keeps the text as given and reads it back as text; what it says (actions
in the game's notation) is read by :mod:`tabletop.analysis`. A history cut back to ``n`` actions (an undo)
drops the analyses at plies ``n`` and beyond; deleting a game deletes its analyses.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import Any

TABLE_SQL = "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'analyses'"
"""Whether the database has the table (one of an older schema, read without upgrading it, has not)."""
ROWS_SQL = "SELECT ply, analysis FROM analyses WHERE game = ?"


def common_length(stored: Sequence[str], history: Sequence[str]) -> int:
    """How many actions ``stored`` and ``history`` share from the start.

    >>> common_length(["a", "b", "c"], ["a", "x"]), common_length(["a"], ["a", "b"])
    (1, 1)
    """
    return next((i for i, (a, b) in enumerate(zip(stored, history)) if a != b), min(len(stored), len(history)))


def keep(conn: sqlite3.Connection, row_id: int, ply: int, analysis: str) -> None:
    """Keep ``analysis`` as game ``row_id``'s at ``ply``, in place of any kept there before."""
    conn.execute("INSERT OR REPLACE INTO analyses (game, ply, analysis) VALUES (?, ?, ?)", (row_id, ply, analysis))


def drop_from(conn: sqlite3.Connection, row_id: int, ply: int) -> None:
    """Forget game ``row_id``'s analyses at ``ply`` and beyond (its history was cut back to ``ply`` actions)."""
    conn.execute("DELETE FROM analyses WHERE game = ? AND ply >= ?", (row_id, ply))


def by_ply(rows: Sequence[tuple[Any, ...]]) -> dict[int, str]:
    """The analyses of ``(ply, analysis)`` rows by ply, leaving out a row that is not a ply and a text."""
    return {
        ply: text
        for ply, text in rows
        if isinstance(ply, int) and not isinstance(ply, bool) and ply >= 0 and isinstance(text, str)
    }

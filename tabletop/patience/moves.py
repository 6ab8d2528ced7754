"""How many cards move at once as a sequence (a "supermove"): as many as could be moved one by one through
the free cells and the empty columns.

Each free cell holds one card on the way; each empty column doubles what can be moved, by holding half of
it. A column the sequence moves to is no room on the way. Where only a King may fill an empty column, the
empty columns hold nothing on the way: the free cells alone.

>>> sequence_limit(4, 0, to_empty=False), sequence_limit(2, 1, to_empty=False), sequence_limit(2, 1, to_empty=True)
(5, 6, 3)
>>> sequence_limit(2, 3, to_empty=False, kings_only=True)
3
"""

from __future__ import annotations


def sequence_limit(free_cells: int, empty_columns: int, *, to_empty: bool, kings_only: bool = False) -> int:
    """The longest sequence that moves as a unit: (free cells + 1) x 2^(empty columns, the target not counted);
    free cells + 1 where only Kings fill empty columns."""
    if kings_only:
        return free_cells + 1
    usable = empty_columns - 1 if to_empty else empty_columns
    return (free_cells + 1) << max(0, usable)

"""A small chart of chances drawn in text: block characters, an axis in per cent, marks under the columns.

It needs no colour: the height of each column is the figure, eight steps to a
line (``▁▂▃▄▅▆▇█``), and the axis says what the lines stand for.

    >>> for line in chance_chart([0.0, 0.5, 1.0, 0.25], height=3, marks="  B "):
    ...     print(line.rstrip())
    100% ┤  █
     50% ┤ ▄█
      0% ┤ ██▆
         └────
            B
          1  4
"""

from __future__ import annotations

from collections.abc import Sequence

BLOCKS = " ▁▂▃▄▅▆▇█"
"""A cell filled from the bottom in eighths: ``BLOCKS[k]`` is k eighths full."""
AXIS_WIDTH = 6
"""Columns taken by the axis labels and the tick (``100% ┤``)."""


def fit(values: Sequence[float], width: int) -> list[float]:
    """``values`` squeezed into at most ``width`` columns, each column the mean of the values it covers.

    >>> fit([0.0, 1.0, 0.5, 0.5], 2), fit([0.2, 0.4], 5)
    ([0.5, 0.5], [0.2, 0.4])
    """
    count = len(values)
    if count <= width:
        return list(values)
    columns = []
    for column in range(width):
        chunk = values[column * count // width : (column + 1) * count // width]
        columns.append(sum(chunk) / len(chunk))
    return columns


def fit_marks(marks: str, count: int, width: int) -> str:
    """One mark per column of :func:`fit`: the first mark (not a space) among the values a column covers."""
    if count <= width:
        return marks
    cells = []
    for column in range(width):
        chunk = marks[column * count // width : (column + 1) * count // width].strip()
        cells.append(chunk[0] if chunk else " ")
    return "".join(cells)


def chance_chart(values: Sequence[float], *, height: int = 5, width: int = 72, marks: str = "") -> list[str]:
    """Lines that draw ``values`` (chances, 0 to 1) as columns ``height`` lines high, at most ``width`` wide.

    ``marks`` (one character per value) is written under the columns; the last
    line numbers the first and the last value.
    """
    columns = fit(values, max(1, width - AXIS_WIDTH))
    steps = height * 8
    levels = [round(min(1.0, max(0.0, v)) * steps) for v in columns]
    lines = []
    for row in range(height):
        floor = (height - 1 - row) * 8
        cells = "".join(BLOCKS[min(8, max(0, level - floor))] for level in levels)
        label = _label(row, height)
        lines.append(f"{label:>4} ┤{cells}")
    lines.append("     └" + "─" * len(columns))
    if marks.strip():
        lines.append("      " + fit_marks(marks, len(values), len(columns)))
    last = str(len(values))
    lines.append("      1" + last.rjust(max(len(columns) - 1, len(last) + 1)) if len(values) > 1 else "      1")
    return lines


def _label(row: int, height: int) -> str:
    """The axis label of a line: 100% on the top one, 0% on the bottom one, 50% on the middle one (an odd
    ``height`` has one, and its cells run from a little below 50% to a little above)."""
    if row == 0:
        return "100%"
    if row == height - 1:
        return "0%"
    return "50%" if height % 2 and row == height // 2 else ""

r"""Five Dice's own statistics: games, average and best score per number of players, and a histogram of
solo scores drawn in the terminal (shown under the statistics table by ``Game.stats_section``).

>>> lines = stats_lines([("1", 240), ("1", 242), ("1", 262), ("1", 180), ("2", 200)])
>>> lines[0], lines[1]
('Solo: 4 games, average 231.0, best 262', '2 players: 1 game, average 200.0, best 200')
>>> print("\n".join(lines[2:]).replace("#" * 20, "#20"))
Solo scores:
  175-199 #20  1
  200-224
  225-249 #20#20  2
  250-274 #20  1
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

BIN = 25
"""Points per bar of the histogram."""
BAR_WIDTH = 40
"""The longest bar, in characters."""


def person_score(record: Any) -> tuple[str, int] | None:
    """(players, the person's final total) of a finished record, replayed from its actions; None if it cannot be."""
    from tabletop.agents import HUMAN
    from tabletop.game import GameError
    from tabletop_fivedice.rules import parse_action
    from tabletop_fivedice.scoring import OFFICIAL

    seat = next((i for i, s in enumerate(record.seats) if s == HUMAN), None)
    if seat is None:
        return None
    from tabletop_fivedice.rules import FiveDiceState

    state = FiveDiceState(len(record.seats), record.options.get("joker", OFFICIAL))
    try:
        for text in record.history:
            state.apply(parse_action(text))
    except GameError:
        return None
    return (str(len(record.seats)), state.total(seat)) if state.is_terminal() else None


def stats_lines(results: Sequence[tuple[str, int]]) -> list[str]:
    """The lines for (players, score) results: one per player count, then the solo histogram."""
    lines = []
    for players in sorted({p for p, _ in results}, key=int):
        scores = [s for p, s in results if p == players]
        name = "Solo" if players == "1" else f"{players} players"
        games = f"{len(scores)} game{'s' if len(scores) != 1 else ''}"
        lines.append(f"{name}: {games}, average {sum(scores) / len(scores):.1f}, best {max(scores)}")
    solo = [s for p, s in results if p == "1"]
    if solo:
        lines.append("Solo scores:")
        bins: dict[int, int] = {}
        for score in solo:
            bins[score // BIN * BIN] = bins.get(score // BIN * BIN, 0) + 1
        most = max(bins.values())
        for low in range(min(bins), max(bins) + BIN, BIN):
            count = bins.get(low, 0)
            bar = "#" * max(1 if count else 0, round(count * BAR_WIDTH / most))
            lines.append(
                f"  {low:3d}-{low + BIN - 1:<3d} {bar} {count:2d}".rstrip() if count else f"  {low:3d}-{low + BIN - 1}"
            )
    return lines

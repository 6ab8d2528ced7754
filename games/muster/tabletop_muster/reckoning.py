"""Muster's final reckoning: who controls each castle and why, and the result in words."""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from tabletop_muster.cards import FACTION_COLOURS, FACTION_LETTERS, SEAT_NAMES, seat_label
from tabletop_muster.scoring import CastleResult, Score


def seat_order(viewer: int | None) -> tuple[int, int]:
    """The seats in the board's order: the opponent on the left, the viewer on the right."""
    return (0, 1) if viewer is None else (1 - viewer, viewer)


def _banners(n: int) -> str:
    return f"{n} Banner" if n == 1 else f"{n} Banners"


def castle_reason(r: CastleResult, order: tuple[int, int]) -> str:
    """How a castle was decided, in words: ``stronger, 14 to 5``, ``8 each; Banners 2 to 1``, ``a tie``.

    A tie's numbers are the same for both; ``order`` is the board's seat order (the opponent first).
    """
    a = order[0]
    if r.decided_by == "strength":
        hi, lo = max(r.strengths), min(r.strengths)
        return f"stronger, {hi} to {lo}"
    if r.decided_by == "banners":
        return f"{r.strengths[a]} each; Banners {max(r.banners)} to {min(r.banners)}"
    if not any(r.strengths):
        return "no cards on either side"
    return f"{r.strengths[a]} each and {_banners(r.banners[a])} each: a tie"


RECKONING_TITLE = "Final reckoning: the total strength of each side under each castle"


def result_table(score: Score, viewer: int | None = None) -> Table:
    """Per castle: the total strength of each player's column under it, how it was decided and who controls it.

    The seats come in the board's order, so each number stands on the side of its column.
    A strength tie is broken by the number of Banner cards (Strength in Numbers).
    """
    names = [seat_label(p, viewer) for p in (0, 1)]
    order = seat_order(viewer)
    table = Table(
        title=RECKONING_TITLE,
        min_width=len(RECKONING_TITLE),
        box=box.SIMPLE_HEAD,
        show_edge=False,
        padding=(0, 1),
        collapse_padding=True,
        title_justify="left",
    )
    table.add_column("Castle", no_wrap=True)
    for seat in order:
        table.add_column(SEAT_NAMES[seat], justify="right", min_width=5)
    table.add_column("How it was decided", overflow="fold")
    table.add_column("Controlled by", no_wrap=True)
    for r in score.results:
        table.add_row(
            Text(f"{FACTION_LETTERS[r.faction]} {r.name}", style=FACTION_COLOURS[r.faction]),
            *(str(r.strengths[p]) for p in order),
            castle_reason(r, order),
            names[r.winner] if r.winner is not None else "nobody",
        )
    return table


def result_summary(score: Score, viewer: int | None = None) -> list[Text]:
    """Castles won, the total-strength tie-break if it was needed, and the winner."""
    from tabletop_muster.scoring import describe_score

    names = [seat_label(p, viewer) for p in (0, 1)]
    a, b = seat_order(viewer)
    c, t = score.castles, score.totals
    lines = [Text(f"Castles won: {names[a]} {c[a]}, {names[b]} {c[b]}.")]
    if score.decided_by != "castles":
        lines.append(
            Text(f"Castles tied {c[a]}-{c[b]}: total strength decides, {names[a]} {t[a]} to {names[b]} {t[b]}.")
        )
    lines.append(Text(describe_score(score, names), style="bold"))
    return lines


def result(score: Score, viewer: int | None = None) -> RenderableType:
    """The result table and its summary lines."""
    return Group(result_table(score, viewer), *result_summary(score, viewer))

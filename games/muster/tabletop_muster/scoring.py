"""Scoring: who controls each castle and who wins (ruling 9).

A castle goes to the higher column strength (Wizard 6, Bridge 1, Banner its
strength); on a tie to the player with more Banner cards in the column (Rainbow
cards are not Banner cards); still tied, to nobody. The game goes to the player
with more castles; on a tie to the higher total strength over all five columns;
still tied, it is a draw.

Works on plain columns (``columns[player][faction]`` = tokens bottom to top),
so a state and a view score alike.

    >>> from tabletop_muster.cards import banner, WIZARD, WATER
    >>> cols = [[[banner(WATER, 1), WIZARD], [], [], [], []], [[banner(WATER, 5), banner(WATER, 5)], [], [], [], []]]
    >>> r = castle_results(cols)[0]; (r.strengths, r.banners, r.decided_by, r.winner)
    ((7, 10), (1, 2), 'strength', 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tabletop_muster.cards import FACTION_NAMES, FIRST_RAINBOW, SCORE_OF

Columns = Sequence[Sequence[Sequence[int]]]


@dataclass(frozen=True)
class CastleResult:
    """One castle: each player's column strength and Banner count, and who controls it."""

    faction: int
    strengths: tuple[int, int]
    banners: tuple[int, int]
    decided_by: str
    """``"strength"``, ``"banners"`` (Strength in Numbers tie-break) or ``"tie"`` (nobody)."""
    winner: int | None

    @property
    def name(self) -> str:
        return FACTION_NAMES[self.faction]


@dataclass(frozen=True)
class Score:
    """The whole board: castles held, total strengths, and who is ahead (or has won)."""

    castles: tuple[int, int]
    totals: tuple[int, int]
    decided_by: str
    """``"castles"``, ``"total strength"`` (tie-break) or ``"draw"``."""
    winner: int | None
    results: tuple[CastleResult, ...]


def column_strength(column: Sequence[int]) -> int:
    return sum(SCORE_OF[t] for t in column)


def banner_count(column: Sequence[int]) -> int:
    return sum(1 for t in column if t < FIRST_RAINBOW)


def castle_results(columns: Columns) -> tuple[CastleResult, ...]:
    """Per castle, in faction order: strengths, Banner counts, tie-break used, winner."""
    out = []
    for f in range(5):
        a, b = columns[0][f], columns[1][f]
        sa, sb = column_strength(a), column_strength(b)
        na, nb = banner_count(a), banner_count(b)
        if sa != sb:
            decided, winner = "strength", (0 if sa > sb else 1)
        elif na != nb:
            decided, winner = "banners", (0 if na > nb else 1)
        else:
            decided, winner = "tie", None
        out.append(CastleResult(f, (sa, sb), (na, nb), decided, winner))
    return tuple(out)


def score(columns: Columns) -> Score:
    """Castles held and total strengths; ``winner`` is the leader now (the winner once the game is over)."""
    results = castle_results(columns)
    held = (sum(1 for r in results if r.winner == 0), sum(1 for r in results if r.winner == 1))
    totals = (sum(r.strengths[0] for r in results), sum(r.strengths[1] for r in results))
    if held[0] != held[1]:
        decided, winner = "castles", (0 if held[0] > held[1] else 1)
    elif totals[0] != totals[1]:
        decided, winner = "total strength", (0 if totals[0] > totals[1] else 1)
    else:
        decided, winner = "draw", None
    return Score(held, totals, decided, winner, results)


def returns_of(columns: Columns) -> list[float]:
    """1 for the winner, 0 for the loser, 0.5 each for a draw."""
    winner = score(columns).winner
    if winner is None:
        return [0.5, 0.5]
    return [1.0, 0.0] if winner == 0 else [0.0, 1.0]


def castles(n: int) -> str:
    """``1 castle``, ``3 castles``."""
    return f"{n} castle" if n == 1 else f"{n} castles"


def describe_score(s: Score, names: Sequence[str]) -> str:
    """One line: ``North wins, 3 castles to 2`` / ``... on total strength 40 to 38`` / ``Draw``."""
    c, t = s.castles, s.totals
    if s.winner is None:
        return f"Draw: {castles(c[0])} each and {t[0]} total strength each."
    w, loser = s.winner, 1 - s.winner
    if s.decided_by == "castles":
        return f"{names[w]} wins, {castles(c[w])} to {c[loser]}."
    return f"{names[w]} wins on total strength, {t[w]} to {t[loser]} (castles tied {c[0]}-{c[1]})."

"""The box score of a hand and the bonuses of a game (docs/gin.md, "Scoring").

>>> from tabletop_gin.options import Rules
>>> score_hand(Rules(), knocker=0, knocker_deadwood=0, defender_deadwood=12, doubled=False)
('gin', 0, 37)
>>> score_hand(Rules(), knocker=0, knocker_deadwood=5, defender_deadwood=5, doubled=False)
('undercut', 1, 25)
>>> score_hand(Rules(tie="knocker"), knocker=0, knocker_deadwood=5, defender_deadwood=5, doubled=False)
('knock', 0, 0)
>>> game_totals(scores=(104, 30), boxes=(4, 2), winner=0)
(304, 80)
"""

from __future__ import annotations

from tabletop_gin.options import UNDERCUT, Rules

GIN_BONUS = 25
UNDERCUT_BONUS = 25
BOX_BONUS = 25
"""Each hand won adds a box worth this to the game's total (the line bonus)."""
GAME_BONUS = 100
SHUTOUT_FACTOR = 2
"""The game bonus is doubled when the loser won no hand (a shutout)."""
GIN, KNOCK, UNDERCUT_KIND, DRAWN = "gin", "knock", "undercut", "draw"


def score_hand(
    rules: Rules, *, knocker: int, knocker_deadwood: int, defender_deadwood: int, doubled: bool
) -> tuple[str, int, int]:
    """How a knocked hand ends: its kind, the seat that wins it and the points it wins."""
    defender = 1 - knocker
    if knocker_deadwood == 0:
        kind, winner, points = GIN, knocker, defender_deadwood + GIN_BONUS
    elif defender_deadwood < knocker_deadwood or (defender_deadwood == knocker_deadwood and rules.tie == UNDERCUT):
        kind, winner, points = UNDERCUT_KIND, defender, knocker_deadwood - defender_deadwood + UNDERCUT_BONUS
    else:
        kind, winner, points = KNOCK, knocker, defender_deadwood - knocker_deadwood
    return kind, winner, points * (2 if doubled else 1)


def game_totals(scores: tuple[int, int], boxes: tuple[int, int], winner: int | None) -> tuple[int, int]:
    """Each seat's final total: its points, its boxes, and the game bonus to ``winner`` (None: no bonus)."""
    totals = [scores[p] + BOX_BONUS * boxes[p] for p in (0, 1)]
    if winner is not None:
        shutout = boxes[1 - winner] == 0
        totals[winner] += GAME_BONUS * (SHUTOUT_FACTOR if shutout else 1)
    return totals[0], totals[1]

"""Position features shared by the computer players: a fast evaluation and card usefulness.

:func:`evaluate` turns a (possibly unfinished) position into a number in (0, 1):
an estimate that player 1 (index 0) wins. It reads only the boards, the hands in
the state it is given and the deck size, so a search calls it on its sampled
deals and the greedy player on a state whose opponent hand holds only the
cards it knows.

The estimate adds, per castle, a squashed lead (``tanh``) in column strength,
counting the strongest card each side could climb with now from hand as half
of its strength; Banner counts break a strength tie (ruling 9); the total
strength over all columns is a small tie-break term. The sum goes through a
logistic whose slope grows as the deck shrinks: a lead matters more when the
game is about to end.

    >>> from tabletop_muster.rules import MusterRules
    >>> s = MusterRules.new(first=0)
    >>> round(evaluate(s), 3)  # an empty board: even
    0.5
"""

from __future__ import annotations

import math

from tabletop_muster.cards import (
    CASTLE,
    FACTION_OF,
    FIRST_RAINBOW,
    RAINBOW,
    SCORE_OF,
    STRENGTH_OF,
    TOP_VALUE,
    TOTAL_CARDS,
    WIZARD,
    WIZARD_VALUE,
)
from tabletop_muster.rules import _COLUMNS_OF_MASK, _FACTIONS_OF_MASK, ACT, OVER, MusterRules, lowest_rainbow

CLIMB_WEIGHT = 0.5
"""How much of a card that could be played now counts towards a column's strength."""
RAINBOW_IN_HAND = 0.35
"""Bonus (in castle units) of holding a Rainbow Wizard/Bridge card: a Wizard is worth 6."""
LEAD_SCALE = 2.5
"""Strength lead that counts as most of a castle (``tanh(lead / LEAD_SCALE)``)."""
TOTAL_WEIGHT = 0.02
"""Weight of the total-strength difference (the game's tie-break)."""

_exp = math.exp
_tanh = math.tanh


def climb_bonus(hand: list[int], cols: list[list[int]], place: tuple[tuple[bool, ...], ...]) -> list[float]:
    """Per castle, the strength of the best card of ``hand`` that can go on the column now, times the weight.

    Only the card's own faction is considered (the icon rule), which is the common case.
    """
    best = [0, 0, 0, 0, 0]
    for k in hand:
        if k < FIRST_RAINBOW:
            f = FACTION_OF[k]
            col = cols[f]
            s = STRENGTH_OF[k]
            if s > best[f] and place[TOP_VALUE[col[-1]] if col else 0][s]:
                best[f] = s
    return [CLIMB_WEIGHT * b for b in best]


SWAP_RISK_TO_MOVE = 1.0
"""With ``swap_risk`` on: how much of an exposed Wizard's loss counts when the player who can swap it is
about to act (the rest of the time, half as much: its owner may move it first)."""


def swap_exposure(
    state: MusterRules, hands: tuple[list[int], list[int]] | list[list[int]], rainbow: float
) -> tuple[list[list[float]], float]:
    """What the Wizards open to a Swap stand to lose: per player and column, the strength a Swap would take
    away, and player 0's gain (in castle units) from the Rainbow cards the Swaps would hand over.

    A Wizard is open when it is its column's lowest Rainbow card (the only one a Swap may take) and the
    other player holds a Banner that fits in its place (ruling 8); the Swap puts the weakest such Banner
    there. A lone Wizard on an empty column is the common case: any Banner of its faction replaces it.

        >>> from tabletop_muster.position import build_state
        >>> s = build_state(north="W1 L1 C1 F1 P1", south="W2 L2 C2 F2 P2", north_columns={"leaf": "RW"})
        >>> swap_exposure(s, s.hands, 0.35)
        ([[0.0, 2.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0]], -0.175)
    """
    loss = [[0.0] * 5, [0.0] * 5]
    gain = 0.0
    if not state.rbmask:
        return loss, gain
    wizard_ok = state._swap_ok[0]
    free = _FACTIONS_OF_MASK[state.xmask]
    for q, f in _COLUMNS_OF_MASK[state.rbmask]:
        col = state.cols[q][f]
        i = lowest_rainbow(col)
        if col[i] != WIZARD:
            continue
        below = STRENGTH_OF[col[i - 1]] if i else 0
        above = col[i + 1] if i + 1 < len(col) else -1
        fits = wizard_ok[below][STRENGTH_OF[above] if 0 <= above < FIRST_RAINBOW else 0][5 if f in free else f]
        weakest = min((STRENGTH_OF[k] for k in hands[1 - q] if k in fits), default=0)
        if not weakest:
            continue
        weight = SWAP_RISK_TO_MOVE if state.phase == ACT and state.cur == 1 - q else SWAP_RISK_TO_MOVE / 2
        loss[q][f] = weight * (WIZARD_VALUE - weakest)
        gain += weight * rainbow * (1 if q == 1 else -1)
    return loss, gain


def lead_score(
    state: MusterRules,
    hands: tuple[list[int], list[int]] | None = None,
    *,
    rainbow: float = RAINBOW_IN_HAND,
    swap_risk: bool = False,
) -> float:
    """Player 0's advantage in castle units (positive: player 0 ahead).

    ``rainbow``: what a Rainbow Wizard/Bridge card in hand is worth; ``swap_risk``:
    count a Wizard open to a Swap by a Banner its opponent holds as partly
    swapped already (:func:`swap_exposure`).
    """
    c0, c1 = state.cols
    h = state.hands if hands is None else hands
    place = state._place
    b0 = climb_bonus(h[0], c0, place)
    b1 = climb_bonus(h[1], c1, place)
    x = 0.0
    total = 0
    if swap_risk:
        loss, x = swap_exposure(state, h, rainbow)
    for f in range(5):
        a = c0[f]
        b = c1[f]
        sa = 0
        for t in a:
            sa += SCORE_OF[t]
        sb = 0
        for t in b:
            sb += SCORE_OF[t]
        total += sa - sb
        d = sa - sb + b0[f] - b1[f]
        if swap_risk:
            d += loss[1][f] - loss[0][f]
        if sa == sb and b0[f] == b1[f]:
            na = sum(1 for t in a if t < FIRST_RAINBOW)  # Banner counts
            nb = sum(1 for t in b if t < FIRST_RAINBOW)
            d = 0.4 if na > nb else (-0.4 if nb > na else 0.0)
        x += _tanh(d / LEAD_SCALE)
    x += TOTAL_WEIGHT * total
    x += rainbow * (h[0].count(RAINBOW) - h[1].count(RAINBOW))
    return x


def evaluate(
    state: MusterRules,
    hands: tuple[list[int], list[int]] | None = None,
    *,
    rainbow: float = RAINBOW_IN_HAND,
    swap_risk: bool = False,
) -> float:
    """Estimated probability that player 0 wins (exact 1 / 0.5 / 0 once the game is over)."""
    if state.phase == OVER:
        return state.returns()[0]
    x = lead_score(state, hands, rainbow=rainbow, swap_risk=swap_risk)
    slope = 0.8 + 1.6 * (1.0 - len(state.deck) / (TOTAL_CARDS - 10))
    return 1.0 / (1.0 + _exp(-slope * x))


def usefulness(kind: int, cols: list[list[int]], place: tuple[tuple[bool, ...], ...]) -> float:
    """How much a player whose columns are ``cols`` would like card ``kind`` now (0 .. about 1.2).

    A Banner that can climb its own column now is worth its strength; one that
    could start or follow later is worth a little; a Rainbow Wizard/Bridge card
    is worth a Wizard; a Rainbow Castle little.

    >>> from tabletop_muster.rules import _PLACEMENT
    >>> usefulness(4, [[3], [], [], [], []], _PLACEMENT[(False, False)])  # Water 5 on a Water 4
    1.0
    """
    if kind == RAINBOW:
        return 1.2
    if kind == CASTLE:
        return 0.1
    col = cols[FACTION_OF[kind]]
    s = STRENGTH_OF[kind]
    top = TOP_VALUE[col[-1]] if col else 0
    if place[top][s]:
        return s / 5.0
    if top < s:
        return 0.1 + s / 25.0  # playable later, once the column has climbed
    return 0.02

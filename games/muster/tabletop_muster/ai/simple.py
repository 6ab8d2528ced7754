"""The Easy and Medium computer players.

* :class:`EasyAgent`: a random legal action, weighted towards the sensible kinds
  (playing a Banner into a column rather than castling it away).
* :class:`MediumAgent`: greedy over one move. Each legal action is applied to a
  copy of the position in which the opponent's hand holds only the cards the
  agent knows about, and scored by :func:`tabletop_muster.ai.features.evaluate`
  plus terms for what the evaluation cannot see: the card a castle action
  offers the opponent's next refill, and what a refill draw brings or denies.

Both only ever read the view they are given.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from tabletop.game import Agent
from tabletop_muster import actions as A
from tabletop_muster.ai.features import evaluate, usefulness
from tabletop_muster.cards import CASTLE, COPIES, NUM_KINDS
from tabletop_muster.state import MusterState, determinize
from tabletop_muster.view import MusterView

_EASY_WEIGHTS = {
    A.BANNER: 4.0,
    A.BRIDGE: 4.0,
    A.WIZARD_PLAY: 2.0,
    A.SWAP: 2.0,
    A.MOVE: 1.0,
    A.CASTLE_CARD: 1.0,
    A.DRAW: 1.0,
    A.PLACE: 1.0,
}


class EasyAgent(Agent[A.MusterAction, MusterView]):
    """Random legal actions, with column plays four times as likely as a castle action."""

    name = "easy"

    def choose(self, view: MusterView, legal: Sequence[Any], rng: random.Random) -> Any:
        weights = [_EASY_WEIGHTS.get(a.op, 1.0) for a in legal]
        return rng.choices(list(legal), weights)[0]


FEED_WEIGHT = 0.12
"""Cost (in win probability) per unit of usefulness of a card handed to the opponent's next refill."""
DRAW_WEIGHT = 0.08
"""Value (in win probability) per unit of usefulness of a card drawn."""
DENY_WEIGHT = 0.04
"""Value of taking a card the opponent would like off a castle space."""


class MediumAgent(Agent[A.MusterAction, MusterView]):
    """Greedy one-move player (see the module docstring)."""

    name = "medium"

    def choose(self, view: MusterView, legal: Sequence[Any], rng: random.Random) -> Any:
        if len(legal) == 1:
            return legal[0]
        me = view.player
        base = determinize(view, rng)
        # Only what the view holds: the opponent's hand is its known cards, the deck unknown.
        base.hands[1 - me] = list(view.opponent_known)
        unseen = _unseen_usefulness(view, base)
        best: list[Any] = []
        best_value = -1e9
        for action in legal:
            value = self._score(base, action, me, unseen)
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif value > best_value - 1e-9:
                best.append(action)
        return best[rng.randrange(len(best))]

    def _score(self, base: MusterState, action: A.MusterAction, me: int, unseen: float) -> float:
        opp = 1 - me
        op = action.op
        if op == A.DRAW:
            return self._draw_score(base, action, me, unseen)
        s = base.clone()
        s.apply_unchecked(action)
        value = evaluate(s)
        value = value if me == 0 else 1.0 - value
        if op == A.CASTLE_CARD:
            value -= FEED_WEIGHT * usefulness(action.card, base.cols[opp], base._place)
        elif op == A.PLACE and base.pending == CASTLE and base.castles[action.col]:
            # A Rainbow Castle blocks drawing from its space: cover what the opponent wants.
            value += DENY_WEIGHT * usefulness(base.castles[action.col][-1], base.cols[opp], base._place)
        return value

    def _draw_score(self, base: MusterState, action: A.MusterAction, me: int, unseen: float) -> float:
        opp = 1 - me
        lead = evaluate(base) - 0.5
        lead = lead if me == 0 else -lead
        if action.col < 0:
            # A deck draw brings an average unseen card and brings the end nearer: good when ahead.
            return DRAW_WEIGHT * unseen + 0.1 * lead
        kind = base.castles[action.col][-1]
        gain = DRAW_WEIGHT * usefulness(kind, base.cols[me], base._place)
        deny = DENY_WEIGHT * usefulness(kind, base.cols[opp], base._place)
        return gain + deny


def _unseen_usefulness(view: MusterView, base: MusterState) -> float:
    """Average usefulness to the viewer of a card they have not seen (a deck draw's expectation)."""
    counts = base.card_count()
    total = 0.0
    n = 0
    cols = base.cols[view.player]
    for k in range(NUM_KINDS):
        missing = COPIES[k] - counts[k]
        if missing > 0:
            total += missing * usefulness(k, cols, base._place)
            n += missing
    return total / n if n else 0.0

"""Fast random playouts for search AIs: the same rules and the same games as the public API.

:func:`random_playout` plays uniformly random actions (and chance draws) to the
end, consuming the RNG exactly as the loop ``legal_actions()`` / pick /
``sample_chance(rng)`` / ``apply`` does, so both give the same game for the same
seed. It skips building action lists and re-checking legality.
"""

from __future__ import annotations

import random

from tabletop_muster import actions as A
from tabletop_muster.state import FIRST_PHASE, OVER, MusterState

_CHANCE_PHASES = frozenset((1, 4, 5))  # DEAL, DRAW, FLIP


def random_playout(state: MusterState, rng: random.Random) -> int:
    """Play ``state`` to the end at random, in place; return the number of player decisions."""
    table = A.ALL_ACTIONS
    deal_id = A.DEAL_ID
    randrange = rng.randrange
    decisions = 0
    apply = state.apply_unchecked
    while True:
        ph = state.phase
        if ph == OVER:
            return decisions
        if ph in _CHANCE_PHASES:
            deck = state.deck
            apply(table[deal_id[deck[randrange(len(deck))]]])
        elif ph == FIRST_PHASE:
            apply(table[A.FIRST_ID[randrange(2)]])
        else:
            ids = state.legal_ids()
            apply(table[ids[randrange(len(ids))]])
            decisions += 1

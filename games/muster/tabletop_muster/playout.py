"""Fast random playouts: the same rules and the same games as the public API.

:func:`random_playout` plays uniformly random actions (and chance draws), to the
end or for a number of player decisions (a search's rollout), consuming the RNG
exactly as the loop ``legal_actions()`` / pick / ``sample_chance(rng)`` /
``apply`` does, so both give the same game for the same seed. It skips building
action lists and re-checking legality.
"""

from __future__ import annotations

import random

from tabletop_muster import actions as A
from tabletop_muster.cards import MAX_LENGTH
from tabletop_muster.rules import DECK_PHASES, FIRST_PHASE, OVER, MusterRules

_ALL = A.ALL_ACTIONS
_DEAL_ID = A.DEAL_ID
_FIRST_ID = A.FIRST_ID


def random_playout(state: MusterRules, rng: random.Random, decisions: int = MAX_LENGTH) -> int:
    """Play ``state`` at random, in place, until the game ends or ``decisions`` player
    decisions are made (the default outnumbers any game's); return the decisions made.

    A chance node reached after the last decision is left unresolved.
    """
    randrange = rng.randrange
    apply = state.apply_unchecked
    left = decisions
    while left > 0:
        ph = state.phase
        if ph == OVER:
            break
        if ph in DECK_PHASES:
            deck = state.deck
            apply(_ALL[_DEAL_ID[deck[randrange(len(deck))]]])
        elif ph == FIRST_PHASE:
            apply(_ALL[_FIRST_ID[randrange(2)]])
        else:
            ids = state.legal_ids()
            apply(_ALL[ids[randrange(len(ids))]])
            left -= 1
    return decisions - left

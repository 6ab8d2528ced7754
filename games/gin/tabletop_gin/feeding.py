"""The discards that would let the other player knock at once: a simple player takes an upcard that melds or
lets it knock, and knocks as soon as it may.

Its hand is sampled as a simple player's own: ten cards dealt from those the player has not seen (with the
cards it is known to have taken), then as many draws as it has made this hand, each kept or thrown as the
simple player does (:func:`tabletop_gin.strategy._greedy_draw`). A sample that would already have let it
knock, or that threw a card it is known to hold, is left out: neither happened. A hand dealt at random is
rarely near a knock, where a simple player's is after a few draws; the risk lies there.
"""

from __future__ import annotations

import random

from tabletop_gin.melds import cards_of, deadwood, deadwood_after_discard, mask_of
from tabletop_gin.race import opponent_draws
from tabletop_gin.strategy import _greedy_draw
from tabletop_gin.view import GinView
from tabletop_gin.worlds import unseen_cards

TRIES_PER_HAND = 4
"""How many samples are tried for each hand kept, at most."""


def simple_hands(view: GinView, count: int, rng: random.Random) -> list[int]:
    """Up to ``count`` hands the other player may hold, sampled as a simple player's (see above)."""
    other = 1 - view.player
    known = view.known[other]
    hidden = view.counts[other] - known.bit_count()
    pool = cards_of(unseen_cards(view))
    drawn = min(opponent_draws(view.stock), max(0, len(pool) - hidden))
    hands: list[int] = []
    for _ in range(count * TRIES_PER_HAND):
        if len(hands) == count:
            break
        cards = rng.sample(pool, hidden + drawn)
        hand = known | mask_of(cards[:hidden])
        for card in cards[hidden:]:
            hand, _ = _greedy_draw(hand, card)
        if hand & known == known and deadwood(hand) > view.knock_card:
            hands.append(hand)
    return hands


def knock_risk(card: int, hands: list[int], knock_card: int) -> float:
    """The share of ``hands`` that ``card`` lets knock at once, taken and another card thrown."""
    if not hands:
        return 0.0
    return sum(deadwood_after_discard(hand | 1 << card, card) <= knock_card for hand in hands) / len(hands)

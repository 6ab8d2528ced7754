"""Possible worlds from a view: a full :class:`GinState` the view allows, for the computer players to search.

:func:`world_of` deals the other hand's unknown cards and the stock at random from the cards the viewer
has not seen; further worlds come from the state's own ``resample_hidden``.

>>> import random
>>> from tabletop_gin.rules import GinState
>>> state = GinState.new()
>>> rng = random.Random(3)
>>> while state.is_chance_node():
...     state.apply(state.sample_chance(rng))
>>> world = world_of(state.view(0), rng)
>>> world.view(0) == state.view(0), world.hands[1] == state.hands[1]
(True, False)
"""

from __future__ import annotations

import random

from tabletop_gin.melds import cards_of, mask_of
from tabletop_gin.rules import ALL_CARDS, GinState
from tabletop_gin.view import GinView


def unseen_cards(view: GinView) -> int:
    """The cards ``view.player`` has not seen where they are: in the other hand unknown, or in the stock."""
    seen = view.hand | mask_of(view.pile) | mask_of(view.layoffs)
    for seat in (0, 1):
        seen |= view.known[seat] | (view.hands[seat] or 0)
        for meld in view.melds[seat]:
            seen |= meld
    return ALL_CARDS & ~seen


def world_of(view: GinView, rng: random.Random) -> GinState:
    """A state that ``view`` allows, the hidden cards dealt at random."""
    state = GinState(view.rules)
    me, other = view.player, 1 - view.player
    state.phase = view.phase
    state.player = view.to_act if view.to_act in (0, 1) else me
    state.dealer = view.dealer
    state.pile = list(view.pile)
    state.knock_card = view.knock_card
    state.passes = view.passes
    state.taken = view.taken
    state.known = [view.known[0], view.known[1]]
    state.declined = [view.declined[0], view.declined[1]]
    state.knocker = view.knocker
    state.melds = [list(view.melds[0]), list(view.melds[1])]
    state.layoffs = list(view.layoffs)
    state.scores = list(view.scores)
    state.boxes = list(view.boxes)
    state.hand_number = view.hand_number
    state.last = view.last
    state.dealt = sum(view.counts) + len(view.pile)
    unseen = cards_of(unseen_cards(view))
    rng.shuffle(unseen)
    hidden = view.hands[other]
    if hidden is None:
        needed = view.counts[other] - view.known[other].bit_count()
        hidden = view.known[other] | mask_of(unseen[:needed])
        unseen = unseen[needed:]
    state.hands = [0, 0]
    state.hands[me], state.hands[other] = view.hand, hidden
    state.stock = mask_of(unseen)
    return state

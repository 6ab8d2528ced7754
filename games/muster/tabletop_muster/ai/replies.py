"""The reply a search expects: the opponent's most visited answer to an action, told from the player's view.

An ISMCTS tree keys the opponent's actions by kind and column (the coarse
abstraction of :mod:`tabletop_muster.ai.search`), since their hand is hidden;
so the reply is told at that grain: which kind of action and where, never a
card the player has not seen.

    >>> from tabletop_muster import actions as A
    >>> reply_words(A.parse_text("sW2>1L"), me=0)
    'South swaps a Leaf Banner for the Rainbow card under your Leaf column'
    >>> reply_words(A.parse_text("cX>F"), me=1)
    'North castles a Rainbow Castle on the Flame space'
"""

from __future__ import annotations

import random

from tabletop_muster import actions as A
from tabletop_muster.ai.search import Node
from tabletop_muster.cards import CASTLE, FACTION_NAMES, RAINBOW, SEAT_NAMES
from tabletop_muster.rules import DECK_PHASES, OVER, MusterRules


def reply_words(action: A.MusterAction, me: int) -> str:
    """``action`` of the opponent of seat ``me``, told as the search keys it: its kind and its place.

    A Banner's strength and faction are left out where the search does not tell
    them apart (a play, a Swap: any Banner that fits there).
    """
    who = SEAT_NAMES[1 - me]
    where = FACTION_NAMES[action.col] if action.col >= 0 else "the deck"
    op = action.op
    if op == A.BANNER:
        return f"{who} plays a Banner under {where}"
    if op == A.WIZARD_PLAY:
        return f"{who} plays a Rainbow Wizard under {where}"
    if op == A.BRIDGE:
        return f"{who} makes a Rainbow Bridge under {where}"
    if op == A.MOVE:
        return f"{who} moves a Rainbow Wizard from under {FACTION_NAMES[action.src]} to under {where}"
    if op == A.SWAP:
        whose = "your" if action.side == me else "their"
        return f"{who} swaps a {where} Banner for the Rainbow card under {whose} {where} column"
    if op == A.CASTLE_CARD:
        card = (
            "a Rainbow Wizard/Bridge"
            if action.card == RAINBOW
            else "a Rainbow Castle"
            if action.card == CASTLE
            else "a Banner"
        )
        return f"{who} castles {card} on the {where} space"
    if op == A.DRAW:
        return f"{who} draws from the deck" if action.col < 0 else f"{who} draws from the {where} space"
    return f"{who} places the Rainbow card on the {where} space"


def _representatives(keys: tuple[int, ...]) -> dict[int, A.MusterAction]:
    """One action for each key of ``keys`` (the first in notation order): what a key is told as."""
    first: dict[int, A.MusterAction] = {}
    for action in A.ALL_ACTIONS:
        first.setdefault(keys[action.id], action)
    return first


def expected_reply(
    root: Node, state: MusterRules, me: int, action: A.MusterAction, keys: tuple[int, ...]
) -> str | None:
    """The opponent's most visited reply to ``action`` in the tree under ``root``, in words; None if none was searched.

    ``state`` is one sampled deal of the position (consumed). It follows the
    most visited path through the player's own steps that finish the turn (the
    refills), chance drawn at random on the way; at the opponent's node the
    most visited child is the reply, told by its key (kind and place), which
    holds nothing the player has not seen.
    """
    if action.id not in root.children:
        return None
    node = root.children[action.id]
    rng = random.Random(0)  # only the sampled deal's deck draws, which the answer does not show
    state.apply_unchecked(action)
    while True:
        if state.phase == OVER:
            return None
        if state.phase in DECK_PHASES:
            deck = state.deck
            state.apply_unchecked(A.ALL_ACTIONS[A.DEAL_ID[deck[rng.randrange(len(deck))]]])
            continue
        if not node.children:
            return None
        children = node.children
        if state.cur != me:
            key = max(children, key=lambda k: children[k].n)
            return reply_words(_representatives(keys)[key], me)
        mine = [i for i in state.legal_ids() if i in children]
        if not mine:
            return None
        chosen = max(mine, key=lambda i: children[i].n)
        node = children[chosen]
        state.apply_unchecked(A.ALL_ACTIONS[chosen])

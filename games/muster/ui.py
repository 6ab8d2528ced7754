"""Muster in the terminal: the board, and every legal action reached in a few steps.

A turn's action is picked as *action type, then card, then place*::

    Play a Banner          > F3 Flame 3             > under Flame (3 -> 6)
    Play a Rainbow Wizard  > under Leaf (2 -> 8)
    Make a Rainbow Bridge  > then W3 Water 3        > under Water: Bridge as 2 (1 -> 5)
    Move a Rainbow Wizard  > from under Water       > to under Leaf
    Castle a card          > R Rainbow Wizard/Bridge > onto the Cloud space
    Make a Rainbow Swap    > North's Feather: Wizard on P2 > with P3 Feather 3

A refill draw or the space of a turned-up Rainbow card is a single step
(``Draw from the deck (21 left)``, ``Draw C2 Cloud 2 from the Cloud space``),
since there is nothing to narrow down. Hand cards that cannot be used for the
chosen action type are listed greyed out with the engine's reason.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tabletop.ui.base import GameUI, Step

from games.muster import actions as A
from games.muster.cards import (
    CASTLE,
    FACTION_NAMES,
    RAINBOW,
    SCORE_OF,
    SEAT_NAMES,
    STRENGTH_OF,
    TOP_VALUE,
    WIZARD,
    bridge,
    card_code,
    card_name,
)
from games.muster.scoring import column_strength
from games.muster.view import MusterView

if TYPE_CHECKING:
    from rich.console import Console

    from games.muster.state import MusterState
    from tabletop.game import State, View

BANNER = "Play a Banner"
WIZARD_PLAY = "Play a Rainbow Wizard"
BRIDGE = "Make a Rainbow Bridge"
MOVE = "Move a Rainbow Wizard"
CASTLE_CARD = "Castle a card"
SWAP = "Make a Rainbow Swap"
ACTION_TYPES = (BANNER, WIZARD_PLAY, BRIDGE, MOVE, CASTLE_CARD, SWAP)
"""First-step labels, in the order the rulebook lists the actions."""
_TYPE_OF_OP = {
    A.BANNER: BANNER,
    A.WIZARD_PLAY: WIZARD_PLAY,
    A.BRIDGE: BRIDGE,
    A.MOVE: MOVE,
    A.CASTLE_CARD: CASTLE_CARD,
    A.SWAP: SWAP,
}
_VERB_OF_TYPE = {BANNER: "banner", BRIDGE: "bridge", SWAP: "swap"}
REASON_WIDTH = 58
"""Greyed-out reasons are cut to this many characters so each stays on one screen line."""


def card_label(kind: int) -> str:
    """``F3 Flame 3``, ``R Rainbow Wizard/Bridge``, ``X Rainbow Castle``."""
    return f"{card_code(kind)} {card_name(kind)}"


def _change(column: Sequence[int], added: Sequence[int]) -> str:
    """``(3 -> 6)``: the column's strength before and after adding tokens."""
    before = column_strength(column)
    return f"({before} -> {before + sum(SCORE_OF[t] for t in added)})"


def _top(column: Sequence[int]) -> int:
    return TOP_VALUE[column[-1]] if column else 0


def _lowest_rainbow(column: Sequence[int]) -> int:
    return next((i for i, t in enumerate(column) if t >= 25), -1)


def swap_target_label(view: MusterView, side: int, faction: int) -> str:
    """``North's Feather: Wizard on P2`` / ``your Cloud: Bridge as 2``: the Rainbow card a Swap replaces."""
    column = view.columns[side][faction]
    i = _lowest_rainbow(column)
    owner = "your" if side == view.player else f"{SEAT_NAMES[side]}'s"
    token = column[i]
    if token == WIZARD:
        below = f"on {card_code(column[i - 1]) if column[i - 1] < 25 else 'a Rainbow card'}" if i else "on an empty space"
        what = f"Wizard {below}"
    else:
        what = f"Bridge as {TOP_VALUE[token]}"
    return f"{owner} {FACTION_NAMES[faction]}: {what}"


def step_for(view: MusterView, action: A.MusterAction) -> Step:
    """The path of labels that leads to ``action`` (one of the viewer's legal actions)."""
    op = action.op
    me = view.player
    if op == A.DRAW:
        if action.col == A.DECK:
            return Step(action, (f"Draw from the deck ({view.deck_size} left)",))
        top = view.castles[action.col][-1]
        return Step(action, (f"Draw {card_label(top)} from the {FACTION_NAMES[action.col]} space",))
    if op == A.PLACE:
        what = card_name(view.pending) if view.pending is not None else "the Rainbow card"
        return Step(action, (f"Put the {what} onto the {FACTION_NAMES[action.col]} space",))
    kind = _TYPE_OF_OP[op]
    if op == A.BANNER:
        column = view.columns[me][action.col]
        place = f"under {FACTION_NAMES[action.col]} {_change(column, [action.card])}"
        return Step(action, (kind, card_label(action.card), place))
    if op == A.WIZARD_PLAY:
        column = view.columns[me][action.col]
        return Step(action, (kind, f"under {FACTION_NAMES[action.col]} {_change(column, [WIZARD])}"))
    if op == A.BRIDGE:
        column = view.columns[me][action.col]
        top = _top(column)
        stood = ", ".join(str(top + i + 1) for i in range(action.n))
        bridges = "Bridge" if action.n == 1 else f"{action.n} Bridges"
        bridge_tokens = [bridge(top + i + 1) for i in range(action.n)]
        change = _change(column, [*bridge_tokens, action.card])
        place = f"under {FACTION_NAMES[action.col]}: {bridges} as {stood} {change}"
        return Step(action, (kind, f"then {card_label(action.card)}", place))
    if op == A.MOVE:
        return Step(action, (kind, f"from under {FACTION_NAMES[action.src]}", f"to under {FACTION_NAMES[action.col]}"))
    if op == A.CASTLE_CARD:
        return Step(action, (kind, card_label(action.card), f"onto the {FACTION_NAMES[action.col]} space"))
    # A Swap: the target first (what comes down), then the Banner that replaces it.
    return Step(action, (kind, swap_target_label(view, action.side, action.col), f"with {card_label(action.card)}"))

"""Muster's actions: one shared instance per possible action, numbered in notation order.

Every action that can ever occur is built once at import. Its ``id`` is its
rank in the sorted list of all notations, so sorting legal actions by ``str``
is sorting small ints, and comparing or hashing actions is by identity.

Short notation (``str(action)``), with factions ``W L C F P`` and cards as in
:mod:`tabletop_muster.cards`:

=================  ==========================================================
``W3>L``           Play a Banner: Water 3 into your column under Leaf
``R>L``            Play a Rainbow Wizard into your column under Leaf
``R+W3>W``         Make a Rainbow Bridge, then Water 3 on it (``RR+W4>W``: two Bridges)
``mW>L``           Move the top Rainbow Wizard of your Water column onto your Leaf column
``cW3``            Castle Water 3 onto the Water castle space
``cR>L``, ``cX>L`` Castle a Rainbow Wizard/Bridge or a Rainbow Castle onto the Leaf space
``sC2>2P``         Swap Cloud 2 for the eligible Rainbow card of player 2's Feather column
``d``, ``dW``      Refill: draw from the deck / the top card of the Water castle space
``pW``             Place the Rainbow card just turned up (by a Move) onto the Water space
``*W3``            Chance: the card dealt or drawn is Water 3
``first=1``        Chance: player 1 goes first
=================  ==========================================================

    >>> a = parse_text("R+W3>W"); (a.op == BRIDGE, a.n, a.col)
    (True, 1, 0)
    >>> parse_text("r+w3>w") is a
    True
"""

from __future__ import annotations

from typing import Any

from tabletop_muster.cards import (
    BANNERS,
    CASTLE,
    FACTION_LETTERS,
    NUM_KINDS,
    RAINBOW,
    STRENGTH_OF,
    card_code,
    is_rainbow,
)

BANNER, WIZARD_PLAY, BRIDGE, MOVE, CASTLE_CARD, SWAP, DRAW, PLACE, DEAL, FIRST = range(10)
OP_NAMES = ("banner", "wizard", "bridge", "move", "castle", "swap", "draw", "place", "chance", "first")
DECK = -1
"""``col`` of a draw from the deck."""


class MusterAction:
    """One action. Fields not used by an action's kind are -1.

    ``op``: kind (``BANNER`` .. ``FIRST``); ``card``: card kind played, castled,
    swapped in or drawn by chance; ``col``: target column or castle space (a
    faction), or ``DECK``; ``src``: column a Wizard moves from; ``side``: seat
    whose column a Swap targets, or the first player; ``n``: Bridges played.
    """

    __slots__ = ("card", "col", "id", "n", "op", "side", "src", "text")

    def __init__(
        self, op: int, text: str, card: int = -1, col: int = -1, src: int = -1, side: int = -1, n: int = 0
    ) -> None:
        self.id = -1
        self.op = op
        self.card = card
        self.col = col
        self.src = src
        self.side = side
        self.n = n
        self.text = text

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"MusterAction({self.text!r})"

    def __lt__(self, other: MusterAction) -> bool:
        return self.id < other.id

    def __reduce__(self) -> tuple[Any, tuple[int]]:
        return (action_by_id, (self.id,))

    def __copy__(self) -> MusterAction:
        return self

    def __deepcopy__(self, memo: object) -> MusterAction:
        return self


def _build() -> list[MusterAction]:
    acts: list[MusterAction] = []
    L = FACTION_LETTERS
    for k in BANNERS:
        code = card_code(k)
        for f in range(5):
            acts.append(MusterAction(BANNER, f"{code}>{L[f]}", card=k, col=f))
            for q in range(2):
                acts.append(MusterAction(SWAP, f"s{code}>{q + 1}{L[f]}", card=k, col=f, side=q))
            # n Bridges need a Banner of strength n+1 at least (played on an empty column).
            for n in range(1, STRENGTH_OF[k]):
                acts.append(MusterAction(BRIDGE, f"{'R' * n}+{code}>{L[f]}", card=k, col=f, n=n))
        acts.append(MusterAction(CASTLE_CARD, f"c{code}", card=k, col=k // 5))
    for f in range(5):
        acts.append(MusterAction(WIZARD_PLAY, f"R>{L[f]}", card=RAINBOW, col=f))
        acts.append(MusterAction(CASTLE_CARD, f"cR>{L[f]}", card=RAINBOW, col=f))
        acts.append(MusterAction(CASTLE_CARD, f"cX>{L[f]}", card=CASTLE, col=f))
        acts.append(MusterAction(DRAW, f"d{L[f]}", col=f))
        acts.append(MusterAction(PLACE, f"p{L[f]}", col=f))
        for g in range(5):
            if g != f:
                acts.append(MusterAction(MOVE, f"m{L[g]}>{L[f]}", col=f, src=g))
    acts.append(MusterAction(DRAW, "d", col=DECK))
    for k in range(NUM_KINDS):
        acts.append(MusterAction(DEAL, f"*{card_code(k)}", card=k))
    for q in range(2):
        acts.append(MusterAction(FIRST, f"first={q + 1}", side=q))
    acts.sort(key=lambda a: a.text)
    for i, a in enumerate(acts):
        a.id = i
    return acts


ALL_ACTIONS: tuple[MusterAction, ...] = tuple(_build())
_BY_TEXT = {a.text: a for a in ALL_ACTIONS}
_BY_FOLDED = {a.text.lower(): a for a in ALL_ACTIONS}
assert len(_BY_FOLDED) == len(ALL_ACTIONS), "notations must stay unambiguous without case"


def action_by_id(i: int) -> MusterAction:
    return ALL_ACTIONS[i]


# Lookup tables of action ids, used by the move generator.
BANNER_ID = [[0] * 5 for _ in BANNERS]
SWAP_ID = [[[0] * 5 for _ in range(2)] for _ in BANNERS]
BRIDGE_ID = [[[-1] * len(BANNERS) for _ in range(5)] for _ in range(5)]  # [col][n][card]
CASTLE_BANNER_ID = [0] * len(BANNERS)
CASTLE_RAINBOW_ID = [0] * 5
CASTLE_X_ID = [0] * 5
WIZARD_ID = [0] * 5
MOVE_ID = [[-1] * 5 for _ in range(5)]  # [src][dst]
DRAW_ID = [0] * 5
PLACE_ID = [0] * 5
DEAL_ID = [0] * NUM_KINDS
FIRST_ID = [0, 0]
DRAW_DECK_ID = _BY_TEXT["d"].id

for _a in ALL_ACTIONS:
    if _a.op == BANNER:
        BANNER_ID[_a.card][_a.col] = _a.id
    elif _a.op == SWAP:
        SWAP_ID[_a.card][_a.side][_a.col] = _a.id
    elif _a.op == BRIDGE:
        BRIDGE_ID[_a.col][_a.n][_a.card] = _a.id
    elif _a.op == CASTLE_CARD:
        if not is_rainbow(_a.card):
            CASTLE_BANNER_ID[_a.card] = _a.id
        elif _a.card == RAINBOW:
            CASTLE_RAINBOW_ID[_a.col] = _a.id
        else:
            CASTLE_X_ID[_a.col] = _a.id
    elif _a.op == WIZARD_PLAY:
        WIZARD_ID[_a.col] = _a.id
    elif _a.op == MOVE:
        MOVE_ID[_a.src][_a.col] = _a.id
    elif _a.op == DRAW and _a.col >= 0:
        DRAW_ID[_a.col] = _a.id
    elif _a.op == PLACE:
        PLACE_ID[_a.col] = _a.id
    elif _a.op == DEAL:
        DEAL_ID[_a.card] = _a.id
    elif _a.op == FIRST:
        FIRST_ID[_a.side] = _a.id

GRAMMAR = (
    "actions: W3>L (play a Banner into a column), R>L (play a Wizard), R+W3>W or RR+W4>W "
    "(Bridges then a Banner), mW>L (move a Wizard), cW3 / cR>L / cX>L (castle a card), "
    "sC2>2P (swap a Banner for the Rainbow card in player 2's Feather column), "
    "d / dW (draw from the deck / a castle space), pW (place a turned-up Rainbow card), "
    "*W3 (chance: card dealt or drawn), first=1 (chance: first player); "
    "factions W L C F P = Water Leaf Cloud Flame Feather"
)


def parse_text(text: str) -> MusterAction | None:
    """The action a notation names (spaces and letter case ignored), or None."""
    cleaned = "".join(text.split())
    found = _BY_TEXT.get(cleaned)
    if found is None:
        found = _BY_FOLDED.get(cleaned.lower())
    return found


__all__ = [
    "ALL_ACTIONS",
    "BANNER",
    "BRIDGE",
    "CASTLE_CARD",
    "DEAL",
    "DECK",
    "DRAW",
    "FIRST",
    "GRAMMAR",
    "MOVE",
    "PLACE",
    "SWAP",
    "WIZARD_PLAY",
    "MusterAction",
    "parse_text",
]

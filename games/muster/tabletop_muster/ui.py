"""Muster in the terminal: the board, and every legal action reached in a few steps.

A turn's action is picked as *action type, then card, then place*::

    Play a Banner          > F3 Flame 3             > under Flame (3 -> 6)
    Play a Rainbow Wizard  > under Leaf (2 -> 8)
    Make a Rainbow Bridge  > then W3 Water 3        > under Water, Bridge as 2 (1 -> 5)
    Move a Rainbow Wizard  > from under Water       > to under Leaf
    Castle a card          > R Rainbow Wizard/Bridge > onto the Cloud space
    Make a Rainbow Swap    > North's Feather Wizard, on P2 > with P3 Feather 3

A refill draw or the space of a turned-up Rainbow card is a single step
(``Draw from the deck``, ``Draw C2 Cloud 2 from the Cloud space``),
since there is nothing to narrow down. Hand cards that cannot be used for the
chosen action type are listed greyed out with the engine's reason.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tabletop.ui.base import GameUI, Step
from tabletop_muster import actions as A
from tabletop_muster.cards import (
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
    is_rainbow,
)
from tabletop_muster.rules import lowest_rainbow
from tabletop_muster.scoring import column_strength
from tabletop_muster.view import MusterView, TableView

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderableType

    from tabletop.game import State
    from tabletop_muster.state import MusterState

BANNER = "Play a Banner"
WIZARD_PLAY = "Play a Rainbow Wizard"
BRIDGE = "Make a Rainbow Bridge"
MOVE = "Move a Rainbow Wizard"
CASTLE_CARD = "Castle a card"
SWAP = "Make a Rainbow Swap"
ACTION_TYPES = (BANNER, WIZARD_PLAY, BRIDGE, MOVE, CASTLE_CARD, SWAP)
"""First-step labels, in the order the rulebook lists the actions."""
ACTION_KEYS = {BANNER: "b", WIZARD_PLAY: "w", BRIDGE: "g", MOVE: "v", CASTLE_CARD: "c", SWAP: "s"}
"""Each kind of action's fixed key: pressed at "Your move:", it takes that kind at once."""
DECK_KEY = "d"
"""The key of a refill's draw from the deck."""
_TYPE_OF_OP = {
    A.BANNER: BANNER,
    A.WIZARD_PLAY: WIZARD_PLAY,
    A.BRIDGE: BRIDGE,
    A.MOVE: MOVE,
    A.CASTLE_CARD: CASTLE_CARD,
    A.SWAP: SWAP,
}


def card_label(kind: int) -> str:
    """``F3 Flame 3``, ``R Rainbow Wizard/Bridge``, ``X Rainbow Castle``."""
    return f"{card_code(kind)} {card_name(kind)}"


def _change(column: Sequence[int], added: Sequence[int]) -> str:
    """``(3 -> 6)``: the column's strength before and after adding tokens."""
    before = column_strength(column)
    return f"({before} -> {before + sum(SCORE_OF[t] for t in added)})"


def _top(column: Sequence[int]) -> int:
    return TOP_VALUE[column[-1]] if column else 0


def swap_target_label(view: MusterView, side: int, faction: int) -> str:
    """``North's Feather Wizard, on P2`` / ``your Cloud Bridge, as 2``: the Rainbow card a Swap replaces.

    No colon inside: the label is followed by one in the step's question and in "...: the only choice."
    """
    column = view.columns[side][faction]
    i = lowest_rainbow(column)
    owner = "your" if side == view.player else f"{SEAT_NAMES[side]}'s"
    token = column[i]
    if token == WIZARD:
        below = (
            f"on {card_code(column[i - 1]) if not is_rainbow(column[i - 1]) else 'a Rainbow card'}"
            if i
            else "first in the column"
        )
        what = f"Wizard, {below}"
    else:
        what = f"Bridge, as {TOP_VALUE[token]}"
    return f"{owner} {FACTION_NAMES[faction]} {what}"


LAST_CARD = "the deck's last card: the game ends"
DECK_DRAW = "Draw from the deck"


def deck_draw_label(view: MusterView) -> str:
    """``Draw from the deck``; the deck's last card says that drawing it ends the game (ruling 7).

    The cards left are the board's to show (its title line): a label taken for the player is said at the next
    question, by when more may have been drawn.
    """
    if view.deck_size == 1:
        return f"Draw {LAST_CARD}"
    return DECK_DRAW


def move_label(view: MusterView) -> str:
    """The Move's first step: with one card left in the deck, a Move turns it up and ends the game (ruling 7)."""
    if view.deck_size == 1:
        return f"{MOVE} (ends the game)"
    return MOVE


def step_for(view: MusterView, action: A.MusterAction) -> Step[A.MusterAction]:
    """The path of labels that leads to ``action`` (one of the viewer's legal actions)."""
    op = action.op
    me = view.player
    if op == A.DRAW:
        if action.col == A.DECK:
            return Step(action, (deck_draw_label(view),))
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
        place = f"under {FACTION_NAMES[action.col]}, {bridges} as {stood} {change}"
        return Step(action, (kind, f"then {card_label(action.card)}", place))
    if op == A.MOVE:
        to = f"to under {FACTION_NAMES[action.col]}"
        if view.deck_size == 1:
            to += " (turns up the deck's last card)"
        return Step(action, (move_label(view), f"from under {FACTION_NAMES[action.src]}", to))
    if op == A.CASTLE_CARD:
        return Step(action, (kind, card_label(action.card), f"onto the {FACTION_NAMES[action.col]} space"))
    # A Swap: the target first (what comes down), then the Banner that replaces it.
    return Step(action, (kind, swap_target_label(view, action.side, action.col), f"with {card_label(action.card)}"))


def _sort_key(view: MusterView, action: A.MusterAction) -> tuple[int, ...]:
    """Menu order: action types as the rulebook lists them, then cards and places in faction order."""
    op = action.op
    if op == A.DRAW:
        return (0, action.col)
    if op == A.PLACE:
        return (0, action.col)
    kind = ACTION_TYPES.index(_TYPE_OF_OP[op])
    if op == A.MOVE:
        return (kind, action.src, action.col)
    if op == A.SWAP:
        # The opponent's columns first: swapping their Rainbow card also lowers their strength.
        return (kind, action.side == view.player, action.col, action.card)
    return (kind, action.card, action.col)


def _short(reason: str, label: str) -> str:
    """A reason cut so that ``- label (reason)`` keeps to one 80-column line."""
    room = max(24, 71 - len(label))
    return reason if len(reason) <= room else reason[: room - 1].rstrip(" ,;:") + "…"


class MusterUI(GameUI[A.MusterAction, MusterView, TableView]):
    """Muster's terminal interface: the sideways board and the three-step action menu."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self._viewer: int | None = None

    # ---------------------------------------------------------------- drawing
    def render(self, view: MusterView | TableView, log: Sequence[str]) -> RenderableType:
        """The board; a :class:`tabletop.ui.base.Log` keeps the opponent's turn in view and marks it on the board."""
        from tabletop.ui.base import Fitted
        from tabletop_muster.board import board, log_count, table_board

        def draw(console: Console, options: ConsoleOptions) -> RenderableType:
            # A short terminal keeps the prompt visible by showing fewer log lines; a tall one shows more.
            height = options.size.height
            count = log_count(height)
            width = options.max_width
            if isinstance(view, TableView):
                return table_board(view, log, log_count=max(count, 1), width=width)
            return board(view, log, log_count=count, width=width, height=height)

        self._viewer = view.player if isinstance(view, MusterView) else None
        return Fitted(draw)

    def render_result(self, state: State[Any]) -> RenderableType:
        from rich.console import Group

        from tabletop_muster.reckoning import result
        from tabletop_muster.state import MusterState

        assert isinstance(state, MusterState)
        lines: list[RenderableType] = []
        if state.deck:
            lines.append(
                f"{state.turn} turns played, the limit, with {len(state.deck)} cards still in the deck: the game ends here."
            )
        return Group(*lines, result(state.score(), self._viewer))

    def whole_log(self, lines: Sequence[str]) -> list[str]:
        """The Log screen's lines: the whole game, a player's deck draws in a row told in one line."""
        from tabletop_muster.board_log import whole_log

        return whole_log(lines)

    # ---------------------------------------------------------------- choosing
    def label_order(self, view: MusterView) -> Sequence[str]:
        """Action types as the rulebook lists them, cards in the hand's order, draws deck first:
        a greyed-out entry keeps its place among the others."""
        cards = [card_label(k) for k in dict.fromkeys(view.hand)]
        draws = [deck_draw_label(view)]
        for f, space in enumerate(view.castles):
            if space:  # the label of a draw on offer, then that of one greyed out
                draws += [f"Draw {card_label(space[-1])} from the {FACTION_NAMES[f]} space"]
                draws += [f"Draw from the {FACTION_NAMES[f]} space"]
        types = [move_label(view) if kind == MOVE else kind for kind in ACTION_TYPES]
        return list(
            dict.fromkeys([*types, *draws, *cards, *(f"then {c}" for c in cards), *(f"with {c}" for c in cards)])
        )

    def label_keys(self, view: MusterView) -> dict[str, str]:
        """A letter for each kind of action (``b`` Banner, ``w`` Wizard, ``g`` Bridge, ``v`` Move, ``c`` Castle,
        ``s`` Swap) and ``d`` for a draw from the deck: the same on every turn, whatever is legal."""
        return {
            **{move_label(view) if kind == MOVE else kind: key for kind, key in ACTION_KEYS.items()},
            deck_draw_label(view): DECK_KEY,
        }

    def steps(self, view: MusterView, legal: Sequence[Any]) -> list[Step[A.MusterAction]]:
        """Every legal action with its path; paths are distinct and ordered for the menu."""
        ordered = sorted(legal, key=lambda a: _sort_key(view, a))
        return [step_for(view, a) for a in ordered]

    def unavailable(self, view: MusterView) -> list[tuple[tuple[str, ...], str]]:
        """Greyed-out choices: action types, hand cards and draws that cannot be used now, and why."""
        if view.to_move != view.player or view.phase not in ("act", "refill"):
            return []
        from tabletop_muster.state import determinize

        # The viewer's own options depend only on their hand and the public board.
        state = determinize(view, random.Random(0))
        legal = state.legal_actions()
        if view.phase == "refill":
            return _unavailable_draws(state, view, legal)
        return _unavailable_actions(state, view, legal)


def _unavailable_draws(
    state: MusterState, view: MusterView, legal: Sequence[A.MusterAction]
) -> list[tuple[tuple[str, ...], str]]:
    """Castle spaces with cards that cannot be drawn from (the engine's reason when it is short)."""
    from tabletop_muster.reasons import reason_illegal

    out: list[tuple[tuple[str, ...], str]] = []
    drawable = {a.col for a in legal}
    for f, space in enumerate(view.castles):
        if space and f not in drawable:
            label = f"Draw from the {FACTION_NAMES[f]} space"
            if f == view.castled:
                reason = "you castled onto it this turn"
            elif space[-1] == CASTLE:
                reason = "a Rainbow Castle is never drawn"
            else:
                reason = reason_illegal(state, A.ALL_ACTIONS[A.DRAW_ID[f]]) or "not allowed now"
            out.append(((label,), _short(reason, label)))
    return out


def _type_reason(state: MusterState, view: MusterView, kind: str) -> str:
    """Why a whole action type is missing from the menu (short, one line)."""
    hand = view.hand
    banners = [k for k in hand if not is_rainbow(k)]
    if kind == BANNER:
        return "you hold no Banner card" if not banners else "none of your Banners can be played now"
    if kind == WIZARD_PLAY:
        return "you hold no Rainbow Wizard/Bridge card"
    if kind == BRIDGE:
        if view.simplified:
            return "the Simplified game has no Bridges"
        if RAINBOW not in hand:
            return "you hold no Rainbow Wizard/Bridge card"
        return "no Banner in your hand could follow a Bridge"
    if kind == MOVE:
        return "no column of yours has a Wizard on top"
    if kind == SWAP:
        if not any(lowest_rainbow(c) >= 0 for side in view.columns for c in side):
            return "no column holds a Rainbow card"
        return "you hold no Banner card" if not banners else "none of your Banners fits a Rainbow card's place"
    return "not possible now"


def _rainbow_uses(view: MusterView) -> str:
    """Why a Rainbow Wizard/Bridge card is not a Banner: what it can be used for instead."""
    return "play it as a Wizard or castle it" if view.simplified else "play it as a Wizard or Bridge, or castle it"


def _unavailable_actions(
    state: MusterState, view: MusterView, legal: Sequence[A.MusterAction]
) -> list[tuple[tuple[str, ...], str]]:
    from tabletop_muster.reasons import reason_illegal

    out: list[tuple[tuple[str, ...], str]] = []
    present = {_TYPE_OF_OP[a.op] for a in legal}
    for kind in ACTION_TYPES:
        if kind not in present:
            reason = _type_reason(state, view, kind)
            out.append(((kind,), _short(reason, kind)))
    cards = sorted(set(view.hand))
    if BANNER in present:
        playable = {a.card for a in legal if a.op == A.BANNER}
        for card in cards:
            if card in playable:
                continue
            label = card_label(card)
            if is_rainbow(card):
                reason = _rainbow_uses(view) if card == RAINBOW else "a Rainbow Castle can only be castled"
            else:
                own = card // 5
                reason = f"under {FACTION_NAMES[own]}: {reason_illegal(state, A.ALL_ACTIONS[A.BANNER_ID[card][own]])}"
            out.append(((BANNER, label), _short(reason, label)))
    if BRIDGE in present:
        followers = {a.card for a in legal if a.op == A.BRIDGE}
        for card in cards:
            if is_rainbow(card) or card in followers:
                continue
            label = f"then {card_label(card)}"
            own = card // 5
            top = _top(view.columns[view.player][own])
            n = min(max(1, STRENGTH_OF[card] - top - 1), STRENGTH_OF[card] - 1)
            action = A.ALL_ACTIONS[A.BRIDGE_ID[own][n][card]] if n >= 1 else None
            why = reason_illegal(state, action) if action is not None else None
            # The Bridge goes under the card's own column, which its label already names.
            reason = why or "a Bridge must be followed by a 2 or more"
            out.append(((BRIDGE, label), _short(reason, label)))
    if SWAP in present:
        swaps = [a for a in legal if a.op == A.SWAP]
        for side, col in dict.fromkeys((a.side, a.col) for a in swaps):
            target = swap_target_label(view, side, col)
            fitting = {a.card for a in swaps if a.side == side and a.col == col}
            for card in cards:
                if is_rainbow(card) or card in fitting:
                    continue
                label = f"with {card_label(card)}"
                space = view.castles[col]
                if card // 5 != col and not (space and space[-1] == CASTLE):
                    # The engine's icon sentence is too long for a menu line.
                    why = f"wrong icon: no Rainbow Castle tops the {FACTION_NAMES[col]} space"
                else:
                    why = reason_illegal(state, A.ALL_ACTIONS[A.SWAP_ID[card][side][col]]) or "not legal here"
                    why = why.removeprefix("the lowest Rainbow card there is a Wizard; ")
                out.append(((SWAP, target, label), _short(why, label)))
    return out

"""Why an action or a card cannot be used: messages for errors and greyed-out choices.

:func:`reason_illegal` explains one action; :func:`why_unplayable` explains why
a hand card cannot be used for an action type at all (for a menu that offers
"Play a Banner", then a card, then a column). Both accept a state or a view of
the player to move. The move generator decides legality; these functions only
explain, and the tests check that they agree with it.
"""

from __future__ import annotations

import random

from tabletop_muster import actions as A
from tabletop_muster.cards import (
    CASTLE,
    FACTION_NAMES,
    RAINBOW,
    STRENGTH_OF,
    TOP_VALUE,
    WIZARD,
    card_name,
    is_rainbow,
)
from tabletop_muster.rules import (
    ACT,
    CHANCE_PHASES,
    DEAL,
    DRAW,
    FIRST_PHASE,
    FLIP,
    OVER,
    PHASE_NAMES,
    PLACE,
    REFILL,
    MusterRules,
    lowest_rainbow,
)
from tabletop_muster.view import MusterView, determinize_as

StateOrView = MusterRules | MusterView

VERBS = ("banner", "wizard", "bridge", "move", "castle", "swap")
"""Action types a person picks first (``why_unplayable``'s ``verb``)."""
_VERB_OPS = {
    "banner": A.BANNER,
    "wizard": A.WIZARD_PLAY,
    "bridge": A.BRIDGE,
    "move": A.MOVE,
    "castle": A.CASTLE_CARD,
    "swap": A.SWAP,
}
_PHASE_OPS = {
    ACT: (A.BANNER, A.WIZARD_PLAY, A.BRIDGE, A.MOVE, A.CASTLE_CARD, A.SWAP),
    REFILL: (A.DRAW,),
    PLACE: (A.PLACE,),
    DEAL: (A.DEAL,),
    DRAW: (A.DEAL,),
    FLIP: (A.DEAL,),
    FIRST_PHASE: (A.FIRST,),
}
_PHASE_NEEDS = {
    ACT: "take a turn's action",
    REFILL: "draw a card (from the deck or a castle space)",
    PLACE: "choose a castle space for the turned-up Rainbow card",
    DEAL: "deal a card (a chance outcome)",
    DRAW: "draw from the deck (a chance outcome)",
    FLIP: "turn up the deck's top card (a chance outcome)",
    FIRST_PHASE: "choose the first player (a chance outcome)",
}


def _state(obj: StateOrView) -> MusterRules:
    if isinstance(obj, MusterView):
        # Only the viewer's own hand and the public board matter to their legal actions.
        return determinize_as(MusterRules, obj, random.Random(0))
    return obj


def _placement_reason(s: MusterRules, top: int, strength: int) -> str | None:
    if s._place[top][strength]:
        return None
    if top == 6:
        return "only a Wizard may go on a Wizard"
    if top == 0:
        return "The Power of One: only a 1 starts a column"
    if s.simplified:
        return f"on a {top}, the Simplified game needs {top} or more"
    if top == 5:
        return "on a 5 only another 5 may follow"
    return f"on a {top} only strength {top} or {top + 1} may follow"


def _icon_reason(s: MusterRules, kind: int, col: int) -> str | None:
    if kind // 5 == col:
        return None
    space = s.castles[col]
    if space and space[-1] == CASTLE:
        return None
    return (
        f"a {FACTION_NAMES[kind // 5]} card goes under the {FACTION_NAMES[kind // 5]} castle only, "
        f"unless a Rainbow Castle tops the castle space (the {FACTION_NAMES[col]} space has none on top)"
    )


def _has(s: MusterRules, kind: int, count: int = 1) -> str | None:
    held = s.hands[s.cur].count(kind)
    if held >= count:
        return None
    if held == 0:
        return f"you have no {card_name(kind)} in your hand"
    return f"you hold only {held} {card_name(kind)} card{'s' if held > 1 else ''}"


def reason_illegal(obj: StateOrView, action: A.MusterAction) -> str | None:
    """Why ``action`` is not legal now, or None if it is.

    >>> s = MusterRules.new(first=0)
    >>> reason_illegal(s, A.parse_text("d"))
    'now chance must deal a card (a chance outcome)'
    """
    s = _state(obj)
    ph = s.phase
    if ph == OVER:
        return "the game is over"
    if action.op not in _PHASE_OPS[ph]:
        return f"now {'chance' if ph in CHANCE_PHASES else 'you'} must {_PHASE_NEEDS[ph]}"
    reason = _REASONS[action.op](s, action)
    if reason is None and action.id not in s.legal_ids():
        return "not legal in this position"
    return reason


def _r_banner(s: MusterRules, a: A.MusterAction) -> str | None:
    col = s.cols[s.cur][a.col]
    top = TOP_VALUE[col[-1]] if col else 0
    return _has(s, a.card) or _icon_reason(s, a.card, a.col) or _placement_reason(s, top, STRENGTH_OF[a.card])


def _r_wizard(s: MusterRules, a: A.MusterAction) -> str | None:
    return _has(s, RAINBOW)


def _r_bridge(s: MusterRules, a: A.MusterAction) -> str | None:
    if s.simplified:
        return "the Simplified game has no Rainbow Bridges (play Rainbow cards as Wizards)"
    if a.n > 1 and not s.over_rainbow:
        return "one Bridge at a time: Over the Rainbow is off"
    missing = _has(s, RAINBOW, a.n) or _has(s, a.card)
    if missing:
        return missing
    col = s.cols[s.cur][a.col]
    top = TOP_VALUE[col[-1]] if col else 0
    if top == 6:
        return "only a Wizard may go on a Wizard"
    need = top + a.n + 1
    if need > 5:
        return f"on a {top} a Bridge needs a {need}: none exists"
    if STRENGTH_OF[a.card] != need:
        stood = ", ".join(str(top + i + 1) for i in range(a.n))
        return f"on a {top} the Bridge{'s are' if a.n > 1 else ' is'} {stood}: a {need} must follow"
    return _icon_reason(s, a.card, a.col)


def _r_move(s: MusterRules, a: A.MusterAction) -> str | None:
    col = s.cols[s.cur][a.src]
    if not col or col[-1] != WIZARD:
        return f"the top card of your {FACTION_NAMES[a.src]} column is not a Rainbow Wizard"
    return None


def _r_castle(s: MusterRules, a: A.MusterAction) -> str | None:
    return _has(s, a.card)


def _r_swap(s: MusterRules, a: A.MusterAction) -> str | None:
    missing = _has(s, a.card)
    if missing:
        return missing
    col = s.cols[a.side][a.col]
    i = lowest_rainbow(col)
    if i < 0:
        return "that column holds no Rainbow card"
    icon = _icon_reason(s, a.card, a.col)
    strength = STRENGTH_OF[a.card]
    if col[i] != WIZARD:
        stood = TOP_VALUE[col[i]]
        if strength != stood:
            return f"a Bridge that stood for {stood} is replaced only by a {stood}"
        return icon
    below = TOP_VALUE[col[i - 1]] if i else 0
    reason = icon or _placement_reason(s, below, strength)
    if reason:
        return f"the lowest Rainbow card there is a Wizard; {reason}"
    above = col[i + 1] if i + 1 < len(col) else -1
    if above >= 0 and not is_rainbow(above) and not s._place[strength][STRENGTH_OF[above]]:
        return f"the {card_name(above)} above the Wizard could not lie on a {strength}"
    return None


def _r_draw(s: MusterRules, a: A.MusterAction) -> str | None:
    if a.col < 0:
        return None if s.deck else "the deck is empty"
    space = s.castles[a.col]
    name = FACTION_NAMES[a.col]
    if not space:
        return f"the {name} castle space is empty"
    if space[-1] == CASTLE:
        return f"a Rainbow Castle tops the {name} space and can never be drawn"
    if a.col == s.castled:
        return f"you castled onto the {name} space this turn and may not draw it back"
    return None


def _r_place(s: MusterRules, a: A.MusterAction) -> str | None:
    return None


def _r_chance(s: MusterRules, a: A.MusterAction) -> str | None:
    return None if a.card in s.deck else f"no {card_name(a.card)} is left in the deck"


def _r_first(s: MusterRules, a: A.MusterAction) -> str | None:
    return None


_REASONS = {
    A.BANNER: _r_banner,
    A.WIZARD_PLAY: _r_wizard,
    A.BRIDGE: _r_bridge,
    A.MOVE: _r_move,
    A.CASTLE_CARD: _r_castle,
    A.SWAP: _r_swap,
    A.DRAW: _r_draw,
    A.PLACE: _r_place,
    A.DEAL: _r_chance,
    A.FIRST: _r_first,
}


def why_unplayable(obj: StateOrView, card: int, verb: str | None = None) -> str | None:
    """Why the hand card ``card`` cannot be used now (for ``verb``, one of :data:`VERBS`), or None.

    Without ``verb`` it answers for any action; a card in hand can always be
    castled during an action (ruling 10), so then only the phase or an absent
    card stops it.

    >>> from tabletop_muster.cards import parse_card
    >>> s = MusterRules.new(first=0)
    >>> why_unplayable(s, parse_card("W3"), "banner")
    'it is not your turn to act (now chance must deal a card (a chance outcome))'
    """
    s = _state(obj)
    if isinstance(obj, MusterView) and obj.to_move != obj.player:
        return "it is not your turn to act"
    if s.phase != ACT:
        return f"it is not your turn to act (now {'chance' if s.phase in CHANCE_PHASES else 'you'} must {_PHASE_NEEDS.get(s.phase, PHASE_NAMES[s.phase])})"
    missing = _has(s, card)
    if missing:
        return missing
    ops = (_VERB_OPS[verb],) if verb is not None else tuple(_VERB_OPS.values())
    if verb is not None and verb not in _VERB_OPS:
        raise ValueError(f"verb must be one of {', '.join(VERBS)}")
    candidates = [a for a in A.ALL_ACTIONS if a.op in ops and _uses(a, card)]
    if not candidates:
        return _kind_mismatch(card, verb, s.simplified)
    legal = set(s.legal_ids())
    if any(a.id in legal for a in candidates):
        return None
    reasons: dict[str, list[str]] = {}
    for a in candidates:
        reason = _REASONS[a.op](s, a) or "not legal in this position"
        reasons.setdefault(reason, []).append(_target(a))
    if len(reasons) == 1:
        return next(iter(reasons))
    return "; ".join(f"{', '.join(dict.fromkeys(targets))}: {reason}" for reason, targets in reasons.items())


def _uses(a: A.MusterAction, card: int) -> bool:
    if a.op == A.MOVE:
        return False  # a Move uses no hand card
    if a.op == A.BRIDGE:
        return card in (a.card, RAINBOW)
    return a.card == card


def _kind_mismatch(card: int, verb: str | None, simplified: bool) -> str:
    if card == CASTLE:
        return "a Rainbow Castle card is only ever castled onto a castle space"
    if card == RAINBOW:
        if verb == "move":
            return "a Move uses no hand card"
        # Simplified leaves Bridges out, so the card is only ever a Wizard there.
        return (
            "a Rainbow Wizard/Bridge card is played as a Wizard or castled"
            if simplified
            else "a Rainbow Wizard/Bridge card is played as a Wizard or a Bridge, or castled"
        )
    if verb in ("wizard",):
        return "only a Rainbow card can be played as a Wizard"
    return "a Move uses no hand card" if verb == "move" else "this card cannot be used that way"


def _target(a: A.MusterAction) -> str:
    if a.op == A.SWAP:
        return f"player {a.side + 1}'s {FACTION_NAMES[a.col]}"
    return FACTION_NAMES[a.col] if a.col >= 0 else "deck"

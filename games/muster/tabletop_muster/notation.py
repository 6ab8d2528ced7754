"""Muster in words: long descriptions of actions, the phase line, the result, a plain board.

The short notation lives with the actions (:mod:`tabletop_muster.actions`); this
module gives the long form for people. ``describe`` is called *before* the
action is applied and hides from ``viewer`` what they may not know (the card
someone else draws from the deck or is dealt).
"""

from __future__ import annotations

from tabletop_muster import actions as A
from tabletop_muster.cards import (
    FACTION_LETTERS,
    FACTION_NAMES,
    SEAT_NAMES,
    TOP_VALUE,
    card_code,
    card_name,
    is_rainbow,
    seat_label,
    token_code,
    token_name,
)
from tabletop_muster.rules import DEAL, DRAW, MusterRules, lowest_rainbow
from tabletop_muster.scoring import describe_score
from tabletop_muster.view import phase_text, view_of

__all__ = ["board_text", "describe", "outcome_text", "phase_text"]


def _a(name: str) -> str:
    """``Water 3`` stays, ``Rainbow Castle`` becomes ``a Rainbow Castle``."""
    return f"a {name}" if name.startswith("Rainbow") else name


def describe(state: MusterRules, action: A.MusterAction, viewer: int | None = None) -> str:
    """Long form of ``action`` in ``state`` as ``viewer`` may know it (None: all of it).

    >>> s = MusterRules.new(first=0)
    >>> describe(s, A.parse_text("*W3"), viewer=1)
    'North is dealt a card.'
    """
    op = action.op
    return _DESCRIBERS[op](state, action, viewer, seat_label(state.cur, viewer))


def _banner(s: MusterRules, a: A.MusterAction, viewer: int | None, who: str) -> str:
    return f"{who} plays {card_name(a.card)} under the {FACTION_NAMES[a.col]} castle."


def _wizard(s: MusterRules, a: A.MusterAction, viewer: int | None, who: str) -> str:
    return f"{who} plays a Rainbow Wizard under the {FACTION_NAMES[a.col]} castle."


def _bridge(s: MusterRules, a: A.MusterAction, viewer: int | None, who: str) -> str:
    col = s.cols[s.cur][a.col]
    top = TOP_VALUE[col[-1]] if col else 0
    stood = ", ".join(str(top + i + 1) for i in range(a.n))
    bridges = "a Rainbow Bridge" if a.n == 1 else f"{a.n} Rainbow Bridges"
    return f"{who} makes {bridges} (as {stood}) under the {FACTION_NAMES[a.col]} castle and plays {card_name(a.card)} on it."


def _move(s: MusterRules, a: A.MusterAction, viewer: int | None, who: str) -> str:
    return f"{who} moves a Rainbow Wizard from under the {FACTION_NAMES[a.src]} castle to under the {FACTION_NAMES[a.col]} castle."


def _castle(s: MusterRules, a: A.MusterAction, viewer: int | None, who: str) -> str:
    return f"{who} castles {_a(card_name(a.card))} onto the {FACTION_NAMES[a.col]} castle space."


def _swap(s: MusterRules, a: A.MusterAction, viewer: int | None, who: str) -> str:
    col = s.cols[a.side][a.col] if 0 <= a.side < 2 else []
    i = lowest_rainbow(col)
    what = token_name(col[i]) if i >= 0 else "Rainbow card"
    if a.side != s.cur:
        owner = f"{SEAT_NAMES[a.side]}'s"
    else:  # the one who swaps reads of their own column as theirs: "North (you) swaps ... in your own ..."
        owner = "your own" if viewer == s.cur else "their own"
    return f"{who} swaps {card_name(a.card)} for the {what} in {owner} {FACTION_NAMES[a.col]} column."


def _draw(s: MusterRules, a: A.MusterAction, viewer: int | None, who: str) -> str:
    if a.col < 0:
        return f"{who} draws from the deck."
    space = s.castles[a.col]
    card = _a(card_name(space[-1])) if space else "a card"
    return f"{who} takes {card} from the {FACTION_NAMES[a.col]} castle space."


def _place(s: MusterRules, a: A.MusterAction, viewer: int | None, who: str) -> str:
    card = card_name(s.pending) if s.pending >= 0 else "the Rainbow card"
    return f"{who} places {_a(card)} onto the {FACTION_NAMES[a.col]} castle space."


def _chance(s: MusterRules, a: A.MusterAction, viewer: int | None, who: str) -> str:
    name = card_name(a.card)
    last = " That was the deck's last card: the game ends." if len(s.deck) == 1 and s.phase != DEAL else ""
    if s.phase == DEAL:
        to = (s.first + s.dealt) % 2
        seen = viewer is None or viewer == to
        return f"{seat_label(to, viewer)} is dealt {name if seen else 'a card'}."
    if s.phase == DRAW:
        seen = viewer is None or viewer == s.cur
        return f"{who} draws {_a(name) if seen else 'a card'} from the deck.{last}"
    if not is_rainbow(a.card):
        return f"The deck's top card, {name}, goes face up onto the {FACTION_NAMES[a.card // 5]} castle space.{last}"
    chooser = "" if last else f" {who} chooses its castle space."
    return f"The deck's top card is {_a(name)}.{chooser}{last}"


def _first(s: MusterRules, a: A.MusterAction, viewer: int | None, who: str) -> str:
    return f"{SEAT_NAMES[a.side]} goes first."


_DESCRIBERS = {
    A.BANNER: _banner,
    A.WIZARD_PLAY: _wizard,
    A.BRIDGE: _bridge,
    A.MOVE: _move,
    A.CASTLE_CARD: _castle,
    A.SWAP: _swap,
    A.DRAW: _draw,
    A.PLACE: _place,
    A.DEAL: _chance,
    A.FIRST: _first,
}


def outcome_text(state: MusterRules) -> str:
    """One line: the winner and why, or the leader so far while the game runs."""
    text = describe_score(state.score(), SEAT_NAMES)
    if state.is_terminal():
        return text
    return f"Game not over. So far: {text}"


def board_text(state: MusterRules) -> str:
    """A plain multi-line picture of the full state, for debugging and logs."""
    lines = []
    for p in (0, 1):
        hand = " ".join(card_code(k) for k in sorted(state.hands[p]))
        known = " ".join(card_code(k) for k in sorted(state.known[p]))
        lines.append(f"{SEAT_NAMES[p]}: hand [{hand}] known [{known}]")
        for f in range(5):
            col = " ".join(token_code(t) for t in state.cols[p][f])
            lines.append(f"  {FACTION_LETTERS[f]}: {col}")
    spaces = "  ".join(
        f"{FACTION_LETTERS[f]}:{'/'.join(card_code(k) for k in sp) or '-'}" for f, sp in enumerate(state.castles)
    )
    lines.append(f"castles {spaces}")
    lines.append(f"deck {len(state.deck)}  turn {state.turn}  {phase_text(view_of(state, state.cur))}")
    return "\n".join(lines)

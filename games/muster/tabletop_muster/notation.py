"""Muster in words: long descriptions of actions, the phase line, the result, a plain board.

The short notation lives with the actions (:mod:`tabletop_muster.actions`); this
module gives the long form for people, the words of the action's event
(:mod:`tabletop_muster.events`). ``describe`` is called *before* the action is
applied and hides from ``viewer`` what they may not know (the card someone else
draws from the deck or is dealt).
"""

from __future__ import annotations

from tabletop_muster import actions as A
from tabletop_muster.cards import (
    FACTION_LETTERS,
    SEAT_NAMES,
    card_code,
    token_code,
)
from tabletop_muster.events import event_of
from tabletop_muster.rules import MusterRules
from tabletop_muster.scoring import describe_score
from tabletop_muster.view import phase_text, view_of

__all__ = ["board_text", "describe", "outcome_text", "phase_text"]


def describe(state: MusterRules, action: A.MusterAction, viewer: int | None = None) -> str:
    """Long form of ``action`` in ``state`` as ``viewer`` may know it (None: all of it): its event's words.

    >>> s = MusterRules.new(first=0)
    >>> describe(s, A.parse_text("*W3"), viewer=1)
    'North is dealt a card.'
    """
    return event_of(state, action, viewer).words()


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

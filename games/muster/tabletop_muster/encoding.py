"""Muster in numbers: its fixed enumeration of actions and a seat's view as a vector.

The enumeration is :data:`tabletop_muster.actions.ALL_ACTIONS`, numbered already (an action's
``id`` is its number). The encoding reads a :class:`~tabletop_muster.view.MusterView` alone: the
seat's hand, what each side knows of the other's, both boards from the seat's side (its own
columns first), the castle spaces, the deck, the phase and the variants.

    >>> from tabletop_muster.state import MusterState
    >>> state = MusterState.new(first=0)
    >>> values = MusterEncoding().encode(state.view(0))
    >>> len(values) == MusterEncoding.size, min(values), max(values)
    (True, 0.0, 1.0)
"""

from __future__ import annotations

from tabletop.encoding import Features, ViewEncoding
from tabletop.game import View
from tabletop_muster.cards import COPIES, HAND_SIZE, NUM_KINDS, NUM_TOKENS, RAINBOW, TOTAL_CARDS, TURN_LIMIT
from tabletop_muster.rules import PHASE_NAMES
from tabletop_muster.view import MusterView

KIND_BOUNDS = COPIES
"""The most cards of each kind anywhere: its copies."""
TOKEN_BOUNDS = tuple(list(COPIES[:RAINBOW]) + [COPIES[RAINBOW]] * (NUM_TOKENS - RAINBOW))
"""The most column tokens of each kind: a Banner's copies; Wizards, Castles and Bridges are Rainbow cards."""
LONGEST_STACK = 16
"""A column or castle space is measured in sixteenths (a longer one counts as full)."""

_COLUMN = 2 * NUM_TOKENS + 1
_SIZE = 3 * NUM_KINDS + 1 + 10 * _COLUMN + 5 * _COLUMN + 1 + len(PHASE_NAMES) + 3 + 1 + 1 + 5 + NUM_KINDS + 3


class MusterEncoding(ViewEncoding):
    """A Muster view as numbers from 0 to 1, seen from the viewing seat."""

    size = _SIZE

    def encode(self, view: View) -> list[float]:
        """The view as :attr:`size` numbers: only what it shows."""
        assert isinstance(view, MusterView)
        f = Features()
        me, them = view.player, 1 - view.player
        f.counts(_counts(view.hand, NUM_KINDS), KIND_BOUNDS)
        f.counts(_counts(view.known_by_opponent, NUM_KINDS), KIND_BOUNDS)
        f.counts(_counts(view.opponent_known, NUM_KINDS), KIND_BOUNDS)
        f.scalar(view.opponent_hand_size, HAND_SIZE)
        for seat in (me, them):
            for column in view.columns[seat]:
                _stack(f, column)
        for space in view.castles:
            _stack(f, space)
        f.scalar(view.deck_size, TOTAL_CARDS)
        f.one_hot(PHASE_NAMES.index(view.phase), len(PHASE_NAMES))
        f.flag(view.turn_of == me)
        f.flag(view.first == me)
        f.flag(view.first is not None)
        f.scalar(view.turn, TURN_LIMIT)
        f.scalar(view.to_draw, HAND_SIZE)
        f.one_hot(view.castled, 5)
        f.one_hot(view.pending, NUM_KINDS)
        f.flag(view.simplified)
        f.flag(view.power_of_one)
        f.flag(view.over_rainbow)
        return f.values


def _counts(items: tuple[int, ...], size: int) -> list[int]:
    out = [0] * size
    for item in items:
        out[item] += 1
    return out


def _stack(f: Features, stack: tuple[int, ...]) -> None:
    """A column or castle space: how many of each token, which one is on top, and its height."""
    f.counts(_counts(stack, NUM_TOKENS), TOKEN_BOUNDS)
    f.one_hot(stack[-1] if stack else None, NUM_TOKENS)
    f.scalar(len(stack), LONGEST_STACK)

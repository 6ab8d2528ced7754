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
    >>> import numpy as np
    >>> bool((MusterEncoding().encode_array(state.view(0)) == np.asarray(values, dtype=np.float32)).all())
    True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.encoding import Features, ViewEncoding
from tabletop_muster.cards import COPIES, HAND_SIZE, NUM_KINDS, NUM_TOKENS, RAINBOW, TOTAL_CARDS, TURN_LIMIT
from tabletop_muster.rules import PHASE_NAMES
from tabletop_muster.view import MusterView

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

KIND_BOUNDS = COPIES
"""The most cards of each kind anywhere: its copies."""
TOKEN_BOUNDS = tuple(list(COPIES[:RAINBOW]) + [COPIES[RAINBOW]] * (NUM_TOKENS - RAINBOW))
"""The most column tokens of each kind: a Banner's copies; Wizards, Castles and Bridges are Rainbow cards."""
LONGEST_STACK = 16
"""A column or castle space is measured in sixteenths (a longer one counts as full)."""

_COLUMN = 2 * NUM_TOKENS + 1
_SIZE = 3 * NUM_KINDS + 1 + 10 * _COLUMN + 5 * _COLUMN + 1 + len(PHASE_NAMES) + 3 + 1 + 1 + 5 + NUM_KINDS + 3
_CASTLE_SPACES = 5

# Where each piece of the encoding starts, in the order encode() writes them.
_HAND = 0
_KNOWN_BY_OPPONENT = _HAND + NUM_KINDS
_OPPONENT_KNOWN = _KNOWN_BY_OPPONENT + NUM_KINDS
_OPPONENT_HAND_SIZE = _OPPONENT_KNOWN + NUM_KINDS
_STACKS = _OPPONENT_HAND_SIZE + 1
"""Ten columns (the seat's own five first) then the five castle spaces, :data:`_COLUMN` numbers each."""
_STACK_COUNT = 10 + _CASTLE_SPACES
_TOP = NUM_TOKENS
"""Within a stack: where the one-hot of its top token starts (its counts come first)."""
_HEIGHT = 2 * NUM_TOKENS
_DECK_SIZE = _STACKS + _STACK_COUNT * _COLUMN
_PHASE = _DECK_SIZE + 1
_TURN_OF_ME = _PHASE + len(PHASE_NAMES)
_FIRST_IS_ME = _TURN_OF_ME + 1
_FIRST_KNOWN = _FIRST_IS_ME + 1
_TURN = _FIRST_KNOWN + 1
_TO_DRAW = _TURN + 1
_CASTLED = _TO_DRAW + 1
_PENDING = _CASTLED + _CASTLE_SPACES
_SIMPLIFIED = _PENDING + NUM_KINDS
_POWER_OF_ONE = _SIMPLIFIED + 1
_OVER_RAINBOW = _POWER_OF_ONE + 1
assert _OVER_RAINBOW + 1 == _SIZE
_STACK_STARTS = tuple(_STACKS + i * _COLUMN for i in range(_STACK_COUNT))
_HEIGHTS = [start + _HEIGHT for start in _STACK_STARTS]
_SCALARS = [_OPPONENT_HAND_SIZE, _DECK_SIZE, _TURN, _TO_DRAW]


class MusterEncoding(ViewEncoding[MusterView]):
    """A Muster view as numbers from 0 to 1, seen from the viewing seat."""

    size = _SIZE

    def encode(self, view: MusterView) -> list[float]:
        """The view as :attr:`size` numbers: only what it shows."""
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

    def encode_array(self, view: MusterView) -> npt.NDArray[np.float32]:
        """:meth:`encode`'s numbers as a ``float32`` array, built at once: every count, one-hot and
        flag is a hit counted by one ``bincount``, then all are divided by their bounds together."""
        import numpy as np

        me = view.player
        stacks = (*view.columns[me], *view.columns[1 - me], *view.castles)
        hits = [*view.hand]
        hits += [_KNOWN_BY_OPPONENT + kind for kind in view.known_by_opponent]
        hits += [_OPPONENT_KNOWN + kind for kind in view.opponent_known]
        hits += [start + token for start, stack in zip(_STACK_STARTS, stacks, strict=True) for token in stack]
        hits += [start + _TOP + stack[-1] for start, stack in zip(_STACK_STARTS, stacks, strict=True) if stack]
        hits.append(_PHASE + PHASE_NAMES.index(view.phase))
        if view.castled is not None and 0 <= view.castled < _CASTLE_SPACES:
            hits.append(_CASTLED + view.castled)
        if view.pending is not None and 0 <= view.pending < NUM_KINDS:
            hits.append(_PENDING + view.pending)
        for position, flag in (
            (_TURN_OF_ME, view.turn_of == me),
            (_FIRST_IS_ME, view.first == me),
            (_FIRST_KNOWN, view.first is not None),
            (_SIMPLIFIED, view.simplified),
            (_POWER_OF_ONE, view.power_of_one),
            (_OVER_RAINBOW, view.over_rainbow),
        ):
            if flag:
                hits.append(position)
        counts = np.bincount(hits, minlength=_SIZE)
        counts[_HEIGHTS] = [len(stack) for stack in stacks]
        counts[_SCALARS] = [view.opponent_hand_size, view.deck_size, view.turn, view.to_draw]
        # Every count is at least 0, so clipping above is all Features.scalar's clamp does here.
        values: npt.NDArray[np.float32] = np.minimum(counts / _bounds(), 1.0).astype(np.float32)
        return values


_BOUNDS: list[npt.NDArray[np.float64]] = []


def _bounds() -> npt.NDArray[np.float64]:
    """What each number of the encoding is divided by (1 for one-hots and flags), made once."""
    if not _BOUNDS:
        import numpy as np

        bounds = np.ones(_SIZE)
        for start in (_HAND, _KNOWN_BY_OPPONENT, _OPPONENT_KNOWN):
            bounds[start : start + NUM_KINDS] = KIND_BOUNDS
        for start in _STACK_STARTS:
            bounds[start : start + NUM_TOKENS] = TOKEN_BOUNDS
            bounds[start + _HEIGHT] = LONGEST_STACK
        bounds[_SCALARS] = [HAND_SIZE, TOTAL_CARDS, TURN_LIMIT, HAND_SIZE]
        _BOUNDS.append(bounds)
    return _BOUNDS[0]


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

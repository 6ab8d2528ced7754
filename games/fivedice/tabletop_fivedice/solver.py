"""The solitaire game solved exactly: the expected final score under optimal play, from every turn's start.

A turn's start is a *state*: which of the thirteen boxes are filled (a 13-bit
mask), the upper boxes' sum capped at 63 (all the upper bonus needs to know)
and whether the five-of-a-kind box holds 50 (all the 100 bonus needs to know).
A state's value is the expected score still to come with optimal play. A turn
is a small graph of its own, solved backwards from its last roll:

- the score stage: a final roll's value is its best box: the points, any bonus,
  and the value of the state that scoring leads to;
- a hold's value is the mean of the values of the rolls it may lead to. Holding
  ``k`` dice is the mean, over the six faces of one more die, of holding ``k + 1``
  (dice are independent), so the 462 holds of five dice cost six additions each;
- after a roll with rerolls left, the value is the best hold among the roll's
  sub-multisets, found hold by hold from its holds one die shorter.

States fall in layers by the number of boxes filled, and a layer needs only the
next one, so each layer is evaluated with array operations over all its states at
once (numpy, in chunks that keep memory small). The value of a new game is
254.5877 under the official rules, 254.5896 with the free-choice joker and
245.8708 with no bonus (``tabletop fivedice solve``; tests/fivedice).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING, Any

from tabletop.dice_set import first_roll
from tabletop_fivedice.scoring import (
    BOXES,
    FIVE_KIND,
    FIVE_KIND_BONUS,
    FIVE_KIND_POINTS,
    NONE,
    OFFICIAL,
    UPPER_BONUS,
    UPPER_BONUS_AT,
    box_score,
    joker_score,
)

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    FloatArray = NDArray[np.float64]
    IntArray = NDArray[np.int64]

UPS = UPPER_BONUS_AT + 1
"""Upper sums kept apart: 0 to 63, where 63 stands for 63 or more."""
STATES = (1 << BOXES) * UPS * 2
"""The size of the table of state values (every mask, upper sum and flag, reachable or not)."""
DICE = 5
CHUNK = 512
"""States evaluated together: enough for numpy to pay, few enough for the arrays to stay in the processor's cache."""
NEG = -1.0e9
"""The value of a box that cannot be chosen."""

Progress = Callable[[int, int], None]


def state_index(mask: int, up: int, flag: int) -> int:
    """A state's place in the table of values."""
    return (mask * UPS + min(up, UPPER_BONUS_AT)) * 2 + flag


def _numpy() -> Any:
    import numpy

    return numpy


@dataclass(frozen=True)
class Dice:
    """The fixed tables of a turn: the 252 rolls, the 462 holds and how they lead to one another."""

    rolls: tuple[tuple[int, ...], ...]
    roll_chance: Any
    """Each roll's probability from all five dice rolled (252 floats)."""
    holds: tuple[tuple[int, ...], ...]
    """Every hold, by size: 0 dice, then 1, ... then 5 (the rolls themselves, in the order of ``rolls``)."""
    starts: tuple[int, ...]
    """Where the holds of each size begin in ``holds`` (7 numbers, the last the count)."""
    plus_one: tuple[Any, ...]
    """For holds of size 0..4: the hold with one more die of each face (n x 6 indices)."""
    minus_one: tuple[Any, ...]
    """For holds of size 1..5: the holds one die shorter (n x 5 indices, repeated where fewer differ)."""
    points: Any
    """What each roll scores in each box by its own rule (13 x 252)."""
    joker_points: Any
    """The same with joker values in the lower boxes (13 x 252)."""
    counts: Any
    """How many dice of each face each roll shows (6 x 252)."""
    five_kinds: tuple[int, ...]
    """The rolls that are five of a kind, by face (6 indices)."""

    def index_of_hold(self, hold: tuple[int, ...]) -> int:
        return _hold_index(self.holds)[hold]


@cache
def _hold_index(holds: tuple[tuple[int, ...], ...]) -> dict[tuple[int, ...], int]:
    return {hold: i for i, hold in enumerate(holds)}


@cache
def dice_tables() -> Dice:
    """The tables every solve shares (made once per process)."""
    np = _numpy()
    rolled = first_roll(DICE)
    rolls = tuple(d.faces for d, _ in rolled)
    holds = tuple(h for size in range(DICE + 1) for h in combinations_with_replacement(range(1, 7), size))
    index = {h: i for i, h in enumerate(holds)}
    starts = tuple(sum(1 for h in holds if len(h) < size) for size in range(DICE + 2))
    plus = []
    minus = []
    for size in range(DICE + 1):
        group = holds[starts[size] : starts[size + 1]]
        if size < DICE:
            plus.append(np.array([[index[tuple(sorted(h + (v,)))] for v in range(1, 7)] for h in group]))
        if size > 0:
            rows = []
            for h in group:
                shorter = sorted({index[h[:i] + h[i + 1 :]] for i in range(size)})
                rows.append(shorter + [shorter[0]] * (DICE - len(shorter)))
            minus.append(np.array(rows))
    return Dice(
        rolls=rolls,
        roll_chance=np.array([float(p) for _, p in rolled]),
        holds=holds,
        starts=starts,
        plus_one=tuple(plus),
        minus_one=tuple(minus),
        points=np.array([[box_score(b, r) for r in rolls] for b in range(BOXES)], dtype=float),
        joker_points=np.array([[joker_score(b, r) for r in rolls] for b in range(BOXES)], dtype=float),
        counts=np.array([[r.count(f) for r in rolls] for f in range(1, 7)]),
        five_kinds=tuple(rolls.index((f,) * DICE) for f in range(1, 7)),
    )


@cache
def reachable_ups() -> tuple[tuple[int, ...], ...]:
    """For each set of filled upper boxes (6 bits), the capped upper sums they can hold."""
    found = []
    for umask in range(64):
        sums = {0}
        for face in range(1, 7):
            if umask >> (face - 1) & 1:
                sums = {min(UPPER_BONUS_AT, s + n * face) for s in sums for n in range(DICE + 1)}
        found.append(tuple(sorted(sums)))
    return tuple(found)


def layer_states(filled: int, rule: str) -> tuple[Any, Any, Any]:
    """The reachable states with ``filled`` boxes filled: their masks, upper sums and flags, as arrays."""
    np = _numpy()
    masks, ups, flags = [], [], []
    for mask in range(1 << BOXES):
        if mask.bit_count() != filled:
            continue
        flag_values = (0, 1) if mask >> FIVE_KIND & 1 and rule != NONE else (0,)
        for up in reachable_ups()[mask & 63]:
            for flag in flag_values:
                masks.append(mask)
                ups.append(up)
                flags.append(flag)
    return np.array(masks, dtype=np.int64), np.array(ups, dtype=np.int64), np.array(flags, dtype=np.int64)


@dataclass
class SolveStats:
    """What a solve did: positions (turn starts) valued and the seconds it took."""

    states: int = 0
    seconds: float = 0.0


class Solver:
    """The table of state values for one rule set (see the module's description)."""

    def __init__(self, rule: str = OFFICIAL) -> None:
        self.rule = rule
        self.values: FloatArray | None = None
        self.stats = SolveStats()

    def solve(self, progress: Progress | None = None) -> FloatArray:
        """Value every reachable state, layer by layer from the last turn back to the first."""
        np = _numpy()
        start = time.perf_counter()
        values = np.zeros(STATES)
        layers = [layer_states(filled, self.rule) for filled in range(BOXES)]
        total = sum(len(masks) for masks, _, _ in layers)
        done = 0
        for filled in range(BOXES - 1, -1, -1):
            masks, ups, flags = layers[filled]
            for lo in range(0, len(masks), CHUNK):
                part = slice(lo, lo + CHUNK)
                turn = self.turn_values(values, masks[part], ups[part], flags[part])
                values[(masks[part] * UPS + ups[part]) * 2 + flags[part]] = turn.start
                done += len(masks[part])
                if progress is not None:
                    progress(done, total)
        self.values = values
        self.stats = SolveStats(states=total, seconds=time.perf_counter() - start)
        return values  # type: ignore[no-any-return]

    def value(self, mask: int, up: int, flag: int) -> float:
        """The expected score still to come from a turn's start."""
        assert self.values is not None, "solve first"
        return float(self.values[state_index(mask, up, flag)])

    def new_game_value(self) -> float:
        return self.value(0, 0, 0)

    # -- one turn, for many states at once --

    def turn_values(self, values: FloatArray, masks: IntArray, ups: IntArray, flags: IntArray) -> TurnValues:
        """Every stage of the turn from these states: the score stage, after two rolls, after one, the start."""
        np = _numpy()
        tables = dice_tables()
        scored = self.score_stage(values, masks, ups, flags)
        after_second = best_holds(hold_means(scored))
        after_first = best_holds(hold_means(after_second))
        start = tables.roll_chance @ after_first
        return TurnValues(scored, after_second, after_first, np.asarray(start))

    def after_box(self, values: FloatArray, masks: IntArray, ups: IntArray, flags: IntArray, box: int) -> FloatArray:
        """What filling ``box`` brings besides its own points, per state (NEG where it is filled): the value of
        the state it leads to, and for an upper box the upper bonus and its points (one row per 0..5 dice of
        its face: 6 x states); for the five-of-a-kind box a row for a zero and a row for 50 (2 x states)."""
        np = _numpy()
        is_open = (masks >> box & 1) == 0
        new_mask = masks | (1 << box)
        if box < 6:
            gained = np.arange(DICE + 1)[:, None] * (box + 1)  # 0..5 dice of the face
            reached = ups[None, :] + gained
            bonus = np.where((ups[None, :] < UPPER_BONUS_AT) & (reached >= UPPER_BONUS_AT), float(UPPER_BONUS), 0.0)
            after = values[(new_mask[None, :] * UPS + np.minimum(reached, UPPER_BONUS_AT)) * 2 + flags] + bonus + gained
        elif box == FIVE_KIND:
            zero = values[(new_mask * UPS + ups) * 2 + flags]
            fifty = values[(new_mask * UPS + ups) * 2 + (0 if self.rule == NONE else 1)] + FIVE_KIND_POINTS
            after = np.stack([zero, fifty])
        else:
            after = values[(new_mask * UPS + ups) * 2 + flags][None, :]
        return np.where(is_open[None, :], after, NEG)  # type: ignore[no-any-return]

    def box_values(self, values: FloatArray, masks: IntArray, ups: IntArray, flags: IntArray) -> FloatArray:
        """Each box's value for each roll and state (13 x 252 x states; NEG where filled), by its own rule."""
        np = _numpy()
        t = dice_tables()
        out = np.empty((BOXES, len(t.rolls), len(masks)))
        for box in range(BOXES):
            out[box] = self._box_rows(t, self.after_box(values, masks, ups, flags, box), box)
        return out  # type: ignore[no-any-return]

    @staticmethod
    def _box_rows(t: Dice, after: FloatArray, box: int) -> FloatArray:
        if box < 6:
            return after[t.counts[box]]  # type: ignore[no-any-return]
        if box == FIVE_KIND:
            return after[(t.points[box] > 0).astype(int)]  # type: ignore[no-any-return]
        return t.points[box][:, None] + after  # type: ignore[no-any-return]

    def score_stage(self, values: FloatArray, masks: IntArray, ups: IntArray, flags: IntArray) -> FloatArray:
        """The value of each final roll (252 x states): its best box under the rule set's joker rule."""
        np = _numpy()
        t = dice_tables()
        best = np.full((len(t.rolls), len(masks)), NEG)
        fives = list(t.five_kinds)
        plain = np.empty((BOXES, len(fives), len(masks)))
        joker = np.empty_like(plain)
        for box in range(BOXES):
            after = self.after_box(values, masks, ups, flags, box)
            rows = self._box_rows(t, after, box)
            np.maximum(best, rows, out=best)
            plain[box] = rows[fives]
            joker[box] = rows[fives] if box < 6 else t.joker_points[box][fives][:, None] + after[-1][None, :]
        filled_five = (masks >> FIVE_KIND & 1) == 1
        if self.rule == NONE or not filled_five.any():
            return best  # type: ignore[no-any-return]
        bonus = np.where(flags == 1, float(FIVE_KIND_BONUS), 0.0)
        lower_open = ((masks >> 6) & 0b1111111) != 0b1111111
        for i, roll in enumerate(fives):
            face = i + 1
            upper_open = (masks >> (face - 1) & 1) == 0
            if self.rule == OFFICIAL:
                forced = plain[face - 1, i]
                lower = joker[6:, i].max(axis=0)
                upper = plain[:6, i].max(axis=0)
                value = np.where(upper_open, forced, np.where(lower_open, lower, upper))
            else:
                value = np.where(upper_open, plain[:, i].max(axis=0), joker[:, i].max(axis=0))
            best[roll] = np.where(filled_five, value + bonus, best[roll])
        return best  # type: ignore[no-any-return]


@dataclass(frozen=True)
class TurnValues:
    """A turn's values for some states: each 252 x states, but ``start`` (states)."""

    scored: Any
    after_second: Any
    after_first: Any
    start: Any


def hold_means(rolls: FloatArray) -> FloatArray:
    """Each hold's value (462 x states): the mean value of the rolls it leads to; a whole roll is itself."""
    np = _numpy()
    t = dice_tables()
    holds = np.empty((len(t.holds), rolls.shape[1]))
    holds[t.starts[DICE] :] = rolls
    for size in range(DICE - 1, -1, -1):
        children = t.plus_one[size]
        gathered = holds[children.ravel()].reshape(children.shape[0], 6, -1)
        holds[t.starts[size] : t.starts[size + 1]] = gathered.sum(axis=1) / 6
    return holds  # type: ignore[no-any-return]


def best_holds(holds: FloatArray) -> FloatArray:
    """Each roll's value with a reroll to come (252 x states): its best hold among its sub-multisets."""
    np = _numpy()
    t = dice_tables()
    best = holds.copy()
    for size in range(1, DICE + 1):
        shorter = t.minus_one[size - 1]
        lo, hi = t.starts[size], t.starts[size + 1]
        gathered = best[shorter.ravel()].reshape(shorter.shape[0], DICE, -1).max(axis=1)
        np.maximum(best[lo:hi], gathered, out=best[lo:hi])
    return best[t.starts[DICE] :]

"""An exact solver for Muses: the chance of reaching the target under perfect play.

The solver is a memoised expectimax over *turn-start* positions, with each turn
solved as a small self-contained subgraph (the approach of optimal solitaire
Yahtzee solvers):

* **Canonical turn-start key.** A card in the display was turned up one, two or
  three turns ago, so its rotation is fixed by its slot; the display is three
  slots. Claimed muses fold into their points and the multiset of unused powers
  *by kind* (two unused "flip" powers are interchangeable); used powers and
  discarded cards vanish. The key is (deck, slots, points claimed, hints,
  unused powers), packed into one integer.
* **Pruning.** A position is won once points + hints reach the target (keep the
  hints) and lost once points + hints + every card still in play cannot.
* **The turn subgraph.** After the draw, a turn's outcome depends on the dice
  only through which claim it allows; the dice are forgotten when the turn
  ends. For every resource vector r (hints and unused powers left) and every
  claim option o (or none) the next turn-start value ``W[o][r]`` is looked up;
  then, over the resource vectors in increasing order, the value of each of the
  21 dice pairs is the best of stopping (claiming the best option the dice
  meet) and spending one resource (a hint, or a power; re-rolls average their
  six outcomes). Each condition is a precomputed 21-bit mask of dice pairs.
  When no claim beats ending the turn the table is constant and is skipped,
  because values never fall when resources grow.
* **Positions that differ only in resources are solved together.** The turn
  subgraph solved for resources r holds the tables of every smaller resource
  vector too, so one solve fills the values of all of them (:meth:`Solver.block`).

A set of two cards solves at once (the default set takes minutes in this pure-Python
solver; :class:`~tabletop_muses.fast_solver.FastSolver` is the one that plays it):

    >>> from tabletop_muses.cards import parse_cards
    >>> two_cards = parse_cards('''
    ... [game]
    ... target = 5
    ... hints = 2
    ... [[card]]
    ... name = "Alpha"
    ... points = 3
    ... power = "flip"
    ... edges = ["7", "≥ 10", "", ""]
    ... [[card]]
    ... name = "Beta"
    ... points = 2
    ... power = "adjust 2"
    ... edges = ["Pair", "⚀⚀", "12", "Both odd"]
    ... ''')
    >>> round(Solver(two_cards).win_probability(), 4)
    0.8109
    >>> round(Solver(two_cards, SCORE).win_probability(), 4)  # the expected final score instead
    5.3924
"""

from __future__ import annotations

import hashlib
import itertools
import operator
import sys
from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from tabletop.dice import two_dice_outcomes
from tabletop.solutions import LOADED, SolutionFormat
from tabletop_muses.cards import CardSet, Power, canonical_text
from tabletop_muses.conditions import PAIR_INDEX, PAIRS

ROLL_WEIGHTS: tuple[float, ...] = tuple(p for _, p in two_dice_outcomes())
"""Probability of each of the 21 unordered dice pairs."""

WIN, SCORE = "win", "score"


def _idx(a: int, b: int) -> int:
    return PAIR_INDEX[(a, b) if a <= b else (b, a)]


def _change(pair: tuple[int, int], die: int, new: int) -> int:
    """Index of the pair after the die showing ``die`` becomes ``new``."""
    a, b = pair
    return _idx(new, b) if a == die else _idx(a, new)


def power_moves(power: Power | None) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For each dice pair, the pairs one use of ``power`` (None: a hint) can lead to.

    A re-roll power gives, per die chosen, a tuple of the six equally likely
    results; deterministic moves give one-element tuples.
    """
    table = []
    for pair in PAIRS:
        faces = sorted(set(pair))
        other = {pair[0]: pair[1], pair[1]: pair[0]}
        moves: set[tuple[int, ...]] = set()
        for d in faces:
            if power is None:
                moves |= {(_change(pair, d, d + s),) for s in (1, -1) if 1 <= d + s <= 6}
            elif power.kind == "flip":
                moves.add((_change(pair, d, 7 - d),))
            elif power.kind == "adjust":
                moves |= {
                    (_change(pair, d, d + s * k),)
                    for k in range(1, power.amount + 1)
                    for s in (1, -1)
                    if 1 <= d + s * k <= 6
                }
            elif power.kind == "match" and len(faces) == 2:
                moves.add((_change(pair, d, other[d]),))
            elif power.kind == "reroll":
                moves.add(tuple(_idx(other[d] if pair[0] != pair[1] else d, v) for v in range(1, 7)))
        table.append(tuple(sorted(moves)))
    return tuple(table)


@dataclass
class Stats:
    """What a solve did."""

    states: int = 0
    """Turn-start positions evaluated (memoised)."""
    turns: int = 0
    """Turn subgraphs solved (one per position and card drawn)."""


class Solver:
    """Optimal play for one card set; ``mode`` is ``"win"`` (chance of the target) or ``"score"`` (expected score).

    Values are memoised by turn-start key; :meth:`save` and :meth:`load` keep
    them on disk.
    """

    def __init__(self, cardset: CardSet, mode: str = WIN) -> None:
        if mode not in (WIN, SCORE):
            raise ValueError(f"mode is {WIN!r} or {SCORE!r}, not {mode!r}")
        self.cardset = cardset
        self.mode = mode
        cards = cardset.cards
        self.n = len(cards)
        self.points = [c.points for c in cards]
        # Rotations 0..3 top masks; 0 for blank (the card is discarded on coming up).
        self.masks = [[(e.mask if e is not None else 0) for e in c.edges] + [0] for c in cards]
        self.kinds: list[Power] = sorted({c.power for c in cards if c.power is not None}, key=str)
        self.kind_of = [self.kinds.index(c.power) if c.power is not None else -1 for c in cards]
        max_count = max([cardset.hints] + [self.kind_of.count(k) for k in range(len(self.kinds))])
        self.width = max(1, max_count.bit_length())
        self.fields = 1 + len(self.kinds)
        self.rbits = self.width * self.fields
        self.slot_bits = (self.n + 1).bit_length()
        self.point_bits = max(1, sum(self.points).bit_length())
        self.hint_moves = power_moves(None)
        self.kind_moves = [power_moves(p) for p in self.kinds]
        self.kind_is_random = [p.kind == "reroll" for p in self.kinds]
        # Points still in the deck, by deck bitmask: the "can the target still be reached" test.
        self.deck_points = [0] * (1 << self.n)
        for mask in range(1, 1 << self.n):
            low = mask & -mask
            self.deck_points[mask] = self.deck_points[mask ^ low] + self.points[low.bit_length() - 1]
        # Each field's moves as whole-row gathers: slot m maps every dice pair to the pair its
        # m-th move reaches (itself when it has fewer moves, harmless: values never fall as
        # resources grow). Re-rolls gather the six results of each die choice.
        self.gathers = [self._gathers(self.hint_moves, False)] + [
            self._gathers(moves, random_) for moves, random_ in zip(self.kind_moves, self.kind_is_random)
        ]
        self._mask_pairs: dict[int, list[int]] = {}
        self.memo: dict[int, float] = {}
        self.stats = Stats()
        self._subs: dict[int, list[tuple[int, list[tuple[int, int]]]]] = {}

    @staticmethod
    def _gathers(moves: tuple[tuple[tuple[int, ...], ...], ...], random_: bool) -> list[list[operator.itemgetter[Any]]]:
        slots = max(len(m) for m in moves)
        out = []
        for m in range(slots):
            chosen = [moves[i][m] if m < len(moves[i]) else (i,) * (6 if random_ else 1) for i in range(21)]
            if random_:
                out.append([operator.itemgetter(*(c[k] for c in chosen)) for k in range(6)])
            else:
                out.append([operator.itemgetter(*(c[0] for c in chosen))])
        return out

    # -- keys and resources --

    def unit(self, field: int) -> int:
        """The packed resource vector with one of ``field`` (0: a hint, k+1: a power of kind k)."""
        return 1 << (self.width * field)

    def resources(self, hints: int, powers: Sequence[int]) -> int:
        """Pack hints and the unused power kinds (one entry per power) into a resource vector."""
        r = hints
        for k in powers:
            r += self.unit(k + 1)
        return r

    def field(self, r: int, field: int) -> int:
        return (r >> (self.width * field)) & ((1 << self.width) - 1)

    def key(self, deck: int, slots: tuple[int, int, int], claimed: int, r: int) -> int:
        s1, s2, s3 = slots
        sb = self.slot_bits
        packed_slots = ((s1 + 1) << (2 * sb)) | ((s2 + 1) << sb) | (s3 + 1)
        return (((((deck << (3 * sb)) | packed_slots) << self.point_bits) | claimed) << self.rbits) | r

    def subresources(self, r: int) -> list[tuple[int, list[tuple[int, int]]]]:
        """Every resource vector up to ``r``, fewest first, each with (field, vector minus one of it)."""
        cached = self._subs.get(r)
        if cached is not None:
            return cached
        ranges = [range(self.field(r, f) + 1) for f in range(self.fields)]
        vectors = sorted(itertools.product(*ranges), key=sum)
        out = []
        for vec in vectors:
            packed = sum(v << (self.width * f) for f, v in enumerate(vec))
            prev = [(f, packed - self.unit(f)) for f in range(self.fields) if vec[f] > 0]
            out.append((packed, prev))
        self._subs[r] = out
        return out

    # -- values --

    def terminal(self, claimed: int, hints: int) -> float:
        score = claimed + hints
        if self.mode == SCORE:
            return float(score)
        return 1.0 if score >= self.cardset.target else 0.0

    def value(self, deck: int, slots: tuple[int, int, int], claimed: int, r: int) -> float:
        """The value of the position at the start of a turn (before the draw)."""
        return self.block(deck, slots, claimed, r)(r)

    def block(self, deck: int, slots: tuple[int, int, int], claimed: int, top: int) -> Callable[[int], float]:
        """Values of the position for every resource vector r <= ``top``, as a function of r.

        One turn subgraph solved for ``top`` holds the tables of every smaller
        resource vector too, so the positions that differ only in resources
        are solved together.
        """
        hint_mask = (1 << self.width) - 1
        if deck == 0 and slots == (-1, -1, -1):
            return lambda r: self.terminal(claimed, r & hint_mask)
        secure, lost = self.hint_thresholds(deck, slots, claimed)
        base = self.key(deck, slots, claimed, 0)
        memo = self.memo
        for sub, _ in self.subresources(top):
            h = sub & hint_mask
            if lost <= h < secure and base | sub not in memo:
                self._solve_block(deck, slots, claimed, top, base, secure, lost)
                break

        def lookup(r: int) -> float:
            h = r & hint_mask
            if h >= secure:
                return 1.0
            if h < lost:
                return 0.0
            return memo[base | r]

        return lookup

    def hint_thresholds(self, deck: int, slots: tuple[int, int, int], claimed: int) -> tuple[float, float]:
        """With h hints the position is won if h >= the first number, lost if h < the second."""
        if self.mode != WIN:
            return float("inf"), float("-inf")
        points = self.points
        left = self.deck_points[deck] + sum(points[c] for c in slots if c >= 0)
        target = self.cardset.target
        return target - claimed, target - claimed - left

    def _solve_block(
        self, deck: int, slots: tuple[int, int, int], claimed: int, top: int, base: int, secure: float, lost: float
    ) -> None:
        display = [(c, rot) for rot, c in enumerate(slots, start=1) if c >= 0]
        subs = [sub for sub, _ in self.subresources(top)]
        totals = dict.fromkeys(subs, 0.0)
        draws = [c for c in range(self.n) if deck >> c & 1] or [-1]
        for c in draws:
            if c >= 0:
                tables = self.turn_tables(deck & ~(1 << c), [(c, 0)] + display, claimed, top)
            else:
                tables = self.turn_tables(0, display, claimed, top)
            for sub in subs:
                row = tables[sub]
                totals[sub] += row if isinstance(row, float) else sum(map(operator.mul, ROLL_WEIGHTS, row))
        hint_mask = (1 << self.width) - 1
        for sub in subs:
            if lost <= sub & hint_mask < secure and base | sub not in self.memo:
                self.stats.states += 1
                self.memo[base | sub] = totals[sub] / len(draws)

    def next_values(
        self, deck: int, display: list[tuple[int, int]], claimed: int, r: int
    ) -> list[tuple[int, int, dict[int, float]]]:
        """Per ending option (card claimed, -1 for none): its dice mask and ``W[r']`` for every r' <= r."""
        options = []
        subs = self.subresources(r)
        rot_of = dict(display)
        for claim in [-1] + [c for c, _ in display]:
            slots = [-1, -1, -1]
            for c, rot in display:
                if c != claim and self.masks[c][rot + 1]:
                    slots[rot] = c  # rotation rot+1 sits in slot index rot
            slot_key = (slots[0], slots[1], slots[2])
            gained = self.points[claim] if claim >= 0 else 0
            extra = self.unit(self.kind_of[claim] + 1) if claim >= 0 and self.kind_of[claim] >= 0 else 0
            mask = self.masks[claim][rot_of[claim]] if claim >= 0 else (1 << 21) - 1
            lookup = self.block(deck, slot_key, claimed + gained, r + extra)
            values = {sub: lookup(sub + extra) for sub, _ in subs}
            options.append((claim, mask, values))
        return options

    def turn_tables(
        self, deck: int, display: list[tuple[int, int]], claimed: int, r: int
    ) -> dict[int, list[float] | float]:
        """For every resource vector r' <= r: the value of each dice pair (a float when all are equal)."""
        return self.turn_solution(deck, display, claimed, r)[1]

    def turn_solution(
        self, deck: int, display: list[tuple[int, int]], claimed: int, r: int
    ) -> tuple[list[tuple[int, int, dict[int, float]]], dict[int, list[float] | float]]:
        """The ending options of :meth:`next_values` and the tables of :meth:`turn_tables`."""
        self.stats.turns += 1
        options = self.next_values(deck, display, claimed, r)
        none_values = options[0][2]
        claims = [(mask, values) for _, mask, values in options[1:]]
        tables: dict[int, list[float] | float] = {}
        peaks: dict[int, float] = {}
        for sub, prev in self.subresources(r):
            base = none_values[sub]
            useful = [(mask, values[sub]) for mask, values in claims if values[sub] > base]
            if not useful:
                tables[sub] = peaks[sub] = base  # nothing beats ending the turn, whatever the dice
                continue
            row = [base] * 21
            for mask, w in useful:
                for i in self.pairs_of(mask):
                    if row[i] < w:
                        row[i] = w
            low = min(row)
            for f, before in prev:
                if peaks[before] > low:  # otherwise spending cannot beat any pair's value
                    row = self._improve(row, tables[before], f)
            tables[sub] = row
            peaks[sub] = max(row)
        return options, tables

    def _improve(self, row: list[float], before: list[float] | float, field: int) -> list[float]:
        """Let each dice pair spend one of ``field`` and continue with the table ``before``."""
        if isinstance(before, float):
            # A constant table is at most this one's base (values never fall as
            # resources grow), so spending to reach it gains nothing.
            return row
        gathers = self.gathers[field]
        if len(gathers[0]) == 1:
            return list(map(max, row, *[g[0](before) for g in gathers]))
        for g1, g2, g3, g4, g5, g6 in gathers:
            means = [
                (a + b + c + d + e + f) / 6
                for a, b, c, d, e, f in zip(g1(before), g2(before), g3(before), g4(before), g5(before), g6(before))
            ]
            row = list(map(max, row, means))
        return row

    def pairs_of(self, mask: int) -> list[int]:
        """The dice pair indices in a 21-bit mask."""
        pairs = self._mask_pairs.get(mask)
        if pairs is None:
            pairs = self._mask_pairs[mask] = [i for i in range(21) if mask >> i & 1]
        return pairs

    def win_probability(self) -> float:
        """The value of a new game (the chance of reaching the target, or the expected score)."""
        return self.value((1 << self.n) - 1, (-1, -1, -1), 0, self.cardset.hints)

    # -- on-disk cache --

    def identity(self) -> bytes:
        """What this solution belongs to: the SHA-256 of the file format, the mode and the card set's canonical text.

        The canonical text holds everything a value depends on (each card's points, power and
        edges, their order, the target, the hints); a saved solution of another set, mode or
        format fails this check (:data:`FOREIGN`) however it came to be at this set's name.
        """
        return solution_identity(self.cardset, self.mode)

    def save(self, path: Path) -> None:
        """Write the memo: a header (format, version, identity, count, checksum), then the keys and values."""
        write_solution(path, self.identity(), len(self.memo), [_memo_bytes(self.memo)])

    def load(self, path: Path) -> str:
        """Read a memo written by :meth:`save`: :data:`LOADED`, or why not (see :func:`read_solution`).

        The size is checked against the header before anything is read into memory,
        then the identity and the checksum; a file that fails any is left unused.
        """
        status, payload, count = read_solution(path, self.identity())
        if status != LOADED:
            return status
        self.memo = _memo_from_bytes(payload, count)
        return LOADED


CACHE_MAGIC = b"MUSESOLV"
CACHE_VERSION = 3
"""Raised whenever the layout of a saved solution or the meaning of its keys changes; another version is
solved again. Version 3 added the identity of the card set (version 2 trusted any file at the set's name)."""
_OLD_MAGIC = b"MUSES01\0"
"""Version 1 had no checksum: it is solved again, not trusted."""
_ENTRY_BYTES = 16
"""A key (unsigned 64 bits) and a value (a double), both little-endian."""
SOLUTION_FORMAT = SolutionFormat(CACHE_MAGIC, CACHE_VERSION, _ENTRY_BYTES, old_magics=(_OLD_MAGIC,))
"""The solution file (:class:`tabletop.solutions.SolutionFormat`): the header, then the keys, then the values."""
_HEADER = SOLUTION_FORMAT.header
"""Magic, version, identity (:meth:`Solver.identity`), number of entries, SHA-256 of the keys and values that follow."""


def solution_identity(cardset: CardSet, mode: str) -> bytes:
    """The identity a saved solution of ``cardset`` in ``mode`` carries (see :meth:`Solver.identity`).

    >>> from tabletop_muses.cards import load_cards
    >>> solution_identity(load_cards(), WIN) == solution_identity(load_cards().with_target(19), WIN)
    False
    """
    text = f"muses solution {CACHE_VERSION}\nmode {mode}\n{canonical_text(cardset)}"
    return hashlib.sha256(text.encode("utf-8")).digest()


def _memo_bytes(memo: dict[int, float]) -> bytes:
    keys, values = array("Q", memo.keys()), array("d", memo.values())
    if sys.byteorder != "little":
        keys.byteswap()
        values.byteswap()
    return keys.tobytes() + values.tobytes()


def write_solution(path: Path, identity: bytes, count: int, payload: Sequence[bytes]) -> None:
    """Write a solution file whole or not at all: the header, then ``payload`` (the keys, then the values).

    See :meth:`tabletop.solutions.SolutionFormat.write`.
    """
    SOLUTION_FORMAT.write(path, identity, count, payload)


def read_solution(path: Path, identity: bytes) -> tuple[str, bytes, int]:
    """The checked entries of the solution file of ``identity``: (:data:`LOADED`, the keys then the values,
    their count), or a status saying why there are none, with no bytes: :data:`MISSING`, :data:`OUTDATED`
    (another version), :data:`DAMAGED`, :data:`FOREIGN` (another card set or mode), :data:`NOT_A_FILE`,
    :data:`NO_FOLDER` or :data:`UNREADABLE` (see :meth:`tabletop.solutions.SolutionFormat.read`).
    """
    return SOLUTION_FORMAT.read(path, identity)


def _memo_from_bytes(payload: bytes, count: int) -> dict[int, float]:
    keys, values = array("Q"), array("d")
    keys.frombytes(payload[: count * 8])
    values.frombytes(payload[count * 8 :])
    if sys.byteorder != "little":
        keys.byteswap()
        values.byteswap()
    return dict(zip(keys, values))


class NaiveEvaluator:
    """The exact value of the naive policy (:class:`~tabletop_muses.agents.NaiveAgent`) for one card set.

    The naive player claims the first claimable muse of the display, oldest first (the one
    turned the most times; the card just drawn comes last), and never uses a hint or a power.
    Its value is computed over the same turn-start positions as :class:`Solver` (deck, the
    three display slots, points claimed; the hints never change and powers are never used),
    the dice being weighed by the probability of each claim the policy makes. Nothing is
    sampled: with ``exact=True`` every value is a :class:`~fractions.Fraction`.

        >>> from tabletop_muses.cards import load_cards
        >>> naive = NaiveEvaluator(load_cards().with_target(6), exact=True)
        >>> 0 <= naive.win_probability() <= 1
        True
    """

    def __init__(self, cardset: CardSet, mode: str = WIN, exact: bool = False) -> None:
        if mode not in (WIN, SCORE):
            raise ValueError(f"mode is {WIN!r} or {SCORE!r}, not {mode!r}")
        self.cardset = cardset
        self.mode = mode
        self.exact = exact
        cards = cardset.cards
        self.n = len(cards)
        self.points = [c.points for c in cards]
        self.masks = [[(e.mask if e is not None else 0) for e in c.edges] + [0] for c in cards]
        self.weights: tuple[Any, ...] = (
            tuple(Fraction(1 if a == b else 2, 36) for a, b in PAIRS) if exact else ROLL_WEIGHTS
        )
        self.zero: Any = Fraction(0) if exact else 0.0
        self.one: Any = Fraction(1) if exact else 1.0
        self.deck_points = [0] * (1 << self.n)
        for mask in range(1, 1 << self.n):
            low = mask & -mask
            self.deck_points[mask] = self.deck_points[mask ^ low] + self.points[low.bit_length() - 1]
        self.memo: dict[tuple[int, tuple[int, int, int], int], Any] = {}
        self._mass: dict[int, Any] = {}

    def mass(self, mask: int) -> Any:
        """The probability that a roll of two dice falls in the 21-bit pair ``mask``."""
        found = self._mass.get(mask)
        if found is None:
            found = self._mass[mask] = sum((w for i, w in enumerate(self.weights) if mask >> i & 1), self.zero)
        return found

    def terminal(self, claimed: int) -> Any:
        """The value of a finished game with ``claimed`` points (the hints are all kept)."""
        score = claimed + self.cardset.hints
        if self.mode == SCORE:
            return self.one * score
        return self.one if score >= self.cardset.target else self.zero

    def value(self, deck: int, slots: tuple[int, int, int], claimed: int) -> Any:
        """The naive player's value of the position at the start of a turn (before the draw)."""
        key = (deck, slots, claimed)
        found = self.memo.get(key)
        if found is not None:
            return found
        hints = self.cardset.hints
        if deck == 0 and slots == (-1, -1, -1):
            return self.terminal(claimed)
        if self.mode == WIN:
            if claimed + hints >= self.cardset.target:
                return self.one
            left = self.deck_points[deck] + sum(self.points[c] for c in slots if c >= 0)
            if claimed + hints + left < self.cardset.target:
                return self.zero
        draws = [c for c in range(self.n) if deck >> c & 1] or [-1]
        total = self.zero
        for c in draws:
            total += self._turn(deck & ~(1 << c) if c >= 0 else 0, slots, c, claimed)
        value = total / len(draws)
        self.memo[key] = value
        return value

    def _turn(self, deck: int, slots: tuple[int, int, int], drawn: int, claimed: int) -> Any:
        """The value of a turn once ``drawn`` (-1: none) is turned up: the dice decide the claim."""
        # Oldest first: slot 3 (turned three times), 2, 1, then the card just drawn.
        display = [(c, rot) for rot, c in ((3, slots[2]), (2, slots[1]), (1, slots[0]), (0, drawn)) if c >= 0]
        covered = 0
        total = self.zero
        for claim, rot in [*display, (-1, -1)]:
            if claim >= 0:
                mask = self.masks[claim][rot] & ~covered
                covered |= mask
                p = self.mass(mask)
            else:
                p = self.one - self.mass(covered)
            if not p:
                continue
            new = [-1, -1, -1]
            for c, r in display:
                if c != claim and self.masks[c][r + 1]:
                    new[r] = c  # rotation r + 1 sits in slot index r
            gained = self.points[claim] if claim >= 0 else 0
            total += p * self.value(deck, (new[0], new[1], new[2]), claimed + gained)
        return total

    def win_probability(self) -> Any:
        """The value of a new game: the naive player's chance of the target (or its expected score)."""
        return self.value((1 << self.n) - 1, (-1, -1, -1), 0)

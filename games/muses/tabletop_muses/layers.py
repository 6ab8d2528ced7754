"""The positions of an exact solve of Muses, layer by layer: the forward pass of the fast solver.

A turn-start position is a *group* (deck, display slots, points claimed) and a
resource vector (hints and unused powers by kind), numbered ``rd`` in a box of all
the vectors a group can hold. Every turn with cards in the deck draws one, so the
number of cards in the deck orders the groups into layers (layer 3 + d holds the
groups with d cards in the deck; layers 0-3 those with an empty deck, by the slots
still held). A layer reads only the layer below it (layer 4, the four below).

:meth:`LayeredSolver._enumerate` finds, from a new game down, every group and
resource vector a game reaches (and every smaller resource vector of them, as the
pure-Python solver's blocks hold), each layer as a table of booleans over
(group, rd), kept as its positions (group row, rd) in order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop_muses.conditions import PAIR_INDEX, PAIRS
from tabletop_muses.solver import ROLL_WEIGHTS, WIN, Solver

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    IntArray = NDArray[np.int64]
    FloatArray = NDArray[np.float64]
    BoolArray = NDArray[np.bool_]

OPTIONS = 5
"""Ways to end a turn: no claim, the card drawn, or the card in each of the three display slots."""
CELLS = 1 << (OPTIONS - 1)
"""The sets of claim options a dice pair can allow."""
SLAB = 8192
"""Groups whose successors the forward pass marks together: their copies stay small."""


class Layer:
    """The groups of one layer (sorted group keys) and its positions (group row, rd), in order."""

    def __init__(self, gkeys: IntArray) -> None:
        np = _numpy()
        self.gkeys = gkeys
        self.rows: Any = np.zeros(0, np.int32)
        self.rds: Any = np.zeros(0, np.int16)
        self.count = 0
        """Positions to solve (the length of :attr:`rows` while they are kept)."""


def _numpy() -> Any:
    import numpy

    return numpy


class LayeredSolver(Solver):
    """The card set's tables, group keys and the forward pass shared by the fast solver's passes."""

    # -- tables of the card set --

    def _setup(self, np: Any) -> None:
        n = self.n
        hints = self.cardset.hints
        caps = [hints] + [self.kind_of.count(k) for k in range(len(self.kinds))]
        radix = [c + 1 for c in caps]
        strides = [1]
        for r in radix[:-1]:
            strides.append(strides[-1] * r)
        size = strides[-1] * radix[-1]
        digits = np.zeros((size, self.fields), np.int64)
        rd = np.arange(size)
        for f in range(self.fields):
            digits[:, f] = (rd // strides[f]) % radix[f]
        self._box = size
        self._strides = np.array(strides, np.int64)
        self._digits = digits
        self._levels = digits.sum(axis=1)
        self._packed = (digits << (self.width * np.arange(self.fields))).sum(axis=1).astype(np.int64)
        self._hint_digit = digits[:, 0]
        self._pts = np.array(self.points + [0], np.int64)  # index -1: no card
        add = [int(strides[k + 1]) if k >= 0 else 0 for k in self.kind_of]
        self._add = np.array(add + [0], np.int64)
        self._alive = np.array([[m != 0 for m in masks] for masks in self.masks] + [[False] * 5], bool)
        mask_table = np.zeros((len(PAIRS), 4 * n + 2), bool)
        for c in range(n):
            for rot in range(4):
                mask_table[:, 4 * c + rot] = [(self.masks[c][rot] >> i) & 1 for i in range(len(PAIRS))]
        mask_table[:, 4 * n] = True  # no claim: any dice
        self._mask_rows = np.ascontiguousarray(mask_table.T)
        self._weights = np.array(ROLL_WEIGHTS, np.float64)
        # Dice moves as row gathers: (moves, 21) for a hint or a deterministic power (a pair with fewer
        # moves repeats itself, harmless: values never fall as resources grow); a re-roll averages the six
        # pairs of each kept face (6, 6), then keeps the better of the low and the high die.
        self._reroll_pairs = np.array([[PAIR_INDEX[min(k, v), max(k, v)] for v in range(1, 7)] for k in range(1, 7)])
        self._low_face = np.array([a - 1 for a, _ in PAIRS])
        self._high_face = np.array([b - 1 for _, b in PAIRS])
        self._moves: list[tuple[bool, Any]] = []
        for moves, random_ in zip([self.hint_moves] + self.kind_moves, [False] + self.kind_is_random, strict=True):
            slots = max(len(m) for m in moves)
            table = np.array(
                [[moves[i][m][0] if m < len(moves[i]) else i for i in range(len(PAIRS))] for m in range(slots)],
                np.int64,
            )
            self._moves.append((random_, table))
        nth = np.full((1 << n, max(1, n)), -1, np.int64)
        for deck in range(1 << n):
            bits = [c for c in range(n) if deck >> c & 1]
            nth[deck, : len(bits)] = bits
        self._nth = nth
        self._popcount = np.array([bin(d).count("1") for d in range(1 << n)], np.int64)
        self._deck_points = np.array(self.deck_points, np.int64)

    # -- group keys --

    def _decode(self, np: Any, gkeys: IntArray) -> tuple[IntArray, IntArray, IntArray, IntArray, IntArray]:
        sb, pb = self.slot_bits, self.point_bits
        smask = (1 << sb) - 1
        claimed = gkeys & ((1 << pb) - 1)
        slots = gkeys >> pb
        s1 = ((slots >> (2 * sb)) & smask) - 1
        s2 = ((slots >> sb) & smask) - 1
        s3 = (slots & smask) - 1
        deck = gkeys >> (pb + 3 * sb)
        return deck, s1, s2, s3, claimed

    def _encode(self, deck: IntArray, s1: IntArray, s2: IntArray, s3: IntArray, claimed: IntArray) -> IntArray:
        sb, pb = self.slot_bits, self.point_bits
        slots = ((s1 + 1) << (2 * sb)) | ((s2 + 1) << sb) | (s3 + 1)
        return (((deck << (3 * sb)) | slots) << pb) | claimed

    def _layer_of(self, np: Any, gkeys: IntArray) -> IntArray:
        """Layer numbers: 3 + cards in the deck while there are any; else 0-3 by the slots still held."""
        deck, s1, s2, _, _ = self._decode(np, gkeys)
        held = np.where(s1 >= 0, 3, np.where(s2 >= 0, 2, np.where(gkeys >> self.point_bits != 0, 1, 0)))
        return np.where(deck != 0, 3 + self._popcount[deck], held)  # type: ignore[no-any-return]

    def _left(self, np: Any, gkeys: IntArray) -> IntArray:
        deck, s1, s2, s3, _ = self._decode(np, gkeys)
        pts = self._pts
        return self._deck_points[deck] + pts[s1] + pts[s2] + pts[s3]  # type: ignore[no-any-return]

    def _draws(self, lid: int) -> int:
        return lid - 3 if lid > 3 else 1

    def _successors(self, np: Any, gkeys: IntArray, draws: int) -> tuple[IntArray, IntArray, IntArray, BoolArray]:
        """For every group, card drawn and ending option: the next group, the resource index added, the dice mask."""
        g = len(gkeys)
        deck, s1, s2, s3, claimed = self._decode(np, gkeys)
        succ = np.zeros((g, draws, OPTIONS), np.int64)
        add = np.zeros((g, draws, OPTIONS), np.int32)
        mask_id = np.full((g, draws, OPTIONS), 4 * self.n + 1, np.int32)
        valid = np.zeros((g, draws, OPTIONS), bool)
        alive = self._alive
        for j in range(draws):
            drawn = np.where(deck != 0, self._nth[deck, j], -1)
            rest = np.where(drawn >= 0, deck & ~(np.int64(1) << np.maximum(drawn, 0)), deck)
            display = (drawn, s1, s2, s3)
            for o in range(OPTIONS):
                claim = display[o - 1] if o else np.full(g, -1, np.int64)
                new = [
                    np.where((card >= 0) & (o != i + 1) & alive[card, i + 1], card, -1)
                    for i, card in enumerate(display[:3])
                ]
                succ[:, j, o] = self._encode(rest, new[0], new[1], new[2], claimed + self._pts[claim])
                add[:, j, o] = self._add[claim]
                if o:
                    valid[:, j, o] = claim >= 0
                    mask_id[:, j, o] = np.where(claim >= 0, 4 * np.maximum(claim, 0) + (o - 1), 4 * self.n + 1)
                else:
                    valid[:, j, o] = True
                    mask_id[:, j, o] = 4 * self.n
        return succ, add, mask_id, valid

    def _by_hints(self, np: Any, gkeys: IntArray) -> FloatArray:
        """(groups, hints 0..H): 1 where won, 0 where lost (WIN), the final score at the end (SCORE); NaN elsewhere."""
        claimed = (gkeys & ((1 << self.point_bits) - 1))[:, None]
        hints = np.arange(self.cardset.hints + 1)[None, :]
        out = np.full((len(gkeys), self.cardset.hints + 1), np.nan)
        if self.mode == WIN:
            target = self.cardset.target
            out[(claimed + hints + self._left(np, gkeys)[:, None] < target)] = 0.0
            out[claimed + hints >= target] = 1.0
        else:
            terminal = (gkeys >> self.point_bits) == 0
            out[terminal] = (claimed + hints)[terminal].astype(np.float64)
        return out  # type: ignore[no-any-return]

    def _pruned(self, np: Any, gkeys: IntArray) -> BoolArray:
        """(groups, resource vectors): True where the position's value is known without solving."""
        known = ~np.isnan(self._by_hints(np, gkeys))
        return np.take(known, self._hint_digit, axis=1)  # type: ignore[no-any-return]

    # -- forward: which positions exist --

    def _enumerate(self, np: Any) -> dict[int, Layer]:
        n = self.n
        top = 3 + n
        start = self.key((1 << n) - 1, (-1, -1, -1), 0, 0) >> self.rbits
        table = np.zeros((1, self._box), bool)
        table[0, : self.cardset.hints + 1] = True  # hints 0..H, no powers (hints are the lowest digit)
        pending: dict[int, list[tuple[IntArray, BoolArray]]] = {top: [(np.array([start], np.int64), table)]}
        layers: dict[int, Layer] = {}
        for lid in range(top, -1, -1):
            chunks = pending.pop(lid, [])
            if not chunks:
                continue
            gkeys, table = self._merge(np, chunks)
            layer = layers[lid] = Layer(gkeys)
            if lid == 0:
                continue  # the game is over: values only
            table &= ~self._pruned(np, gkeys)
            if not table.any():
                continue
            draws = self._draws(lid)
            succ, add, _, valid = self._successors(np, gkeys, draws)
            targets = np.unique(succ[valid])
            tidx = np.searchsorted(targets, succ).astype(np.int32)
            del succ
            reached = np.zeros((len(targets), self._box), bool)
            for g0 in range(0, len(gkeys), SLAB):
                part = slice(g0, g0 + SLAB)
                for j in range(draws):
                    for o in range(OPTIONS):
                        self._reach(np, reached, table[part], tidx[part, j, o], add[part, j, o], valid[part, j, o])
            del tidx, add, valid
            rows, rds = np.nonzero(table)
            del table
            layer.rows, layer.rds, layer.count = rows.astype(np.int32), rds.astype(np.int16), len(rows)
            where = self._layer_of(np, targets)
            for target in np.unique(where):
                sel = where == target
                pending.setdefault(int(target), []).append((targets[sel], reached[sel]))
        return layers

    def _reach(
        self, np: Any, reached: BoolArray, table: BoolArray, tidx: IntArray, add: IntArray, ok: BoolArray
    ) -> None:
        """Mark in ``reached`` what one ending of the turn leads to from every position of ``table``.

        A claimed power adds one of its kind (``add`` in the box); the vector without it is kept too,
        as every smaller resource vector of a position is solved with it.
        """
        for extra in np.unique(add[ok]):
            sel = ok & (add == extra)
            rows = table[sel]
            if extra:
                shifted = np.zeros_like(rows)
                shifted[:, extra:] = rows[:, :-extra]
                rows |= shifted
            targets = tidx[sel]
            order = np.argsort(targets, kind="stable")
            targets = targets[order]
            firsts = np.flatnonzero(np.r_[True, targets[1:] != targets[:-1]])
            reached[targets[firsts]] |= _or_reduce(np, rows[order], firsts)

    def _merge(self, np: Any, chunks: list[tuple[IntArray, BoolArray]]) -> tuple[IntArray, BoolArray]:
        if len(chunks) == 1:
            return chunks[0]
        gkeys, inverse = np.unique(np.concatenate([c[0] for c in chunks]), return_inverse=True)
        table = np.zeros((len(gkeys), self._box), bool)
        at = 0
        for keys, part in chunks:
            rows = inverse[at : at + len(keys)]
            table[rows] |= part  # rows are distinct within a chunk
            at += len(keys)
        return gkeys, table


def _or_reduce(np: Any, rows: BoolArray, firsts: IntArray) -> BoolArray:
    """The rows of each run (starting at ``firsts``) or-ed together, eight booleans to a word."""
    width = rows.shape[1]
    words = -(-width // 8)
    padded = np.zeros((len(rows), words * 8), bool)
    padded[:, :width] = rows
    joined = np.bitwise_or.reduceat(padded.view(np.uint64), firsts, axis=0)
    return joined.view(bool)[:, :width]  # type: ignore[no-any-return]

"""A fast exact solver for Muses: the values of :mod:`tabletop_muses.solver`, a layer at a time with numpy.

The positions and their values are the ones the pure-Python :class:`~tabletop_muses.solver.Solver`
memoises (the same keys, the same pruning); only the order of the work differs:

* **Layers.** A turn-start position is a *group* (deck, display slots, points claimed)
  and a resource vector r (hints and unused powers by kind). Every turn with cards in
  the deck draws one, so the number of cards in the deck orders the groups; once the
  deck is empty the display only shrinks. A layer depends only on layers below it.
* **Forward, then backward.** The groups and resource vectors that can be reached
  from a new game (and every smaller resource vector of them, as the pure-Python
  solver's blocks hold) are found layer by layer from the top, each layer's positions
  as a boolean table over (group, r). Then the layers are evaluated from the bottom.
* **One layer in bulk.** A layer is cut into chunks of whole groups (a few MB, so
  they stay in the processor's cache). For a chunk and the k-th card drawn, every
  position's 21-pair table is computed together: the successor value of each way to
  end the turn is gathered from the dense (group, r) value table of the layer below;
  the best ending of each *cell* (the set of claim options a pair allows, at most 16)
  is formed and every pair reads its cell's. Then, over the resource vectors in
  increasing total, each pair's best use of one hint or power is read from the tables
  of the positions with one resource fewer. The tables are pair-major,
  (21, positions), so every dice move is a row gather; a re-roll is the mean of the
  six pairs of each kept face.

numpy is imported only when a solve runs, never with the game itself.

    >>> from tabletop_muses.cards import load_cards
    >>> solver = FastSolver(load_cards().with_target(6))
    >>> 0.0 < solver.win_probability() <= 1.0
    True
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, MutableMapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tabletop.solutions import LOADED
from tabletop_muses.cards import CardSet
from tabletop_muses.conditions import PAIR_INDEX, PAIRS
from tabletop_muses.size import OutOfMemory, SolveRefused, SolveSize, TooLarge, estimate_size
from tabletop_muses.solver import (
    ROLL_WEIGHTS,
    SCORE,
    WIN,
    Solver,
    read_solution,
    write_solution,
)

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    IntArray = NDArray[np.int64]
    FloatArray = NDArray[np.float64]
    BoolArray = NDArray[np.bool_]

Progress = Callable[[int, int], None]
"""Called as ``progress(done, total)`` while solving; the units are positions times cards drawn."""

OPTIONS = 5
"""Ways to end a turn: no claim, the card drawn, or the card in each of the three display slots."""
CELLS = 1 << (OPTIONS - 1)
"""The sets of claim options a dice pair can allow."""

MEMORY_LIMIT = 4_000_000_000
"""The most memory a solve may take unless told otherwise (``tabletop muses solve --max-memory``): room on a
laptop of 8 GB beside everything else it runs. The default set takes about 0.75 GB."""
MEMORY_BASE = 100_000_000
"""The program, numpy and the card set's tables, before any position (40 MB), with room for a small set's
forward pass, whose tables weigh more beside its few positions."""
BYTES_PER_POSITION = 80
"""Each position's place in its layer (group and resource vector), its key and value, and their sorted copies."""
BYTES_PER_DENSE_VALUE = 8
"""A layer's values are a dense table of doubles, (groups, resource vectors); two layers are held at once.
With these three figures :meth:`FastSolver.memory_needed` says, against the peak measured on this machine:
eight of the default cards 0.26 GB (0.24), the default set 0.88 GB (0.74; 1.05 to maximise the score, 0.76),
the default set with six hints 1.54 GB (1.18), a ten-card set 4.4 GB (3.95): a little above, never below."""


def _numpy() -> Any:
    import numpy

    return numpy


class ArrayMemo(MutableMapping[int, float]):
    """Turn-start values keyed as in :attr:`Solver.memo`, held in two sorted numpy arrays.

    Values added later (a position no layer held) go to a small dict beside them.
    """

    def __init__(self, keys: IntArray | None = None, values: FloatArray | None = None) -> None:
        np = _numpy()
        self.keys_array: IntArray = np.zeros(0, np.int64) if keys is None else keys
        self.values_array: FloatArray = np.zeros(0, np.float64) if values is None else values
        self.extra: dict[int, float] = {}

    def _find(self, key: int) -> int:
        keys = self.keys_array
        i = int(keys.searchsorted(key))
        return i if i < len(keys) and int(keys[i]) == key else -1

    def __getitem__(self, key: int) -> float:
        found = self.extra.get(key)
        if found is not None:
            return found
        i = self._find(key)
        if i < 0:
            raise KeyError(key)
        return float(self.values_array[i])

    def __contains__(self, key: object) -> bool:
        if not isinstance(key, int):
            return False
        return key in self.extra or self._find(key) >= 0

    def __setitem__(self, key: int, value: float) -> None:
        i = self._find(key)
        if i >= 0:
            self.values_array[i] = value
        else:
            self.extra[key] = value

    def __delitem__(self, key: int) -> None:
        if key in self.extra:
            del self.extra[key]
            return
        i = self._find(key)
        if i < 0:
            raise KeyError(key)
        np = _numpy()
        self.keys_array = np.delete(self.keys_array, i)
        self.values_array = np.delete(self.values_array, i)

    def __iter__(self) -> Iterator[int]:
        yield from (int(k) for k in self.keys_array)
        yield from self.extra

    def __len__(self) -> int:
        return len(self.keys_array) + len(self.extra)

    def replace(self, keys: IntArray, values: FloatArray) -> None:
        """Hold these sorted keys and values; additions not among them are kept."""
        extra = self.extra
        self.keys_array, self.values_array, self.extra = keys, values, {}
        for key, value in extra.items():
            if self._find(key) < 0:
                self.extra[key] = value

    def arrays(self) -> tuple[IntArray, FloatArray]:
        """Every key and value as two arrays, sorted by key (the dict's additions merged in)."""
        np = _numpy()
        if not self.extra:
            return self.keys_array, self.values_array
        keys = np.concatenate([self.keys_array, np.fromiter(self.extra.keys(), np.int64, len(self.extra))])
        values = np.concatenate([self.values_array, np.fromiter(self.extra.values(), np.float64, len(self.extra))])
        order = np.argsort(keys, kind="stable")
        return keys[order], values[order]


class _Layer:
    """The groups of one layer (sorted group keys) and its positions (group row, resource index)."""

    def __init__(self, gkeys: IntArray) -> None:
        np = _numpy()
        self.gkeys = gkeys
        self.rows: IntArray = np.zeros(0, np.int64)
        self.rds: IntArray = np.zeros(0, np.int64)
        self.values: FloatArray | None = None
        """Dense (groups, resource vectors) values: computed, pruned (0 or 1, terminal) or NaN (never reached)."""


class FastSolver(Solver):
    """The exact values of :class:`Solver`, all computed at once with numpy (see the module's docstring).

    The pure-Python methods (:meth:`value`, :meth:`block`, :meth:`turn_tables`, ...)
    still answer every question; they read the values this solve fills in. A position
    the layers did not hold (one no game reaches) is solved as the pure-Python solver
    does.
    """

    def __init__(self, cardset: CardSet, mode: str = WIN) -> None:
        super().__init__(cardset, mode)
        self.memo: ArrayMemo = ArrayMemo()  # type: ignore[assignment]
        self.complete = False
        """True once every position of the game has a value in :attr:`memo`."""
        self.progress: Progress | None = None
        """Told how a solve that a question starts goes (see :data:`Progress`)."""
        self._report: tuple[Progress | None, int, int] = (None, 0, 0)
        self.peak_positions = 0
        """The most positions in one layer."""
        self.chunk = 16384
        """Positions whose tables are computed together (a few MB: they stay in the processor's cache)."""
        self.memory_limit: int | None = MEMORY_LIMIT
        """The most bytes a solve may take (None: no limit); a larger one is refused before it starts."""
        self.refusal: SolveRefused | None = None
        """Why the solve was refused or failed, once it was: asked again, it fails at once for the same reason."""

    # -- how big the solve is --

    def memory_needed(self, size: SolveSize | None = None) -> int:
        """About how many bytes the whole solve takes at its peak, from :func:`~tabletop_muses.size.estimate_size`.

        The positions' own records, plus the dense values of the two largest layers held at once.

            >>> from tabletop_muses.cards import load_cards
            >>> 0.7e9 < FastSolver(load_cards()).memory_needed() < 1e9
            True
        """
        size = size or estimate_size(self.cardset, self.mode)
        groups = [g for g, _ in size.layers]
        # Layer d + 3 reads layer d + 2; layer 4 reads the four layers of an empty deck, joined in a copy.
        held = [g + before for g, before in zip(groups[5:], groups[4:], strict=False)]
        held.append(groups[4] + 2 * sum(groups[:4]) if len(groups) > 4 else sum(groups))
        dense = max(held) * size.box * BYTES_PER_DENSE_VALUE
        return MEMORY_BASE + size.positions * BYTES_PER_POSITION + dense

    def check_size(self) -> None:
        """Raise :class:`~tabletop_muses.size.TooLarge` if the solve would need more than :attr:`memory_limit`."""
        if self.memory_limit is None:
            return
        size = estimate_size(self.cardset, self.mode)
        needed = self.memory_needed(size)
        if needed > self.memory_limit:
            raise TooLarge(needed, self.memory_limit, size)

    # -- the whole solve --

    def solve_all(self, progress: Progress | None = None) -> None:
        """Find every position a game can reach and compute all their values."""
        if self.complete:
            return
        if self.refusal is not None:
            raise self.refusal
        out_of_memory = False
        try:
            self.check_size()
            self._solve_all(progress)
        except SolveRefused as refusal:
            self.refusal = refusal
            raise
        except MemoryError:
            out_of_memory = True  # raised below, once the arrays of the failed solve are let go
        if out_of_memory:
            self._report = (None, 0, 0)
            self.refusal = OutOfMemory(self.memory_needed())
            raise self.refusal

    def _solve_all(self, progress: Progress | None) -> None:
        np = _numpy()
        self._setup(np)
        layers = self._enumerate(np)
        total = sum(len(layer.rows) * max(1, self._draws(lid)) for lid, layer in layers.items())
        self._report = (progress, 0, total)
        if progress is not None:
            progress(0, total)
        keys: list[IntArray] = []
        values: list[FloatArray] = []
        for lid in sorted(layers):
            layer = layers[lid]
            self._evaluate(np, lid, layer, layers)
            if len(layer.rows):
                assert layer.values is not None
                keys.append((layer.gkeys[layer.rows] << self.rbits) | self._packed[layer.rds])
                values.append(layer.values[layer.rows, layer.rds])
            for below in self._sources_done(lid, layers):
                if below in layers:
                    layers[below].values = None
        all_keys = np.concatenate(keys) if keys else np.zeros(0, np.int64)
        all_values = np.concatenate(values) if values else np.zeros(0, np.float64)
        order = np.argsort(all_keys, kind="stable")
        self.memo.replace(all_keys[order], all_values[order])  # in place: callers may hold the memo
        self.stats.states += len(all_keys)
        self.complete = True

    def _draws(self, lid: int) -> int:
        return lid - 3 if lid > 3 else 1

    def _sources_done(self, lid: int, layers: dict[int, _Layer]) -> list[int]:
        """Layers whose values no later layer reads once ``lid`` is evaluated."""
        if lid >= 5:
            return [lid - 1]
        if lid == 4:
            return [z for z in range(4) if z in layers]
        return []

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
        nth = np.full((1 << n, max(1, n)), -1, np.int64)
        for deck in range(1 << n):
            bits = [c for c in range(n) if deck >> c & 1]
            nth[deck, : len(bits)] = bits
        self._nth = nth
        self._popcount = np.array([bin(d).count("1") for d in range(1 << n)], np.int64)
        self._deck_points = np.array(self.deck_points, np.int64)
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
        """Layer numbers: 4 + cards in the deck - 1 while there are any; else 0-3 by the slots still held."""
        deck, s1, s2, _, _ = self._decode(np, gkeys)
        held = np.where(s1 >= 0, 3, np.where(s2 >= 0, 2, np.where(gkeys >> self.point_bits != 0, 1, 0)))
        return np.where(deck != 0, 3 + self._popcount[deck], held)  # type: ignore[no-any-return]

    def _left(self, np: Any, gkeys: IntArray) -> IntArray:
        deck, s1, s2, s3, _ = self._decode(np, gkeys)
        pts = self._pts
        return self._deck_points[deck] + pts[s1] + pts[s2] + pts[s3]  # type: ignore[no-any-return]

    def _successors(self, np: Any, gkeys: IntArray, draws: int) -> tuple[IntArray, IntArray, IntArray, BoolArray]:
        """For every group, card drawn and ending option: the next group, the resource index added, the dice mask."""
        g = len(gkeys)
        deck, s1, s2, s3, claimed = self._decode(np, gkeys)
        succ = np.zeros((g, draws, OPTIONS), np.int64)
        add = np.zeros((g, draws, OPTIONS), np.int64)
        mask_id = np.full((g, draws, OPTIONS), 4 * self.n + 1, np.int64)
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
        return known[:, self._hint_digit]  # type: ignore[no-any-return]

    def _known_values(self, np: Any, gkeys: IntArray) -> FloatArray:
        """(groups, resource vectors): the values decided without solving; NaN elsewhere."""
        return self._by_hints(np, gkeys)[:, self._hint_digit]

    # -- forward: which positions exist --

    def _enumerate(self, np: Any) -> dict[int, _Layer]:
        n = self.n
        top = 3 + n
        start = self.key((1 << n) - 1, (-1, -1, -1), 0, 0) >> self.rbits
        table = np.zeros((1, self._box), bool)
        table[0, : self.cardset.hints + 1] = True  # hints 0..H, no powers (hints are the lowest digit)
        pending: dict[int, list[tuple[IntArray, BoolArray]]] = {top: [(np.array([start], np.int64), table)]}
        layers: dict[int, _Layer] = {}
        for lid in range(top, -1, -1):
            chunks = pending.pop(lid, [])
            if not chunks:
                continue
            gkeys, table = self._merge(np, chunks)
            layer = layers[lid] = _Layer(gkeys)
            if lid == 0:
                continue  # the game is over: values only
            table &= ~self._pruned(np, gkeys)
            rows, rds = np.nonzero(table)
            layer.rows, layer.rds = rows.astype(np.int64), rds.astype(np.int64)
            if not len(rows):
                continue
            draws = self._draws(lid)
            succ, add, _, valid = self._successors(np, gkeys, draws)
            targets = np.unique(succ[valid])
            tidx = np.searchsorted(targets, succ)
            reached = np.zeros(len(targets) * self._box, bool)
            box = self._box
            for j in range(draws):
                for o in range(OPTIONS):
                    ok = valid[:, j, o][rows]
                    if not ok.any():
                        continue
                    spot = (tidx[:, j, o] * box)[rows] + rds
                    extra = add[:, j, o][rows]
                    if not ok.all():
                        spot, extra = spot[ok], extra[ok]
                    reached[spot] = True
                    more = extra > 0
                    reached[spot[more] + extra[more]] = True
            reached = reached.reshape(len(targets), box)
            where = self._layer_of(np, targets)
            for target in np.unique(where):
                sel = where == target
                pending.setdefault(int(target), []).append((targets[sel], reached[sel]))
        return layers

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

    # -- backward: the values --

    def _evaluate(self, np: Any, lid: int, layer: _Layer, layers: dict[int, _Layer]) -> None:
        values = self._known_values(np, layer.gkeys)
        layer.values = values
        count = len(layer.rows)
        if lid == 0 or not count:
            return
        below = [b for b in ([lid - 1] if lid >= 5 else range(min(lid, 4))) if b in layers]
        if len(below) == 1:
            tkeys = layers[below[0]].gkeys
            tvalues = layers[below[0]].values
        else:
            tkeys = np.concatenate([layers[b].gkeys for b in below])
            order = np.argsort(tkeys)
            tkeys = tkeys[order]
            tvalues = np.concatenate([layers[b].values for b in below])[order]
        assert tvalues is not None
        flat = tvalues.reshape(-1)
        box = self._box
        draws = self._draws(lid)
        succ, add, mask_id, valid = self._successors(np, layer.gkeys, draws)
        at = np.searchsorted(tkeys, succ)
        at[~valid] = 0
        found = tkeys[np.minimum(at, len(tkeys) - 1)] == succ
        assert bool(found[valid].all()), "a successor group is missing"
        # Where each ending option's value table starts in ``flat`` (an invalid option's mask allows no dice).
        # Arrays by (card drawn, option, group): each card drawn reads contiguous rows.
        start = np.ascontiguousarray(np.where(valid, at * box + add, 0).transpose(1, 2, 0))
        del succ, add, at, found
        # Each dice pair's cell: bit o-1 set when claim option o allows it (o = 1..4; bit 0 is the card drawn).
        cells = np.zeros((draws, len(PAIRS), len(layer.gkeys)), np.uint8)
        for o in range(1, OPTIONS):
            allowed = self._mask_rows[mask_id[:, :, o]] & valid[:, :, o, None]
            cells |= allowed.transpose(1, 2, 0).astype(np.uint8) << (o - 1)
        del mask_id
        valid = np.ascontiguousarray(valid.transpose(1, 2, 0))
        # Chunks of whole groups: a position's tables read only positions of its own group.
        firsts = np.searchsorted(layer.rows, np.arange(len(layer.gkeys) + 1))
        cuts = [0]
        limit = self.chunk
        while cuts[-1] < len(layer.gkeys):
            g0 = cuts[-1]
            g1 = int(np.searchsorted(firsts, firsts[g0] + limit, side="right")) - 1
            cuts.append(max(g1, g0 + 1))
        for g0, g1 in itertools.pairwise(cuts):
            s0, s1 = int(firsts[g0]), int(firsts[g1])
            if s0 == s1:
                continue
            rows, rds = layer.rows[s0:s1], layer.rds[s0:s1]
            values[rows, rds] = self._evaluate_chunk(
                np, rows - g0, rds, g1 - g0, start[:, :, g0:g1], cells[:, :, g0:g1], valid[:, :, g0:g1], flat, draws
            )
            progress, done, total = self._report
            self._report = (progress, done + (s1 - s0) * draws, total)
            if progress is not None:
                progress(done + (s1 - s0) * draws, total)
        self.stats.turns += count * draws
        self.peak_positions = max(self.peak_positions, count)

    def _evaluate_chunk(
        self,
        np: Any,
        rows: IntArray,
        rds: IntArray,
        groups: int,
        start: IntArray,
        cells: NDArray[np.uint8],
        valid: BoolArray,
        flat: FloatArray,
        draws: int,
    ) -> FloatArray:
        """The values of the positions (rows, rds) of a few whole groups, averaged over the cards drawn."""
        count = len(rows)
        levels = self._levels[rds]
        order = np.argsort(levels, kind="stable")
        rows, rds, levels = rows[order], rds[order], levels[order]
        bounds = np.searchsorted(levels, np.arange(int(levels[-1]) + 2))
        index = np.full((groups, self._box), -1, np.int64)
        index[rows, rds] = np.arange(count)
        # The spending steps, the same for every card drawn: (first, last, field, tables read, positions or None).
        # Column ``count`` of the table is -inf: a position without the resource reads it and gains nothing.
        steps: list[tuple[int, int, int, IntArray, IntArray | None]] = []
        for level in range(1, len(bounds) - 1):
            lo, hi = int(bounds[level]), int(bounds[level + 1])
            for f in range(self.fields):
                has = self._digits[rds[lo:hi], f] > 0
                if not has.any():
                    continue
                prev = np.where(has, index[rows[lo:hi], np.maximum(rds[lo:hi] - self._strides[f], 0)], -1)
                has = prev >= 0  # a position with one hint fewer may be lost already: no gain from it
                share = int(has.sum())
                if share * 4 >= hi - lo:
                    steps.append((lo, hi, f, np.where(has, prev, count), None))
                elif share:
                    steps.append((lo, hi, f, prev[has], np.nonzero(has)[0] + lo))
        del index
        starts = start[:, :, rows]
        # Where each (pair, position)'s cell value lies in ``best`` (cells, positions).
        spots = cells[:, :, rows].astype(np.int64)
        spots *= count
        spots += np.arange(count)
        best = np.empty((CELLS, count))
        table = np.empty((len(PAIRS), count + 1))  # pair-major: a dice move is a row gather
        table[:, count] = -np.inf
        total = np.zeros(count)
        for j in range(draws):
            # The best ending for each cell of options, then each pair reads its cell's value.
            present = [o for o in range(1, OPTIONS) if valid[j, o].any()]
            top = max(present, default=0)
            best[0] = flat[starts[j, 0] + rds]
            for o in range(1, top + 1):
                bit = 1 << (o - 1)
                w = flat[starts[j, o] + rds] if o in present else None
                for c in range(bit, 2 * bit):
                    if w is None:
                        best[c] = best[c - bit]
                    else:
                        np.maximum(best[c - bit], w, out=best[c])
            table[:, :count] = np.take(best, spots[j], mode="clip")
            if np.isnan(table[:, :count]).any():
                raise AssertionError("a successor position has no value")
            for lo, hi, f, prev, cols in steps:
                spent = self._spend(np, np.take(table, prev, axis=1, mode="clip"), f)
                if cols is None:
                    np.maximum(table[:, lo:hi], spent, out=table[:, lo:hi])
                else:
                    table[:, cols] = np.maximum(np.take(table, cols, axis=1, mode="clip"), spent)
            total += self._weights @ table[:, :count]
        out = np.empty(count)
        out[order] = total / draws
        return out  # type: ignore[no-any-return]

    def _spend(self, np: Any, before: FloatArray, field: int) -> FloatArray:
        """Each pair's best result of one use of ``field``, given the tables ``before`` (21, positions)."""
        random_, moves = self._moves[field]
        if random_:
            # Re-rolling one die keeps the other: the mean over the six results of each kept face,
            # then the better of keeping the low or the high die.
            kept = before[self._reroll_pairs].sum(axis=1)  # (6 kept faces, positions)
            return np.maximum(kept[self._low_face], kept[self._high_face]) / 6  # type: ignore[no-any-return]
        out = before[moves[0]]
        for move in moves[1:]:
            np.maximum(out, before[move], out=out)
        return out  # type: ignore[no-any-return]

    # -- the pure-Python methods read the values --

    def _solve_block(
        self, deck: int, slots: tuple[int, int, int], claimed: int, top: int, base: int, secure: float, lost: float
    ) -> None:
        if not self.complete:
            self.solve_all(self.progress)
            hint_mask = (1 << self.width) - 1
            if all(base | sub in self.memo for sub, _ in self.subresources(top) if lost <= sub & hint_mask < secure):
                return
        super()._solve_block(deck, slots, claimed, top, base, secure, lost)

    # -- on-disk cache (the same file format as :class:`Solver`) --

    def save(self, path: Path) -> None:
        """Write the values as :meth:`Solver.save` does (keys, then values, little-endian)."""
        keys, values = self.memo.arrays()
        payload = [keys.astype("<u8").tobytes(), values.astype("<f8").tobytes()]
        write_solution(path, self.identity(), len(keys), payload)

    def load(self, path: Path) -> str:
        """Read values written by :meth:`save` or :meth:`Solver.save`; the same checks and answers."""
        status, payload, count = read_solution(path, self.identity())
        if status != LOADED:
            return status
        np = _numpy()
        keys = np.frombuffer(payload, "<u8", count).astype(np.int64)
        values = np.frombuffer(payload, "<f8", count, offset=count * 8).astype(np.float64)
        order = np.argsort(keys, kind="stable")
        self.memo = ArrayMemo(keys[order], values[order])
        return LOADED


__all__ = ["SCORE", "WIN", "ArrayMemo", "FastSolver", "Progress"]

"""A fast exact solver for Muses: the values of :mod:`tabletop_muses.solver`, a layer at a time with numpy.

The positions and their values are the ones the pure-Python :class:`~tabletop_muses.solver.Solver`
memoises (the same keys, the same pruning); only the order of the work differs:

* **Layers.** The forward pass (:mod:`tabletop_muses.layers`) finds every position a
  game reaches, layer by layer from a new game down (a layer: the groups with the same
  number of cards in the deck). Then the layers are evaluated from the bottom; only the
  values of the layer below are kept beside the one being evaluated.
* **Values only where they exist.** A layer's values are held group by group: each group's
  block holds the values of its positions, then the known value (won, lost, or the final
  score) for each hint count. A small table (group, resource vector) -> place in the block,
  one byte a place, is all the lookup a successor needs: no hashing, no search.
* **One layer in bulk.** A layer is cut into chunks of whole groups (a few MB, so they stay
  in the processor's cache). For a chunk and the k-th card drawn, every position's 21-pair
  table is computed together: the successor value of each way to end the turn is read from
  the layer below, the best ending of each *cell* (the set of claim options a pair allows,
  at most 16) is formed and every pair reads its cell's. Then, over the resource vectors in
  increasing total, each pair's best use of one hint or power is read from the tables of the
  positions with one resource fewer. The tables are pair-major, (21, positions), so every
  dice move is a gather of whole rows; a re-roll is the mean of the six pairs of each kept
  face. (The dice as a 6x6 grid of ordered pairs, each move a slice, was tried: with numpy
  it is slower, as 36 rows are read and summed where 21 do.)
* **Keys in place.** The memo's keys are sorted by deck first, and a deck's positions all lie
  in one layer, in order; so each layer writes its keys and values straight to their places
  in the memo's two arrays, and only the few positions of an empty deck are sorted at the end.

numpy is imported only when a solve runs, never with the game itself.

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
    >>> solver = FastSolver(two_cards)
    >>> round(solver.win_probability(), 4), solver.complete  # as the pure-Python solver says
    (0.8109, True)
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from tabletop.solutions import LOADED
from tabletop_muses.array_memo import ArrayMemo
from tabletop_muses.cards import CardSet
from tabletop_muses.conditions import PAIRS
from tabletop_muses.layers import CELLS, OPTIONS, Layer, LayeredSolver
from tabletop_muses.size import OutOfMemory, SolveRefused, SolveSize, TooLarge, estimate_size
from tabletop_muses.solver import SCORE, WIN, read_solution, write_solution

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    IntArray = NDArray[np.int64]
    FloatArray = NDArray[np.float64]
    BoolArray = NDArray[np.bool_]

Progress = Callable[[int, int], None]
"""Called as ``progress(done, total)`` while solving; the units are positions times cards drawn."""

MEMORY_LIMIT = 4_000_000_000
"""The most memory a solve may take unless told otherwise (``tabletop muses solve --max-memory``): room on a
laptop of 8 GB beside everything else it runs. The default set takes about 0.23 GB."""
MEMORY_BASE = 60_000_000
"""The program, numpy and the card set's tables, before any position."""
BYTES_PER_POSITION = 24
"""Each position's key and value in the memo (16), its place in its layer while the layers wait (6), and the
values of the layer being read (2, spread over the layers)."""
BYTES_PER_GROUP_VECTOR = 3
"""Each (group, resource vector) of the two largest layers held at once: the forward pass's tables of booleans,
and the byte that says where a successor's value lies. With these three figures :meth:`FastSolver.memory_needed`
says, against the peak measured on this machine: eight of the default cards 0.11 GB (0.10; 0.14 to maximise the
score, 0.11), the default set 0.32 GB (0.23; 0.37 to maximise the score, 0.26), the ten-card set of the tests
2.2 GB (1.5): above, never below."""


KEYS_AT_ONCE = 1 << 18
"""Positions whose keys are made together at the end of a solve (a few MB of room)."""


def _numpy() -> Any:
    import numpy

    return numpy


class _Values:
    """The values of one evaluated layer, group by group, and where each (group, rd) finds its own.

    ``vals[first[g] + local[g * box + rd]]`` is the value of (group g, rd): a solved position, or the
    known value of its hint count (the last hints + 1 places of each group's block).
    """

    def __init__(self, gkeys: IntArray, first: IntArray, local: Any, vals: FloatArray, numbers: IntArray) -> None:
        self.gkeys = gkeys
        self.first = first
        self.local = local
        self.vals = vals
        self.numbers = numbers
        """The number (in the layer's order) of each group's first position."""

    def fill(self, np: Any, box: int, positions: slice, rows: IntArray, rds: IntArray, values: FloatArray) -> None:
        """Put the values of the layer's positions ``positions`` (in groups ``rows``, vectors ``rds``) in place."""
        rank = np.arange(positions.start, positions.stop) - self.numbers[rows]
        self.local[rows * box + rds] = rank
        self.vals[self.first[rows] + rank] = values


class FastSolver(LayeredSolver):
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
        self.chunk = 8192
        """Positions whose tables are computed together (a few MB: they stay in the processor's cache)."""
        self.memory_limit: int | None = MEMORY_LIMIT
        """The most bytes a solve may take (None: no limit); a larger one is refused before it starts."""
        self.refusal: SolveRefused | None = None
        """Why the solve was refused or failed, once it was: asked again, it fails at once for the same reason."""

    # -- how big the solve is --

    def memory_needed(self, size: SolveSize | None = None) -> int:
        """About how many bytes the whole solve takes at its peak, from :func:`~tabletop_muses.size.estimate_size`.

        The positions' own records, plus the tables of the two largest layers held at once.

            >>> from tabletop_muses.cards import load_cards
            >>> 0.2e9 < FastSolver(load_cards()).memory_needed() < 0.4e9
            True
        """
        size = size or estimate_size(self.cardset, self.mode)
        groups = [g for g, _ in size.layers]
        held = [g + before for g, before in zip(groups[1:], groups, strict=False)] or groups
        dense = max(held, default=0) * size.box * BYTES_PER_GROUP_VECTOR
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
        total = sum(layer.count * self._draws(lid) for lid, layer in layers.items())
        self._report = (progress, 0, total)
        if progress is not None:
            progress(0, total)
        starts = self._deck_starts(np, layers)
        places = {lid: self._places(np, lid, layer, starts) for lid, layer in sorted(layers.items())}
        count = sum(layer.count for layer in layers.values())
        values = np.empty(count, np.float64)
        below: dict[int, _Values] = {}
        for lid in sorted(layers):
            below[lid] = self._evaluate(np, lid, layers[lid], below, values, places[lid])
            for done in [b for b in below if b < lid and (lid >= 5 or lid == 4)]:
                del below[done]  # no later layer reads it
        del below
        # The keys last, once the values of the layers are let go: the peak of memory is lower.
        keys = np.empty(count, np.int64)
        for lid, layer in layers.items():
            for s0 in range(0, layer.count, KEYS_AT_ONCE):
                rows = layer.rows[s0 : s0 + KEYS_AT_ONCE]
                rds = layer.rds[s0 : s0 + KEYS_AT_ONCE]
                keys[places[lid][rows] + np.arange(s0, s0 + len(rows))] = (
                    layer.gkeys[rows] << self.rbits
                ) | self._packed[rds]
            layer.rows = layer.rds = None
        # The positions of an empty deck come from four layers: their keys are sorted here.
        empty = int(np.searchsorted(keys, 1 << (self.rbits + self.point_bits + 3 * self.slot_bits)))
        if empty:
            order = np.argsort(keys[:empty], kind="stable")
            keys[:empty], values[:empty] = keys[:empty][order], values[:empty][order]
        self.memo.replace(keys, values)  # in place: callers may hold the memo
        self.stats.states += count
        self.complete = True

    def _deck_starts(self, np: Any, layers: dict[int, Layer]) -> IntArray:
        """Where each deck's positions start in the memo's arrays, whose keys are sorted by deck first.

        The positions of an empty deck (layers 0-3) share deck 0: they come first, layer after layer.
        """
        counts = np.zeros(1 << self.n, np.int64)
        for layer in layers.values():
            if layer.count:
                per_group = np.bincount(layer.rows, minlength=len(layer.gkeys))
                counts += np.bincount(self._decode(np, layer.gkeys)[0], per_group, 1 << self.n).astype(np.int64)
        starts = np.zeros(1 << self.n, np.int64)
        np.cumsum(counts[:-1], out=starts[1:])
        return starts  # type: ignore[no-any-return]

    def _places(self, np: Any, lid: int, layer: Layer, starts: IntArray) -> IntArray:
        """By group: where the layer's position number p goes in the memo's arrays, less p.

        A deck lies in one layer, its positions consecutive and in order (groups are sorted by key, deck first).
        """
        groups = len(layer.gkeys)
        if lid < 4:
            at = int(starts[0])
            starts[0] += layer.count
            return np.full(groups, at, np.int64)  # type: ignore[no-any-return]
        deck = self._decode(np, layer.gkeys)[0]
        counts = np.bincount(layer.rows, minlength=groups) if layer.count else np.zeros(groups, np.int64)
        numbers = np.r_[0, np.cumsum(counts)[:-1]]  # the number of each group's first position
        firsts = np.flatnonzero(np.r_[True, deck[1:] != deck[:-1]])
        runs = np.diff(np.r_[firsts, groups])
        return np.repeat(starts[deck[firsts]] - numbers[firsts], runs)  # type: ignore[no-any-return]

    def _blocks(self, np: Any, layer: Layer) -> _Values:
        """The layer's table of values, group by group, with the known values in place (see :class:`_Values`)."""
        gkeys = layer.gkeys
        groups, box, places = len(gkeys), self._box, self.cardset.hints + 1
        counts = np.bincount(layer.rows, minlength=groups) if layer.count else np.zeros(groups, np.int64)
        first = np.zeros(groups + 1, np.int64)
        np.cumsum(counts + places, out=first[1:])
        dtype = np.uint8 if box + places < 255 else np.uint16
        local = np.full((groups, box), np.iinfo(dtype).max, dtype)
        by_hints = self._by_hints(np, gkeys)
        known = ~np.isnan(by_hints)
        for h in range(places):
            rows = np.flatnonzero(known[:, h])
            local[np.ix_(rows, np.flatnonzero(self._hint_digit == h))] = (counts[rows] + h).astype(dtype)[:, None]
        vals = np.empty(int(first[-1]))
        vals[(first[:-1] + counts)[:, None] + np.arange(places)] = by_hints
        numbers = np.r_[0, np.cumsum(counts)[:-1]]
        return _Values(gkeys, first, local.reshape(-1), vals, numbers)

    def _merged(self, np: Any, parts: list[_Values]) -> _Values:
        """One table of values for the layers of an empty deck, which layer 4 (and each of 1-3) reads together."""
        if len(parts) == 1:
            return parts[0]
        gkeys = np.concatenate([p.gkeys for p in parts])
        order = np.argsort(gkeys, kind="stable")
        offsets = np.cumsum([0] + [len(p.vals) for p in parts[:-1]])
        first = np.concatenate([p.first[:-1] + off for p, off in zip(parts, offsets, strict=True)])[order]
        local = np.concatenate([p.local.reshape(len(p.gkeys), -1) for p in parts])[order].reshape(-1)
        return _Values(
            gkeys[order], np.r_[first, 0], local, np.concatenate([p.vals for p in parts]), np.zeros(0, np.int64)
        )

    # -- backward: the values --

    def _evaluate(
        self,
        np: Any,
        lid: int,
        layer: Layer,
        below: dict[int, _Values],
        memo: FloatArray,
        places: IntArray,
    ) -> _Values:
        """The values of the layer's positions, from the values of the layers below: written to ``memo`` (position
        p of group g at ``places[g] + p``) and returned group by group for the layer above."""
        count = layer.count
        out = self._blocks(np, layer)
        if lid == 0 or not count:
            return out
        sources = self._merged(np, [below[b] for b in ([lid - 1] if lid >= 5 else range(min(lid, 4))) if b in below])
        draws = self._draws(lid)
        # Chunks of whole groups: a position's tables read only positions of its own group.
        firsts = np.searchsorted(layer.rows, np.arange(len(layer.gkeys) + 1))
        cuts = [0]
        while cuts[-1] < len(layer.gkeys):
            g0 = cuts[-1]
            g1 = int(np.searchsorted(firsts, firsts[g0] + self.chunk, side="right")) - 1
            cuts.append(max(g1, g0 + 1))
        for g0, g1 in itertools.pairwise(cuts):
            s0, s1 = int(firsts[g0]), int(firsts[g1])
            if s0 == s1:
                continue
            rows = layer.rows[s0:s1].astype(np.int64)
            rds = layer.rds[s0:s1].astype(np.int64)
            reads = self._reads(np, layer.gkeys[g0:g1], draws, sources)
            values = self._evaluate_chunk(np, rows - g0, rds, g1 - g0, reads, sources, draws)
            out.fill(np, self._box, slice(s0, s1), rows, rds, values)
            at = places[rows] + np.arange(s0, s1)
            memo[at] = values
            progress, done, total = self._report
            self._report = (progress, done + (s1 - s0) * draws, total)
            if progress is not None:
                progress(done + (s1 - s0) * draws, total)
        self.stats.turns += count * draws
        self.peak_positions = max(self.peak_positions, count)
        return out

    def _reads(
        self, np: Any, gkeys: IntArray, draws: int, sources: _Values
    ) -> tuple[IntArray, IntArray, NDArray[np.uint8], BoolArray]:
        """For a few groups, by (card drawn, option, group): where each ending's value lies in ``sources``
        (a place in its table of places, and its group's block), the dice cells, and which options exist."""
        box = self._box
        succ, add, mask_id, valid = self._successors(np, gkeys, draws)
        at = np.searchsorted(sources.gkeys, succ)
        at[~valid] = 0
        found = sources.gkeys[np.minimum(at, len(sources.gkeys) - 1)] == succ
        assert bool(found[valid].all()), "a successor group is missing"
        # An invalid option (no card to claim) reads anything: no dice pair allows it.
        lookup = np.ascontiguousarray(np.where(valid, at * box + add, 0).transpose(1, 2, 0))
        first = np.ascontiguousarray(np.where(valid, sources.first[at], 0).transpose(1, 2, 0))
        # Each dice pair's cell: bit o-1 set when claim option o allows it (o = 1..4; bit 0 is the card drawn).
        cells = np.zeros((draws, len(PAIRS), len(gkeys)), np.uint8)
        for o in range(1, OPTIONS):
            allowed = self._mask_rows[mask_id[:, :, o]] & valid[:, :, o, None]
            cells |= allowed.transpose(1, 2, 0).astype(np.uint8) << (o - 1)
        return lookup, first, cells, np.ascontiguousarray(valid.transpose(1, 2, 0))

    def _spending_steps(
        self, np: Any, rows: IntArray, rds: IntArray, groups: int
    ) -> list[tuple[int, int, int, IntArray, IntArray | None]]:
        """The steps of spending one resource, the same for every card drawn: (first, last, field, tables read,
        positions or None), the positions sorted by total resources. Column ``len(rows)`` of a chunk's table is
        -inf: a position without the resource reads it and gains nothing."""
        count = len(rows)
        levels = self._levels[rds]
        bounds = np.searchsorted(levels, np.arange(int(levels[-1]) + 2))
        index = np.full((groups, self._box), -1, np.int64)
        index[rows, rds] = np.arange(count)
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
        return steps

    def _evaluate_chunk(
        self,
        np: Any,
        rows: IntArray,
        rds: IntArray,
        groups: int,
        reads: tuple[IntArray, IntArray, NDArray[np.uint8], BoolArray],
        sources: _Values,
        draws: int,
    ) -> FloatArray:
        """The values of the positions (rows, rds) of a few whole groups, averaged over the cards drawn."""
        lookup, first, cells, valid = reads
        count = len(rows)
        order = np.argsort(self._levels[rds], kind="stable")
        rows, rds = rows[order], rds[order]
        steps = self._spending_steps(np, rows, rds, groups)
        # Where each (pair, position)'s cell value lies in ``best`` (cells, positions).
        spots = cells[:, :, rows].astype(np.int64)
        spots *= count
        spots += np.arange(count)
        best = np.empty((CELLS, count))
        table = np.empty((len(PAIRS), count + 1))  # pair-major: a dice move is a row gather
        table[:, count] = -np.inf
        fill = np.empty((len(PAIRS), count))
        total = np.zeros(count)
        for j in range(draws):
            # The best ending for each cell of options, then each pair reads its cell's value.
            present = [o for o in range(1, OPTIONS) if valid[j, o].any()]
            top = max(present, default=0)
            best[0] = self._successor_values(np, lookup[j, 0], first[j, 0], rows, rds, sources)
            for o in range(1, top + 1):
                bit = 1 << (o - 1)
                w = self._successor_values(np, lookup[j, o], first[j, o], rows, rds, sources) if o in present else None
                for c in range(bit, 2 * bit):
                    if w is None:
                        best[c] = best[c - bit]
                    else:
                        np.maximum(best[c - bit], w, out=best[c])
            np.take(best, spots[j], out=fill, mode="clip")
            table[:, :count] = fill
            for lo, hi, f, prev, cols in steps:
                # np.take gathers columns some 25% faster than fancy indexing does.
                spent = self._spend(np, np.take(table, prev, axis=1), f)
                if cols is None:
                    np.maximum(table[:, lo:hi], spent, out=table[:, lo:hi])
                else:
                    table[:, cols] = np.maximum(np.take(table, cols, axis=1), spent)
            total += self._weights @ table[:, :count]
        if np.isnan(total).any():  # a NaN read anywhere reaches the total: max and sums keep it
            raise AssertionError("a successor position has no value")
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

    def _successor_values(
        self, np: Any, lookup: IntArray, first: IntArray, rows: IntArray, rds: IntArray, sources: _Values
    ) -> FloatArray:
        """The value of one ending of the turn for each position: a place in the table, then the value there."""
        local = np.take(sources.local, lookup[rows] + rds, mode="clip")
        return np.take(sources.vals, first[rows] + local, mode="clip")  # type: ignore[no-any-return]

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
        np = _numpy()
        keys, values = self.memo.arrays()
        # Read in place where the machine is little-endian already: no copy of the solution is made (the
        # checksum and the file take any buffer, not only bytes).
        little = [keys.view(np.uint64).astype("<u8", copy=False), values.astype("<f8", copy=False)]
        payload = cast("list[bytes]", [array.data for array in little])
        write_solution(path, self.identity(), len(keys), payload)

    def load(self, path: Path) -> str:
        """Read values written by :meth:`save` or :meth:`Solver.save`; the same checks and answers."""
        status, payload, count = read_solution(path, self.identity())
        if status != LOADED:
            return status
        np = _numpy()
        keys = np.frombuffer(payload, "<u8", count).astype(np.int64)
        values = np.frombuffer(payload, "<f8", count, offset=count * 8).astype(np.float64)
        del payload
        if not bool((keys[1:] > keys[:-1]).all()):  # this solver writes its keys in order; the other does not
            order = np.argsort(keys, kind="stable")
            keys, values = keys[order], values[order]
        self.memo = ArrayMemo(keys, values)
        return LOADED


__all__ = ["SCORE", "WIN", "ArrayMemo", "FastSolver", "Progress"]

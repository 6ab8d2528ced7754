"""How big the exact solve of a card set is, known in a fraction of a second, before it starts.

The solvers value every *turn-start position* a game can reach: a *group* (the
cards still in the deck, the three display slots, the points claimed) and a
resource vector (hints left, unused powers by kind). :func:`estimate_size`
bounds their number from the card set's shape alone, without playing a move:

* every deck D and every way the display can hold cards drawn before (a card in
  slot k was turned up k turns ago, so it shows a live edge at rotations 1..k);
* the cards gone (neither in the deck nor the display) were claimed or discarded,
  so the points claimed are the sum of some subset of them, and the unused powers
  of a kind number at most the cards of that kind in such a subset;
* a position already won (points and hints reach the target) or lost (not even
  every card left would do) is never solved.

The bound counts a few positions no game reaches (about 15% more on the default
set: 6.4 million for 5.5 million), never fewer. The positions and groups are
counted by layer (the solvers' order: cards in the deck, then the display), from
which :meth:`~tabletop_muses.fast_solver.FastSolver.memory_needed` says how much
memory the solve takes.

    >>> from tabletop_muses.cards import load_cards
    >>> size = estimate_size(load_cards())
    >>> 5_542_017 <= size.positions < 7_000_000, size.box
    (True, 216)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop_muses.cards import CardSet

WIN, SCORE = "win", "score"
LAYERS_BEFORE_THE_DECK = 4
"""Layers 0-3 hold the positions with an empty deck (by the display); layer 3 + d those with d cards in the deck."""


@dataclass(frozen=True)
class SolveSize:
    """An upper bound of the positions a solve values, in total and by layer."""

    positions: int
    """Turn-start positions to solve."""
    groups: int
    """Groups (deck, display, points claimed) holding them."""
    box: int
    """Resource vectors a group can hold: (hints + 1) times (cards of the kind + 1) for each power kind."""
    layers: tuple[tuple[int, int], ...]
    """(groups, positions) of each layer, from layer 0 up."""


class SolveRefused(Exception):
    """An exact solve is not made (too large for the memory allowed) or did not finish (memory ran out).

    The message says why, in words for the player.
    """


class TooLarge(SolveRefused):
    """The solve would need more memory than allowed: refused before it starts."""

    def __init__(self, needed: int, limit: int, size: SolveSize) -> None:
        super().__init__(
            f"this card set would need about {gigabytes(needed)} of memory to solve exactly "
            f"({size.positions:,} positions); the limit is {limit / 1e9:g} GB"
        )
        self.needed = needed
        self.limit = limit
        self.size = size


class OutOfMemory(SolveRefused):
    """The memory ran out while solving (the computer had less free than the limit allows)."""

    def __init__(self, needed: int) -> None:
        super().__init__(
            f"the memory ran out while solving this card set exactly (about {gigabytes(needed)} was expected "
            "to be enough); close other programs, or use a smaller set"
        )
        self.needed = needed


def gigabytes(count: int) -> str:
    """A byte count in words, to a tenth below 10 GB: ``'0.8 GB'``, ``'11 GB'``.

    >>> gigabytes(786_000_000), gigabytes(4_000_000_000), gigabytes(11_400_000_000)
    ('0.8 GB', '4 GB', '11 GB')
    """
    value = count / 1e9
    if value >= 10:
        return f"{value:.0f} GB"
    return f"{value:.1f} GB".replace(".0 GB", " GB")


def estimate_size(cardset: CardSet, mode: str = WIN) -> SolveSize:
    """An upper bound of the turn-start positions an exact solve of ``cardset`` values (see the module)."""
    import numpy as np

    shape = _Shape(np, cardset)
    layer, gone, left = shape.groups_of_decks_and_displays(np)
    sums, boxes = shape.claims_of_gone(np)
    keys, count = np.unique(np.stack([gone, left, layer]), axis=1, return_counts=True)
    top = LAYERS_BEFORE_THE_DECK + shape.n
    groups = np.zeros(top, np.int64)
    positions = np.zeros(top, np.int64)
    for g in np.unique(keys[0]):
        here = keys[0] == g
        lo, hi = np.searchsorted(sums[0], [g, g + 1])
        hints = shape.hints_to_solve(np, sums[1][None, lo:hi], keys[1][here][:, None], mode)
        weight = count[here]
        np.add.at(groups, keys[2][here], weight * (hints > 0).sum(axis=1))
        np.add.at(positions, keys[2][here], weight * (hints * boxes[None, lo:hi]).sum(axis=1))
    return SolveSize(
        int(positions.sum()),
        int(groups.sum()),
        shape.box,
        tuple((int(g), int(p)) for g, p in zip(groups, positions, strict=True)),
    )


class _Shape:
    """The numbers of a card set the bound is made of."""

    def __init__(self, np: Any, cardset: CardSet) -> None:
        cards = cardset.cards
        self.n = n = len(cards)
        self.hints = cardset.hints
        self.target = cardset.target
        self.points = np.array([c.points for c in cards] + [0], np.int64)  # index -1: an empty slot
        kinds = sorted({str(c.power) for c in cards if c.power is not None})
        self.kind = np.array([kinds.index(str(c.power)) if c.power is not None else -1 for c in cards], np.int64)
        self.kinds = len(kinds)
        self.box = (self.hints + 1) * int(np.prod([int((self.kind == k).sum()) + 1 for k in range(self.kinds)]))
        live = np.array([[e is not None for e in c.edges] for c in cards] + [[False] * 4], bool)
        # Shows a live edge at rotation r, having shown one at every rotation before (else it was discarded).
        self.alive = np.logical_and.accumulate(live | (np.arange(4) == 0), axis=1)
        self.alive[n] = False
        self.full = (1 << n) - 1
        self.subsets = np.arange(1 << n, dtype=np.int64)
        bits = (self.subsets[:, None] >> np.arange(n)) & 1
        self.sum_of = bits @ self.points[:n]
        self.size_of = bits.sum(axis=1)
        self.kinds_of = np.zeros((1 << n, self.kinds), np.int64)
        for k in range(self.kinds):
            self.kinds_of[:, k] = bits[:, self.kind == k].sum(axis=1)

    def groups_of_decks_and_displays(self, np: Any) -> tuple[Any, Any, Any]:
        """For every deck and display a game can show: its layer, the cards gone, and the points still in play."""
        n = self.n
        card = np.arange(-1, n)
        s1, s2, s3 = (a.ravel() for a in np.meshgrid(card, card, card, indexing="ij"))
        ok = self.alive[s1, 1] | (s1 < 0)
        ok &= (self.alive[s2, 2] | (s2 < 0)) & (self.alive[s3, 3] | (s3 < 0))
        ok &= ((s1 != s2) | (s1 < 0)) & ((s1 != s3) | (s1 < 0)) & ((s2 != s3) | (s2 < 0))
        s1, s2, s3 = s1[ok], s2[ok], s3[ok]
        held = sum(np.where(s >= 0, np.int64(1) << np.maximum(s, 0), 0) for s in (s1, s2, s3))
        deck, display = np.nonzero((self.subsets[:, None] & held[None, :]) == 0)
        s1, s2, s3, held = s1[display], s2[display], s3[display], held[display]
        drawn = self.size_of[self.full & ~deck]
        # While the deck lasts, every turn draws a card: slot k holds the card drawn k turns ago, so it
        # needs k cards drawn, and an empty one among those slots had its card claimed or discarded, so
        # one more card is gone. Once the deck is empty, turns go on without a draw: no such count holds.
        ok = np.ones(len(deck), bool)
        empty = np.zeros(len(deck), np.int64)
        for k, s in ((1, s1), (2, s2), (3, s3)):
            ok &= (s < 0) | (drawn >= k) | (deck == 0)
            empty += (s < 0) & (drawn >= k)
        gone = self.full & ~deck & ~held
        ok &= (self.size_of[gone] >= empty) | (deck == 0)
        ok &= ~((deck == self.full) & (held != 0))  # nothing is shown before the first draw
        ok &= ~((deck == 0) & (held == 0))  # the game is over: a final score, nothing to solve
        deck, s1, s2, s3, gone = deck[ok], s1[ok], s2[ok], s3[ok], gone[ok]
        layer = np.where(deck != 0, 3 + self.size_of[deck], np.where(s1 >= 0, 3, np.where(s2 >= 0, 2, 1)))
        left = self.sum_of[deck] + self.points[s1] + self.points[s2] + self.points[s3]
        return layer, gone, left

    def claims_of_gone(self, np: Any) -> tuple[tuple[Any, Any], Any]:
        """For every set of cards gone, sorted: each total their claimed subsets can make, and the resource
        vectors it can come with (the most unused powers of each kind any such subset gives)."""
        gone, claimed = np.nonzero((self.subsets[None, :] & ~self.subsets[:, None]) == 0)
        total = self.sum_of[claimed]
        key = gone * (int(self.sum_of[-1]) + 1) + total
        order = np.argsort(key, kind="stable")
        key, gone, total, kinds = key[order], gone[order], total[order], self.kinds_of[claimed[order]]
        starts = np.flatnonzero(np.r_[True, key[1:] != key[:-1]])
        if self.kinds:
            most = np.maximum.reduceat(kinds, starts, axis=0)
            boxes = np.prod(most + 1, axis=1)
        else:
            boxes = np.ones(len(starts), np.int64)
        return (gone[starts], total[starts]), boxes

    def hints_to_solve(self, np: Any, claimed: Any, left: Any, mode: str) -> Any:
        """How many hint counts (0 to the set's hints) leave a position neither won nor lost."""
        if mode != WIN:
            return np.full(np.broadcast_shapes(claimed.shape, left.shape), self.hints + 1)
        secure = self.target - claimed  # won with this many hints
        lost = secure - left  # lost with fewer
        return np.clip(np.minimum(self.hints, secure - 1) - np.maximum(0, lost) + 1, 0, None)

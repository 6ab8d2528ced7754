"""Deals consistent with a view: the determinizations a search samples.

A :class:`DealSampler` is built once per decision from the agent's view. It
keeps one full state (from :func:`tabletop_muster.state.determinize`) and the pool
of cards the viewer has not seen; each :meth:`DealSampler.sample` copies that
state and deals the opponent's unknown cards afresh from the pool, the rest
forming the deck. The deck's order is not part of a Muster state (a draw is a
chance node over the cards left), so this is every hidden fact there is.

    >>> import random
    >>> from tabletop_muster.state import MusterState
    >>> s = MusterState.new(first=0)
    >>> for _ in range(10): s.apply(s.sample_chance(random.Random(3)))
    >>> sampler = DealSampler(s.view(0), random.Random(1))
    >>> d = sampler.sample(random.Random(2))
    >>> d.view(0) == s.view(0)
    True
"""

from __future__ import annotations

import random

from tabletop_muster.state import MusterState, determinize
from tabletop_muster.view import MusterView


class DealSampler:
    """Samples full states that ``view``'s player cannot tell apart from the real one."""

    __slots__ = ("base", "known", "player", "pool", "unknown")

    def __init__(self, view: MusterView, rng: random.Random) -> None:
        self.base = determinize(view, rng)
        self.player = view.player
        opp = 1 - view.player
        self.known = list(view.opponent_known)
        hand = self.base.hands[opp][:]
        for k in self.known:
            hand.remove(k)
        self.unknown = len(hand)
        """How many of the opponent's cards are unknown."""
        self.pool = hand + self.base.deck
        """Every card the viewer has not seen: the opponent's unknown cards and the deck."""
        self.pool.sort()  # a canonical order, so a sample depends only on the view and the RNG

    def sample(self, rng: random.Random) -> MusterState:
        """A fresh deal: a copy of the state with the hidden cards redrawn."""
        s = self.base.clone()
        pool = self.pool[:]
        m = self.unknown
        # A partial Fisher-Yates shuffle: only the opponent's cards need drawing, since
        # the deck's order is not part of the state (a draw is a chance node).
        n = len(pool)
        randrange = rng.randrange
        for i in range(min(m, n)):
            j = randrange(i, n)
            pool[i], pool[j] = pool[j], pool[i]
        s.hands[1 - self.player] = self.known + pool[:m]
        s.deck = sorted(pool[m:])  # the state keeps its deck sorted (a draw depends on its contents only)
        s._legal = None
        return s

"""Deals consistent with a view: the determinizations a search samples.

A :class:`DealSampler` is built once per decision from the agent's view. It
keeps one full state (from :func:`tabletop_muster.state.determinize`) and the
cards the viewer has not seen; each :meth:`DealSampler.sample` redeals the
opponent's unknown cards from them, the rest forming the deck, as the state's
own ``resample_hidden`` does (both are :func:`tabletop_muster.state.deal_unseen`:
a sample is that state's ``resample_hidden``, the unseen cards read once). The
deck's order is not part of a Muster state (a draw is a chance node over the
cards left), so this is every hidden fact there is.

    >>> import random
    >>> from tabletop_muster.state import MusterState
    >>> s = MusterState.new(first=0)
    >>> for _ in range(10): s.apply(s.sample_chance(random.Random(3)))
    >>> sampler = DealSampler(s.view(0), random.Random(1))
    >>> d = sampler.sample(random.Random(2))
    >>> d.view(0) == s.view(0)
    True
    >>> sampler.sample(random.Random(2)).hands == sampler.base.resample_hidden(0, random.Random(2)).hands
    True
"""

from __future__ import annotations

import random

from tabletop_muster.state import MusterState, deal_unseen, determinize, unseen_cards
from tabletop_muster.view import MusterView


class DealSampler:
    """Samples full states that ``view``'s player cannot tell apart from the real one."""

    __slots__ = ("base", "other", "unseen")

    def __init__(self, view: MusterView, rng: random.Random) -> None:
        self.base = determinize(view, rng)
        self.other = 1 - view.player
        """The opponent, whose unknown cards each sample deals."""
        self.unseen = unseen_cards(self.base, self.other)
        """Every card the viewer has not seen (the opponent's unknown cards and the deck), sorted."""

    def sample(self, rng: random.Random) -> MusterState:
        """A fresh deal: a copy of the state with the hidden cards redrawn (``base.resample_hidden(player, rng)``)."""
        return deal_unseen(self.base, self.other, self.unseen, rng)

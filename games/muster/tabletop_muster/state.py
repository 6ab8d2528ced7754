"""Muster's state as the framework sees it: the rules engine with views, words and JSON.

:class:`MusterState` is :class:`~tabletop_muster.rules.MusterRules` (the position,
legal actions, chance and ``apply``, with the representation described there)
plus what the framework's ``State`` protocol asks on top: the views
(:mod:`tabletop_muster.view`), descriptions and the result line
(:mod:`tabletop_muster.notation`), JSON (:mod:`tabletop_muster.codec`) and the
reason an action is refused (:mod:`tabletop_muster.reasons`). Each method hands
over to that module, which reads the rules engine only, so the modules below
never import this one.

The phase constants are the rules' (:mod:`tabletop_muster.rules`), named here too.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, TypeVar

from tabletop.game import InvalidStateError, State
from tabletop_muster import actions as A
from tabletop_muster.cards import COPIES, HAND_SIZE
from tabletop_muster.codec import read_state, state_to_json
from tabletop_muster.events import MusterEvent, event_of
from tabletop_muster.notation import board_text, describe, outcome_text
from tabletop_muster.reasons import reason_illegal
from tabletop_muster.rules import (
    ACT,
    CHANCE_PHASES,
    DEAL,
    DECISION_PHASES,
    DECK_PHASES,
    DRAW,
    FIRST_PHASE,
    FLIP,
    OVER,
    PHASE_NAMES,
    PLACE,
    REFILL,
    REFILL_PHASES,
    MusterRules,
)
from tabletop_muster.view import MusterView, TableView, determinize_as, table_view_of, view_of

__all__ = [
    "ACT",
    "CHANCE_PHASES",
    "DEAL",
    "DECISION_PHASES",
    "DECK_PHASES",
    "DRAW",
    "FIRST_PHASE",
    "FLIP",
    "OVER",
    "PHASE_NAMES",
    "PLACE",
    "REFILL",
    "REFILL_PHASES",
    "MusterState",
    "deal_unseen",
    "determinize",
    "unseen_cards",
]


class MusterState(MusterRules, State[A.MusterAction]):
    """A Muster position. Create one with :meth:`MusterGame.new_initial_state` or :meth:`new`."""

    __slots__ = ()

    def _why_illegal(self, action: A.MusterAction) -> str:
        return f"{action}: {reason_illegal(self, action) or 'not legal in this position'}"

    # ------------------------------------------------------------ information
    def view(self, player: int) -> MusterView:
        return view_of(self, player)

    def public_view(self) -> TableView:
        """Both hands hidden but for the cards known in them; the board as everyone sees it."""
        return table_view_of(self, revealed=False)

    def revealed_view(self) -> TableView:
        """Both hands face up: a finished game's replay."""
        return table_view_of(self, revealed=True)

    def resample_hidden(self, player: int, rng: random.Random) -> MusterState:
        """Keep ``player``'s hand and the known opponent cards; redeal the rest of the opponent's
        hand from the cards ``player`` has not seen (the deck and those unknown cards): :func:`deal_unseen`,
        as the search deals each of its samples."""
        other = 1 - player
        return deal_unseen(self, other, unseen_cards(self, other), rng)

    def to_json(self) -> Any:
        return state_to_json(self)

    def describe(self, action: A.MusterAction, viewer: int | None = None) -> str:
        return describe(self, action, viewer)

    def event_facts(self, action: A.MusterAction, viewer: int | None = None) -> MusterEvent:
        """The action's :class:`~tabletop_muster.events.MusterEvent`, as ``viewer`` may know it: the board's log draws from it."""
        return event_of(self, action, viewer)

    def outcome_text(self) -> str:
        return outcome_text(self)

    def __str__(self) -> str:
        return board_text(self)

    def invariant_violations(self) -> list[str]:
        """What is wrong with this state: cards not all accounted for, hands above 5, known
        cards not in hand, no legal action before the end, stale caches, or a position that
        reading it back as JSON refuses (column structure, phase markers)."""
        problems = []
        counts = self.card_count()
        if counts != list(COPIES):
            problems.append(f"cards not all accounted for: {sum(counts)} of {sum(COPIES)}, by kind {counts}")
        for p in (0, 1):
            if len(self.hands[p]) > HAND_SIZE:
                problems.append(f"player {p + 1} holds {len(self.hands[p])} cards")
            rest = self.hands[p][:]
            for k in self.known[p]:
                if k in rest:
                    rest.remove(k)
                else:
                    problems.append(f"player {p + 1}'s known card {k} is not in their hand")
        if self.phase != OVER and not self.legal_ids():
            problems.append("no legal action before the end of the game")
        fresh = self.clone()
        fresh.sync()
        if (fresh.rbmask, fresh.xmask) != (self.rbmask, self.xmask):
            problems.append("cached Rainbow masks are stale (call sync() after editing columns or castle spaces)")
        try:
            read_state(MusterRules, self.to_json())
        except InvalidStateError as exc:
            problems.append(f"impossible position: {exc}")
        return problems


def determinize(view: MusterView, rng: random.Random) -> MusterState:
    """A full state consistent with ``view``: hidden cards dealt at random from the unseen ones.

    >>> s = MusterState.new(first=0)
    >>> for _ in range(10): s.apply(s.sample_chance(random.Random(1)))
    >>> d = determinize(s.view(0), random.Random(2))
    >>> d.view(0) == s.view(0), len(d.deck)
    (True, 37)
    """
    return determinize_as(MusterState, view, rng)


R = TypeVar("R", bound=MusterRules)


def unseen_cards(state: MusterRules, other: int) -> list[int]:
    """The cards that ``other``'s opponent has not seen: ``other``'s cards not known to them, and the deck,
    sorted (a canonical order, so that a deal of them depends only on what that player knows and the RNG)."""
    unseen = state.hands[other][:]
    for k in state.known[other]:
        unseen.remove(k)
    unseen += state.deck
    unseen.sort()
    return unseen


def deal_unseen(state: R, other: int, unseen: Sequence[int], rng: random.Random) -> R:
    """A copy of ``state`` with ``other``'s unknown cards dealt afresh from ``unseen`` (the state's
    :func:`unseen_cards`), the rest forming the deck: the one way a Muster position's hidden cards are
    redealt, by :meth:`MusterState.resample_hidden` and by the search's samples
    (:class:`tabletop_muster.ai.sampling.DealSampler`, which reads ``unseen`` once for all its samples).

    A partial Fisher-Yates shuffle draws only the opponent's cards, since the deck's order is not part of
    the state (a draw is a chance node over the cards left); the deck is kept sorted.

    >>> s = MusterState.new(first=0)
    >>> for _ in range(10): s.apply(s.sample_chance(random.Random(1)))
    >>> d = deal_unseen(s, 1, unseen_cards(s, 1), random.Random(2))
    >>> d.view(0) == s.view(0), sorted(d.hands[1] + d.deck) == unseen_cards(s, 1)
    (True, True)
    """
    s = state.clone()
    known = s.known[other]
    count = len(state.hands[other]) - len(known)
    pool = list(unseen)
    n = len(pool)
    randrange = rng.randrange
    for i in range(min(count, n)):
        j = randrange(i, n)
        pool[i], pool[j] = pool[j], pool[i]
    s.hands[other] = known + pool[:count]
    s.deck = sorted(pool[count:])
    s._legal = None
    return s

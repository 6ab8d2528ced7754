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
from typing import Any

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
from tabletop_muster.view import MusterView, TableView, determinize_as, redeal_hidden, table_view_of, view_of

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
    "determinize",
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
        hand from the cards ``player`` has not seen (the deck and those unknown cards)."""
        s = self.clone()
        other = 1 - player
        s.hands[other] = s.known[other][:]
        s.deck = []
        redeal_hidden(s, other, len(self.hands[other]), rng)
        return s

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

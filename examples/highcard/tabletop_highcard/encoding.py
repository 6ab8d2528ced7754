"""High Card in numbers: every action it can offer, and a seat's view as a vector.

The two optional hooks of the protocol (``Game.distinct_actions`` and ``Game.view_encoding``)
hand over to this module, which the research adapters (:mod:`tabletop.adapters`) read.

    >>> [str(a) for a in ALL_ACTIONS[:2]], len(ALL_ACTIONS), HighCardEncoding().size
    (['deal 1', 'deal 2'], 18, 50)
"""

from __future__ import annotations

from tabletop.encoding import Features, ViewEncoding
from tabletop_highcard.rules import CARDS, Action, Deal, HighCardView, Play

ALL_ACTIONS: tuple[Action, ...] = tuple([Deal(c) for c in CARDS] + [Play(c) for c in CARDS])
"""Every action of any game of High Card: the nine deals, then the nine plays."""

MOST_TRICKS = 4
"""The most tricks of a game (the larger hand)."""


class HighCardEncoding(ViewEncoding[HighCardView]):
    """A view as 50 numbers: the hand, the card led, the cards gone, the counts, the turn and the rule.

    Each card is a place in a row of nine; the seat's own tricks come before the opponent's, so one
    network plays either seat.
    """

    size = 4 * len(CARDS) + 14

    def encode(self, view: HighCardView) -> list[float]:
        """The view as numbers: only what it shows."""
        f = Features()
        me = view.player
        f.values += [1.0 if c in view.hand else 0.0 for c in CARDS]
        f.values += [1.0 if c in view.trick else 0.0 for c in CARDS]
        gone = {card for _, lead, follow in view.played for card in (lead, follow)}
        f.values += [1.0 if c in gone else 0.0 for c in CARDS]
        mine = {follow if leader != me else lead for leader, lead, follow in view.played}
        f.values += [1.0 if c in mine else 0.0 for c in CARDS]
        f.scalar(len(view.hand), MOST_TRICKS)
        f.scalar(view.opponent_cards, MOST_TRICKS)
        f.scalar(view.deck_cards, len(CARDS))
        f.scalar(view.tricks[me], MOST_TRICKS)
        f.scalar(view.tricks[1 - me], MOST_TRICKS)
        f.flag(view.leader == me)
        f.flag(view.low)
        f.one_hot((view.to_act - me) % 2 if view.to_act >= 0 else None, 2)  # to act: me, the opponent
        f.one_hot(me, 2)
        f.one_hot(view.to_act + 2 if view.to_act < 0 else None, 2)  # chance, the end
        f.scalar(len(view.played), MOST_TRICKS)
        return f.values

"""Gin Rummy in numbers, for the research adapters: every action in a fixed order, and a seat's view encoded.

>>> from tabletop.encoding import ActionIndex
>>> index = ActionIndex(ALL_ACTIONS)
>>> len(index), index.index(Take()), str(index.action(0))
(346, 52, 'deal AC')
"""

from __future__ import annotations

from tabletop.encoding import Features, ViewEncoding
from tabletop_gin.actions import Deal, Discard, Draw, GinAction, Knock, LayOff, Meld, Pass, Spread, Take
from tabletop_gin.melds import ALL_MELDS, CARDS, cards_of
from tabletop_gin.view import PHASES, GinView

ALL_ACTIONS: tuple[GinAction, ...] = (
    *(Deal(c) for c in range(CARDS)),
    Take(),
    Pass(),
    Draw(),
    Knock(),
    Spread(),
    *(Discard(c) for c in range(CARDS)),
    *(Meld(m) for m in ALL_MELDS),
    *(LayOff(c) for c in range(CARDS)),
)
"""Every action of every variant: 52 cards dealt, five words, 52 discards, 185 melds and 52 lay-offs."""

MOST_STOCK = CARDS - 21
MOST_HELD = 11
MOST_KNOCK = 10
MOST_BOXES = 20


def _cards(f: Features, mask: int) -> None:
    row = [0.0] * CARDS
    for card in cards_of(mask):
        row[card] = 1.0
    f.values += row


def _melds(masks: tuple[int, ...]) -> int:
    union = 0
    for meld in masks:
        union |= meld
    return union


class GinEncoding(ViewEncoding[GinView]):
    """A Gin Rummy view as numbers from 0 to 1, seen from the viewing seat: only what the view shows."""

    size = 11 * CARDS + len(PHASES) + 12

    def encode(self, view: GinView) -> list[float]:
        f = Features()
        me = view.player if view.player in (0, 1) else 0
        them = 1 - me
        _cards(f, view.hands[me] or 0)
        _cards(f, view.hands[them] or 0)
        _cards(f, view.known[them])
        _cards(f, view.declined[them])
        _cards(f, view.declined[me])
        _cards(f, sum(1 << c for c in view.pile))
        f.one_hot(view.upcard, CARDS)
        f.one_hot(view.taken, CARDS)
        _cards(f, _melds(view.melds[me]))
        _cards(f, _melds(view.melds[them]))
        _cards(f, sum(1 << c for c in view.layoffs))
        f.one_hot(PHASES.index(view.phase), len(PHASES))
        f.flag(view.to_act == me)
        f.flag(view.dealer == me)
        f.flag(view.knocker == me)
        f.flag(view.knocker == them)
        f.scalar(view.stock, MOST_STOCK)
        f.counts(list(view.counts), [MOST_HELD, MOST_HELD])
        f.scalar(view.knock_card, MOST_KNOCK)
        target = view.rules.target or 1
        f.counts([view.scores[me], view.scores[them]], [target, target])
        f.counts([view.boxes[me], view.boxes[them]], [MOST_BOXES, MOST_BOXES])
        return f.values

"""Quick playouts of the rest of a hand, for Hard: both players play the simple moves on bare card masks.

A player takes the upcard when it goes into a meld or lets them knock, else draws; knocks as soon as
they may; and throws the highest card left out of their best melds. The first to knock usually wins the
hand (lay-offs are left out); a stock down to two cards draws it.

>>> import random
>>> from tabletop_gin.melds import mask_of, parse
>>> mine, theirs = mask_of(parse("AC 2C 3C 7D 7H 7S 4H 5H 9D 2S")), mask_of(parse("KS QS JH TD 9C 8S 6D 5C 4D 3S"))
>>> stock = [c for c in range(52) if not (mine | theirs) >> c & 1 and c != 0]
>>> play_out(mine, theirs, upcard=0, stock=stock, knock_card=10, rng=random.Random(1)) in (0.0, 0.5, 1.0)
True
"""

from __future__ import annotations

import random

from tabletop_gin.melds import best_arrangement, cards_of, deadwood, deadwood_after_discard, highest_loose

WALL = 2
DRAWN = 0.5


def _throw(hand: int) -> int:
    """The card the simple player throws: the highest left out of the best melds (a melded one if none is)."""
    highest = highest_loose(hand)
    if highest < 0:
        return min(cards_of(hand), key=lambda c: deadwood(hand & ~(1 << c)))
    return highest


def _takes(hand: int, upcard: int, knock_card: int) -> bool:
    eleven = hand | 1 << upcard
    if deadwood_after_discard(eleven) <= knock_card:
        return True
    return any(meld >> upcard & 1 for meld in best_arrangement(eleven)[1])


def play_out(
    mine: int, theirs: int, *, upcard: int, stock: list[int], knock_card: int, rng: random.Random, mover: int = 1
) -> float:
    """The hand played out from the opponent's turn (``upcard``: the card on the pile, or -1 for none);
    1 if the first hand (``mine``) wins, 0 if the other, 0.5 for a draw."""
    order = list(stock)
    rng.shuffle(order)
    hands = [mine, theirs]
    top = upcard
    while len(order) > WALL:
        hand = hands[mover]
        if top >= 0 and _takes(hand, top, knock_card):
            hand |= 1 << top
        else:
            hand |= 1 << order.pop()
        if deadwood_after_discard(hand) <= knock_card:
            mine_left = deadwood_after_discard(hand)
            other = deadwood(hands[1 - mover])
            won = mover if other > mine_left else 1 - mover if other < mine_left else mover
            return 1.0 if won == 0 else 0.0
        top = _throw(hand)
        hands[mover] = hand & ~(1 << top)
        mover = 1 - mover
    return DRAWN

"""What the computer players know of the game: the plain moves every level shares, and Hard's estimates.

The plain moves (:func:`plain_move`) play like OpenSpiel's simple bot, and lay off as well: take the
upcard when it lowers the deadwood, knock as soon as allowed, throw the card that leaves the least
deadwood (the highest of equals), lay the best melds, and as defender lay off what lowers the deadwood most.

>>> from tabletop_gin.melds import mask_of, parse
>>> hand = mask_of(parse("AC 2C 3C 7D 7H 7S KH QS 9D 4H"))
>>> draw_gain(hand, unseen=mask_of(parse("KD KS 8D 5H 2S")))  # 8D makes a run, 5H and 2S replace the King
3.6
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tabletop_gin.actions import Discard, Draw, GinAction, Knock, LayOff, Meld, Pass, Spread, Take
from tabletop_gin.layoffs import best_defence
from tabletop_gin.melds import (
    RANKS,
    VALUE,
    best_arrangement,
    best_melds,
    cards_of,
    deadwood,
    deadwood_after_discard,
    highest_loose,
    rank,
    suit,
    value,
)
from tabletop_gin.view import DEFEND_LAY, DISCARD, DRAW, FIRST, KNOCK_DISCARD, KNOCK_LAY, LAYOFF, WALL, GinView

NEAR = 2
"""A card may meld with another of its rank, or of its suit at most this many ranks away."""


def plain_move(view: GinView, legal: Sequence[GinAction]) -> GinAction:
    """The simple player's move (see the module's words)."""
    hand = view.hand
    if view.phase in (FIRST, DRAW):
        if Take() in legal and view.upcard is not None and take_gain(view, view.upcard) > 0:
            return Take()
        return Draw() if Draw() in legal else Pass()
    if view.phase == DISCARD and Knock() in legal:
        return Knock()
    if view.phase in (DISCARD, KNOCK_DISCARD):
        return least_deadwood_discard(hand, legal)
    if view.phase == WALL:
        return Knock() if Knock() in legal else Pass()
    if Spread() in legal:
        return Spread()
    if view.phase in (KNOCK_LAY, DEFEND_LAY):
        return lay_best(hand, legal)
    if view.phase == LAYOFF:
        return lay_off_best(view, legal)
    return legal[0]


def take_gain(view: GinView, upcard: int) -> int:
    """How much taking ``upcard`` (and the best discard after it) lowers the deadwood."""
    hand = view.hand
    forbidden = -1 if view.rules.openspiel else upcard
    return deadwood(hand) - deadwood_after_discard(hand | 1 << upcard, forbidden)


def least_deadwood_discard(hand: int, legal: Sequence[GinAction]) -> GinAction:
    """The discard that leaves the least deadwood, the highest card of equals."""
    discards = [a for a in legal if isinstance(a, Discard)]
    return min(discards, key=lambda a: (deadwood(hand & ~(1 << a.card)), -VALUE[a.card], -a.card))


def lay_best(hand: int, legal: Sequence[GinAction]) -> GinAction:
    """The next meld of the best arrangement, or pass once it is laid."""
    for meld in best_melds(hand):
        if Meld(meld) in legal:
            return Meld(meld)
    return Pass() if Pass() in legal else legal[0]


def lay_off_best(view: GinView, legal: Sequence[GinAction]) -> GinAction:
    """The next card of the defender's best lay-off, or pass."""
    assert view.knocker is not None
    _, (laid, *_) = best_defence(view.melds[view.knocker], view.hand, openspiel=view.rules.openspiel)
    for card in cards_of(laid):
        if LayOff(card) in legal:
            return LayOff(card)
    return Pass()


def _near(card: int) -> int:
    same_rank = sum(1 << (s * RANKS + rank(card)) for s in range(4))
    same_suit = sum(1 << (suit(card) * RANKS + r) for r in range(RANKS) if 0 < abs(r - rank(card)) <= NEAR)
    return (same_rank | same_suit) & ~(1 << card)


NEAR_CARDS = tuple(_near(c) for c in range(52))
"""The cards each card could meld with: its rank, or its suit within :data:`NEAR` ranks."""


def could_meld(card: int, hand: int) -> bool:
    """Whether ``card`` has a card of ``hand`` of its rank, or of its suit within :data:`NEAR` ranks."""
    return bool(hand & NEAR_CARDS[card])


def draw_gain(hand: int, unseen: int) -> float:
    """How much one card drawn from the ``unseen`` cards lowers the deadwood of ``hand``, on average."""
    cards = cards_of(unseen)
    if not cards:
        return 0.0
    now = deadwood(hand)
    total = sum(now - deadwood_after_discard(hand | 1 << x) for x in cards if could_meld(x, hand))
    return total / len(cards)


def help_to(card: int, hand: int) -> int:
    """How much ``card`` would lower the deadwood of ``hand`` (an opponent's, sampled) if it melds there, as a
    player takes a discard that melds; 0 when it would not go into a meld."""
    if not could_meld(card, hand):
        return 0
    eleven = hand | 1 << card
    if not any(meld >> card & 1 for meld in best_arrangement(eleven)[1]):
        return 0
    return max(0, deadwood(hand) - deadwood_after_discard(eleven, card))


def draw_sequences(unseen: int, count: int, length: int, rng: random.Random) -> list[list[int]]:
    """``count`` possible runs of the next ``length`` draws, from the cards not seen."""
    cards = cards_of(unseen)
    length = min(length, len(cards))
    return [rng.sample(cards, length) for _ in range(count)]


def future_deadwood(hand: int, sequences: list[list[int]], knock_card: int, steps: int) -> float:
    """The deadwood ``hand`` holds after each of the next ``steps`` draws, on average over ``sequences``.

    Each draw is kept or thrown as the simple player would (the highest card left out of the best melds
    goes); once the hand may knock it stays as it is, since it would knock.
    """
    if steps <= 0 or not sequences:
        return float(deadwood(hand))
    total = 0
    for sequence in sequences:
        held, dead = hand, deadwood(hand)
        for card in sequence[:steps]:
            if dead > knock_card and not held >> card & 1:
                held, dead = _greedy_draw(held, card)
            total += dead
    return total / (len(sequences) * steps)


def _greedy_draw(hand: int, card: int) -> tuple[int, int]:
    """The hand after drawing ``card`` and throwing the highest card left out of its best melds."""
    eleven = hand | 1 << card
    thrown = highest_loose(eleven)
    if thrown < 0:  # all eleven melded: throwing the new card keeps the hand
        return hand, deadwood(hand)
    return eleven & ~(1 << thrown), value(eleven) - best_arrangement(eleven)[0] - VALUE[thrown]


def knock_earliness(hand: int, sequences: list[list[int]], knock_card: int, steps: int) -> float:
    """How soon ``hand`` may knock over the next ``steps`` draws, on average over ``sequences``: 1 if it may
    at once, less the later it gets there, 0 if it does not within them (drawing as the simple player)."""
    if not sequences:
        return 0.0
    total = 0.0
    for sequence in sequences:
        held, dead = hand, deadwood(hand)
        for turn in range(steps + 1):
            if dead <= knock_card:
                total += (steps + 1 - turn) / (steps + 1)
                break
            if turn < min(steps, len(sequence)) and not held >> sequence[turn] & 1:
                held, dead = _greedy_draw(held, sequence[turn])
    return total / len(sequences)

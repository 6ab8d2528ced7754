"""The discards that would let the other player knock at once: a simple player takes an upcard that melds or
lets it knock, and knocks as soon as it may.

Its hand is sampled as a simple player's own: ten cards dealt from those the player has not seen (with the
cards it is known to have taken), then as many draws as it has made this hand, each kept or thrown as the
simple player does (:func:`tabletop_gin.strategy._greedy_draw`). A sample that would already have let it
knock, or that threw a card it is known to hold, is left out: neither happened. A hand dealt at random is
rarely near a knock, where a simple player's is after a few draws; the risk lies there.

Hard weighs its race by it (``race_value(..., safe=...)`` of :mod:`tabletop_gin.race`): along each sampled
run of its draws, every card it throws before it may knock is a chance for the other player to take it and
knock, so a run counts for the chance that none does (:func:`safeties`, each card's share of the sampled
hands it would not let knock). A card held back is not safe for that: the run throws it later, unless it
melds first.

The same hands throw to Hard's runs (:func:`runs_with_offers`): each run beside one of them, drawing from the
cards left and throwing as a simple player does, the throws offered to the run at its turns.
"""

from __future__ import annotations

import random

from tabletop_gin.melds import (
    VALUE,
    best_arrangement,
    cards_of,
    deadwood,
    highest_loose,
    mask_of,
    value,
)
from tabletop_gin.race import draw_and_throw, draws_ahead, opponent_draws, thrown_card
from tabletop_gin.strategy import _greedy_draw, could_meld
from tabletop_gin.view import GinView
from tabletop_gin.worlds import unseen_cards

TRIES_PER_HAND = 4
"""How many samples are tried for each hand kept, at most."""


def simple_hands(view: GinView, count: int, rng: random.Random) -> list[int]:
    """Up to ``count`` hands the other player may hold, sampled as a simple player's (see above)."""
    other = 1 - view.player
    known = view.known[other]
    hidden = view.counts[other] - known.bit_count()
    pool = cards_of(unseen_cards(view))
    drawn = min(opponent_draws(view.stock), max(0, len(pool) - hidden))
    hands: list[int] = []
    for _ in range(count * TRIES_PER_HAND):
        if len(hands) == count:
            break
        cards = rng.sample(pool, hidden + drawn)
        hand = known | mask_of(cards[:hidden])
        for card in cards[hidden:]:
            hand, _ = _greedy_draw(hand, card)
        if hand & known == known and deadwood(hand) > view.knock_card:
            hands.append(hand)
    return hands


def knock_risk(card: int, hands: list[int], knock_card: int) -> float:
    """The share of ``hands`` that ``card`` lets knock at once, taken and another card thrown (a hand holding it
    cannot take it)."""
    if not hands:
        return 0.0
    return sum(not hand >> card & 1 and lets_knock(hand, card, knock_card) for hand in hands) / len(hands)


def lets_knock(hand: int, card: int, knock_card: int) -> bool:
    """Whether taking ``card`` into ``hand`` and throwing another lets it knock (as
    ``deadwood_after_discard(hand | 1 << card, card) <= knock_card``, quicker).

    A throw takes off at most its own points: so the eleven cards' highest loose card is tried first, then only
    the cards worth enough to bring the deadwood within the knock card.

    >>> from tabletop_gin.melds import mask_of, parse
    >>> near = mask_of(parse("AC 2C 3C 7D 7H 7S 5S 6S 9D 2H"))
    >>> [lets_knock(near, card, 10) for card in parse("4S 8D 3S")]
    [True, True, False]
    """
    eleven = hand | 1 << card
    melded, melds = best_arrangement(eleven)
    dead = value(eleven) - melded
    loose = eleven & ~(1 << card) & ~sum(melds)
    if loose and dead - max(VALUE[c] for c in cards_of(loose)) <= knock_card:
        return True
    needed = dead - knock_card
    return any(deadwood(eleven & ~(1 << other)) <= knock_card for other in cards_of(hand) if VALUE[other] >= needed)


def safeties(hands: list[int], knock_card: int) -> list[float]:
    """For each card (0..51), ``1 - knock_risk(card, hands, knock_card)``, quicker: a card that melds with
    nothing in a hand can only replace its highest loose card.

    >>> from tabletop_gin.melds import mask_of, parse
    >>> hands = [mask_of(parse("AC 2C 3C 7D 7H 7S 5S 6S 9D 2H")), mask_of(parse("AC 2C 3C 7D 7H 7S 5S 6S KD QH"))]
    >>> safe = safeties(hands, 10)
    >>> [safe[card] for card in parse("4S 8D KS")]  # 8D: 5S 6S 7S and 7D 8D 9D in the first
    [0.0, 0.5, 1.0]
    """
    unsafe = [0] * 52
    for hand in hands:
        dead, highest = deadwood(hand), highest_loose(hand)
        cheapest = dead - (VALUE[highest] if highest >= 0 else 0)
        for card in range(52):
            if hand >> card & 1:
                continue
            if could_meld(card, hand):
                unsafe[card] += lets_knock(hand, card, knock_card)
            else:
                unsafe[card] += cheapest + VALUE[card] <= knock_card
    return [1.0 - count / len(hands) if hands else 1.0 for count in unsafe]


def growing_safeties(
    hands: list[int], unseen: int, knock_card: int, draws: int, every: int, rng: random.Random
) -> list[list[float]]:
    """:func:`safeties` for the other player's hands now and after each of its next ``draws`` draws: the hands
    drawn on from the ``unseen`` cards as a simple player draws, a hand that would have knocked left out; the
    table measured every ``every`` draws serves the draws up to the next."""
    tables = [safeties(hands, knock_card)]
    pool = cards_of(unseen)
    for draw in range(1, draws + 1):
        hands = [_greedy_draw(hand, _a_card_not_in(hand, pool, rng))[0] for hand in hands]
        hands = [hand for hand in hands if deadwood(hand) > knock_card]
        tables.append(safeties(hands, knock_card) if draw % every == 0 else tables[-1])
    return tables


def _a_card_not_in(hand: int, pool: list[int], rng: random.Random) -> int:
    """A card of ``pool`` at random that ``hand`` does not hold (the pool is far larger than a hand)."""
    while True:
        card = rng.choice(pool)
        if not hand >> card & 1:
            return card


def runs_with_offers(
    hands: list[int], unseen: int, stock: int, count: int, rng: random.Random
) -> tuple[list[list[int]], list[list[int]]]:
    """``count`` runs of a player's next draws (:func:`tabletop_gin.race.draws_ahead`), each beside the cards
    the other player throws on the way: one of its sampled ``hands`` in turn, drawing from the cards left
    as a simple player draws. A run's draws leave out that hand, whose throws are offered to the player."""
    if not hands:
        return draws_ahead(unseen, stock, count, rng), []
    runs, offers = [], []
    for i in range(count):
        theirs = hands[i % len(hands)]
        (run,) = draws_ahead(unseen & ~theirs, stock, 1, rng)
        left = cards_of(unseen & ~theirs & ~mask_of(run))
        dead, thrown = deadwood(theirs), []
        for card in rng.sample(left, min(len(run), len(left))):
            kept, dead = draw_and_throw(theirs, dead, card)
            thrown.append(thrown_card(theirs, card, kept))
            theirs = kept
        runs.append(run)
        offers.append(thrown)
    return runs, offers

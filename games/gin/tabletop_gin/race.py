"""Hard's measure of a hand: the chance it gets to knock before the other player does.

Against a player who knocks as soon as allowed, a hand is a race: whoever knocks first wins nearly every
hand (docs/gin.md). So Hard plays its hand's next draws out over sampled runs of the cards it has not seen
(:func:`draws_ahead`), drawing as the simple player does (keep a card that lowers the deadwood, throw the
highest card left out of the melds), counts the draws until the hand may knock (:func:`draws_to_knock`), and
weighs each count by the chance that the other player has not knocked by then (:func:`still_in`, from
:data:`KNOCK_CHANCE`). The same sampled draws serve every choice, so that the choices differ by what they
keep, not by their luck. A run may also hold the cards the other player throws on the way (``offers``): one
that lowers the deadwood is taken instead of that turn's draw, as the simple player takes an upcard. The
simple player throws its highest loose card, most often a picture early on, so a hand that melds pictures
gets there sooner than the stock alone tells.

A hand of 22 deadwood that a 4♠ melds (4♠ 5♠ 6♠): drawing the K♦ (thrown), then the 4♠, it may knock at its
second draw; the other player is still in the hand after two draws 98.9% of the time. Drawing the K♦ and an
8♥ instead, it does not get there in the two draws sampled.

>>> from tabletop_gin.melds import mask_of, parse
>>> hand = mask_of(parse("AC 2C 3C 7D 7H 7S 5S 6S 9D 2H"))
>>> draws_to_knock(hand, parse("KD 4S"), 10), draws_to_knock(hand, parse("KD 8H"), 10)
(2, 3)
>>> race_value(hand, [parse("KD 4S"), parse("KD 8H")], still_in(0), 10)
0.494512
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tabletop_gin.melds import VALUE, cards_of, deadwood, highest_loose
from tabletop_gin.strategy import _greedy_draw, could_meld

KNOCK_CHANCE = (
    0.003,
    0.008,
    0.017,
    0.030,
    0.047,
    0.063,
    0.081,
    0.095,
    0.113,
    0.130,
    0.150,
    0.172,
    0.175,
    0.196,
    0.205,
    0.240,
)
"""A simple player's chance to get to knock at each of a hand's draws (the first, the second, ...), given that
it has not yet: a player alone dealt ten cards draws from the other 42, keeping a card that lowers the
deadwood, until the deadwood is 10 or less. Measured over 20,000 deals by ``bench/gin_race.py 20000``."""
LATE_KNOCK_CHANCE = 0.2
"""The same chance at every draw past those of :data:`KNOCK_CHANCE`."""
RACE_DRAWS = 16
"""How many draws ahead a hand is played out; a hand not able to knock by then counts as not winning."""
FRESH_STOCK = 31
"""The stock at a hand's first draw: 52 cards less two hands of ten and the upcard."""


def knock_chance(draw: int) -> float:
    """The chance a simple player gets to knock at its ``draw``-th draw of a hand (the first is 1)."""
    return KNOCK_CHANCE[draw - 1] if 1 <= draw <= len(KNOCK_CHANCE) else LATE_KNOCK_CHANCE


PACE_CAP = 0.22
"""The most a draw's knock chance is raised to by a ``pace`` above 1 (:func:`still_in`)."""


def still_in(drawn: int, ahead: int = RACE_DRAWS + 1, pace: float = 1.0) -> list[float]:
    """The chance that a player who has drawn ``drawn`` times this hand without knocking has still not knocked
    after each of its next draws: index 0 is now (1.0), index ``t`` after ``t`` more. A ``pace`` above 1
    takes each draw's knock chance to be that many times :func:`knock_chance` (at most :data:`PACE_CAP`, or
    the chance itself where that is higher), as for a player who also takes discards.

    >>> still_in(0, 3)
    [1.0, 0.997, 0.989024, 0.972210592]
    >>> still_in(0, 3, pace=2.0)
    [1.0, 0.994, 0.978096, 0.944840736]
    """
    chances, left = [1.0], 1.0
    for draw in range(drawn + 1, drawn + ahead + 1):
        chance = knock_chance(draw)
        left *= 1 - min(chance * pace, max(chance, PACE_CAP))
        chances.append(round(left, 12))
    return chances


def opponent_draws(stock: int) -> int:
    """About how often each player has drawn this hand, with ``stock`` cards left (taken upcards not counted)."""
    return max(0, (FRESH_STOCK - stock) // 2)


def draws_ahead(unseen: int, stock: int, count: int, rng: random.Random) -> list[list[int]]:
    """``count`` possible runs of a player's next draws, from the ``unseen`` cards (a mask): as many draws as
    the stock still gives each player, at most :data:`RACE_DRAWS`."""
    cards = cards_of(unseen)
    length = min(RACE_DRAWS, len(cards), max(1, (stock + 1) // 2))
    return [rng.sample(cards, length) for _ in range(count)]


def draw_and_throw(hand: int, dead: int, card: int) -> tuple[int, int]:
    """The hand and its deadwood after drawing ``card`` and throwing as the simple player does.

    A card that could meld with nothing in the hand is weighed against the highest loose card alone, as the
    melds cannot change: most draws, and the quick way.
    """
    if could_meld(card, hand):
        return _greedy_draw(hand, card)
    highest = highest_loose(hand)
    if highest < 0 or (VALUE[card], card) >= (VALUE[highest], highest):
        return hand, dead
    return hand & ~(1 << highest) | 1 << card, dead - VALUE[highest] + VALUE[card]


def thrown_card(hand: int, card: int, kept: int) -> int:
    """The card thrown when ``hand`` drew ``card`` and kept ``kept`` (:func:`draw_and_throw`)."""
    return ((hand | 1 << card) & ~kept).bit_length() - 1


def draws_to_knock(hand: int, draws: Sequence[int], knock_card: int) -> int:
    """How many of ``draws`` the hand takes before it may knock (0: it may now; ``len(draws) + 1``: not within)."""
    return run_to_knock(hand, draws, knock_card, ())[0]


def run_to_knock(
    hand: int,
    draws: Sequence[int],
    knock_card: int,
    safe: Sequence[Sequence[float]],
    offers: Sequence[int] = (),
    skip: int = 0,
) -> tuple[int, float]:
    """:func:`draws_to_knock`, with the chance that none of the cards thrown on the way lets the other player
    knock at once (``safe[t]``: each card's chance not to after ``t`` more draws of the other player, the last
    for all later; none given: 1). The throw made with the knock does not count: the hand ends there.

    ``offers[t]`` is the card the other player throws before the hand's draw ``skip + t + 1``: taken instead
    of that draw where it lowers the deadwood, as the simple player takes an upcard."""
    dead = deadwood(hand)
    if dead <= knock_card:
        return 0, 1.0
    survive = 1.0
    last = len(safe) - 1
    for count, card in enumerate(draws, 1):
        offer = count - 1 - skip
        # no offer at this turn counts as one left: the hand as it is, its deadwood no lower
        kept, after = draw_and_throw(hand, dead, offers[offer]) if 0 <= offer < len(offers) else (hand, dead)
        if after < dead:
            card = offers[offer]
        else:
            kept, after = draw_and_throw(hand, dead, card)
        dead = after
        if dead <= knock_card:
            return count, survive
        if safe:
            survive *= safe[min(count, last)][thrown_card(hand, card, kept)]
        hand = kept
    return len(draws) + 1, survive


def race_value(
    hand: int,
    runs: Sequence[Sequence[int]],
    chances: Sequence[float],
    knock_card: int,
    *,
    later: int = 0,
    safe: Sequence[Sequence[float]] = (),
    offers: Sequence[Sequence[int]] = (),
) -> float:
    """The chance that ``hand`` may knock before the other player knocks, over the sampled ``runs`` of its
    draws: for each run, the chance (from ``chances``, :func:`still_in`) that the other player is still in
    the hand ``later`` draws plus those the run takes, times the chance that none of the run's throws lets
    it knock at once (``safe``, :func:`run_to_knock`); nothing for a run that does not get there. Each run's
    ``offers`` are the other player's throws from its next turn on (none at a draw made now: ``later=0``)."""
    skip = 0 if later else 1  # a draw made now follows no throw of the other player
    total = 0.0
    for i, run in enumerate(runs):
        needed, survive = run_to_knock(hand, run, knock_card, safe, offers[i] if offers else (), skip)
        if needed <= len(run):
            total += survive * chances[min(len(chances) - 1, needed + later)]
    return total / len(runs) if runs else 0.0

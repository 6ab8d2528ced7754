"""Cards as numbers, melds and deadwood: the exact best arrangement of a hand.

A card is a number from 0 to 51, ``suit * 13 + rank`` (rank 0 is the Ace; suits in the order of
:data:`tabletop.playing_cards.SUITS`: clubs, diamonds, hearts, spades), and a hand is a bit mask of
them. A meld is a set (three or four cards of one rank) or a run (three to five cards of one suit in
sequence, Ace low); a longer run is laid as two melds, which costs nothing, since any run of six or
more splits into runs of three to five.

>>> hand = mask_of(parse("AC 2C 3C 7D 7H 7S KH QS 9D 4H"))
>>> deadwood(hand)
33
>>> [cards_text(m) for m in best_melds(hand)]
['AC 2C 3C', '7D 7H 7S']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import lru_cache

from tabletop.playing_cards import SUITS, Card

RANKS = 13
CARDS = 52
FACE_VALUE = 10
"""Jacks, Queens and Kings count ten points of deadwood; other cards their pips, the Ace one."""
SET_SIZES = (3, 4)
RUN_SIZES = (3, 4, 5)

SUIT_BITS = (1 << RANKS) - 1
"""A suit's 13 cards, shifted to the lowest bits."""
VALUE = tuple(min(FACE_VALUE, i % RANKS + 1) for i in range(CARDS))
"""Each card's deadwood points."""
CARD_OF = tuple(Card(i % RANKS + 1, SUITS[i // RANKS]) for i in range(CARDS))
"""Each number's :class:`Card`."""
NUMBER_OF = {card: i for i, card in enumerate(CARD_OF)}


def rank(card: int) -> int:
    """0 (Ace) to 12 (King)."""
    return card % RANKS


def suit(card: int) -> int:
    """0 to 3, clubs, diamonds, hearts, spades."""
    return card // RANKS


def number(card: Card) -> int:
    """A :class:`Card`'s number here."""
    return NUMBER_OF[card]


def parse(text: str) -> list[int]:
    """Cards from notation (``"AC 10D"``) as numbers."""
    from tabletop.playing_cards import parse_cards

    return [NUMBER_OF[c] for c in parse_cards(text)]


def cards_of(mask: int) -> list[int]:
    """The numbers in ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def mask_of(cards: Iterable[int]) -> int:
    """The bit mask of ``cards``."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def cards_text(mask_or_cards: int | Iterable[int]) -> str:
    """Cards as notation, sorted by suit then rank (runs read naturally): ``"AC 2C 3C"``."""
    cards = cards_of(mask_or_cards) if isinstance(mask_or_cards, int) else list(mask_or_cards)
    return " ".join(str(CARD_OF[c]) for c in sorted(cards))


_SUIT_VALUES = tuple(sum(min(FACE_VALUE, r + 1) for r in range(RANKS) if bits >> r & 1) for bits in range(1 << RANKS))
"""The points of each set of one suit's cards, by its 13 bits."""


def value(mask: int) -> int:
    """The points of the cards in ``mask``."""
    low = (1 << RANKS) - 1
    return (
        _SUIT_VALUES[mask & low]
        + _SUIT_VALUES[mask >> RANKS & low]
        + _SUIT_VALUES[mask >> (2 * RANKS) & low]
        + _SUIT_VALUES[mask >> (3 * RANKS)]
    )


def _all_melds() -> tuple[int, ...]:
    melds = []
    for r in range(RANKS):
        same = [s * RANKS + r for s in range(len(SUITS))]
        melds += [mask_of(same) & ~(1 << missing) for missing in same]
        melds.append(mask_of(same))
    for size in RUN_SIZES:
        for s in range(len(SUITS)):
            for low in range(RANKS - size + 1):
                melds.append(mask_of(s * RANKS + low + k for k in range(size)))
    return tuple(melds)


ALL_MELDS = _all_melds()
"""The 185 melds: 65 sets and 120 runs of three to five cards."""
MELDS_WITH = tuple(tuple(m for m in ALL_MELDS if m >> c & 1) for c in range(CARDS))
"""The melds each card belongs to."""
MELD_VALUE = {m: value(m) for m in ALL_MELDS}


def is_meld(mask: int) -> bool:
    """Whether ``mask`` is one meld of :data:`ALL_MELDS`."""
    return mask in MELD_VALUE


def melds_in(mask: int) -> list[int]:
    """Every meld made of cards of ``mask``."""
    return [m for m in ALL_MELDS if m & mask == m]


_BEST: dict[int, tuple[int, tuple[int, ...]]] = {}
_CACHE_LIMIT = 400_000


def best_arrangement(mask: int) -> tuple[int, tuple[int, ...]]:
    """The most points that melds can cover in ``mask``, and those melds (the first best found).

    An exact search: the lowest card that some meld could hold is either left as deadwood or put
    in one of its melds; every position met is remembered by the cards melds could hold in it, across
    searches, so hands that differ only in cards no meld can hold share the work.
    """
    meldable = meldable_cards(mask)
    known = _BEST.get(meldable)
    if known is not None:
        return known
    if len(_BEST) > _CACHE_LIMIT:
        _BEST.clear()
    return _search(meldable)


def _search(meldable: int) -> tuple[int, tuple[int, ...]]:
    """The best arrangement of ``meldable``, a mask whose every card some meld within it holds."""
    found = _BEST.get(meldable)
    if found is not None:
        return found
    best: tuple[int, tuple[int, ...]] = (0, ())
    if meldable:
        low = meldable & -meldable
        best = _search(meldable_cards(meldable & ~low))
        for meld in MELDS_WITH[low.bit_length() - 1]:
            if meld & meldable == meld:
                covered, melds = _search(meldable_cards(meldable & ~meld))
                if covered + MELD_VALUE[meld] > best[0]:
                    best = (covered + MELD_VALUE[meld], (meld, *melds))
    _BEST[meldable] = best
    return best


def deadwood(mask: int) -> int:
    """The least deadwood of the cards in ``mask`` (all of them kept)."""
    return value(mask) - best_arrangement(mask)[0]


@lru_cache(maxsize=1 << 16)
def highest_loose(mask: int) -> int:
    """The highest card a best arrangement of ``mask`` leaves out of its melds (the highest-numbered of equal
    value), the card the simple player throws; -1 when every card is melded.

    >>> CARD_OF[highest_loose(mask_of(parse("AC 2C 3C KD 9H")))].display
    'K♦'
    """
    loose = mask
    for meld in best_arrangement(mask)[1]:
        loose &= ~meld
    if not loose:
        return -1
    tens = loose & _TEN_POINT_CARDS
    if tens:  # of equal value, the highest-numbered
        return tens.bit_length() - 1
    top = (loose | loose >> RANKS | loose >> (2 * RANKS) | loose >> (3 * RANKS)) & SUIT_BITS
    card = (top.bit_length() - 1) + 3 * RANKS
    while not loose >> card & 1:
        card -= RANKS
    return card


_TEN_POINT_CARDS = sum(1 << c for c in range(CARDS) if VALUE[c] == FACE_VALUE)


def best_melds(mask: int) -> tuple[int, ...]:
    """A best arrangement's melds, sorted by their lowest card."""
    return tuple(sorted(best_arrangement(mask)[1], key=lambda m: m & -m))


ELEVEN = 11
_AFTER: dict[tuple[int, int], int] = {}


def deadwood_after_discard(mask: int, forbidden: int = -1) -> int:
    """The least deadwood left after discarding one card of ``mask`` (never ``forbidden``).

    For an eleven-card hand one search does it, the discard being a card left out of the melds and
    not counted (some meld then has four cards or more, so a card of it can go if none is left out).
    """
    key = (mask, forbidden)
    known = _AFTER.get(key)
    if known is not None:
        return known
    if mask.bit_count() == ELEVEN:
        found = value(mask) - _with_discard(mask, forbidden)
    else:
        found = min(deadwood(mask & ~(1 << c)) for c in cards_of(mask) if c != forbidden)
    if len(_AFTER) > _CACHE_LIMIT:
        _AFTER.clear()
    _AFTER[key] = found
    return found


RUN_STARTS = sum(((1 << (RANKS - 2)) - 1) << (s * RANKS) for s in range(4))
"""Where a run of three may start: ranks Ace to Jack of each suit."""


def meldable_cards(mask: int) -> int:
    """The cards of ``mask`` that some meld within ``mask`` holds, found with a few operations on bits.

    >>> cards_text(meldable_cards(mask_of(parse("AC 2C 3C 7D 7H 7S KH 9D"))))
    'AC 2C 3C 7D 7H 7S'
    """
    starts = mask & (mask >> 1) & (mask >> 2) & RUN_STARTS
    runs = starts | starts << 1 | starts << 2
    x0, x1, x2, x3 = mask & SUIT_BITS, mask >> RANKS & SUIT_BITS, mask >> (2 * RANKS) & SUIT_BITS, mask >> (3 * RANKS)
    ranks = (x0 & x1 & (x2 | x3)) | (x2 & x3 & (x0 | x1))
    sets = ranks | ranks << RANKS | ranks << (2 * RANKS) | ranks << (3 * RANKS)
    return mask & (runs | sets)


_DISCARDED: dict[tuple[int, int], int] = {}


def _with_discard(mask: int, forbidden: int) -> int:
    """The most points melds and one discarded card (never ``forbidden``) can take out of ``mask``.

    Of the cards no meld can hold, the highest may be the one discarded; the lowest card that a meld
    could hold is left as deadwood, discarded, or melded.
    """
    key = (mask, forbidden)
    found = _DISCARDED.get(key)
    if found is not None:
        return found
    meldable = meldable_cards(mask)
    loose = max((VALUE[c] for c in cards_of(mask & ~meldable) if c != forbidden), default=0)
    best = loose + best_arrangement(meldable)[0]
    if meldable:
        low = meldable & -meldable
        card = low.bit_length() - 1
        best = max(best, _with_discard(mask & ~low, forbidden))
        if card != forbidden:
            best = max(best, VALUE[card] + best_arrangement(mask & ~low)[0])
        for meld in MELDS_WITH[card]:
            if meld & mask == meld:
                best = max(best, MELD_VALUE[meld] + _with_discard(mask & ~meld, forbidden))
    if len(_DISCARDED) > _CACHE_LIMIT:
        _DISCARDED.clear()
    _DISCARDED[key] = best
    return best


def run_ends(run: int) -> Iterator[int]:
    """The cards that extend ``run`` (a run's mask) at either end, within its suit."""
    cards = cards_of(run)
    low, high = cards[0], cards[-1]
    if rank(low) > 0:
        yield low - 1
    if rank(high) < RANKS - 1:
        yield high + 1


def is_set(meld: int) -> bool:
    """Whether a meld's cards share one rank."""
    return len({rank(c) for c in cards_of(meld)}) == 1


def missing_of_set(meld: int) -> int | None:
    """The fourth card of a three-card set, or None."""
    cards = cards_of(meld)
    if len(cards) != SET_SIZES[0]:
        return None
    r = rank(cards[0])
    return next(s * RANKS + r for s in range(len(SUITS)) if not meld >> (s * RANKS + r) & 1)

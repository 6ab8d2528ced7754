"""OpenSpiel's ways of counting, for the variant that plays its rules exactly (option ``rules=openspiel``).

Two of OpenSpiel's ``gin_rummy`` computations differ from the exact ones of :mod:`tabletop_gin.melds`
(docs/gin.md, "OpenSpiel's departures"):

* the deadwood of an eleven-card hand (which decides whether a player may knock) is not the least over
  every discard: OpenSpiel takes the first best arrangement of all eleven cards its search meets and
  drops the highest-ranked card left over, which may count more;
* the cards the defender may lay off on a run: a card laid off earlier extends the run only if it
  touched the run as the knocker laid it, so at most two cards go on each end.

Both are written here as OpenSpiel writes them (``gin_rummy_utils.cc``: ``MinDeadwood``,
``AllMeldGroups``, ``AllLayoffs``), in its order of cards and melds.

>>> from tabletop_gin.melds import mask_of, parse, deadwood_after_discard
>>> hand = mask_of(parse("2S 3S 4S 5S 6S 7S 8S 9S TS JS QS"))
>>> openspiel_deadwood(hand), deadwood_after_discard(hand)
(0, 0)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from tabletop_gin.melds import RANKS, VALUE, best_arrangement, cards_of, is_set, rank, suit

ELEVEN = 11
OPENSPIEL_SUIT = (1, 2, 3, 0)
"""Each suit's place in OpenSpiel's order (spades, clubs, diamonds, hearts) by its place here."""


def openspiel_id(card: int) -> int:
    """A card's number in OpenSpiel (``suit * 13 + rank``, suits ``scdh``)."""
    return OPENSPIEL_SUIT[suit(card)] * RANKS + rank(card)


def _by_rank(cards: list[int]) -> list[int]:
    return sorted(cards, key=lambda c: (rank(c), openspiel_id(c)))


def _by_suit(cards: list[int]) -> list[int]:
    return sorted(cards, key=openspiel_id)


def _rank_melds(cards: list[int]) -> list[int]:
    melds: list[int] = []
    if len(cards) < 3:
        return melds
    c = _by_rank(cards)
    for i in range(len(c) - 3):
        if rank(c[i]) == rank(c[i + 3]):
            melds += [_mask(c[i : i + 4]), _mask([c[i], c[i + 1], c[i + 3]]), _mask([c[i], c[i + 2], c[i + 3]])]
    for i in range(len(c) - 2):
        if rank(c[i]) == rank(c[i + 2]):
            melds.append(_mask(c[i : i + 3]))
    return melds


def _suit_melds(cards: list[int]) -> list[int]:
    melds: list[int] = []
    c = _by_suit(cards)
    ids = [openspiel_id(x) for x in c]
    for size in (5, 4, 3):
        for i in range(len(c) - size + 1):
            if ids[i] == ids[i + size - 1] - (size - 1) and suit(c[i]) == suit(c[i + size - 1]):
                melds.append(_mask(c[i : i + size]))
    return melds


def _mask(cards: Sequence[int]) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def _paths(meld: int, melds: list[int], covered: int) -> Iterator[int]:
    """The cards covered by each maximal arrangement under ``meld``, in OpenSpiel's depth-first order."""
    children = [m for m in melds if not m & meld]
    if not children:
        yield covered | meld
        return
    for child in children:
        yield from _paths(child, children, covered | meld)


_CACHE: dict[int, int] = {}


def openspiel_deadwood(hand: int) -> int:
    """OpenSpiel's deadwood of ``hand``: exact for ten cards or fewer, its estimate for eleven."""
    cards = cards_of(hand)
    if len(cards) != ELEVEN:
        return sum(VALUE[c] for c in cards) - best_arrangement(hand)[0]
    known = _CACHE.get(hand)
    if known is None:
        known = _eleven(hand, cards)
        _CACHE[hand] = known
    return known


def _eleven(hand: int, cards: list[int]) -> int:
    best = best_arrangement(hand)[0]
    melds = _rank_melds(cards) + _suit_melds(cards)
    covered = 0
    if best:
        covered = next(p for m in melds for p in _paths(m, melds, 0) if _points(p) == best)
    left = [c for c in cards if not covered >> c & 1]
    if left:
        left = _by_rank(left)[:-1]  # the highest-ranked card left over is the one discarded
    return sum(VALUE[c] for c in left)


def _points(mask: int) -> int:
    return sum(VALUE[c] for c in cards_of(mask))


def openspiel_layoffs(melds: Sequence[int], laid_off: Sequence[int]) -> set[int]:
    """The cards OpenSpiel lets the defender lay off on ``melds`` after ``laid_off`` (``AllLayoffs``)."""
    out: set[int] = set()
    for meld in melds:
        cards = cards_of(meld)
        if is_set(meld):
            if len(cards) == 3:
                r = rank(cards[0])
                out.add(next(s * RANKS + r for s in range(4) if not meld >> (s * RANKS + r) & 1))
            continue
        ends = set(_ends(cards))
        extended = meld
        for card in laid_off:
            if card in ends:
                extended |= 1 << card
        out.update(_ends(cards_of(extended)))
    return out


def _ends(cards: list[int]) -> Iterator[int]:
    low, high = min(cards), max(cards)
    if rank(low) > 0:
        yield low - 1
    if rank(high) < RANKS - 1:
        yield high + 1

"""The cards a defender may lay off on the knocker's melds, and the defender's best play.

>>> from tabletop_gin.melds import mask_of, parse, cards_text
>>> run = mask_of(parse("5S 6S 7S"))
>>> cards_text(layoff_cards([run], [], openspiel=False))
'4S 8S'
>>> cards_text(layoff_cards([run], parse("8S 9S"), openspiel=False)), cards_text(layoff_cards([run], parse("8S 9S"), openspiel=True))
('4S TS', '4S 9S')
>>> hand = mask_of(parse("8S 9S KC KD KH 2D 3H 4C QD JH"))
>>> dead, (laid, *melds) = best_defence([run], hand, openspiel=False)
>>> dead, cards_text(laid), [cards_text(m) for m in melds]
(29, '8S 9S', ['KC KD KH'])
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

from tabletop_gin.melds import best_arrangement, cards_of, is_set, missing_of_set, run_ends, value
from tabletop_gin.reference import openspiel_layoffs


def layoff_cards(melds: Sequence[int], laid_off: Sequence[int], *, openspiel: bool) -> set[int]:
    """The cards that may be laid off now on ``melds`` (the knocker's), with ``laid_off`` on them already.

    By the written rules a run grows card by card at either end; OpenSpiel's count stops at two a side.
    """
    if openspiel:
        return openspiel_layoffs(melds, laid_off)
    laid = set(laid_off)
    out: set[int] = set()
    for meld in melds:
        if is_set(meld):
            missing = missing_of_set(meld)
            if missing is not None and missing not in laid:
                out.add(missing)
            continue
        out.update(c for c in run_ends(_grown(meld, laid)) if c not in laid)
    return out


def _grown(run: int, laid: set[int]) -> int:
    grown = True
    while grown:
        grown = False
        for card in run_ends(run):
            if card in laid:
                run |= 1 << card
                grown = True
    return run


def _choices(meld: int, hand: int, openspiel: bool) -> list[int]:
    """Each way of laying off on one meld: the cards laid off as a mask."""
    if is_set(meld):
        missing = missing_of_set(meld)
        return [0, 1 << missing] if missing is not None and hand >> missing & 1 else [0]
    most = 2 if openspiel else len(cards_of(hand))
    below: list[int] = []
    above: list[int] = []
    cards = cards_of(meld)
    low, high = cards[0] - 1, cards[-1] + 1
    while len(below) < most and low >= 0 and low % 13 != 12 and hand >> low & 1:
        below.append(low)
        low -= 1
    while len(above) < most and high % 13 != 0 and hand >> high & 1:
        above.append(high)
        high += 1
    return [
        sum(1 << c for c in below[:i]) | sum(1 << c for c in above[:j])
        for i in range(len(below) + 1)
        for j in range(len(above) + 1)
    ]


def _layoff_sets(melds: Sequence[int], hand: int, openspiel: bool) -> Iterator[int]:
    for combo in itertools.product(*(_choices(m, hand, openspiel) for m in melds)):
        total = 0
        for part in combo:
            if total & part:
                break
            total |= part
        else:
            yield total


def best_defence(melds: Sequence[int], hand: int, *, openspiel: bool) -> tuple[int, tuple[int, ...]]:
    """The defender's least deadwood and how: the cards laid off (a mask) and their own melds."""
    best: tuple[int, int, tuple[int, ...]] = (value(hand) + 1, 0, ())
    for laid in _layoff_sets(melds, hand, openspiel):
        rest = hand & ~laid
        covered, own = best_arrangement(rest)
        dead = value(rest) - covered
        if dead < best[0]:
            best = (dead, laid, own)
    return best[0], (best[1], *best[2])

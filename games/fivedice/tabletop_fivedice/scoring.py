"""The thirteen boxes, what a roll scores in each, and the joker rules (docs/fivedice.md, rules 3 to 9).

Everything here is a pure function of the dice and the boxes already filled, so the
rules engine, the solver, the coach and the score sheet all score the same way.

>>> box_score(FULL_HOUSE, (2, 2, 5, 5, 5)), box_score(SMALL_STRAIGHT, (1, 3, 4, 5, 6))
(25, 30)
>>> box_score(FIVES, (2, 2, 5, 5, 5)), box_score(CHANCE, (2, 2, 5, 5, 5))
(15, 19)
>>> # A further five of a kind under the official rule must go in its upper box when that is open:
>>> scoring_choices(OFFICIAL, frozenset(range(BOXES)) - {FIVE_KIND}, 50, (4, 4, 4, 4, 4))
[(3, 20)]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

ACES, TWOS, THREES, FOURS, FIVES, SIXES = range(6)
THREE_KIND, FOUR_KIND, FULL_HOUSE, SMALL_STRAIGHT, LARGE_STRAIGHT, FIVE_KIND, CHANCE = range(6, 13)
BOXES = 13
UPPER = tuple(range(6))
LOWER = tuple(range(6, 13))

BOX_KEYS = (
    "aces",
    "twos",
    "threes",
    "fours",
    "fives",
    "sixes",
    "three-kind",
    "four-kind",
    "full-house",
    "small-straight",
    "large-straight",
    "five-kind",
    "chance",
)
"""Each box's word in the notation (``score full-house``)."""
BOX_NAMES = (
    "Aces",
    "Twos",
    "Threes",
    "Fours",
    "Fives",
    "Sixes",
    "3 of a kind",
    "4 of a kind",
    "Full house",
    "Sm straight",
    "Lg straight",
    "5 of a kind",
    "Chance",
)
"""Each box as the score sheet names it."""

FULL_HOUSE_POINTS = 25
SMALL_STRAIGHT_POINTS = 30
LARGE_STRAIGHT_POINTS = 40
FIVE_KIND_POINTS = 50
UPPER_BONUS = 35
UPPER_BONUS_AT = 63
FIVE_KIND_BONUS = 100

OFFICIAL = "official"
"""The forced joker rule of the commercial game's rules."""
FREE = "free"
"""A further five of a kind in any open box; joker values in a lower box only when its upper box is filled."""
NONE = "none"
"""No bonus for a further five of a kind and no joker."""
RULES = (OFFICIAL, FREE, NONE)

_SMALL_RUNS = ({1, 2, 3, 4}, {2, 3, 4, 5}, {3, 4, 5, 6})
_LARGE_RUNS = ({1, 2, 3, 4, 5}, {2, 3, 4, 5, 6})


def is_five_kind(faces: tuple[int, ...]) -> bool:
    """Whether all five dice show one face."""
    return len(faces) == 5 and len(set(faces)) == 1


def box_score(box: int, faces: tuple[int, ...]) -> int:
    """What ``faces`` score in ``box`` by the box's own rule, with no joker (rules 3 to 6)."""
    if box < 6:
        return faces.count(box + 1) * (box + 1)
    counts = sorted(Counter(faces).values())
    shown = set(faces)
    if box == THREE_KIND:
        return sum(faces) if counts[-1] >= 3 else 0
    if box == FOUR_KIND:
        return sum(faces) if counts[-1] >= 4 else 0
    if box == FULL_HOUSE:
        return FULL_HOUSE_POINTS if counts == [2, 3] else 0
    if box == SMALL_STRAIGHT:
        return SMALL_STRAIGHT_POINTS if any(run <= shown for run in _SMALL_RUNS) else 0
    if box == LARGE_STRAIGHT:
        return LARGE_STRAIGHT_POINTS if any(run <= shown for run in _LARGE_RUNS) else 0
    if box == FIVE_KIND:
        return FIVE_KIND_POINTS if counts == [5] else 0
    return sum(faces)


def joker_score(box: int, faces: tuple[int, ...]) -> int:
    """What a five of a kind scores in a lower box as a joker: full house and the straights at full value."""
    joker = {
        FULL_HOUSE: FULL_HOUSE_POINTS,
        SMALL_STRAIGHT: SMALL_STRAIGHT_POINTS,
        LARGE_STRAIGHT: LARGE_STRAIGHT_POINTS,
    }
    return joker.get(box, box_score(box, faces))


def scoring_choices(
    rule: str, open_boxes: Iterable[int], five_kind_box: int | None, faces: tuple[int, ...]
) -> list[tuple[int, int]]:
    """The boxes ``faces`` may be scored in, each with its points (bonuses apart), in box order.

    ``five_kind_box`` is what the five-of-a-kind box holds (None while it is open).
    A joker applies to a five of a kind once that box is filled, with 50 or with 0.
    """
    boxes = sorted(open_boxes)
    if rule == NONE or five_kind_box is None or not is_five_kind(faces):
        return [(box, box_score(box, faces)) for box in boxes]
    upper = faces[0] - 1
    if rule == FREE:
        if upper in boxes:  # its upper box is open: no joker values
            return [(box, box_score(box, faces)) for box in boxes]
        return [(box, joker_score(box, faces)) for box in boxes]
    # The official forced joker rule (rule 9).
    if upper in boxes:
        return [(upper, box_score(upper, faces))]
    lower = [box for box in boxes if box >= 6]
    if lower:
        return [(box, joker_score(box, faces)) for box in lower]
    return [(box, 0) for box in boxes]


def five_kind_bonus(rule: str, five_kind_box: int | None, faces: tuple[int, ...]) -> int:
    """The bonus a five of a kind earns when the five-of-a-kind box already holds 50 (rule 8)."""
    if rule != NONE and five_kind_box == FIVE_KIND_POINTS and is_five_kind(faces):
        return FIVE_KIND_BONUS
    return 0


def upper_total(sheet: Iterable[int | None]) -> int:
    """The sum of the six upper boxes filled so far."""
    return sum(points or 0 for box, points in enumerate(sheet) if box < 6)


def total(sheet: list[int | None], bonuses: int) -> int:
    """The whole sheet: every box, the upper bonus once the upper boxes reach 63, each 100 bonus."""
    upper = upper_total(sheet)
    bonus = UPPER_BONUS if upper >= UPPER_BONUS_AT else 0
    return sum(points or 0 for points in sheet) + bonus + FIVE_KIND_BONUS * bonuses

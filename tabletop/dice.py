"""Dice: rolls, the outcome tables of one, two or more dice (as a game's own chance actions with
:func:`chance_actions`), and setting or adjusting a die within its faces.

>>> round(sum(p for _, p in two_dice_outcomes()), 12)
1.0
>>> two_dice_outcomes()[:2]  # (1, 1) one way in 36, (1, 2) two ways
(((1, 1), 0.027777777777777776), ((1, 2), 0.05555555555555555))
>>> len(two_dice_outcomes())
21
>>> adjust(6, +1)
Traceback (most recent call last):
...
ValueError: a die cannot go above 6
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from functools import cache
from typing import TypeVar

FACES = 6

T = TypeVar("T")
A = TypeVar("A")


def roll(rng: random.Random, faces: int = FACES) -> int:
    """One die rolled with ``rng``: for agents and simulations, never for rules.

    A rules engine does not roll: a roll is a chance node whose outcomes are
    :func:`one_die_outcomes` or :func:`two_dice_outcomes`.
    """
    return rng.randint(1, faces)


def roll_many(rng: random.Random, n: int, faces: int = FACES) -> tuple[int, ...]:
    """``n`` dice rolled with ``rng`` (like :func:`roll`, not for rules)."""
    return tuple(rng.randint(1, faces) for _ in range(n))


def check_face(value: int, faces: int = FACES) -> int:
    """``value`` itself if a die can show it, else a ValueError (for a face read from a file or typed).

    >>> check_face(4)
    4
    >>> check_face(7)
    Traceback (most recent call last):
    ...
    ValueError: a die shows 1 to 6, not 7
    """
    if not 1 <= value <= faces:
        raise ValueError(f"a die shows 1 to {faces}, not {value}")
    return value


def adjust(value: int, delta: int, faces: int = FACES) -> int:
    """``value + delta``, refusing to leave the die's faces."""
    result = value + delta
    if result > faces:
        raise ValueError(f"a die cannot go above {faces}")
    if result < 1:
        raise ValueError("a die cannot go below 1")
    return result


def opposite(value: int, faces: int = FACES) -> int:
    """The face opposite ``value`` on a standard die (they sum to faces + 1)."""
    return faces + 1 - check_face(value, faces)


@cache
def two_dice_outcomes(faces: int = FACES) -> tuple[tuple[tuple[int, int], float], ...]:
    """The unordered results of two dice, (low, high), with their probabilities."""
    total = faces * faces
    return tuple(((a, b), (1 if a == b else 2) / total) for a in range(1, faces + 1) for b in range(a, faces + 1))


@cache
def one_die_outcomes(faces: int = FACES) -> tuple[tuple[int, float], ...]:
    """The results of one die with their probabilities: the outcomes of a one-die chance node."""
    return tuple((v, 1 / faces) for v in range(1, faces + 1))


@cache
def dice_outcomes(n: int, faces: int = FACES) -> tuple[tuple[tuple[int, ...], float], ...]:
    """The unordered results of ``n`` dice rolled together, lowest first, with their probabilities.

    One outcome per cupful keeps a secret roll to one chance node and one log line.

    >>> outcomes = dice_outcomes(3)
    >>> len(outcomes), round(sum(p for _, p in outcomes), 12)
    (56, 1.0)
    >>> outcomes[0], outcomes[1]  # (1, 1, 1) one way in 216, (1, 1, 2) three ways
    (((1, 1, 1), 0.004629629629629629), ((1, 1, 2), 0.013888888888888888))
    >>> dice_outcomes(2) == two_dice_outcomes()
    True
    """
    from itertools import combinations_with_replacement
    from math import factorial, prod

    if n < 1:
        raise ValueError(f"roll at least one die, not {n}")
    total = faces**n

    def ways(faces_shown: tuple[int, ...]) -> int:
        return factorial(n) // prod(factorial(faces_shown.count(v)) for v in set(faces_shown))

    return tuple((shown, ways(shown) / total) for shown in combinations_with_replacement(range(1, faces + 1), n))


def chance_actions(outcomes: Iterable[tuple[T, float]], make: Callable[[T], A]) -> list[tuple[A, float]]:
    """Dice outcomes as a chance node's actions: each result made into the game's own action.

    ``chance_outcomes()`` can then return the dice directly, with no loop of its own:

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Face:
    ...     value: int
    >>> chance_actions(one_die_outcomes(), Face)[:2]
    [(Face(value=1), 0.16666666666666666), (Face(value=2), 0.16666666666666666)]
    """
    return [(make(result), probability) for result, probability in outcomes]

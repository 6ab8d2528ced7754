"""A set of dice rolled together, some held between rolls: holds, rerolls and their exact odds.

Dice rolled in a cup are a multiset: which die shows which face does not matter,
so a :class:`DiceSet` keeps its faces sorted, lowest first, and a hold is the
sub-multiset of faces kept (``(3, 3)``: "keep both threes"). A reroll is a
chance node: :meth:`DiceSet.reroll_outcomes` lists every set the dice may show
after the others are rolled again, with its exact probability as a fraction
(and :meth:`DiceSet.reroll_chances` as floats, for ``chance_outcomes``).

>>> dice = DiceSet((3, 1, 3, 6, 5))
>>> dice, str(dice)
(DiceSet(faces=(1, 3, 3, 5, 6)), '1 3 3 5 6')
>>> len(dice.holds())  # every distinct sub-multiset: 2 * 3 * 2 * 2 ways, the full set included
24
>>> outcomes = dice.reroll_outcomes((3, 3, 5))  # two dice rolled again: 21 unordered results
>>> len(outcomes), sum(p for _, p in outcomes)
(21, Fraction(1, 1))
>>> outcomes[0]  # both show 1: one way in 36
(DiceSet(faces=(1, 1, 3, 3, 5)), Fraction(1, 36))
>>> dice.reroll_outcomes((4,))
Traceback (most recent call last):
...
ValueError: cannot hold 4: the dice show 1 3 3 5 6
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement, product
from math import factorial, prod

from tabletop.dice import FACES, check_face


@dataclass(frozen=True)
class DiceSet:
    """Dice showing ``faces`` (kept sorted, lowest first): immutable, hashable, with a notation.

    ``str`` is the faces separated by spaces, which :meth:`parse` reads back.
    """

    faces: tuple[int, ...]
    sides: int = FACES

    def __post_init__(self) -> None:
        for face in self.faces:
            check_face(face, self.sides)
        object.__setattr__(self, "faces", tuple(sorted(self.faces)))

    def __repr__(self) -> str:
        extra = "" if self.sides == FACES else f", sides={self.sides}"
        return f"DiceSet(faces={self.faces}{extra})"

    def __str__(self) -> str:
        return " ".join(map(str, self.faces))

    def __len__(self) -> int:
        return len(self.faces)

    @classmethod
    def parse(cls, text: str, sides: int = FACES) -> DiceSet:
        """Faces written as digits, with or without spaces: ``"1 3 3 5 6"`` or ``"13356"``.

        >>> DiceSet.parse("6 2 2")
        DiceSet(faces=(2, 2, 6))
        >>> DiceSet.parse("2 x")
        Traceback (most recent call last):
        ...
        ValueError: 'x' is not a die's face
        """
        words = text.split()
        if len(words) == 1 and words[0].isdigit() and sides < 10:
            words = list(words[0])
        faces: list[int] = []
        for word in words:
            if not word.isdigit():
                raise ValueError(f"{word!r} is not a die's face")
            faces.append(check_face(int(word), sides))
        return cls(tuple(faces), sides)

    def counts(self) -> Counter[int]:
        """How many dice show each face."""
        return Counter(self.faces)

    def holds(self) -> tuple[tuple[int, ...], ...]:
        """Every distinct hold: each sub-multiset of the faces, from none to all, sorted, each once."""
        return holds_of(self.faces)

    def can_hold(self, kept: tuple[int, ...]) -> bool:
        """Whether ``kept`` is a sub-multiset of the faces showing."""
        return not Counter(kept) - self.counts()

    def held_at(self, positions: tuple[int, ...]) -> tuple[int, ...]:
        """The hold made of the dice at ``positions`` (0-based, in the sorted order shown).

        >>> DiceSet((2, 5, 5, 1, 6)).held_at((1, 3))
        (2, 5)
        """
        return tuple(sorted(self.faces[i] for i in positions))

    def reroll_outcomes(self, kept: tuple[int, ...]) -> tuple[tuple[DiceSet, Fraction], ...]:
        """Every set the dice may show once all but ``kept`` are rolled again, with its exact probability.

        The outcomes are sorted by their faces, so the order never depends on how they were found.
        """
        if not self.can_hold(kept):
            raise ValueError(f"cannot hold {' '.join(map(str, kept))}: the dice show {self}")
        return _reroll_outcomes(tuple(sorted(kept)), len(self.faces), self.sides)

    def reroll_chances(self, kept: tuple[int, ...]) -> list[tuple[DiceSet, float]]:
        """:meth:`reroll_outcomes` with the probabilities as floats: a chance node's outcomes."""
        if not self.can_hold(kept):
            raise ValueError(f"cannot hold {' '.join(map(str, kept))}: the dice show {self}")
        return list(_reroll_chances(tuple(sorted(kept)), len(self.faces), self.sides))


# A game asks for the same few outcome lists at every chance node (a search, thousands of times a second):
# each is worked out once. The lists hold immutable values only, so they are shared safely.


@cache
def first_roll(count: int, sides: int = FACES) -> tuple[tuple[DiceSet, Fraction], ...]:
    """Every set ``count`` dice may show when all are rolled, with its exact probability.

    >>> outcomes = first_roll(5)
    >>> len(outcomes), outcomes[0][1], outcomes[1][1]  # 1 1 1 1 1 one way; 1 1 1 1 2 five ways in 7,776
    (252, Fraction(1, 7776), Fraction(5, 7776))
    """
    return tuple((DiceSet(rolled, sides), chance) for rolled, chance in roll_ways(count, sides))


@cache
def _reroll_outcomes(kept: tuple[int, ...], count: int, sides: int) -> tuple[tuple[DiceSet, Fraction], ...]:
    return tuple(
        (DiceSet(tuple(sorted(kept + rolled)), sides), chance) for rolled, chance in roll_ways(count - len(kept), sides)
    )


@cache
def _reroll_chances(kept: tuple[int, ...], count: int, sides: int) -> tuple[tuple[DiceSet, float], ...]:
    return tuple((dice, float(chance)) for dice, chance in _reroll_outcomes(kept, count, sides))


@cache
def roll_ways(count: int, sides: int = FACES) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    """The unordered results of ``count`` dice rolled together, lowest first, each with its exact probability.

    No dice rolled is one certain result, the empty one.

    >>> roll_ways(0)
    (((), Fraction(1, 1)),)
    >>> roll_ways(2)[:2]
    (((1, 1), Fraction(1, 36)), ((1, 2), Fraction(1, 18)))
    """
    if count < 0:
        raise ValueError(f"roll no fewer than no dice, not {count}")
    total = sides**count

    def ways(shown: tuple[int, ...]) -> int:
        return factorial(count) // prod(factorial(n) for n in Counter(shown).values())

    return tuple(
        (shown, Fraction(ways(shown), total)) for shown in combinations_with_replacement(range(1, sides + 1), count)
    )


@cache
def holds_of(faces: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every distinct sub-multiset of sorted ``faces``, shortest first, then in order of faces.

    >>> holds_of((2, 2, 5))
    ((), (2,), (5,), (2, 2), (2, 5), (2, 2, 5))
    """
    counts = sorted(Counter(faces).items())
    found = {
        tuple(face for (face, _), n in zip(counts, taken) for _ in range(n))
        for taken in product(*(range(n + 1) for _, n in counts))
    }
    return tuple(sorted(found, key=lambda hold: (len(hold), hold)))

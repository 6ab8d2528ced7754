"""Piles of cards: a deck, a discard pile, a hand. Cards are any values.

>>> import random
>>> deck = Pile(range(1, 6))
>>> deck.shuffle(random.Random(1)); len(deck)
5
>>> top = deck.draw(); len(deck)
4
>>> deck.counts()[top]
0
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Iterator
from typing import Generic, TypeVar

T = TypeVar("T")


class EmptyPileError(IndexError):
    """Drawing or peeking at an empty pile."""


class Pile(Generic[T]):
    """An ordered pile whose top is the end of the list."""

    __slots__ = ("_cards",)

    def __init__(self, cards: Iterable[T] = ()) -> None:
        self._cards: list[T] = list(cards)

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self) -> Iterator[T]:
        """Bottom to top."""
        return iter(self._cards)

    def __bool__(self) -> bool:
        return bool(self._cards)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Pile) and self._cards == other._cards

    def __repr__(self) -> str:
        return f"Pile({self._cards!r})"

    def shuffle(self, rng: random.Random) -> None:
        """Put the cards in a random order drawn from ``rng`` (for agents and simulations: a rules
        engine leaves a shuffle to a chance node)."""
        rng.shuffle(self._cards)

    def draw(self) -> T:
        """Take the top card."""
        if not self._cards:
            raise EmptyPileError("the pile is empty")
        return self._cards.pop()

    def draw_many(self, n: int) -> list[T]:
        """Take the top ``n`` cards, the top one first; refused whole if fewer are left.

        >>> pile = Pile([1, 2, 3])
        >>> pile.draw_many(2), pile.to_list()
        ([3, 2], [1])
        >>> pile.draw_many(2)
        Traceback (most recent call last):
        ...
        tabletop.cards.EmptyPileError: cannot draw 2 from a pile of 1
        """
        if n > len(self._cards):
            raise EmptyPileError(f"cannot draw {n} from a pile of {len(self._cards)}")
        return [self._cards.pop() for _ in range(n)]

    def peek(self) -> T:
        """The top card, left in place."""
        if not self._cards:
            raise EmptyPileError("the pile is empty")
        return self._cards[-1]

    def put(self, card: T) -> None:
        """Place a card on top."""
        self._cards.append(card)

    def remove(self, card: T) -> None:
        """Take a given card out wherever it lies."""
        self._cards.remove(card)

    def counts(self) -> Counter[T]:
        """How many of each card the pile holds.

        >>> Pile("aba").counts()["a"]
        2
        """
        return Counter(self._cards)

    def copy(self) -> Pile[T]:
        """A pile of the same cards in the same order, changed independently of this one."""
        return Pile(self._cards)

    def to_list(self) -> list[T]:
        """The cards, bottom to top, as a new list.

        >>> pile = Pile([1, 2]); pile.put(3); pile.to_list()
        [1, 2, 3]
        """
        return list(self._cards)

"""Playing cards: suits, ranks, a card with a short notation, standard decks, face-down piles and deals.

A card's notation is two characters, rank then suit (``AS``, ``TD``, ``QH``);
its display form uses the suit's symbol and reads without colour (``A♠``,
``10♦``). Both are read back, and so is ``10D``:

>>> Card.parse("TD"), Card.parse("10♦"), Card.parse("10d")
(Card.parse('TD'), Card.parse('TD'), Card.parse('TD'))
>>> str(Card.parse("as")), Card.parse("as").display
('AS', 'A♠')
>>> len(standard_deck()), len(standard_deck(jokers=2, decks=2))
(52, 106)

A rules engine deals as chance: either cards drawn one at a time
(:func:`draw_outcomes`, one chance node per card) or one numbered shuffle
(:func:`numbered_outcomes` picks the number; :func:`microsoft_deal` or
:func:`numbered_shuffle` turns it into an order), so that a deal can be named
by its number and played again anywhere.
"""

from __future__ import annotations

import enum
import functools
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TypeVar

A = TypeVar("A")

RANK_LETTERS = "A23456789TJQK"
"""The one-letter rank of each card from Ace (1) to King (13): ``T`` is the ten."""
ACE, JACK, QUEEN, KING = 1, 11, 12, 13
JOKER_RANK = 0
"""The rank of a joker, which has no suit."""
JOKER_TEXT = "JK"
"""A joker's notation and display."""
RANK_WORDS = ("Joker", "Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King")


class CardError(ValueError):
    """Text that names no card."""


class Suit(enum.Enum):
    """A suit, in the order Microsoft's deal generator uses (clubs, diamonds, hearts, spades)."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def symbol(self) -> str:
        """The suit's sign, ``♣ ♦ ♥ ♠``: a shape that tells the suit without colour."""
        return _SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        """Diamonds and hearts are red; clubs and spades black."""
        return self._value_ in _RED

    @property
    def index(self) -> int:
        """0 to 3, in the order of the enum."""
        return self._order  # type: ignore[attr-defined,no-any-return]

    @property
    def word(self) -> str:
        """The suit's name, plural: ``spades``."""
        return self.name.lower()


_RED = frozenset("DH")
_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
SUITS: tuple[Suit, ...] = tuple(Suit)
SUIT_LETTERS = "".join(suit.value for suit in SUITS)
"""Each suit's letter by its place: a card's text reads it there, faster than through the enum's ``value``."""
for _order, _suit in enumerate(SUITS):
    # Each suit's place, as a plain attribute: cards are sorted and numbered by it very often, and the
    # enum's own ``value`` and a search of SUITS cost several times as much.
    _suit._order = _order  # type: ignore[attr-defined]
_SUIT_BY_TEXT = {**{s.value: s for s in SUITS}, **{s.symbol: s for s in SUITS}}


@functools.total_ordering
@dataclass(frozen=True, slots=True)
class Card:
    """One playing card: ``rank`` 1 (Ace) to 13 (King) and a suit, or a joker (rank 0, no suit).

    Cards compare by rank, then suit; ``index`` numbers the 52 cards as
    Microsoft's deals do (Ace of clubs 0, Ace of diamonds 1, ..., King of spades 51).

    >>> Card(12, Suit.HEARTS).display, Card(12, Suit.HEARTS).index, Card.from_index(51)
    ('Q♥', 46, Card.parse('KS'))
    """

    rank: int
    suit: Suit | None

    def __post_init__(self) -> None:
        if self.suit is None and self.rank != JOKER_RANK:
            raise CardError(f"a card of rank {self.rank} needs a suit")
        if self.suit is not None and not ACE <= self.rank <= KING:
            raise CardError(f"a rank is from 1 (Ace) to 13 (King), not {self.rank}")

    def __str__(self) -> str:
        if self.suit is None:
            return JOKER_TEXT
        return RANK_LETTERS[self.rank - 1] + SUIT_LETTERS[self.suit._order]  # type: ignore[attr-defined]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._key() < other._key()

    def _key(self) -> tuple[int, int]:
        return (self.rank, -1 if self.suit is None else self.suit._order)  # type: ignore[attr-defined]

    @property
    def is_joker(self) -> bool:
        """Whether this is a joker."""
        return self.suit is None

    @property
    def is_red(self) -> bool:
        """Whether the card's suit is red (a joker is neither: False)."""
        return self.suit is not None and self.suit._value_ in _RED

    @property
    def display(self) -> str:
        """The card for the screen: rank and suit symbol, the ten as ``10`` (``10♦``, ``A♠``)."""
        if self.suit is None:
            return JOKER_TEXT
        rank = "10" if self.rank == 10 else RANK_LETTERS[self.rank - 1]
        return rank + self.suit.symbol

    @property
    def words(self) -> str:
        """The card in words: ``Queen of hearts``."""
        if self.suit is None:
            return "Joker"
        return f"{RANK_WORDS[self.rank]} of {self.suit.word}"

    @property
    def index(self) -> int:
        """0 to 51 in Microsoft's order (rank first, then clubs, diamonds, hearts, spades)."""
        if self.suit is None:
            raise CardError("a joker has no place among the 52 cards")
        return (self.rank - 1) * len(SUITS) + self.suit._order  # type: ignore[attr-defined,no-any-return]

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card numbered ``index`` (0 to 51), the inverse of :attr:`index`."""
        if not 0 <= index < DECK_SIZE:
            raise CardError(f"a card's number is from 0 to {DECK_SIZE - 1}, not {index}")
        return _BY_INDEX[index]

    @property
    def number(self) -> int:
        """The card as solvers number it: ``rank * 4 + suit`` (:data:`FIRST_NUMBER` to :data:`LAST_NUMBER`).

        The order of :attr:`index`, moved up past 0 so that 0 can stand for no card; the rank is
        ``number >> SUIT_BITS`` and the suit's place ``number & SUIT_MASK``.

        >>> Card.parse("AC").number, Card.parse("KS").number, Card.from_number(46)
        (4, 55, Card.parse('JH'))
        """
        if self.suit is None:
            raise CardError("a joker has no place among the 52 cards")
        return (self.rank << SUIT_BITS) | self.suit._order  # type: ignore[attr-defined,no-any-return]

    @classmethod
    def from_number(cls, number: int) -> Card:
        """The card numbered ``number`` by :attr:`number`."""
        if not FIRST_NUMBER <= number <= LAST_NUMBER:
            raise CardError(f"a card's solver number is from {FIRST_NUMBER} to {LAST_NUMBER}, not {number}")
        return _BY_INDEX[number - FIRST_NUMBER]

    @classmethod
    def parse(cls, text: str) -> Card:
        """A card from its notation or display form, in any case: ``AS``, ``td``, ``10D``, ``10♦``, ``Q♥``, ``JK``.

        >>> Card.parse("1S")
        Traceback (most recent call last):
        ...
        tabletop.playing_cards.CardError: '1S' is not a card: write a rank (A 2-9 T or 10 J Q K) and a suit (C D H S)
        """
        cleaned = text.strip().upper()
        if cleaned == JOKER_TEXT:
            return JOKER
        rank_text, suit_text = cleaned[:-1], cleaned[-1:]
        if rank_text == "10":
            rank_text = "T"
        suit = _SUIT_BY_TEXT.get(suit_text)
        if suit is None or len(rank_text) != 1 or rank_text not in RANK_LETTERS:
            raise CardError(f"{text!r} is not a card: write a rank (A 2-9 T or 10 J Q K) and a suit (C D H S)")
        return cls(RANK_LETTERS.index(rank_text) + 1, suit)


DECK_SIZE = 52
JOKER = Card(JOKER_RANK, None)
SUIT_BITS = 2
"""A card's :attr:`Card.number` holds its suit's place (0 to 3) in this many low bits, its rank above them."""
SUIT_MASK = (1 << SUIT_BITS) - 1
FIRST_NUMBER = ACE << SUIT_BITS
"""The Ace of clubs' :attr:`Card.number`: no card is numbered 0."""
LAST_NUMBER = (KING << SUIT_BITS) | SUIT_MASK
"""The King of spades' :attr:`Card.number`."""
_BY_INDEX: tuple[Card, ...] = tuple(Card(rank, suit) for rank in range(ACE, KING + 1) for suit in SUITS)


def standard_deck(*, decks: int = 1, jokers: int = 0) -> list[Card]:
    """``decks`` standard 52-card decks and ``jokers`` jokers, in Microsoft's order (A♣ A♦ A♥ A♠ 2♣ ...).

    >>> [c.display for c in standard_deck()[:5]]
    ['A♣', 'A♦', 'A♥', 'A♠', '2♣']
    """
    if decks < 1 or jokers < 0:
        raise ValueError("a deck has at least one pack of cards and no negative number of jokers")
    return [card for _ in range(decks) for card in _BY_INDEX] + [JOKER] * jokers


def cards_text(cards: Iterable[Card]) -> str:
    """Cards as notation separated by spaces (``AS TD``), as :func:`parse_cards` reads them.

    >>> cards_text(parse_cards("as 10d"))
    'AS TD'
    """
    return " ".join(str(c) for c in cards)


def parse_cards(text: str) -> list[Card]:
    """Cards from notation or display forms separated by spaces or commas."""
    return [Card.parse(word) for word in text.replace(",", " ").split()]


# -- dealing as chance ------------------------------------------------------------------------------------


def draw_outcomes(remaining: Iterable[Card], make: Callable[[Card], A]) -> list[tuple[A, float]]:
    """Drawing one card from ``remaining`` (in any order) as a chance node's outcomes, ``make(card)`` each.

    Equal cards (from several decks) are one outcome with their share of the
    chance. The outcomes come sorted by card, whatever order ``remaining`` is
    in, so a seeded match draws the same card whatever the order it was given.

    >>> [(str(card), p) for card, p in draw_outcomes(parse_cards("KS AS AS KH"), lambda c: c)]
    [('AS', 0.5), ('KH', 0.25), ('KS', 0.25)]
    """
    counts = Counter(remaining)
    total = sum(counts.values())
    if not total:
        raise ValueError("no card is left to draw")
    return [(make(card), n / total) for card, n in sorted(counts.items())]


def numbered_outcomes(count: int, make: Callable[[int], A], *, first: int = 1) -> list[tuple[A, float]]:
    """A shuffle named by a number from ``first`` to ``first + count - 1``, each as likely, as chance outcomes.

    The game then turns the number into an order of the cards (:func:`microsoft_deal`,
    :func:`numbered_shuffle`): one chance node deals the whole layout, and the
    deal can be told and typed as its number.

    >>> numbered_outcomes(3, str)
    [('1', 0.3333333333333333), ('2', 0.3333333333333333), ('3', 0.3333333333333333)]
    """
    if count < 1:
        raise ValueError("a shuffle needs at least one number to choose from")
    return [(make(n), 1 / count) for n in range(first, first + count)]


MS_MULTIPLIER = 214013
MS_INCREMENT = 2531011
MS_MODULUS = 2**31
MS_SHIFT = 16
MICROSOFT_DEALS = 1_000_000
"""The deals of Microsoft's FreeCell are numbered from 1 to this (the first 32,000 are the classic ones)."""


def microsoft_rand(seed: int) -> Iterator[int]:
    """Microsoft C's ``rand()`` seeded with ``seed``: 0 to 32767, from ``seed' = (seed * 214013 + 2531011) mod 2^31``.

    >>> r = microsoft_rand(1); [next(r) for _ in range(3)]
    [41, 18467, 6334]
    """
    state = seed % MS_MODULUS
    while True:
        state = (state * MS_MULTIPLIER + MS_INCREMENT) % MS_MODULUS
        yield state >> MS_SHIFT


def microsoft_deal(number: int) -> list[Card]:
    """The 52 cards in the order Microsoft's FreeCell deals game ``number`` (1 to 1,000,000).

    Dealt row by row across eight cascades (card ``i`` on cascade ``i % 8``),
    they make the layout that Microsoft's FreeCell and every program using its
    generator show for that number. The generator: seed the C library's
    ``rand()`` with the number; from the deck A♣ A♦ A♥ A♠ 2♣ ... K♠, while it
    is not empty, take the card at ``rand() % len(deck)``, put the last card in
    its place, and deal it.

    >>> cards_text(microsoft_deal(1)[:8])
    'JD 2D 9H JC 5D 7H 7C 5H'
    """
    if not 1 <= number <= MICROSOFT_DEALS:
        raise ValueError(f"a Microsoft deal number is from 1 to {MICROSOFT_DEALS:,}, not {number}")
    deck = list(_BY_INDEX)
    rand = microsoft_rand(number)
    dealt = []
    while deck:
        i = next(rand) % len(deck)
        dealt.append(deck[i])
        deck[i] = deck[-1]
        deck.pop()
    return dealt


def numbered_shuffle(number: int, cards: Sequence[A]) -> list[A]:
    """``cards`` in the order the shuffle numbered ``number`` gives them (a Fisher-Yates shuffle driven by
    Microsoft's generator seeded with the number): a game's own numbered deals of any deck, the same on
    every machine and every Python.

    >>> numbered_shuffle(7, "abcde") == numbered_shuffle(7, "abcde"), sorted(numbered_shuffle(7, "abcde"))
    (True, ['a', 'b', 'c', 'd', 'e'])
    """
    order = list(cards)
    rand = microsoft_rand(number)
    for i in range(len(order) - 1, 0, -1):
        # Two draws make 30 bits, so a deck of any size is shuffled without the bias of one 15-bit draw.
        j = ((next(rand) << 15) | next(rand)) % (i + 1)
        order[i], order[j] = order[j], order[i]
    return order


def deal_rows(cards: Sequence[A], piles: int) -> list[list[A]]:
    """Deal ``cards`` row by row across ``piles`` piles: card ``i`` goes on pile ``i % piles``.

    >>> deal_rows("abcdefg", 3)
    [['a', 'd', 'g'], ['b', 'e'], ['c', 'f']]
    """
    if piles < 1:
        raise ValueError("deal onto at least one pile")
    return [list(cards[p::piles]) for p in range(piles)]


# -- piles with face-down cards ---------------------------------------------------------------------------


@dataclass(frozen=True)
class FacedPile:
    """A pile whose bottom ``down`` cards lie face down and the rest face up (a Klondike tableau pile).

    Immutable: each change returns a new pile. The top is the end of ``cards``.

    >>> pile = FacedPile(tuple(parse_cards("KS 7H 2C")), down=2)
    >>> pile.shown()
    (None, None, Card.parse('2C'))
    >>> pile = pile.take(1).turn_up(); pile.shown(), pile.down
    ((None, Card.parse('7H')), 1)
    >>> FacedPile.from_json(pile.to_json()) == pile
    True
    """

    cards: tuple[Card, ...] = ()
    down: int = 0

    def __post_init__(self) -> None:
        if not 0 <= self.down <= len(self.cards):
            raise ValueError(f"a pile of {len(self.cards)} cards cannot have {self.down} face down")

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def face_up(self) -> tuple[Card, ...]:
        """The face-up cards, bottom to top."""
        return self.cards[self.down :]

    @property
    def top(self) -> Card | None:
        """The top card, or None for an empty pile."""
        return self.cards[-1] if self.cards else None

    def shown(self) -> tuple[Card | None, ...]:
        """The pile as a player sees it: None for each face-down card."""
        return (None,) * self.down + self.face_up

    def put(self, cards: Iterable[Card], *, face_up: bool = True) -> FacedPile:
        """The pile with ``cards`` put on top (face down only while no card above them is face up)."""
        added = tuple(cards)
        if not face_up and self.down != len(self.cards):
            raise ValueError("a face-down card cannot go on a face-up one")
        return FacedPile(self.cards + added, self.down + (0 if face_up else len(added)))

    def take(self, count: int) -> FacedPile:
        """The pile without its top ``count`` cards (the face-down ones below stay face down)."""
        if not 0 <= count <= len(self.cards):
            raise ValueError(f"cannot take {count} cards from a pile of {len(self.cards)}")
        rest = self.cards[: len(self.cards) - count]
        return FacedPile(rest, min(self.down, len(rest)))

    def turn_up(self) -> FacedPile:
        """The pile with its top card turned face up, if it lay face down."""
        if self.cards and self.down == len(self.cards):
            return FacedPile(self.cards, self.down - 1)
        return self

    def to_json(self) -> dict[str, object]:
        """``{"cards": "KS 7H 2C", "down": 2}``."""
        return {"cards": cards_text(self.cards), "down": self.down}

    @classmethod
    def from_json(cls, data: object) -> FacedPile:
        """A pile from :meth:`to_json`'s form; ValueError (a :class:`CardError` for a bad card) if malformed."""
        if not isinstance(data, dict) or not isinstance(data.get("cards"), str):
            raise ValueError("a pile is an object with its cards as text")
        down = data.get("down", 0)
        if not isinstance(down, int) or isinstance(down, bool):
            raise ValueError("a pile's face-down count is a whole number")
        return cls(tuple(parse_cards(data["cards"])), down)


def deal_tableau(cards: Sequence[Card], sizes: Sequence[int], *, face_up: int = 1) -> list[FacedPile]:
    """Deal piles of ``sizes`` cards from ``cards`` in order, each with its top ``face_up`` cards face up.

    Dealt pile by pile (Klondike deals row by row; :func:`deal_rows` orders a row-by-row deal).

    >>> [p.shown() for p in deal_tableau(parse_cards("AS 2S 3S"), [1, 2])]
    [(Card.parse('AS'),), (None, Card.parse('3S'))]
    """
    if sum(sizes) > len(cards):
        raise ValueError(f"{sum(sizes)} cards are needed and {len(cards)} were given")
    piles, start = [], 0
    for size in sizes:
        chunk = tuple(cards[start : start + size])
        piles.append(FacedPile(chunk, max(0, size - face_up)))
        start += size
    return piles

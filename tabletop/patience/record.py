"""What every patience's state writes and reads back alike: the foundations, the moves made with the cards
each sent home by itself, and the checks that turn a malformed state into one message.

>>> from tabletop.playing_cards import Suit
>>> home = read_home(home_json({Suit.CLUBS: 3, Suit.DIAMONDS: 0, Suit.HEARTS: 1, Suit.SPADES: 13}))
>>> home[Suit.CLUBS], read_record(record_json(["3a", "1h"], [[], ["AS", "2S"]]))
(3, (['3a', '1h'], [[], ['AS', '2S']]))
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

from tabletop.game import InvalidStateError, State
from tabletop.playing_cards import SUITS, CardError, Suit

S = TypeVar("S", bound=State[Any])

READ_ERRORS = (KeyError, TypeError, ValueError, CardError)
"""What reading a malformed state's JSON raises."""


def home_json(home: Mapping[Suit, int]) -> dict[str, int]:
    """The foundations' top ranks by suit letter: ``{"C": 3, ...}``."""
    return {suit.value: home[suit] for suit in SUITS}


def read_home(data: Any) -> dict[Suit, int]:
    """The foundations from :func:`home_json`'s form."""
    return {suit: int(data[suit.value]) for suit in SUITS}


def record_json(moves: Sequence[str], automatic: Sequence[Sequence[str]]) -> dict[str, Any]:
    """The moves made and, for each, the cards that then went home by themselves."""
    return {"moves": list(moves), "automatic": [" ".join(cards) for cards in automatic]}


def read_record(data: Any) -> tuple[list[str], list[list[str]]]:
    """The moves and the automatic moves home from :func:`record_json`'s form (read from a state's JSON)."""
    return [str(m) for m in data["moves"]], [str(a).split() for a in data["automatic"]]


@contextmanager
def reading(game: str) -> Iterator[None]:
    """Read a state's JSON within: what a malformed one raises becomes :class:`InvalidStateError` naming it."""
    try:
        yield
    except READ_ERRORS as exc:
        raise InvalidStateError(f"malformed {game} state: {exc}") from None


def checked(state: S, game: str) -> S:
    """``state``, once its invariants hold; else :class:`InvalidStateError` with the first that does not."""
    problems = state.invariant_violations()
    if problems:
        raise InvalidStateError(f"malformed {game} state: {problems[0]}")
    return state

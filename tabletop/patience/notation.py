"""A patience's notation: chance's deal (``deal 617``, ``deal AS``), and a move as a source key then a
destination key, read by a game's pattern.

>>> str(Dealing(617)), str(Dealing("AS"))
('deal 617', 'deal AS')

>>> PILE_TO_PILE = "([1-7]) ?([1-7h])"
>>> read_move("3 H", PILE_TO_PILE, "a move").groups()
('3', 'h')
>>> read_move("33", PILE_TO_PILE, "a move")
Traceback (most recent call last):
...
tabletop.errors.InvalidActionError: '33' moves a card to where it is
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Generic, TypeVar

from tabletop.errors import InvalidActionError
from tabletop.patience.stats import DEAL_PREFIX

T = TypeVar("T")


@dataclass(frozen=True)
class Dealing(Generic[T]):
    """Chance deals ``what``: a whole layout by its number, or one card. Its text begins with
    :data:`~tabletop.patience.stats.DEAL_PREFIX`, which tells it from the player's moves in a record."""

    what: T

    def __str__(self) -> str:
        return f"{DEAL_PREFIX} {self.what}"


def read_move(text: str, pattern: str, refusal: str) -> re.Match[str]:
    """``text`` (in any case) matched by ``pattern``, whose first two groups are the source and the destination.

    :class:`InvalidActionError` ``'text' is not <refusal>`` when it does not match, and when the source and the
    destination are one place."""
    found = re.fullmatch(pattern, text.lower())
    if found is None:
        raise InvalidActionError(f"{text!r} is not {refusal}")
    if found.group(1) == found.group(2):
        raise InvalidActionError(f"{text!r} moves a card to where it is")
    return found

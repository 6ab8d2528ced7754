"""The actions of a FreeCell-family game: chance's two draws of a random deal, and the player's moves.

Moves are written in the standard notation that FreeCell programs and solvers share: a source then a
destination, columns by digit, cells by letter, the foundations ``h`` (``3a``: column 3 to cell a; ``a8``;
``1h``; ``57``: column 5 onto column 7). A move from a column carries the longest sequence the destination
takes; onto an empty column ``57`` moves the longest sequence that fits, and ``57/2`` just two cards.

>>> Move.parse("57/2"), str(Move.parse("1F")), str(Move("a", "8"))
(Move(source='5', target='7', count=2), '1h', 'a8')
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tabletop.errors import InvalidActionError
from tabletop.patience.builds import ALTERNATE_COLOURS
from tabletop.patience.cells.layout import HOME_KEY, TENTH, Layout
from tabletop.patience.notation import Dealing, read_move

RANDOM_DEALS = 32_000
"""A random game picks one of the 32,000 classic deals (Microsoft's first FreeCell numbered its deals 1 to 32,000)."""
BLOCK = 200
"""Chance picks a random deal in two draws, a block of 200 numbers and then one of them, each as likely: two
small chance nodes rather than one of 32,000 outcomes."""
STANDARD = Layout("FreeCell", columns=8, cells=4, build=ALTERNATE_COLOURS)
"""The standard notation's own layout (eight cascades, free cells a-d): what :meth:`Move.parse` reads by default."""


class Deal(Dealing[int]):
    """Chance deals the deal numbered ``what``."""


@dataclass(frozen=True)
class Block:
    """Chance picks the block of deal numbers ``first`` to ``first + 199`` (a random deal's first draw)."""

    first: int

    def __str__(self) -> str:
        return f"deals {self.first}-{self.first + BLOCK - 1}"


@dataclass(frozen=True)
class Move:
    """Move the top card (or sequence) of ``source`` to ``target``: a column's, a cell's or the home key.

    ``count`` is 0 for the longest sequence the target takes (the one count a
    non-empty column takes), or a smaller number of cards for an empty column.
    """

    source: str
    target: str
    count: int = 0

    def __str__(self) -> str:
        return f"{self.source}{self.target}" + (f"/{self.count}" if self.count else "")

    @classmethod
    def parse(cls, text: str, layout: Layout = STANDARD) -> Move:
        """A move from its notation in ``layout``'s keys; :class:`InvalidActionError` for text that is none.

        >>> from tabletop.patience.builds import SAME_SUIT
        >>> seahaven = Layout("Seahaven Towers", columns=10, cells=4, build=SAME_SUIT)
        >>> Move.parse("10b", seahaven), Move.parse("a10", seahaven), Move.parse("10", seahaven)
        (Move(source='0', target='b', count=0), Move(source='a', target='0', count=0), Move(source='1', target='0', count=0))
        """
        found = read_move(text, layout.move_pattern(), layout.move_help())
        source, target, decimal, hexadecimal = found.group(1), found.group(2), found.group(3), found.group(4)
        source, target = ("0" if key == TENTH else key for key in (source, target))
        if target in layout.home_aliases:
            target = HOME_KEY
        if source == target:
            raise InvalidActionError(f"{text!r} moves a card to where it is")
        count = decimal or hexadecimal
        number = int(decimal) if decimal else int(hexadecimal, 16) if hexadecimal else 0
        columns = layout.column_keys
        if count and (source not in columns or target not in columns or number < 1):
            raise InvalidActionError(
                f"{text!r}: a count of cards is given only from a {layout.column_word} to a {layout.column_word}"
            )
        return cls(source, target, number)


Action = Block | Deal | Move


def parse_deals(text: str, highest: int) -> Block | Deal | None:
    """``deal N`` or ``deals N-M`` (a block of a random deal), or None for other text.

    >>> parse_deals("deals 201-400", 1_000_000), parse_deals("deal 617", 1_000_000), parse_deals("3a", 9)
    (Block(first=201), Deal(what=617), None)
    """
    block = re.fullmatch(r"\s*deals\s+(\d{1,5})\s*-\s*(\d{1,5})\s*", text.lower())
    if block:
        first, last = int(block.group(1)), int(block.group(2))
        if (first - 1) % BLOCK or last != first + BLOCK - 1 or last > RANDOM_DEALS:
            raise InvalidActionError(f"{text!r} is not a block of {BLOCK} deals from 1 to {RANDOM_DEALS:,}")
        return Block(first)
    found = re.fullmatch(r"\s*deal\s+(\d{1,7})\s*", text.lower())
    if found:
        number = int(found.group(1))
        if not 1 <= number <= highest:
            raise InvalidActionError(f"there is no deal {number}: deals are 1 to {highest:,}")
        return Deal(number)
    return None

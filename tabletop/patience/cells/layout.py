"""A FreeCell-family patience declared as data: its columns and cells, how it builds, how it deals, its keys.

Every card is dealt face up: most onto the columns, row by row, the last few (in some games) into cells.
Cards build down on the columns by the layout's rule; a column's top card, or a sequence when there is room
to move it card by card, moves onto another column, a card to an empty cell, home when it is next. A layout
says which cards may fill an empty column (any, or only a King and the sequence it heads).

>>> from tabletop.patience.builds import SAME_SUIT
>>> eight_off = Layout("Eight Off", columns=8, cells=8, build=SAME_SUIT, kings_only=True,
...     cell_keys="abcdefgk", dealt_cells=(0, 2, 4, 6))
>>> columns, cells = eight_off.lay_out(1)
>>> [len(c) for c in columns], " ".join(str(c) if c else "-" for c in cells)
([6, 6, 6, 6, 6, 6, 6, 6], '6S - 9C - 2H - 6H -')
>>> eight_off.keys_text(eight_off.cell_keys), eight_off.column_key(7)
('a-g and k', '8')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tabletop.patience.builds import BuildRule
from tabletop.playing_cards import DECK_SIZE, KING, Card, deal_rows, microsoft_deal

COLUMN_KEYS = "1234567890"
"""The keys of the columns, in order: the tenth is ``0``, the key beside ``9``."""
TENTH = "10"
"""How other programs (fc-solve) write the tenth column: read as its key ``0``."""
CELL_KEYS = "abcdefgk"
"""The cells' keys: ``h`` is home, so an eighth cell is ``k``, as fc-solve writes it."""
HOME_KEY = "h"
NODE_LIMIT = 200_000
"""The most positions a solve expands (over all its searches) before it gives up without an answer, unless the
layout names another (:attr:`Layout.node_limit`)."""
HOME_ALIASES = "hf"
"""Letters read as the foundations: ``h`` (home) as written, ``f`` as some programs write it."""


@dataclass(frozen=True)
class Layout:
    """One game of the family: its shape, its rules and its keys (see the module's example)."""

    name: str
    columns: int
    cells: int
    """The most cells the game has (a game may be set up with fewer: :attr:`fewer_cells`)."""
    build: BuildRule
    kings_only: bool = False
    """Whether only a King (with the sequence on it) fills an empty column; then a sequence moves only through
    the empty cells (:func:`tabletop.patience.sequence_limit`)."""
    cell_keys: str = CELL_KEYS[:4]
    dealt_cells: tuple[int, ...] = ()
    """The cells the last cards of the deal go to, in order (none: every card goes to the columns)."""
    fewer_cells: bool = False
    """Whether the number of cells is an option (0 to :attr:`cells`)."""
    shuffle: Callable[[int], list[Card]] = microsoft_deal
    """The cards of deal N in the order they are dealt: Microsoft's generator, as FreeCell programs and PySol
    number their deals."""
    node_limit: int = NODE_LIMIT
    """The positions the solver may expand on a position of this game before it gives up (the Coach's and
    ``solve``'s default): a game whose proofs of a lost deal take more may allow more."""
    numbering: str = "Microsoft's"
    """Whose numbers the deals are, for a sentence (``Solve Microsoft's FreeCell deal N``)."""
    column_word: str = "cascade"
    cell_word: str = "free cell"

    @property
    def column_keys(self) -> str:
        """The columns' keys, ``1`` first (``12345678``)."""
        return COLUMN_KEYS[: self.columns]

    def column_key(self, index: int) -> str:
        """The key of the column at ``index`` (0 first)."""
        return COLUMN_KEYS[index]

    def column_index(self, key: str) -> int:
        """The place of the column keyed ``key`` (``0`` is the tenth)."""
        return COLUMN_KEYS.index(key)

    def lay_out(self, deal: int) -> tuple[list[list[Card]], list[Card | None]]:
        """The columns and cells of deal ``deal``: the cards row by row across the columns, the last
        ``len(dealt_cells)`` into those cells, as PySol deals them."""
        cards = self.shuffle(deal)
        to_columns = DECK_SIZE - len(self.dealt_cells)
        cells: list[Card | None] = [None] * self.cells
        for place, card in zip(self.dealt_cells, cards[to_columns:]):
            cells[place] = card
        return deal_rows(cards[:to_columns], self.columns), cells

    def fills_empty(self, card: Card) -> bool:
        """Whether ``card`` (the lowest of the cards moving) may go to an empty column."""
        return card.rank == KING or not self.kings_only

    def move_pattern(self) -> str:
        """A move's regular expression: source, destination, and a count of cards written ``/2`` here or
        ``v2`` (hexadecimal: ``vA`` is 10) as fc-solve writes it."""
        places = f"{self.column_keys}{self.cell_keys}"
        tenth = f"{TENTH}|" if self.columns >= len(COLUMN_KEYS) else ""
        return (
            rf"\s*({tenth}[{places}])\s*({tenth}[{places}{self.home_aliases}])"
            r"(?:\s*/\s*(\d{1,2})|\s*v\s*([0-9a-f]{1,2}))?\s*"
        )

    @property
    def home_aliases(self) -> str:
        """The letters read as home: those of :data:`HOME_ALIASES` that name no cell (Eight Off's cell f is one)."""
        return "".join(key for key in HOME_ALIASES if key not in self.cell_keys)

    def move_help(self) -> str:
        """What a move is, said when text is none."""
        return (
            f"a {self.name} move: write a source and a destination, {self.column_word}s "
            f"{self.keys_text(self.column_keys)}, {self.cell_word}s {self.keys_text(self.cell_keys)}, "
            f"{HOME_KEY} for home (3a, a8, 1h, 57)"
        )

    @staticmethod
    def keys_text(keys: str) -> str:
        """``1-8``, ``a-g and k``, ``1-9 and 0``: a row of keys, each run of neighbours as its ends."""
        runs: list[str] = []
        start = 0
        for i in range(1, len(keys) + 1):
            if i == len(keys) or ord(keys[i]) != ord(keys[i - 1]) + 1:
                runs.append(keys[start] if i - start == 1 else f"{keys[start]}-{keys[i - 1]}")
                start = i
        return runs[0] if len(runs) == 1 else f"{', '.join(runs[:-1])} and {runs[-1]}"

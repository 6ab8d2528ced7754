"""Eight Off: eight columns of six, eight cells with four cards dealt to them, built down by suit, only Kings
to an empty column.

>>> state = EightOff().new_initial_state({"deal": "1", "auto": "off"})
>>> [len(c) for c in state.cascades], " ".join(c.display if c else "·" for c in state.cells)
([6, 6, 6, 6, 6, 6, 6, 6], '6♠ · 9♣ · 2♥ · 6♥ ·')
"""

from __future__ import annotations

from tabletop.game import Game
from tabletop.patience import SAME_SUIT
from tabletop.patience.cells.actions import Action
from tabletop.patience.cells.game import LayoutGame, cells_info
from tabletop.patience.cells.layout import Layout

LAYOUT = Layout(
    "Eight Off",
    columns=8,
    cells=8,
    build=SAME_SUIT,
    kings_only=True,
    cell_keys="abcdefgk",  # h is home: the eighth cell is k, as fc-solve writes it
    dealt_cells=(0, 2, 4, 6),  # PySol deals the last four cards to every other cell
    numbering="PySol's",
    column_word="column",
    cell_word="cell",
)

RULES = """\
# Eight Off

48 cards are dealt face up onto **eight columns** of six; the last four go to four of the **eight cells**
(a, c, e and g). The goal: build the four **foundations** (home) up by suit from Ace to King.

- The top card of a column may move onto another column's top card **one rank higher and of the same suit**
  (the 9♠ on the 10♠), to an empty cell, or home when it is next on its foundation.
- Only a **King** (or a sequence from a King) may go to an **empty column**.
- A card in a cell moves the same ways (but not to another cell).
- A **sequence** (down by one, in one suit) moves as a unit when the empty cells could carry it card by card:
  up to empty cells + 1 cards (empty columns do not help: only a King may stop there).
- With automatic moves on (the default), a card goes home by itself as soon as it is next.
- The game is lost when no move is left (or after 1,000 moves).

## Keys and notation

Columns **1-8**, cells **a-g** and **k** (h is home, as in fc-solve's notation), home **h**: `3a`, `a8`, `1h`,
`57`. Deal N is PySol's Eight Off deal N for N up to 32,000 (Microsoft's FreeCell shuffle of N, dealt row by
row across the columns, the last four cards to cells a, c, e, g), and the same generator above.
"""


class EightOff(LayoutGame, Game[Action]):
    """Eight Off, the game the ``eightoff`` entry point names."""

    layout = LAYOUT
    info = cells_info(
        LAYOUT,
        "eightoff",
        "Eight cells, four filled at the deal; built down by suit, only Kings to an empty column",
        deal_help="PySol's deal N (1 to 32,000; the same generator on to 1,000,000); 0: a random one of 1 to 32,000.",
    )
    rules = RULES

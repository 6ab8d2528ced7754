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
from tabletop.patience.cells.rules_text import BY_SUIT_KINGS_ONLY

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

SUMMARY = "Eight cells, four filled at the deal; built down by suit, only Kings to an empty column"

RULES = f"""\
# Eight Off

48 cards are dealt face up onto **eight columns** of six; the last four go to four of the **eight cells**
(a, c, e and g). The goal: build the four **foundations** (home) up by suit from Ace to King.

{BY_SUIT_KINGS_ONLY}

## Keys and notation

Columns **1-8**, cells **a-g** and **k** (h is home, as in fc-solve's notation), home **h**: `3a`, `a8`, `1h`,
`57`. Deal N is PySol's Eight Off deal N for N up to 32,000 (Microsoft's FreeCell shuffle of N, dealt row by
row across the columns, the last four cards to cells a, c, e, g), and the same generator above.
"""


class EightOff(LayoutGame, Game[Action]):
    """Eight Off, the game the ``eightoff`` entry point names."""

    layout = LAYOUT
    info = cells_info(LAYOUT, "eightoff", SUMMARY)
    rules = RULES

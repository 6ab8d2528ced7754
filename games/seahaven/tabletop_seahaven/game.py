"""Seahaven Towers: ten columns of five, the last two cards in two of the four cells, built down by suit, only
Kings to an empty column.

>>> state = SeahavenTowers().new_initial_state({"deal": "3", "auto": "off"})
>>> [len(c) for c in state.cascades], " ".join(c.display if c else "·" for c in state.cells)
([5, 5, 5, 5, 5, 5, 5, 5, 5, 5], '· 5♠ 5♣ ·')
"""

from __future__ import annotations

from tabletop.game import Game
from tabletop.patience import SAME_SUIT
from tabletop.patience.cells.actions import Action
from tabletop.patience.cells.game import LayoutGame, cells_info
from tabletop.patience.cells.layout import Layout
from tabletop.patience.cells.rules_text import BY_SUIT_KINGS_ONLY

LAYOUT = Layout(
    "Seahaven Towers",
    columns=10,  # keys 1-9 and 0; fc-solve's 10 is read as 0
    cells=4,
    build=SAME_SUIT,
    kings_only=True,
    dealt_cells=(1, 2),  # PySol deals the last two cards to the middle cells
    node_limit=500_000,  # a proof that a deal has no solution can take 420,000 positions (deal 73)
    numbering="PySol's",
    column_word="column",
    cell_word="cell",
)

SUMMARY = "Ten columns of five, two cards in the cells; built down by suit, only Kings to an empty column"

RULES = f"""\
# Seahaven Towers

50 cards are dealt face up onto **ten columns** of five; the last two go to the middle two of the **four
cells** (b and c). The goal: build the four **foundations** (home) up by suit from Ace to King.

{BY_SUIT_KINGS_ONLY}

## Keys and notation

Columns **1-9** and **0** (the tenth; `10` as fc-solve writes it is read too), cells **a-d**, home **h**:
`3a`, `a0`, `1h`, `57`. Deal N is PySol's Seahaven Towers deal N for N up to 32,000 (Microsoft's FreeCell
shuffle of N, dealt row by row across the ten columns, the last two cards to cells b and c), and the same
generator above.
"""


class SeahavenTowers(LayoutGame, Game[Action]):
    """Seahaven Towers, the game the ``seahaven`` entry point names."""

    layout = LAYOUT
    info = cells_info(LAYOUT, "seahaven", SUMMARY)
    rules = RULES

"""Baker's Game: FreeCell's ancestor, laid out as FreeCell and with its numbered deals, but built down by suit.

>>> state = BakersGame().new_initial_state({"deal": "1"})
>>> " ".join(c.display for c in state.cascades[0]), state.layout.build.name
('J♦ K♦ 2♠ 4♣ 3♠ 6♦ 6♠', 'down by suit')
"""

from __future__ import annotations

from tabletop.game import Game
from tabletop.patience import SAME_SUIT
from tabletop.patience.cells.actions import Action
from tabletop.patience.cells.game import LayoutGame, cells_info
from tabletop.patience.cells.layout import Layout

LAYOUT = Layout("Baker's Game", columns=8, cells=4, build=SAME_SUIT, fewer_cells=True)
"""FreeCell's: eight cascades of all 52 cards, four free cells (fewer as an option), any card to an empty
cascade; only the build differs."""

SUMMARY = "FreeCell built down by suit: its ancestor, on Microsoft's numbered deals"

RULES = """\
# Baker's Game

FreeCell's ancestor, played the same way but for one rule: cascades build **down by suit**.

All 52 cards are dealt face up onto **eight cascades**. The goal: build the four **foundations** (home) up by
suit from Ace to King.

- The top card of a cascade may move onto another cascade's top card **one rank higher and of the same
  suit** (the 9♠ on the 10♠), to an empty **free cell** (four, or as many as the game was set up with), home
  when it is next on its foundation, or onto an **empty cascade** (any card).
- A card in a free cell moves the same ways (but not to another free cell).
- A **sequence** (down by one, in one suit) moves as a unit when there is room to move it card by card: up to
  (empty free cells + 1) x 2^(empty cascades) cards, half that onto an empty cascade.
- With automatic moves on (the default), a card goes home by itself as soon as it is next: by suit, no card
  left could need it.
- The game is lost when no move is left (or after 1,000 moves).

## Keys and notation

As in FreeCell: cascades **1-8**, free cells **a-d**, home **h** (`3a`, `a8`, `1h`, `57`, `57/2`). Deal N is
Microsoft's FreeCell deal N, as PySol and fc-solve number Baker's Game deals.
"""


class BakersGame(LayoutGame, Game[Action]):
    """Baker's Game, the game the ``bakers`` entry point names."""

    layout = LAYOUT
    info = cells_info(LAYOUT, "bakers", SUMMARY)
    rules = RULES

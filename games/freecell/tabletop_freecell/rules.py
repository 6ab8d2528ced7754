"""FreeCell's rules: eight cascades, up to four free cells, four foundations, Microsoft's numbered deals.

The rules are the cells kit's (:mod:`tabletop.patience.cells`), declared here by FreeCell's layout: cascades
build down in alternate colours, any card fills an empty cascade, and every card is dealt to the cascades.
Moves are written in the standard notation that FreeCell programs and solvers share: a source then a
destination, cascades ``1``-``8``, free cells ``a``-``d``, the foundations ``h`` (``3a``: cascade 3 to free
cell a; ``a8``; ``1h``; ``57``: cascade 5 onto cascade 7). A move from a cascade carries the longest sequence
the destination takes; onto an empty cascade ``57`` moves the longest sequence that fits, and ``57/2`` just
two cards.

>>> state = FreeCellState(deal=1, cells=MAX_CELLS, auto=True)
>>> " ".join(c.display for c in state.cascades[0])
'J♦ K♦ 2♠ 4♣ 3♠ 6♦ 6♠'
>>> state.apply(Move.parse("1a")); state.moves_made, state.cells[0].display
(1, '6♠')
"""

from __future__ import annotations

from tabletop.game import JSON
from tabletop.patience import ALTERNATE_COLOURS
from tabletop.patience.cells.actions import BLOCK, RANDOM_DEALS, Action, Block, Deal, Move
from tabletop.patience.cells.codec import read_state
from tabletop.patience.cells.game import AUTO, deal_option
from tabletop.patience.cells.layout import HOME_ALIASES, HOME_KEY, Layout
from tabletop.patience.cells.state import MOVE_LIMIT, CellsState

__all__ = [
    "AUTO",
    "BLOCK",
    "BUILD",
    "CASCADES",
    "CASCADE_KEYS",
    "CELL_KEYS",
    "DEAL",
    "HOME_ALIASES",
    "HOME_KEY",
    "LAYOUT",
    "MAX_CELLS",
    "MOVE_LIMIT",
    "NAME",
    "RANDOM_DEALS",
    "RULES",
    "Action",
    "Block",
    "Deal",
    "FreeCellState",
    "Move",
    "is_cascade",
    "state_from_json",
]

NAME = "FreeCell"
BUILD = ALTERNATE_COLOURS
"""Cascades build down in alternate colours; the solver and the automatic moves home follow the same rule."""
LAYOUT = Layout(NAME, columns=8, cells=4, build=BUILD, fewer_cells=True)
"""Eight cascades of all 52 cards, row by row; four free cells (fewer as an option), empty at the deal."""
CASCADES = LAYOUT.columns
MAX_CELLS = LAYOUT.cells
CASCADE_KEYS = LAYOUT.column_keys
CELL_KEYS = LAYOUT.cell_keys

DEAL = deal_option(
    "Microsoft's deal N (1 to 1,000,000), as every FreeCell program numbers them; 0: a random one of 1 to 32,000."
)


class FreeCellState(CellsState):
    """A FreeCell position: the layout, the free cells, the foundations and the moves made since the deal."""

    def __init__(self, *, deal: int, cells: int, auto: bool) -> None:
        super().__init__(LAYOUT, deal=deal, cells=cells, auto=auto)


def is_cascade(key: str) -> bool:
    """Whether a key names a cascade (``1``-``8``)."""
    return key in CASCADE_KEYS


def state_from_json(data: JSON) -> FreeCellState:
    """A state from :meth:`FreeCellState.to_json`'s form; :class:`InvalidStateError` saying what is wrong."""
    return read_state(data, FreeCellState(deal=0, cells=0, auto=True))


RULES = """\
# FreeCell

All 52 cards are dealt face up onto **eight cascades**. The goal: build the four **foundations** (home) up by
suit from Ace to King.

- The top card of a cascade may move onto another cascade's top card **one rank higher and of the other
  colour** (a red 9 on a black 10), to an empty **free cell** (four, or as many as the game was set up
  with), home when it is next on its foundation, or onto an **empty cascade**.
- A card in a free cell moves the same ways (but not to another free cell).
- A **sequence** (down by one, colours alternating) moves as a unit when there is room to move it card by
  card: up to (empty free cells + 1) x 2^(empty cascades) cards, half that onto an empty cascade.
- With automatic moves on (the default), a card goes home by itself as soon as no card left could still
  need it (Aces and twos at once; a higher card once both foundations of the other colour reach the rank
  below).
- The game is lost when no move is left (or after 1,000 moves).

## Keys and notation

Name a source, then a destination: cascades **1-8**, free cells **a-d**, home **h**. `3a` moves cascade 3's
top card to free cell a, `a8` free cell a to cascade 8, `1h` cascade 1 home, `57` cascade 5 onto cascade 7
(the longest sequence that fits; onto an empty cascade `57/2` moves just two cards). Deals are Microsoft's:
deal 1 here is deal 1 in every FreeCell program that copies its generator.
"""

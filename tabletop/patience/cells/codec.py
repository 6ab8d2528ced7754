"""A FreeCell-family state read back from its JSON (:meth:`CellsState.to_json`), every field checked.

>>> from tabletop.patience.cells.actions import STANDARD
>>> state = CellsState(STANDARD, deal=617, cells=2, auto=True)
>>> read_state(state.to_json(), state.dealt_again()).to_json() == state.to_json()
True
"""

from __future__ import annotations

from typing import TypeVar

from tabletop.game import JSON, InvalidStateError
from tabletop.patience.cells.actions import BLOCK, RANDOM_DEALS
from tabletop.patience.cells.state import CellsState
from tabletop.patience.record import checked, read_home, read_record, reading
from tabletop.playing_cards import KING, MICROSOFT_DEALS, Card

S = TypeVar("S", bound=CellsState)


def read_state(data: JSON, blank: S) -> S:
    """The state ``data`` holds, read into ``blank`` (a state of the game's layout and class); an
    :class:`InvalidStateError` saying what is wrong."""
    layout = blank.layout
    if not isinstance(data, dict):
        raise InvalidStateError(f"a {layout.name} state is a JSON object")
    with reading(layout.name):
        deal, cells, auto = data["deal"], data["cells_count"], data["auto"]
        if not (isinstance(deal, int) and isinstance(cells, int) and isinstance(auto, bool)):
            raise TypeError("deal, cells_count and auto must be a number, a number and true or false")
        if not (0 <= deal <= MICROSOFT_DEALS and 0 <= cells <= layout.cells):
            raise ValueError(f"the deal or the number of {layout.cell_word}s is out of range")
        CellsState.__init__(blank, layout, deal=0, cells=cells, auto=auto)
        blank.deal = deal
        block = data["block"]
        if not isinstance(block, int) or not (block == 0 or ((block - 1) % BLOCK == 0 and block < RANDOM_DEALS)):
            raise ValueError("the block of a random deal being drawn is malformed")
        blank.block = block
        blank.cascades = [[Card.parse(w) for w in str(text).split()] for text in data["cascades"]]
        blank.cells = [None if c is None else Card.parse(str(c)) for c in data["cells"]]
        blank.home = read_home(data["home"])
        blank.moves, blank.automatic = read_record(data)
    if len(blank.cascades) != layout.columns or any(not 0 <= r <= KING for r in blank.home.values()):
        raise InvalidStateError(
            f"a {layout.name} state has {layout.columns} {layout.column_word}s and foundations from 0 to 13"
        )
    return checked(blank, layout.name)

"""A FreeCell-family state read back from its JSON (:meth:`CellsState.to_json`), every field checked.

>>> from tabletop.patience.cells.actions import STANDARD
>>> state = CellsState(STANDARD, deal=617, cells=2, auto=True)
>>> read_state(state.to_json(), state.dealt_again()).to_json() == state.to_json()
True

A state written while it listed its moves (``"moves": ["1a", "3h"]`` with ``"automatic"``: for each move the
cards that then went home by themselves) still reads: as their count, the last move and the cards it sent home
(:func:`read_moves`).
"""

from __future__ import annotations

from typing import Any, TypeVar

from tabletop.game import JSON, InvalidStateError
from tabletop.patience.cells.actions import BLOCK, RANDOM_DEALS, Move
from tabletop.patience.cells.layout import Layout
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
        blank.moves_made, blank.last_move, blank.sent_home = read_moves(data, layout)
    if len(blank.cascades) != layout.columns or any(not 0 <= r <= KING for r in blank.home.values()):
        raise InvalidStateError(
            f"a {layout.name} state has {layout.columns} {layout.column_word}s and foundations from 0 to 13"
        )
    return checked(blank, layout.name)


def read_moves(data: dict[str, Any], layout: Layout) -> tuple[int, Move | None, tuple[Card, ...]]:
    """The count of moves made, the last of them and the cards it sent home by themselves.

    A state's JSON counts the moves (``"moves": 12``) and names the last (``"last": "3h"``, null before the
    first) and the cards it sent home (``"went": "AS 2S"``). One saved while the state listed every move
    (``"moves": ["1a", "3h"]`` with ``"automatic"``, the cards each sent home) may lie in a player's files:
    it reads as the list's count, its last move and the cards that one sent home; the moves before are not
    kept (they are the match's history, which a game's record holds).

    >>> from tabletop.patience.cells.actions import STANDARD
    >>> count, last, went = read_moves({"moves": ["1a", "3h"], "automatic": ["", "AS 2S"]}, STANDARD)
    >>> count, str(last), [c.display for c in went]
    (2, '3h', ['A♠', '2♠'])
    """
    moves = data["moves"]
    if isinstance(moves, list):
        listed, automatic = read_record(data)
        if len(automatic) != len(listed):
            raise ValueError("the record of moves is malformed")
        count, last, went = len(listed), listed[-1] if listed else None, automatic[-1] if automatic else []
    elif type(moves) is int:
        count, last, went = moves, data["last"], str(data["went"]).split()
        if last is not None and not isinstance(last, str):
            raise TypeError("last must be a move or null")
    else:
        raise TypeError("moves must be a whole number (the moves made) or a list of moves")
    return count, None if last is None else Move.parse(last, layout), tuple(Card.parse(w) for w in went)

"""A FreeCell-family game in numbers: every action a game can offer, and the layout as a vector.

The enumeration holds the two chance draws of a random deal (the 160 blocks of 200 deal
numbers, then the 32,000 deals; a chosen deal above 32,000 after them), and every move: each
source (columns, cells) to each destination, with each count of cards a column may
move onto an empty one.

    >>> from tabletop.patience.cells.actions import STANDARD
    >>> actions = distinct_actions(STANDARD, chosen=0, cells=4)
    >>> len(actions), str(actions[0]), str(actions[160]), str(actions[-1])
    (32964, 'deals 1-200', 'deal 1', 'd8')

Every card is face up, so the encoding reads the whole layout from the view: for
each card, where it lies (a column, a cell, home) and how deep in its column.
"""

from __future__ import annotations

from tabletop.encoding import Features, ViewEncoding
from tabletop.patience.cells.actions import BLOCK, RANDOM_DEALS, Action, Block, Deal, Move
from tabletop.patience.cells.layout import HOME_KEY, Layout
from tabletop.patience.cells.state import MOVE_LIMIT, CellsState
from tabletop.playing_cards import DECK_SIZE, KING, Card
from tabletop.views import FullView

MOST_COUNT = KING - 1
"""The largest count a move names: a count is written only below the longest move, which is a suit at most."""


def distinct_actions(layout: Layout, *, chosen: int, cells: int) -> list[Action]:
    """Every action of a game with ``cells`` cells (and deal ``chosen``, 0 for random), in a fixed order: the
    chance draws, then the moves."""
    actions: list[Action] = [Block(first) for first in range(1, RANDOM_DEALS + 1, BLOCK)]
    actions += [Deal(number) for number in range(1, RANDOM_DEALS + 1)]
    if chosen > RANDOM_DEALS:
        actions.append(Deal(chosen))
    columns, cell_keys = layout.column_keys, layout.cell_keys[:cells]
    for source in columns + cell_keys:
        actions.append(Move(source, HOME_KEY))
        if source in columns:
            actions += [Move(source, cell) for cell in cell_keys]
        for target in columns:
            if target != source:
                actions.append(Move(source, target))
                if source in columns:
                    actions += [Move(source, target, count) for count in range(1, MOST_COUNT + 1)]
    return actions


class CellsEncoding(ViewEncoding[FullView[CellsState]]):
    """Each card's place (a column, a cell, home) and depth, then the cells, the moves made and the automatic
    moves home."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.places = layout.columns + 2
        """Where a card can lie: one of the columns, a cell, or home."""
        dealt = DECK_SIZE - len(layout.dealt_cells)
        self.longest = -(-dealt // layout.columns) + MOST_COUNT
        """The most cards a column can hold (those dealt, a King at their top, and twelve built on it): a
        card's depth is scaled by it."""
        self.size = DECK_SIZE * (self.places + 1) + 3

    def encode(self, view: FullView[CellsState]) -> list[float]:
        """The view as :attr:`size` numbers (before the deal, every card nowhere)."""
        state = view.state
        cell_place, home_place = self.places - 2, self.places - 1
        place: list[int | None] = [None] * DECK_SIZE
        depth = [0] * DECK_SIZE
        for column, cascade in enumerate(state.cascades):
            for i, card in enumerate(cascade):
                place[card.index], depth[card.index] = column, i
        for held in state.cells:
            if held is not None:
                place[held.index] = cell_place
        for suit, rank in state.home.items():
            for home_rank in range(1, rank + 1):
                place[Card(home_rank, suit).index] = home_place
        f = Features()
        for index in range(DECK_SIZE):
            f.one_hot(place[index], self.places)
            f.scalar(depth[index], self.longest)
        f.scalar(state.cell_count, self.layout.cells)
        f.scalar(state.moves_made, MOVE_LIMIT)
        f.flag(state.auto)
        return f.values

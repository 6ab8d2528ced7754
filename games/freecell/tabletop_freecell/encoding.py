"""FreeCell in numbers: every action a game can offer, and the layout as a vector.

The enumeration holds the two chance draws of a random deal (the 160 blocks of 200 deal
numbers, then the 32,000 deals; a chosen deal above 32,000 after them), and every move: each
source (cascades, free cells) to each destination, with each count of cards a cascade may
move onto an empty one.

    >>> actions = distinct_actions({"deal": "0", "cells": "4", "auto": "safe"})
    >>> len(actions), str(actions[0]), str(actions[160]), str(actions[-1])
    (32964, 'deals 1-200', 'deal 1', 'd8')

Every card is face up in FreeCell, so the encoding reads the whole layout from the view: for
each card, where it lies (a cascade, a free cell, home) and how deep in its cascade.
"""

from __future__ import annotations

from collections.abc import Mapping

from tabletop.encoding import Features, ViewEncoding
from tabletop.game import FullView, View
from tabletop.playing_cards import DECK_SIZE, Card
from tabletop_freecell.rules import (
    BLOCK,
    CASCADE_KEYS,
    CASCADES,
    CELL_KEYS,
    CELLS,
    DEAL,
    HOME_KEY,
    MAX_CELLS,
    MOVE_LIMIT,
    RANDOM_DEALS,
    Action,
    Block,
    Deal,
    Move,
    state_from_json,
)

LONGEST_CASCADE = 19
"""The most cards a cascade can hold (seven dealt, a King at their top, and twelve built down on it): a card's
depth is scaled by it."""
PLACES = CASCADES + 2
"""Where a card can lie: one of the cascades, a free cell, or home."""
CELL_PLACE = CASCADES
HOME_PLACE = CASCADES + 1
MOST_COUNT = 12
"""The largest count a move names: a count is written only below the longest move, which is a suit at most."""


def distinct_actions(options: Mapping[str, str]) -> list[Action]:
    """Every action of a game with these options, in a fixed order: the chance draws, then the moves."""
    actions: list[Action] = [Block(first) for first in range(1, RANDOM_DEALS + 1, BLOCK)]
    actions += [Deal(number) for number in range(1, RANDOM_DEALS + 1)]
    chosen = DEAL.value(options)
    if chosen > RANDOM_DEALS:
        actions.append(Deal(chosen))
    cells = CELL_KEYS[: CELLS.value(options)]
    for source in CASCADE_KEYS + cells:
        actions.append(Move(source, HOME_KEY))
        if source in CASCADE_KEYS:
            actions += [Move(source, cell) for cell in cells]
        for target in CASCADE_KEYS:
            if target != source:
                actions.append(Move(source, target))
                if source in CASCADE_KEYS:
                    actions += [Move(source, target, count) for count in range(1, MOST_COUNT + 1)]
    return actions


class FreeCellEncoding(ViewEncoding):
    """Each card's place (one of :data:`PLACES`) and depth, then the free cells, the moves made and the automatic
    moves home."""

    size = DECK_SIZE * (PLACES + 1) + 3

    def encode(self, view: View) -> list[float]:
        """The view as :attr:`size` numbers (before the deal, every card nowhere)."""
        assert isinstance(view, FullView)
        state = state_from_json(view.state)
        place: list[int | None] = [None] * DECK_SIZE
        depth = [0] * DECK_SIZE
        for column, cascade in enumerate(state.cascades):
            for i, card in enumerate(cascade):
                place[card.index], depth[card.index] = column, i
        for held in state.cells:
            if held is not None:
                place[held.index] = CELL_PLACE
        for suit, rank in state.home.items():
            for home_rank in range(1, rank + 1):
                place[Card(home_rank, suit).index] = HOME_PLACE
        f = Features()
        for index in range(DECK_SIZE):
            f.one_hot(place[index], PLACES)
            f.scalar(depth[index], LONGEST_CASCADE)
        f.scalar(state.cell_count, MAX_CELLS)
        f.scalar(len(state.moves), MOVE_LIMIT)
        f.flag(state.auto)
        return f.values

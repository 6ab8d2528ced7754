"""What the solver tells a player: a winning line in the game's notation, and where a lost game was lost.

>>> from tabletop.patience.cells.actions import STANDARD
>>> state = CellsState(STANDARD, deal=1, cells=4, auto=True)
>>> line = winning_line(state)
>>> line is not None and len(line) > 0
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from tabletop.patience.cells.actions import Move
from tabletop.patience.cells.layout import HOME_KEY
from tabletop.patience.cells.solver import CELL, EMPTY, HOME, Result, Step, solve_state
from tabletop.patience.cells.state import CellsState
from tabletop.playing_cards import Card

S = TypeVar("S", bound=CellsState)


def _source(state: CellsState, card: Card) -> str:
    """The key of the place where ``card`` lies (a cell, or any place in a column)."""
    if card in state.cells:
        return state.layout.cell_keys[state.cells.index(card)]
    return state.layout.column_key(next(i for i, c in enumerate(state.cascades) if card in c))


def step_move(state: CellsState, step: Step) -> Move:
    """The game's move that makes the solver's ``step`` in ``state`` (onto the first empty column when the
    step goes to an empty one, as any of them will do)."""
    layout = state.layout
    source = _source(state, Card.from_number(step.card))
    if step.target == HOME:
        return Move(source, HOME_KEY)
    if step.target == CELL:
        return Move(source, layout.cell_keys[state.cells.index(None)])
    if step.target != EMPTY:
        under = Card.from_number(step.target)
        return Move(source, layout.column_key(next(i for i, c in enumerate(state.cascades) if c and c[-1] == under)))
    target = layout.column_key(next(i for i, c in enumerate(state.cascades) if not c))
    if not state.is_cascade(source):
        return Move(source, target)
    counts = state.movable(source, target)
    return Move(source, target) if step.count == counts[-1] else Move(source, target, step.count)


def line_of(state: CellsState, steps: tuple[Step, ...]) -> list[str]:
    """The solver's line as the game's moves from ``state``: with automatic moves off, the cards the solver
    sent home by themselves are written as moves home too, so the line replays in either setting."""
    here = state.clone()
    line = []
    for step in steps:
        move = step_move(here, step)
        here.apply(move)
        line.append(str(move))
        if not here.auto:
            for value in step.went_home:
                source = _source(here, Card.from_number(value))
                here.apply(Move(source, HOME_KEY))
                line.append(f"{source}{HOME_KEY}")
    return line


def winning_line(state: CellsState, *, node_limit: int | None = None) -> list[str] | None:
    """A winning line from ``state`` in the game's notation, or None (none exists, or none was found)."""
    result = solve_state(state, node_limit=node_limit)
    return line_of(state, result.moves) if result.solved else None


def replay_moves(state: S, moves: Sequence[str]) -> S:
    """The position after ``moves`` (the player's, in notation) from ``state``'s deal, rebuilt."""
    start = state.dealt_again()
    for text in moves:
        start.apply(Move.parse(text, state.layout))
    return start


def last_winnable(
    state: CellsState, moves: Sequence[str], *, node_limit: int | None = None
) -> tuple[int, Result] | None:
    """In a lost position, reached by ``moves`` from its deal (the match's history keeps them), how many
    moves had been made when a win was last possible, and the solver's answer there; None when even the
    deal had no solution (or the solver cannot tell within its limit)."""
    for count in range(len(moves) - 1, -1, -1):
        result = solve_state(replay_moves(state, moves[:count]), node_limit=node_limit)
        if result.solved:
            return count, result
        if not result.exhausted:
            return None
    return None

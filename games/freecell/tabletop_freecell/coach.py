"""What the solver tells a player: a winning line in the game's notation, and where a lost game was lost.

>>> state = FreeCellState(deal=1, cells=4, auto=True)
>>> line = winning_line(state)
>>> line is not None and len(line) > 0
True
"""

from __future__ import annotations

from tabletop.playing_cards import Card
from tabletop_freecell.rules import CELL_KEYS, HOME_KEY, FreeCellState, Move
from tabletop_freecell.solver import CELL, EMPTY, HOME, NODE_LIMIT, Result, Step, solve_state


def step_move(state: FreeCellState, step: Step) -> Move:
    """The game's move that makes the solver's ``step`` in ``state`` (onto the first empty cascade when the
    step goes to an empty one, as any of them will do)."""
    card = Card.from_number(step.card)
    if card in state.cells:
        source = CELL_KEYS[state.cells.index(card)]
    else:
        index = next(i for i, c in enumerate(state.cascades) if card in c)
        source = str(index + 1)
    if step.target == HOME:
        return Move(source, HOME_KEY)
    if step.target == CELL:
        return Move(source, CELL_KEYS[state.cells.index(None)])
    if step.target != EMPTY:
        under = Card.from_number(step.target)
        return Move(source, str(next(i for i, c in enumerate(state.cascades) if c and c[-1] == under) + 1))
    target = str(next(i for i, c in enumerate(state.cascades) if not c) + 1)
    if source in CELL_KEYS:
        return Move(source, target)
    counts = state.movable(source, target)
    return Move(source, target) if step.count == counts[-1] else Move(source, target, step.count)


def line_of(state: FreeCellState, steps: tuple[Step, ...]) -> list[str]:
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
                card = Card.from_number(value)
                source = (
                    CELL_KEYS[here.cells.index(card)]
                    if card in here.cells
                    else str(next(i for i, c in enumerate(here.cascades) if c and c[-1] == card) + 1)
                )
                here.apply(Move(source, HOME_KEY))
                line.append(f"{source}{HOME_KEY}")
    return line


def winning_line(state: FreeCellState, *, node_limit: int = NODE_LIMIT) -> list[str] | None:
    """A winning line from ``state`` in the game's notation, or None (none exists, or none was found)."""
    result = solve_state(state, node_limit=node_limit)
    return line_of(state, result.moves) if result.solved else None


def replay_moves(state: FreeCellState, count: int) -> FreeCellState:
    """The position after the first ``count`` moves of ``state``'s game, rebuilt from its deal."""
    start = FreeCellState(deal=state.deal, cells=state.cell_count, auto=state.auto)
    for text in state.moves[:count]:
        start.apply(Move.parse(text))
    return start


def last_winnable(state: FreeCellState, *, node_limit: int = NODE_LIMIT) -> tuple[int, Result] | None:
    """In a lost position, how many moves had been made when a win was last possible, and the solver's answer
    there; None when even the deal had no solution (or the solver cannot tell within its limit)."""
    for count in range(len(state.moves) - 1, -1, -1):
        result = solve_state(replay_moves(state, count), node_limit=node_limit)
        if result.solved:
            return count, result
        if not result.exhausted:
            return None
    return None

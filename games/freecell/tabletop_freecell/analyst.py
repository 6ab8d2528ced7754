"""The coach: the solver says whether a position can still be won, and how.

The Coach gives the next move of a winning line and its length; in a lost
position it says so and names the last move from which a win was still
possible. Each other legal move is rated too, as far as the time allows (a
quick solve of the position after it), so that Review can mark the move that
lost the game. Moves that lead to the same position (a card to any of the empty
free cells, or to any of the empty cascades) are one move to the solver: each
such set is solved once and all its moves share the rating.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence

from tabletop.analysis import Analysis, Analyst, Rated
from tabletop.game import FullView, View
from tabletop.playing_cards import Card
from tabletop_freecell.coach import last_winnable, line_of
from tabletop_freecell.rules import Action, FreeCellState, Move, state_from_json
from tabletop_freecell.search import Packed
from tabletop_freecell.solver import NODE_LIMIT, from_state, solve_state

OTHER_MOVES_LIMIT = 3_000
"""The positions a quick solve of the position after another move may expand."""


Layout = tuple[tuple[tuple[Card, ...], ...], tuple[Card | None, ...], tuple[tuple[str, int], ...]]
"""A position exactly as the player sees it: each cascade and free cell in its place, and home."""


class SolverAnalyst(Analyst[Action]):
    """A best-first solver over every move: a found line or an exhausted search is exact.

    A line once found is kept, and followed on from each position it passes: the player who takes the
    Coach's move is given the next move of the same line, not the first move of another line the solver
    finds from there (which may begin by taking that move back, and lead round in a circle).
    """

    exact = True
    name = "the FreeCell solver"

    def __init__(self) -> None:
        self._lines: dict[Layout, tuple[str, ...]] = {}
        """The rest of each line found, from each position it passes (the latest line where two pass)."""

    def analyse(
        self,
        view: View,
        legal: Sequence[Action],
        *,
        seconds: float,
        rng: random.Random,
        progress: Callable[[float], None] | None = None,
    ) -> Analysis[Action]:
        assert isinstance(view, FullView)
        state = state_from_json(view.state)
        line = self._lines.get(_layout(state))
        if line is None or Move.parse(line[0]) not in legal:
            result = solve_state(state)
            if result.lost:
                notes = [_lost_note(state, result.expanded)]
                return Analysis([Rated(a, 0.0) for a in legal], exact=True, notes=notes)
            if not result.solved:
                note = f"The solver could not tell within {result.expanded:,} positions whether this can be won."
                return Analysis([Rated(a, 0.5) for a in legal], exact=False, notes=[note])
            line = tuple(line_of(state, result.moves))
            self._remember(state, line)
        best = Move.parse(line[0])
        rated = [Rated[Action](best, 1.0)]
        rated += self._others(state, best, [a for a in legal if a != best], seconds)
        note = f"A win is still possible: the solver's line has {len(line)} moves, starting {' '.join(line[:6])}."
        return Analysis(rated, exact=True, notes=[note])

    def _remember(self, state: FreeCellState, line: tuple[str, ...]) -> None:
        """Keep ``line`` (found from ``state``) for every position it passes on its way."""
        here = state.clone()
        for done, move in enumerate(line):
            self._lines[_layout(here)] = line[done:]
            here.apply(Move.parse(move))

    def _others(
        self, state: FreeCellState, best: Action, others: Sequence[Action], seconds: float
    ) -> list[Rated[Action]]:
        """Each other move rated by a quick solve of the position after it, while the time lasts; a move that
        leads where ``best`` or an already rated move leads shares its rating, and a move the quick solve
        cannot settle is left unrated."""
        deadline = time.monotonic() + seconds
        known: dict[Packed, float | None] = {_position(_after_move(state, best)): 1.0}
        here = _position(state)
        rated: list[Rated[Action]] = []
        for action in others:
            after = _after_move(state, action)
            key = _position(after)
            if key == here:
                continue  # a whole cascade onto an empty one: the rules allow it, but it changes nothing
            if key not in known:
                if time.monotonic() > deadline:
                    continue  # no time to solve it; a later move may still lead somewhere rated
                result = solve_state(after, node_limit=OTHER_MOVES_LIMIT)
                known[key] = 1.0 if result.solved else 0.0 if result.exhausted else None
            win = known[key]
            if win is not None:
                rated.append(Rated(action, win))
        return rated


def _layout(state: FreeCellState) -> Layout:
    """The position with every card in its place (the moves that led there do not count)."""
    return (
        tuple(tuple(cascade) for cascade in state.cascades),
        tuple(state.cells),
        tuple(sorted((str(suit), count) for suit, count in state.home.items())),
    )


def _after_move(state: FreeCellState, action: Action) -> FreeCellState:
    after = state.clone()
    after.apply(action)
    return after


def _position(state: FreeCellState) -> Packed:
    """The position as the solver sees it: the order of the cascades and of the free cells does not count."""
    return from_state(state).packed()


def _lost_note(state: FreeCellState, expanded: int) -> str:
    """No win from here, proven by a search of ``expanded`` positions; where the game was last winnable."""
    said = f"No way of playing wins from here (the solver searched all {expanded:,} positions)."
    if not state.moves:
        return said + " This deal has no solution."
    found = last_winnable(state, node_limit=NODE_LIMIT)
    if found is None:
        return said
    count, result = found
    line = line_of(_after(state, count), result.moves)
    if count == 0:
        return said + f" A win was possible before your first move, starting {line[0]}."
    return said + (
        f" A win was last possible after your move {count} ({state.moves[count - 1]}): "
        f"move {count + 1} was {state.moves[count]}, where {line[0]} would have kept it."
    )


def _after(state: FreeCellState, count: int) -> FreeCellState:
    from tabletop_freecell.coach import replay_moves

    return replay_moves(state, count)

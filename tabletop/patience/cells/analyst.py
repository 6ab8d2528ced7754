"""The coach: the solver says whether a position can still be won, and how.

The Coach gives the next move of a winning line and its length; in a lost
position it says so and, told the moves that led there (from the match's
history: :meth:`CellsAnalyst.with_moves`), names the last move from which a win
was still possible. Each other legal move is rated too, as far as the time
allows (a quick solve of the position after it), so that Review can mark the
move that lost the game. Moves that lead to the same position (a card to any of
the empty cells, or to any of the empty columns) are one move to the solver:
each such set is solved once and all its moves share the rating, but for a card
to an empty cell past the first, which is the move to the first (the board
lists that one alone) and is not rated again.
"""

from __future__ import annotations

import copy
import random
import time
from collections.abc import Callable, Sequence

from tabletop.analysis import Analysis, Analyst, Rated
from tabletop.patience.cells.actions import Action, Move
from tabletop.patience.cells.coach import last_winnable, line_of, replay_moves
from tabletop.patience.cells.search import Packed
from tabletop.patience.cells.solver import Result, from_state, solve_state
from tabletop.patience.cells.state import CellsState
from tabletop.playing_cards import Card
from tabletop.views import FullView

OTHER_MOVES_LIMIT = 3_000
"""The positions a quick solve of the position after another move may expand."""


Places = tuple[tuple[tuple[Card, ...], ...], tuple[Card | None, ...], tuple[tuple[str, int], ...]]
"""A position exactly as the player sees it: each column and cell in its place, and home."""


class CellsAnalyst(Analyst[Action, FullView[CellsState]]):
    """A best-first solver over every move: a found line or an exhausted search is exact.

    A line once found is kept, and followed on from each position it passes: the player who takes the
    Coach's move is given the next move of the same line, not the first move of another line the solver
    finds from there (which may begin by taking that move back, and lead round in a circle).
    """

    exact = True

    def __init__(self, name: str = "the solver") -> None:
        self.name = name
        self._lines: dict[Places, tuple[str, ...]] = {}
        """The rest of each line found, from each position it passes (the latest line where two pass)."""
        self._moves: tuple[str, ...] | None = None
        """The player's moves from the deal to the position analysed, when told (:meth:`with_moves`)."""

    def with_moves(self, moves: Sequence[str]) -> CellsAnalyst:
        """This analyst told the player's moves since the deal: in a lost position, its note names the last
        move after which a win was possible. The lines found are shared with this analyst."""
        told = copy.copy(self)
        told._moves = tuple(moves)
        return told

    def solve(self, state: CellsState, *, node_limit: int | None = None) -> Result:
        """A solve of ``state`` (the one way the analyst asks the solver), within the layout's node limit
        unless ``node_limit`` is given."""
        return solve_state(state, node_limit=node_limit)

    def analyse(
        self,
        view: FullView[CellsState],
        legal: Sequence[Action],
        *,
        seconds: float,
        rng: random.Random,
        progress: Callable[[float], None] | None = None,
    ) -> Analysis[Action]:
        state = view.state
        legal = [a for a in legal if not state.to_a_later_cell(a)]  # the move to the first empty cell says it
        line = self._lines.get(_places(state))
        if line is None or Move.parse(line[0], state.layout) not in legal:
            result = self.solve(state)
            if result.lost:
                notes = [_lost_note(state, result.expanded, self._moves)]
                return Analysis([Rated(a, 0.0) for a in legal], exact=True, notes=notes)
            if not result.solved:
                note = f"The solver could not tell within {result.expanded:,} positions whether this can be won."
                return Analysis([Rated(a, 0.5) for a in legal], exact=False, notes=[note])
            line = tuple(line_of(state, result.moves))
            self._remember(state, line)
        best = Move.parse(line[0], state.layout)
        rated = [Rated[Action](best, 1.0)]
        rated += self._others(state, best, [a for a in legal if a != best], seconds)
        note = f"A win is still possible: the solver's line has {len(line)} moves, starting {' '.join(line[:6])}."
        return Analysis(rated, exact=True, notes=[note])

    def _remember(self, state: CellsState, line: tuple[str, ...]) -> None:
        """Keep ``line`` (found from ``state``) for every position it passes on its way."""
        here = state.clone()
        for done, move in enumerate(line):
            self._lines[_places(here)] = line[done:]
            here.apply(Move.parse(move, state.layout))

    def _others(self, state: CellsState, best: Action, others: Sequence[Action], seconds: float) -> list[Rated[Action]]:
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
                continue  # a whole column onto an empty one: the rules allow it, but it changes nothing
            if key not in known:
                if time.monotonic() > deadline:
                    continue  # no time to solve it; a later move may still lead somewhere rated
                result = self.solve(after, node_limit=OTHER_MOVES_LIMIT)
                known[key] = 1.0 if result.solved else 0.0 if result.exhausted else None
            win = known[key]
            if win is not None:
                rated.append(Rated(action, win))
        return rated


def _places(state: CellsState) -> Places:
    """The position with every card in its place (the moves that led there do not count)."""
    return (
        tuple(tuple(cascade) for cascade in state.cascades),
        tuple(state.cells),
        tuple(sorted((str(suit), count) for suit, count in state.home.items())),
    )


def _after_move(state: CellsState, action: Action) -> CellsState:
    after = state.clone()
    after.apply(action)
    return after


def _position(state: CellsState) -> Packed:
    """The position as the solver sees it: the order of the columns and of the cells does not count."""
    return from_state(state).packed()


def _lost_note(state: CellsState, expanded: int, moves: Sequence[str] | None) -> str:
    """No win from here, proven by a search of ``expanded`` positions; where the game was last winnable, when
    the ``moves`` that led here from the deal are known."""
    said = f"No way of playing wins from here (the solver searched all {expanded:,} positions)."
    if not state.moves_made:
        return said + " This deal has no solution."
    if moves is None or len(moves) != state.moves_made:
        return said
    found = last_winnable(state, moves)
    if found is None:
        return said
    count, result = found
    line = line_of(replay_moves(state, moves[:count]), result.moves)
    if count == 0:
        return said + f" A win was possible before your first move, starting {line[0]}."
    return said + (
        f" A win was last possible after your move {count} ({moves[count - 1]}): "
        f"move {count + 1} was {moves[count]}, where {line[0]} would have kept it."
    )

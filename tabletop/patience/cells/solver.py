"""A FreeCell-family solver: best-first searches taking turns over canonical positions, safe moves home made at once.

A solve runs a portfolio of greedy best-first searches (:mod:`tabletop.patience.cells.search`), each ordered by its
own estimate of the distance to a win (:mod:`tabletop.patience.cells.heuristic`). They take turns: in each round
every search goes on where it stopped up to a budget four times that of the round before, then the first
search goes on alone with all that is left, until one finds a win or the node limit is spent. A search that
wanders into a hopeless part of the layout is left behind while another that looks elsewhere wins; most deals
fall to the first search within a few hundred positions. Every move a player can make is generated (a card or
a sequence onto a cascade, a card to a free cell, home, or onto an empty cascade), so a search that runs out
of positions before its budget proves that the position has no solution; when the limit comes first, the
solver cannot tell. Positions that differ only in the order of the cascades or of the free cells are one
position.

>>> from tabletop.patience.cells.actions import STANDARD
>>> result = solve_state(CellsState(STANDARD, deal=1, cells=4, auto=True))
>>> result.solved, len(result.moves) > 0
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.patience.cells.heuristic import STRATEGIES
from tabletop.patience.cells.layout import NODE_LIMIT
from tabletop.patience.cells.search import CELL, EMPTY, HOME, Packed, Rules, Search
from tabletop.patience.cells.state import CellsState
from tabletop.playing_cards import SUITS

__all__ = ["CELL", "EMPTY", "HOME", "NODE_LIMIT", "Position", "Result", "Step", "solve", "solve_state"]

FIRST_BUDGET = 1_000
"""The positions each search of the first round may expand."""
GROWTH = 4
"""Each round lets every search go on to this many times the budget of the round before."""
LAST_ROUND_BUDGET = 16_000
"""The budget of the portfolio's last round; then the first search goes on alone with all that is left."""

Cascades = tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class Position:
    """A position as the solver reads it: cascades in place, free cells' cards sorted, foundations by suit, and
    the rules of its layout."""

    cascades: Cascades
    cells: tuple[int, ...]
    home: tuple[int, int, int, int]
    rules: Rules

    def packed(self) -> Packed:
        """The search's form: cascades and free cells as sorted byte strings (their order does not matter)."""
        return tuple(sorted(bytes(c) for c in self.cascades)), bytes(sorted(self.cells)), self.home


@dataclass(frozen=True)
class Step:
    """One solver move: ``card`` (the lowest card of the ``count`` cards moved) to ``target``: :data:`HOME`,
    :data:`CELL` (a free cell), :data:`EMPTY` (an empty cascade) or the card it is laid on.
    ``went_home`` holds the cards the move then sent home by themselves, in order."""

    card: int
    target: int
    count: int
    went_home: tuple[int, ...]


@dataclass(frozen=True)
class Result:
    """What a solve found: a line of moves, a proof that there is none, or neither within the node limit."""

    solved: bool
    moves: tuple[Step, ...]
    expanded: int
    """Positions expanded by all the searches of the solve."""
    exhausted: bool
    """Whether one search went through every position reachable (so "not solved" is a proof)."""

    @property
    def lost(self) -> bool:
        """Whether the position is proven to have no solution."""
        return not self.solved and self.exhausted


def from_state(state: CellsState) -> Position:
    """The solver's form of a game position."""
    layout = state.layout
    return Position(
        cascades=tuple(tuple(c.number for c in cascade) for cascade in state.cascades),
        cells=tuple(sorted(c.number for c in state.cells if c is not None)),
        home=(state.home[SUITS[0]], state.home[SUITS[1]], state.home[SUITS[2]], state.home[SUITS[3]]),
        rules=Rules(layout.build, state.cell_count, layout.kings_only),
    )


def solve(start: Position, *, node_limit: int = NODE_LIMIT) -> Result:
    """Search from ``start`` for a way to send every card home: rounds in which each search of the portfolio
    goes on to a budget :data:`GROWTH` times the one before, then the first search with all that is left,
    until a win, a proof (a search that runs out of positions), or ``node_limit`` positions in all."""
    packed = start.packed()
    searches: list[Search] = []
    spent = 0
    budget = FIRST_BUDGET
    while True:
        for index, strategy in enumerate(STRATEGIES):
            if index == len(searches):
                searches.append(
                    Search(packed, strategy.weights.distance, start.rules, newest_first=strategy.newest_first)
                )
            search = searches[index]
            last_round = budget > LAST_ROUND_BUDGET
            goal = node_limit if last_round else budget
            allowed = min(goal - search.expanded, node_limit - spent)
            if allowed <= 0:
                if last_round or spent >= node_limit:
                    return Result(False, (), spent, False)
                continue
            before = search.expanded
            found = search.run(allowed)
            spent += found.expanded - before
            if found.won is not None:
                return Result(True, tuple(Step(c, t, n, tuple(w)) for c, t, n, w in found.won), spent, True)
            if found.exhausted:
                return Result(False, (), spent, True)
            if last_round:
                return Result(False, (), spent, False)
        budget *= GROWTH


def solve_state(state: CellsState, *, node_limit: int | None = None) -> Result:
    """Solve a game position (safe moves home are made by the search whatever the game's own setting)."""
    return solve(from_state(state), node_limit=state.layout.node_limit if node_limit is None else node_limit)

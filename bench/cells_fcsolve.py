"""Baker's Game, Eight Off and Seahaven Towers: Tabletop's solver against fc-solve, deal by deal.

    nice .venv/bin/python bench/cells_fcsolve.py [FIRST] [LAST] [GAME ...]

For each game (default all three) and each deal from FIRST to LAST (default 1 to 100), Tabletop's solver
(:mod:`tabletop.patience.cells.solver`, its default node limit) and fc-solve (Debian's ``freecell-solver-bin``,
``--game bakers_game``, ``eight_off`` or ``seahaven``, given the board as Tabletop lays it out) each give a
verdict: solved, proved unsolvable, or gave up. fc-solve runs first with its default moves and, where that finds
no solution, again with every kind of move (``-to 01ABCDE``) and an iteration limit, so that its "could not
solve" is a proof within those moves. The bench prints how often the verdicts agree, the deals where they
differ, whether each of Tabletop's solutions replays to a win under the game's rules, and whether fc-solve's
solutions, read in its own notation (``8k``: the eighth cell, ``10b``: the tenth column), replay to a win too.

>>> board_text("eightoff", 1).splitlines()[0]
'Freecells: 6S - 9C - 2H - 6H -'
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tabletop.game import Game

GAMES = {"bakers": "bakers_game", "eightoff": "eight_off", "seahaven": "seahaven"}
"""Tabletop's game id, and fc-solve's preset of the same rules."""
SOLVED, LOST, GAVE_UP = "solved", "unsolvable", "gave up"
FC_SOLVE_ITERATIONS = 3_000_000
"""fc-solve's limit of states checked in its thorough run, after which it gives up."""
FC_SOLVE_SECONDS = 300
SEPARATOR = "-=-=-=-=-=-=-=-=-=-=-=-"


def _game(game_id: str) -> Game[Any]:
    from tabletop.registry import Registry

    return Registry.discover().get(game_id)


def board_text(game_id: str, deal: int) -> str:
    """Deal ``deal`` of the game as fc-solve reads a board: the cells (``-`` for an empty one), then each column
    a line, bottom card first."""
    from tabletop.patience.cells.state import CellsState

    state = _game(game_id).new_initial_state({"deal": str(deal), "auto": "off"})
    assert isinstance(state, CellsState)
    cells = " ".join(str(card) if card else "-" for card in state.cells)
    lines = [f"Freecells: {cells}"] + [" ".join(str(card) for card in column) for column in state.cascades]
    return "\n".join(lines) + "\n"


def fc_solve(game_id: str, deal: int) -> tuple[str, list[str]]:
    """fc-solve's verdict on the deal, and its moves in the standard notation when it solved it."""
    env = dict(os.environ, FREECELL_SOLVER_QUIET="1")
    board = board_text(game_id, deal)
    runs = [[], ["-to", "01ABCDE", "-sel", "-mi", str(FC_SOLVE_ITERATIONS)]]
    out = ""
    for extra in runs:
        command = ["fc-solve", "--game", GAMES[game_id], *extra, "-m", "-snx"]
        out = subprocess.run(
            command, input=board, capture_output=True, text=True, env=env, timeout=FC_SOLVE_SECONDS
        ).stdout
        if "This game is solveable." in out:
            return SOLVED, out.split(SEPARATOR, 1)[1].split("This game is", 1)[0].split()
    return (GAVE_UP if "Iterations count exceeded" in out else LOST), []


def replays(game_id: str, deal: int, moves: list[str], *, listed: bool) -> bool:
    """Whether ``moves`` played from the deal (automatic moves off for another program's list, whose moves
    home are all written) win it."""
    from tabletop.commands.moves import MoveRefused, play_moves
    from tabletop.loop import Match

    auto = "off" if listed else "safe"
    match = Match(_game(game_id), options={"deal": str(deal), "auto": auto}, seed=1, agents=[None])
    try:
        if listed:
            play_moves(match, moves)
        else:
            for text in moves:
                match.apply(match.game.parse_action(match.state, text))
    except MoveRefused:
        return False
    return match.state.returns() == [1.0]


@dataclass
class Tally:
    """One game's figures."""

    agree: int = 0
    ours: Counter[str] = field(default_factory=Counter)
    theirs: Counter[str] = field(default_factory=Counter)
    ours_replayed: int = 0
    theirs_replayed: int = 0
    differ: list[str] = field(default_factory=list)
    seconds: float = 0.0


def bench(game_id: str, first: int, last: int) -> Tally:
    """Both solvers on every deal of ``game_id`` from ``first`` to ``last``."""
    from tabletop.patience.cells.coach import line_of
    from tabletop.patience.cells.solver import solve_state
    from tabletop.patience.cells.state import CellsState

    tally = Tally()
    started = time.process_time()
    for deal in range(first, last + 1):
        state = _game(game_id).new_initial_state({"deal": str(deal)})
        assert isinstance(state, CellsState)
        result = solve_state(state)
        ours = SOLVED if result.solved else LOST if result.lost else GAVE_UP
        if result.solved and replays(game_id, deal, line_of(state, result.moves), listed=False):
            tally.ours_replayed += 1
        theirs, moves = fc_solve(game_id, deal)
        if moves and replays(game_id, deal, moves, listed=True):
            tally.theirs_replayed += 1
        tally.ours[ours] += 1
        tally.theirs[theirs] += 1
        if ours == theirs:
            tally.agree += 1
        else:
            tally.differ.append(f"deal {deal}: ours {ours}, fc-solve {theirs}")
    tally.seconds = time.process_time() - started
    return tally


def main(argv: list[str]) -> int:
    if shutil.which("fc-solve") is None:
        print("fc-solve is not installed (Debian: apt-get install freecell-solver-bin)", file=sys.stderr)
        return 2
    numbers = [a for a in argv if a.isdigit()]
    first, last = (int(numbers[0]), int(numbers[1])) if len(numbers) >= 2 else (1, 100)
    games = [a for a in argv if a in GAMES] or list(GAMES)
    for game_id in games:
        tally = bench(game_id, first, last)
        count = last - first + 1
        print(f"{game_id} deals {first}-{last}: verdicts agree on {tally.agree} of {count}")
        print(f"  ours:     {dict(tally.ours)}; {tally.ours_replayed} of {tally.ours[SOLVED]} solutions replay and win")
        print(
            f"  fc-solve: {dict(tally.theirs)}; {tally.theirs_replayed} of {tally.theirs[SOLVED]} of its solutions "
            "replay here and win"
        )
        for line in tally.differ[:10]:
            print(f"  {line}")
        print(f"  time: {tally.seconds:.1f} s processor (this process; fc-solve's own not counted)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""fc-solve's solutions of Microsoft's FreeCell deals, replayed move by move under Tabletop's rules.

    .venv/bin/python bench/freecell_fcsolve.py [FIRST] [LAST]

For each deal from FIRST to LAST (default 1 to 300) fc-solve (Debian's ``freecell-solver-bin``) solves the
deal as Tabletop lays it out and prints its moves in the standard notation (``-snx``); the moves are then
played into ``tabletop play freecell --deal N --auto off --moves -``'s game, in this process, and the game
must be won. Prints how many replay and win, the first that does not with its reason, and the time.

>>> board_text(1).splitlines()[0]
'JD KD 2S 4C 3S 6D 6S'
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time


def board_text(deal: int) -> str:
    """Deal ``deal`` as fc-solve reads a board: each cascade a line, bottom card first."""
    from tabletop_freecell.rules import FreeCellState

    state = FreeCellState(deal=deal, cells=4, auto=False)
    return "\n".join(" ".join(str(card) for card in cascade) for cascade in state.cascades) + "\n"


def fc_solve_moves(deal: int) -> list[str] | None:
    """fc-solve's solution of ``deal`` as moves in its notation, or None when it finds none."""
    env = dict(os.environ, FREECELL_SOLVER_QUIET="1")
    done = subprocess.run(
        ["fc-solve", "-m", "-snx"], input=board_text(deal), capture_output=True, text=True, env=env, timeout=120
    )
    if "This game is solveable." not in done.stdout:
        return None
    lines = done.stdout.split("-=-=-=-=-=-=-=-=-=-=-=-", 1)[1].split("This game is", 1)[0]
    return lines.split()


def replay(deal: int, moves: list[str]) -> str | None:
    """Play ``moves`` into a new game of ``deal`` (automatic moves off); None when they win it, else why not."""
    from tabletop.commands.moves import MoveRefused, play_moves
    from tabletop.loop import Match
    from tabletop_freecell import game

    match = Match(game, options={"deal": str(deal), "auto": "off"}, seed=1, agents=[None])
    try:
        play_moves(match, moves)
    except MoveRefused as refused:
        return f"move {refused.number} ({refused.text}): {refused}"
    return None if match.state.outcome_text().endswith(f"won in {len(moves)} moves.") else match.state.outcome_text()


def main(argv: list[str]) -> int:
    if shutil.which("fc-solve") is None:
        print("fc-solve is not installed (Debian: apt-get install freecell-solver-bin)", file=sys.stderr)
        return 2
    first, last = (int(argv[0]), int(argv[1])) if len(argv) >= 2 else (1, 300)
    wall, cpu = time.perf_counter(), time.process_time()
    solved = won = 0
    failures: list[str] = []
    for deal in range(first, last + 1):
        moves = fc_solve_moves(deal)
        if moves is None:
            continue
        solved += 1
        why = replay(deal, moves)
        if why is None:
            won += 1
        else:
            failures.append(f"deal {deal}: {why}")
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(f"deals {first} to {last}: fc-solve solved {solved}; {won} of {solved} replay here and win")
    for failure in failures[:5]:
        print(f"  {failure}")
    print(f"time: {wall:.1f} s wall, {cpu:.1f} s processor (this process; fc-solve's own not counted)")
    return 0 if won == solved else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""The coach's own play (the computer level ``coach``, or ``strong``) over seeded Klondike games: how many it
wins.

    .venv/bin/python bench/klondike_coach.py DRAW [GAMES] [SECONDS] [FIRST] [LEVEL]

Game ``n`` is dealt from seed ``n`` (FIRST, default 1, to FIRST + GAMES - 1), with the given number of cards
drawn and unlimited passes, as ``tabletop play klondike --seed n --draw DRAW`` deals it (``tabletop simulate``
plays the level on deals it derives from its own seed instead). A line per game is printed as it ends, with
its processor time, then the wins with a 95% interval, and the processor and wall time. With SECONDS, it stops after the game that passes that much
wall time (on a shared machine: say how many were played). Runs over parts of a range, side by side,
add up line by line.

>>> interval(30, 100)
(0.3, 0.09)
"""

from __future__ import annotations

import math
import sys
import time

Z95 = 1.96


def interval(wins: int, games: int) -> tuple[float, float]:
    """The win rate and the half-width of its 95% interval (normal approximation)."""
    rate = wins / games
    return rate, round(Z95 * math.sqrt(rate * (1 - rate) / games), 2)


def play(draw: str, seed: int, level: str = "coach") -> tuple[bool, int]:
    """One game of the computer ``level`` from ``seed``: won, and its moves."""
    from tabletop.loop import Match
    from tabletop_klondike import game

    agent = game.agents()[level]()
    match = Match(game, options={"draw": draw}, seed=seed, agents=[agent])
    state = match.run()
    return bool(state.returns()[0] >= 1), len([a for a in match.history if not a.startswith("deal")])


def main(argv: list[str]) -> int:
    draw = argv[0] if argv else "1"
    games = int(argv[1]) if len(argv) > 1 else 1000
    budget = float(argv[2]) if len(argv) > 2 and argv[2] != "inf" else math.inf
    first = int(argv[3]) if len(argv) > 3 else 1
    level = argv[4] if len(argv) > 4 else "coach"
    start_wall, start_cpu = time.monotonic(), time.process_time()
    wins = played = 0
    for seed in range(first, first + games):
        game_cpu = time.process_time()
        won, moves = play(draw, seed, level)
        wins += won
        played += 1
        spent = time.process_time() - game_cpu
        print(f"seed {seed}: {'won' if won else 'lost'} in {moves} moves, {spent:.2f} s", flush=True)
        if time.monotonic() - start_wall > budget:
            break
    rate, half = interval(wins, played)
    cpu, wall = time.process_time() - start_cpu, time.monotonic() - start_wall
    print(f"{level}, draw {draw}: {wins} of {played} won ({rate:.1%} ± {half:.0%}, 95%)")
    print(f"processor time {cpu:.0f} s ({cpu / played:.2f} s a game), wall time {wall:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Uniformly random Muster games from fixed seeds: games/s and decisions/s on one core.

Two loops are timed, and both play the very same games (same seeds, same
choices):

* ``api``: the public protocol a match or a search uses -- ``legal_actions()``,
  a uniform pick with the RNG, ``sample_chance(rng)``, ``apply(action)`` (which
  checks legality);
* ``fast``: :func:`tabletop_muster.playout.random_playout`, the helper a search AI
  calls for its rollouts (same rules code, no action objects).

Rates are per second of this process's CPU time (one core's work, whatever else
shares the machine), with the wall-clock rate beside them.

Usage: ``python bench/muster_playouts.py [GAMES] [--variants simplified,power_of_one,over_the_rainbow]``
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Mapping

from tabletop_muster import game
from tabletop_muster.playout import random_playout


def play_api(seed: int, options: Mapping[str, str]) -> tuple[int, int]:
    """One game through the public API; returns (decisions, winner code)."""
    rng = random.Random(seed)
    state = game.new_initial_state(options)
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            action = state.sample_chance(rng)
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            decisions += 1
        state.apply(action)
    return decisions, int(state.returns()[0] * 2)


def play_fast(seed: int, options: Mapping[str, str]) -> tuple[int, int]:
    rng = random.Random(seed)
    state = game.new_initial_state(options)
    decisions = random_playout(state, rng)
    return decisions, int(state.returns()[0] * 2)


def run(label: str, play: object, games: int, options: Mapping[str, str]) -> list[tuple[int, int]]:
    results = []
    start, cpu_start = time.perf_counter(), time.process_time()
    for seed in range(games):
        results.append(play(seed, options))  # type: ignore[operator]
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    decisions = sum(d for d, _ in results)
    # CPU time is what one core spent; wall time also counts waiting for a shared core.
    print(
        f"{label:>5}: {games} games, {cpu:.2f} s CPU: {games / cpu:,.0f} games/s, "
        f"{decisions / cpu:,.0f} decisions/s ({decisions / games:.1f} decisions per game); "
        f"wall clock {elapsed:.2f} s: {games / elapsed:,.0f} games/s"
    )
    return results


def main(argv: list[str]) -> int:
    games = 2000
    options: dict[str, str] = {}
    args = list(argv)
    if "--variants" in args:
        i = args.index("--variants")
        for key in args[i + 1].split(","):
            options[key] = "on"
        del args[i : i + 2]
    if args:
        games = int(args[0])
    print(f"Muster random playouts, options {options or 'none'}, seeds 0..{games - 1}, one core")
    api = run("api", play_api, games, options)
    fast = run("fast", play_fast, games, options)
    if api != fast:
        print("mismatch: the two loops played different games", file=sys.stderr)
        return 1
    wins = [sum(1 for _, w in api if w == code) for code in (2, 0, 1)]
    print(f"results: North {wins[0]}, South {wins[1]}, draws {wins[2]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

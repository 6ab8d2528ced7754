"""Uniformly random Muster games from fixed seeds: games/s and decisions/s on one core.

Two loops are timed, and both play the very same games (same seeds, same
choices):

* ``api``: the public protocol a match or a search uses -- ``legal_actions()``,
  a uniform pick with the RNG, ``sample_chance(rng)``, ``apply(action)`` (which
  checks legality);
* ``fast``: :func:`tabletop_muster.playout.random_playout`, the helper a search AI
  calls for its rollouts (same rules code, no action objects).

Beside them, for scale, ``plain``: uniformly random games of the same rules on
the plain reimplementation in ``bench/muster_reference.py`` (other games: it
shuffles its deck once), and each loop's rate as a multiple of that one's.
Without options the three loops alternate, in rounds, so that a change in the
machine's load falls on all three alike.

Rates are per second of this process's CPU time (one core's work, whatever else
shares the machine), with the wall-clock rate beside them.

Usage: ``python bench/muster_playouts.py [GAMES] [--variants simplified,power_of_one,over_the_rainbow]``
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from tabletop_muster import game
from tabletop_muster.playout import random_playout

sys.path.insert(0, str(Path(__file__).resolve().parent))
from muster_reference import random_game as play_plain

ROUNDS = 4
"""Rounds of the three loops, one after another, when they are compared."""


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


def play_reference(seed: int, options: Mapping[str, str]) -> tuple[int, int]:
    decisions, winner = play_plain(seed)
    return decisions, {0: 2, 1: 0, None: 1}[winner]


@dataclass
class Loop:
    """One way of playing the games, and what it has spent so far."""

    label: str
    play: Callable[[int, Mapping[str, str]], tuple[int, int]]
    results: list[tuple[int, int]] = field(default_factory=list)
    cpu: float = 0.0
    wall: float = 0.0

    def play_seeds(self, seeds: range, options: Mapping[str, str]) -> None:
        start, cpu_start = time.perf_counter(), time.process_time()
        for seed in seeds:
            self.results.append(self.play(seed, options))
        self.wall += time.perf_counter() - start
        self.cpu += time.process_time() - cpu_start

    def report(self, plain: Loop | None) -> str:
        games = len(self.results)
        decisions = sum(d for d, _ in self.results)
        # CPU time is what one core spent; wall time also counts waiting for a shared core.
        line = (
            f"{self.label:>5}: {games} games, {self.cpu:.2f} s CPU: {games / self.cpu:,.0f} games/s, "
            f"{decisions / self.cpu:,.0f} decisions/s ({decisions / games:.1f} decisions per game); "
            f"wall clock {self.wall:.2f} s: {games / self.wall:,.0f} games/s"
        )
        if plain is not None and plain is not self:
            line += f"; {plain.cpu / len(plain.results) / (self.cpu / games):.1f}x the plain games/s"
        return line


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
    loops = [Loop("api", play_api), Loop("fast", play_fast)]
    plain = None if options else Loop("plain", play_reference)  # the reimplementation has no variant
    if plain is not None:
        loops.append(plain)
    rounds = min(ROUNDS, games)
    for r in range(rounds):
        seeds = range(r * games // rounds, (r + 1) * games // rounds)
        for loop in loops:
            loop.play_seeds(seeds, options)
    for loop in loops:
        print(loop.report(plain))
    api, fast = loops[0].results, loops[1].results
    if api != fast:
        print("mismatch: the two loops played different games", file=sys.stderr)
        return 1
    wins = [sum(1 for _, w in api if w == code) for code in (2, 0, 1)]
    print(f"results: North {wins[0]}, South {wins[1]}, draws {wins[2]}")
    if plain is not None:
        wins = [sum(1 for _, w in plain.results if w == code) for code in (2, 0, 1)]
        print(f"plain:   North {wins[0]}, South {wins[1]}, draws {wins[2]} (other games of the same rules)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

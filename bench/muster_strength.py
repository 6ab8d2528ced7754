"""Strength table of Muster's computer levels, reproducible from a fixed seed.

Plays seat-alternated matches with :func:`tabletop.commands.simulate.play_game`
(the engine, agents and turn loop of the menu) and prints, per pairing, the
first agent's wins, draws, losses and win rate with a 95% Wilson interval
(draws count half).

Agents are given as ``LEVEL[:key=value,...]``: ``hard:seconds=4``,
``ismcts:iterations=2000,rollout=8``, ``medium``. The default table is the one
the project's targets name:

    Hard vs Easy, Hard vs Medium, Hard 4 s vs Hard 1 s, ISMCTS vs PIMC (equal time)

Usage::

    python bench/muster_strength.py                       # the full table: 400 games a row, 1 s a move
    python bench/muster_strength.py --games 40 --seconds 0.1 --workers 2   # reduced
    python bench/muster_strength.py --pair hard:iterations=500 medium --games 100

The full table takes many hours on two cores; reduced runs say so in their header.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from tabletop.commands.simulate import GameResult, play_game, summarise
from tabletop.rng import derive_seed

from games.muster import MusterGame
from games.muster.ai.lab import LabGame, parse_spec

FULL_GAMES = 400
FULL_SECONDS = 1.0


def _play(specs: tuple[str, str], options: dict[str, str], seed: int, rotation: int) -> GameResult:
    return play_game(LabGame(specs), options, list(specs), seed, rotation)


def run_pair(a: str, b: str, games: int, seed: int, workers: int, options: dict[str, str]) -> None:
    specs = (a, b)
    seeds = [derive_seed(seed, f"game-{i}") for i in range(games)]
    start = time.perf_counter()
    results: list[GameResult] = []
    if workers == 1:
        for i, s in enumerate(seeds):
            results.append(_play(specs, options, s, i % 2))
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = [pool.submit(_play, specs, options, s, i % 2) for i, s in enumerate(seeds)]
            results = [f.result() for f in futures]
    elapsed = time.perf_counter() - start
    summary = summarise("muster", options, list(specs), results, seed=seed, workers=workers, seconds=elapsed)
    first, second = summary.agents
    print(
        f"{a:>32} vs {b:<32} games {summary.games:4d}  W/D/L {first.wins}/{first.draws}/{first.losses}  "
        f"win rate {first.score_rate:6.1%}  95% CI {first.ci_low:5.1%}-{first.ci_high:5.1%}  "
        f"s/move {first.seconds_per_move:.3f} / {second.seconds_per_move:.3f}  ({elapsed:.0f} s)",
        flush=True,
    )


def default_pairs(seconds: float, iterations: int | None) -> list[tuple[str, str]]:
    def budget(level: str, factor: float = 1.0) -> str:
        if iterations is not None:
            return f"{level}:iterations={int(iterations * factor)}"
        return f"{level}:seconds={seconds * factor:g}"

    return [
        (budget("hard"), "easy"),
        (budget("hard"), "medium"),
        (budget("hard", 4.0), budget("hard")),
        (budget("ismcts"), budget("pimc")),
    ]


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=FULL_GAMES, help="games per row (default %(default)s)")
    parser.add_argument("--seconds", type=float, default=FULL_SECONDS, help="search time per move (default %(default)s)")
    parser.add_argument("--iterations", type=int, default=None, help="search iterations per move instead of time")
    parser.add_argument("--workers", type=int, default=1, help="processes (default %(default)s)")
    parser.add_argument("--seed", type=int, default=2024, help="seed of the table (default %(default)s)")
    parser.add_argument("--pair", nargs=2, action="append", metavar=("A", "B"), help="a row to play instead of the table")
    parser.add_argument("--variant", action="append", default=[], help="a game option flag, e.g. simplified")
    args = parser.parse_args(argv)
    options = MusterGame().resolve_options({v: "on" for v in args.variant})
    pairs = [tuple(p) for p in args.pair] if args.pair else default_pairs(args.seconds, args.iterations)
    for spec in (s for pair in pairs for s in pair):
        try:
            parse_spec(spec)
        except ValueError as exc:
            parser.error(str(exc))
    reduced = args.games < FULL_GAMES or args.iterations is not None or args.seconds < FULL_SECONDS or bool(args.pair)
    label = "REDUCED run" if reduced else "full run"
    if args.pair:
        budget = "budgets as given per agent"
    elif args.iterations is not None:
        budget = f"{args.iterations} iterations/move"
    else:
        budget = f"{args.seconds:g} s/move"
    print(f"Muster strength table ({label}): {args.games} games per row, {budget}, seed {args.seed}, "
          f"{args.workers} worker(s), seats alternated; win rate of the left agent, draws count half")
    for a, b in pairs:
        run_pair(a, b, args.games, args.seed, args.workers, options)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

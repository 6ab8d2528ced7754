"""OpenSpiel's own ISMCTS bot against Muster's Hard level, with equal thinking time per move.

The bot is ``open_spiel.python.algorithms.ismcts.ISMCTSBot`` with random rollouts, playing
Muster through :mod:`tabletop.adapters.openspiel` (information states from views, worlds
resampled by ``resample_hidden``); its search runs for a fixed time per move instead of a fixed
number of simulations. Hard is ``tabletop_muster.agents.hard`` with the same time. Seats
alternate (game ``i``: ISMCTS sits in seat ``i % 2``), every deal comes from the game's seed,
and the result is ISMCTS's score (draws count half) with a 95% Wilson interval.

Usage::

    python bench/ismcts_vs_hard.py                          # 40 games, 0.2 s a move, 2 processes
    python bench/ismcts_vs_hard.py --games 100 --seconds 1 --processes 4
    python bench/ismcts_vs_hard.py --results out.jsonl      # also keep each game as a JSON line
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass
from typing import Any

GAMES = 40
SECONDS = 0.2
PROCESSES = 2
UCT_C = 2.0
"""ISMCTS's exploration constant (OpenSpiel's examples use 2 with returns from -1 to +1)."""


@dataclass(frozen=True)
class Result:
    """One game: the seed, ISMCTS's seat, its score (1 win, 0.5 draw, 0 loss) and search statistics."""

    seed: int
    ismcts_seat: int
    score: float
    moves: int
    simulations_per_move: float
    seconds: float


def wilson(points: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a rate of ``points`` in ``n`` (draws count half a point).

    >>> [round(x, 3) for x in wilson(0, 40)], [round(x, 3) for x in wilson(20, 40)]
    ([0.0, 0.088], [0.352, 0.648])
    """
    if n == 0:
        return 0.0, 1.0
    p = points / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def timed_bot(game: Any, seconds: float, seed: int) -> Any:
    """An ISMCTSBot whose search stops after ``seconds`` instead of a number of simulations."""
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    class TimedISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc]
        """OpenSpiel's ISMCTS, its loop bounded by time (the rest is the library's own)."""

        simulations = 0
        searches = 0

        def run_search(self, state: Any) -> Any:
            self.reset()
            legal = state.legal_actions()
            if len(legal) == 1:
                return [(legal[0], 1.0)]
            self._root_node = self.create_new_node(state)
            deadline = time.perf_counter() + seconds
            count = 0
            while count < 2 or time.perf_counter() < deadline:  # the first only expands the root
                self.run_simulation(self.sample_root_state(state))
                count += 1
            self.simulations += count
            self.searches += 1
            return self.get_final_policy(state, self._root_node)

    rng = np.random.RandomState(seed % 2**32)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    return TimedISMCTSBot(game, evaluator, UCT_C, max_simulations=10**9, random_state=rng)


def play(seed: int, ismcts_seat: int, seconds: float) -> Result:
    """One game of Muster between ISMCTS (in ``ismcts_seat``) and Hard, its deals from ``seed``."""
    from tabletop.adapters.openspiel import load_game
    from tabletop.rng import derive_seed, make_rng
    from tabletop_muster.agents import hard
    from tabletop_muster.view import MusterView

    started = time.perf_counter()
    game = load_game("muster")
    index = game.table.index
    bot = timed_bot(game, seconds, derive_seed(seed, "ismcts"))
    opponent = hard(seconds=seconds)
    chance = make_rng(derive_seed(seed, "chance"))
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(chance.choices(outcomes, weights)[0])
            continue
        player = state.current_player()
        if player == ismcts_seat:
            action = int(bot.step(state))
        else:
            inner = state.tabletop_state
            rng = make_rng(derive_seed(seed, f"hard-{len(state.history())}"))
            view = inner.view(player)
            assert isinstance(view, MusterView), "the adapter holds a Muster game"
            action = index.index(opponent.choose(view, inner.legal_actions(), rng))
        state.apply_action(action)
        moves += 1
    score = state.tabletop_state.returns()[ismcts_seat]
    per_move = bot.simulations / bot.searches if bot.searches else 0.0
    return Result(seed, ismcts_seat, score, moves, per_move, time.perf_counter() - started)


def main(argv: Sequence[str] | None = None) -> int:
    """Play the match and print ISMCTS's score with its interval."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=GAMES)
    parser.add_argument("--seconds", type=float, default=SECONDS, help="thinking time per move, both sides")
    parser.add_argument("--processes", type=int, default=PROCESSES)
    parser.add_argument("--seed", type=int, default=2026, help="the match's seed (game i is seeded from it and i)")
    parser.add_argument("--results", help="append each finished game to this file as a JSON line")
    args = parser.parse_args(argv)

    from tabletop.rng import derive_seed

    started = time.perf_counter()
    results: list[Result] = []
    print(f"ISMCTS (OpenSpiel) vs Hard: Muster, {args.games} games, {args.seconds:g} s a move, seats alternated")
    with ProcessPoolExecutor(max_workers=args.processes) as pool:
        futures = [
            pool.submit(play, derive_seed(args.seed, f"game-{i}"), i % 2, args.seconds) for i in range(args.games)
        ]
        for future in as_completed(futures):
            result = future.result()
            results.append(result)
            if args.results:
                with open(args.results, "a", encoding="utf-8") as out:
                    out.write(json.dumps(asdict(result)) + "\n")
            print(
                f"  game {len(results):3d}: ISMCTS seat {result.ismcts_seat + 1} scores {result.score:g} "
                f"({result.moves} moves, {result.simulations_per_move:.0f} simulations a move, {result.seconds:.0f} s)",
                flush=True,
            )
    n = len(results)
    points = sum(r.score for r in results)
    wins = sum(1 for r in results if r.score == 1.0)
    losses = sum(1 for r in results if r.score == 0.0)
    low, high = wilson(points, n)
    sims = sum(r.simulations_per_move for r in results) / n if n else 0.0
    print(
        f"ISMCTS vs Hard at {args.seconds:g} s a move: {wins} wins, {n - wins - losses} draws, {losses} losses in {n} "
        f"games; ISMCTS scores {points / n:.1%} (95% Wilson interval {low:.1%} to {high:.1%}); "
        f"{sims:.0f} ISMCTS simulations a move; {time.perf_counter() - started:.0f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

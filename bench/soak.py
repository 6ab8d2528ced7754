"""Soak test: many seeded random games of every installed game and variant, invariants checked after every action.

    python bench/soak.py                 # exactly 100,000 games, spread over games and variants
    python bench/soak.py --games 2000 --workers 2

Prints games, actions and violations per game and variant (0 violations
expected) and exits 1 if any invariant broke or any game raised.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from tabletop.game import CHANCE
from tabletop.registry import Registry
from tabletop.rng import derive_seed, make_rng
from tabletop.testing import option_combinations

CHUNK = 250
"""Games of one variant handed to a worker at a time."""
EXIT_USAGE = 2


@dataclass
class Tally:
    game: str
    options: dict[str, str]
    games: int = 0
    actions: int = 0
    violations: int = 0
    examples: list[str] = field(default_factory=list)

    def label(self) -> str:
        on = [f"{k}={v}" for k, v in self.options.items() if v not in ("off", "")]
        return f"{self.game} ({', '.join(on) or 'standard'})"


def soak(game_id: str, options: dict[str, str], seeds: range) -> Tally:
    """Play ``seeds`` random games of one variant, checking invariants after every action."""
    game = Registry.discover().get(game_id)
    tally = Tally(game_id, options)
    bound = game.info.max_length
    for seed in seeds:
        rng = make_rng(seed)
        moves = make_rng(derive_seed(seed, "moves"))
        state = game.new_initial_state(options)
        steps = 0
        try:
            while not state.is_terminal():
                if steps > bound:
                    raise AssertionError(f"no end after {bound} actions")
                if state.current_player() == CHANCE:
                    action = state.sample_chance(rng)
                else:
                    legal = state.legal_actions()
                    if not legal:
                        raise AssertionError("no legal action in a game that is not over")
                    action = legal[moves.randrange(len(legal))]
                state.apply(action)
                steps += 1
                problems = state.invariant_violations()
                if problems:
                    raise AssertionError("; ".join(problems))
        except Exception as exc:
            tally.violations += 1
            if len(tally.examples) < 3:
                tally.examples.append(f"seed {seed}, action {steps}: {type(exc).__name__}: {exc}")
        tally.games += 1
        tally.actions += steps
    return tally


def plan(
    registry: Registry, total: int, seed: int, game_ids: list[str] | None
) -> list[tuple[str, dict[str, str], range]]:
    """Spread exactly ``total`` games as evenly as they go over the games, then over each game's variants, in chunks.

    >>> sum(len(seeds) for _, _, seeds in plan(Registry.discover(), 601, 1, ["muster", "muses"]))
    601
    """
    games = [g for g in registry.load_all() if not game_ids or g.info.id in game_ids]
    jobs = []
    for game, game_total in zip(games, split(total, len(games))):
        variants = [game.resolve_options(o) for o in option_combinations(game)]
        start = seed
        for options, count in zip(variants, split(game_total, len(variants))):
            for first in range(start, start + count, CHUNK):
                jobs.append((game.info.id, options, range(first, min(first + CHUNK, start + count))))
            start += count
    return jobs


def split(total: int, parts: int) -> list[int]:
    """``total`` in ``parts`` shares differing by at most one, the larger first.

    >>> split(600, 24), split(5, 2), split(1, 2)
    ([25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25], [3, 2], [1, 0])
    """
    share, extra = divmod(total, parts)
    return [share + (1 if index < extra else 0) for index in range(parts)]


def refusal(registry: Registry, args: argparse.Namespace) -> str | None:
    """What is wrong with the command line, or None."""
    if args.games < 1:
        return f"--games must be at least 1 (got {args.games})"
    if args.workers < 1:
        return f"--workers must be at least 1 (got {args.workers})"
    unknown = [g for g in args.game or [] if g not in registry.ids()]
    if unknown:
        return f"no game called {', '.join(map(repr, unknown))} (installed: {', '.join(registry.ids()) or 'none'})"
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100_000, help="games in all (default: %(default)s)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--game", action="append", help="only this game id (repeatable)")
    args = parser.parse_args(argv)
    registry = Registry.discover()
    refused = refusal(registry, args)
    if refused:
        print(f"soak.py: {refused}", file=sys.stderr)
        return EXIT_USAGE
    jobs = plan(registry, args.games, args.seed, args.game)
    start = time.perf_counter()
    tallies: dict[str, Tally] = {}
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            results = list(pool.map(soak, *zip(*jobs)))
    else:
        results = [soak(*job) for job in jobs]
    for result in results:
        total = tallies.setdefault(result.label(), Tally(result.game, result.options))
        total.games += result.games
        total.actions += result.actions
        total.violations += result.violations
        total.examples += result.examples[: 3 - len(total.examples)]
    seconds = time.perf_counter() - start
    print(f"{'game and variant':<74} {'games':>8} {'actions':>10} {'violations':>10}")
    for label, t in sorted(tallies.items()):
        print(f"{label:<74} {t.games:>8} {t.actions:>10} {t.violations:>10}")
        for example in t.examples:
            print(f"    {example}")
    games = sum(t.games for t in tallies.values())
    actions = sum(t.actions for t in tallies.values())
    violations = sum(t.violations for t in tallies.values())
    print(f"{'all':<74} {games:>8} {actions:>10} {violations:>10}")
    print(f"{seconds:.1f} s on {args.workers} worker(s); problems with the registry: {len(registry.problems)}")
    for problem in registry.problems:
        print(f"    {problem.message}")
    return 1 if violations or registry.problems else 0


if __name__ == "__main__":
    sys.exit(main())

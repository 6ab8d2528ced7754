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
Two rows of the full table may stop after half their games (see ``LOOKS``).
It can be played in parts: ``--results FILE`` keeps each finished game (JSON
lines) and skips those already there on the next run; ``--minutes M`` starts no
new game after M minutes. Each run prints the table over every game in the file::

    python bench/muster_strength.py --workers 2 --results bench/results/muster-strength.jsonl --minutes 60

``--backend ray`` plays the games on a Ray cluster instead of local processes
(one started here, or the one at ``--address`` / ``$RAY_ADDRESS``; see
docs/research.md, "The simulation lab on Ray"); the games and the table are the same for the same seed::

    python bench/muster_strength.py --backend ray --address auto --results bench/results/muster-strength.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from tabletop.commands.simulate import GameResult, add_backend_arguments, play_game, summarise, wilson
from tabletop.lab import Lab, ProcessLab, open_lab
from tabletop.rng import derive_seed
from tabletop_muster import MusterGame
from tabletop_muster.ai.lab import LabGame, parse_spec

FULL_GAMES = 400
FULL_SECONDS = 1.0
LOOK_Z = 2.576
"""The interim look uses a 99% interval, so that looking twice keeps the error near 5%."""


@dataclass(frozen=True)
class Look:
    """One interim look at a row, declared before the row is played.

    After ``games`` games the row stops if the 99% interval of the left agent's
    rate lies wholly above or wholly below ``target``; otherwise it plays on to
    the full count and is judged by the 95% interval.
    """

    games: int
    target: float

    def verdict(self, points: float, n: int) -> tuple[bool, str]:
        """Whether the row stops at the look, and what the look saw."""
        low, high = wilson(points, n, LOOK_Z)
        seen = f"99% CI {low:.1%}-{high:.1%}"
        if low > self.target:
            return True, f"stopped at the look: {seen}, above {self.target:.0%}"
        if high < self.target:
            return True, f"stopped at the look: {seen}, below {self.target:.0%}"
        return False, f"at the look ({n} games): {points / n:.2%}, {seen}, holds {self.target:.0%}: plays on"


def settings_of(spec: str) -> dict[str, Any]:
    """What a level spec plays with: a search's whole configuration, defaults included, else its class.

    Each game kept in a results file carries these, so that games played before
    a default changed are not counted for the changed level.

        >>> settings_of("hard:seconds=4")["seconds"], settings_of("medium")
        (4, {'level': 'medium', 'class': 'MediumAgent'})
    """
    from tabletop_muster.agents import AGENTS

    level, settings = parse_spec(spec)
    agent = AGENTS[level](**settings)
    config = getattr(agent, "config", None)
    if config is None:
        return {"level": level, "class": type(agent).__name__}
    return {"level": level, **asdict(config)}


def played_with(recorded: dict[str, Any], present: dict[str, Any]) -> bool:
    """Whether a game kept with ``recorded`` settings was played with the ``present`` ones.

    A setting missing from the record was added after the game was played; the
    game played as that setting's default does (a new setting defaults to the
    old behaviour), so it counts unless the setting is now set otherwise.

        >>> old = {k: v for k, v in settings_of("hard").items() if k != "pause_gc"}
        >>> played_with(old, settings_of("hard")), played_with(old, settings_of("hard:pause_gc=1"))
        (True, False)
    """
    if set(recorded) - set(present):
        return False
    defaults = settings_of(present["level"])
    return all(recorded.get(key, defaults.get(key)) == value for key, value in present.items())


def load_results(
    path: Path | None,
    specs: tuple[str, str],
    options: dict[str, str],
    settings: list[dict[str, Any]],
) -> dict[int, GameResult]:
    """Games of this pairing already played with ``settings`` (the levels' present ones), by index, from a results file.

    Rows kept before settings were recorded (no ``"agents"``) count as played with
    the present settings: a results file is started afresh when a level changes.
    """
    done: dict[int, GameResult] = {}
    if path is None or not path.exists():
        return done
    stale = 0
    for line in path.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        if row["pair"] == list(specs) and row["options"] == options:
            recorded = row.get("agents", settings)
            if not all(played_with(r, p) for r, p in zip(recorded, settings, strict=True)):
                stale += 1
                continue
            done[row["index"]] = GameResult(**row["result"])
    if stale:
        print(f"{' vs '.join(specs)}: {stale} game(s) in {path} were played with other settings and are left out")
    return done


def run_pair(
    a: str,
    b: str,
    games: int,
    seed: int,
    lab: Lab | int,
    options: dict[str, str],
    results_file: Path | None = None,
    deadline: float | None = None,
    look: Look | None = None,
) -> None:
    """Play the row ``a`` vs ``b`` on ``lab`` (or on that many local processes) and print its line."""
    if isinstance(lab, int):
        lab = ProcessLab(lab, inline=False)
    specs = (a, b)
    settings = [settings_of(spec) for spec in specs]
    seeds = [derive_seed(seed, f"game-{i}") for i in range(games)]
    done = load_results(results_file, specs, options, settings)
    start = time.perf_counter()

    def record(index: int, result: GameResult) -> None:
        done[index] = result
        if results_file is not None:
            results_file.parent.mkdir(parents=True, exist_ok=True)
            with results_file.open("a", encoding="utf-8") as f:
                row = {
                    "pair": list(specs),
                    "agents": settings,
                    "options": options,
                    "index": index,
                    "result": asdict(result),
                }
                f.write(json.dumps(row) + "\n")

    def more_time() -> bool:
        return deadline is None or time.monotonic() < deadline

    def play_up_to(count: int) -> bool:
        """Play the missing games among the first ``count``; True once all of them are in."""
        todo = [i for i in range(count) if i not in done or done[i].seed != seeds[i]]
        # The function and the game are the installed ones' (not this script's), so any worker can load them.
        calls = [(LabGame(specs), options, list(specs), seeds[i], i % 2) for i in todo]
        for k, result in lab.run(play_game, calls, more=more_time):
            record(todo[k], result)
        return all(i in done and done[i].seed == seeds[i] for i in range(count))

    verdict = ""
    if look is not None and look.games < games and play_up_to(look.games):
        # The look sees the first games only, so it takes the same games on any machine.
        stop, verdict = look.verdict(sum(done[i].returns[0] for i in range(look.games)), look.games)
        if stop:
            games = look.games
    play_up_to(games)
    elapsed = time.perf_counter() - start
    results = [done[i] for i in sorted(done) if i < games]
    if not results:
        print(f"{a:>32} vs {b:<32} no games played yet", flush=True)
        return
    summary = summarise("muster", options, list(specs), results, seed=seed, workers=lab.workers, seconds=elapsed)
    first, second = summary.agents
    print(
        f"{a:>32} vs {b:<32} games {summary.games:4d}  W/D/L {first.wins}/{first.draws}/{first.losses}  "
        f"win rate {first.score_rate:6.1%}  95% CI {first.ci_low:5.1%}-{first.ci_high:5.1%}  "
        f"s/move {first.seconds_per_move:.3f} / {second.seconds_per_move:.3f}  ({elapsed:.0f} s this run)"
        + (f"  {verdict}" if verdict else ""),
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


LOOKS = {
    ("hard:seconds=4", "hard:seconds=1"): Look(FULL_GAMES // 2, 0.55),
    ("ismcts:seconds=1", "pimc:seconds=1"): Look(FULL_GAMES // 2, 0.50),
}
"""Rows of the full table whose targets name no game count may stop at one look.

The targets ask Hard vs Easy and Hard vs Medium for 400 games; "more thinking
helps" (> 55%) and "not weaker than the other search" (>= 50%) do not, and these
rows cost the most (about 200 s and 70 s a game), so they are looked at once,
after 200 games.
"""


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=FULL_GAMES, help="games per row (default %(default)s)")
    parser.add_argument(
        "--seconds", type=float, default=FULL_SECONDS, help="search time per move (default %(default)s)"
    )
    parser.add_argument("--iterations", type=int, default=None, help="search iterations per move instead of time")
    parser.add_argument(
        "--workers", type=int, default=None, help="processes (default 1); with --backend ray, the cluster's CPUs"
    )
    parser.add_argument("--seed", type=int, default=2024, help="seed of the table (default %(default)s)")
    parser.add_argument(
        "--pair", nargs=2, action="append", metavar=("A", "B"), help="a row to play instead of the table"
    )
    parser.add_argument("--variant", action="append", default=[], help="a game option flag, e.g. simplified")
    parser.add_argument("--results", type=Path, help="JSON-lines file that keeps finished games across runs")
    parser.add_argument("--minutes", type=float, help="start no new game after this many minutes")
    add_backend_arguments(parser)
    args = parser.parse_args(argv)
    deadline = time.monotonic() + args.minutes * 60 if args.minutes is not None else None
    options = MusterGame().resolve_options({v: "on" for v in args.variant})
    pairs = [tuple(p) for p in args.pair] if args.pair else default_pairs(args.seconds, args.iterations)
    for spec in (s for pair in pairs for s in pair):
        try:
            parse_spec(spec)
        except ValueError as exc:
            parser.error(str(exc))
    if args.pair:
        # Rows chosen by hand: budgets are the agents' own; only the game count can fall short.
        label = "chosen rows" + (", REDUCED: fewer games" if args.games < FULL_GAMES else "")
    else:
        reduced = args.games < FULL_GAMES or args.iterations is not None or args.seconds < FULL_SECONDS
        label = "REDUCED run" if reduced else "full run"
    if args.pair:
        budget = "budgets as given per agent"
    elif args.iterations is not None:
        budget = f"{args.iterations} iterations/move"
    else:
        budget = f"{args.seconds:g} s/move"
    from tabletop.commands.common import CommandFailure

    try:
        lab = _open_lab(args)
    except CommandFailure as exc:
        print(f"muster_strength: {exc}", file=sys.stderr)
        return exc.code
    with lab:
        print(
            f"Muster strength table ({label}): {args.games} games per row, {budget}, seed {args.seed}, "
            f"{lab.describe()}, seats alternated; win rate of the left agent, draws count half"
        )
        for a, b in pairs:
            run_pair(a, b, args.games, args.seed, lab, options, args.results, deadline, LOOKS.get((a, b)))
    return 0


def _open_lab(args: argparse.Namespace) -> Lab:
    """Where the rows are played: ``--workers`` processes (always in a pool: this process only keeps the books), or Ray."""
    if args.backend == "processes" and args.address is None:
        return ProcessLab(args.workers, inline=False)
    return open_lab(args.backend, workers=args.workers, address=args.address)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

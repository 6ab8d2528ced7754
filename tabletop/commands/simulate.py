"""``tabletop simulate``: many games between computer players, on several processes or a Ray cluster.

It plays with the same engines, agents and turn loop as the menu. Seats are
alternated from game to game, so neither agent keeps the first move. Each game
is seeded from the table's seed and its index, so the same seed gives the same
games on any number of workers and on either backend (:mod:`tabletop.lab`).
"""

from __future__ import annotations

import argparse
import json
import math
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from tabletop.game import CHANCE, Game, score_of
from tabletop.lab import BACKENDS, MAX_WORKERS, Lab, LabError, open_lab
from tabletop.loop import Match
from tabletop.numbers import argument
from tabletop.rng import MAX_SEED, derive_seed

MAX_GAMES = 100_000
"""The most games one table plays: a larger one is refused (a table of several seeds gives more)."""
_GAMES: dict[str, Game[Any]] = {}
"""Games already found, by id: a worker looks each one up once, not once a game."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the game id, ``--games``, ``--agents``, ``--workers``, ``--seed``, ``--backend`` and the other settings on the sub-command's parser."""
    parser.add_argument("game", help="the game id (see `tabletop list`)")
    parser.add_argument(
        "--games",
        type=argument(1, MAX_GAMES),
        default=100,
        help=f"how many games, at most {MAX_GAMES:,} (default: %(default)s)",
    )
    parser.add_argument(
        "--agents",
        required=True,
        help="computer levels, comma-separated, one per seat (e.g. hard,medium; a solo game takes one)",
    )
    parser.add_argument(
        "--workers",
        type=argument(1, MAX_WORKERS),
        default=None,
        help="processes to use, at most this machine's processors (default: 1);"
        " with --backend ray, games played at once (default: the cluster's CPUs)",
    )
    parser.add_argument(
        "--seed", type=argument(0, MAX_SEED), default=1, help="seed of the first game (default: %(default)s)"
    )
    parser.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="OPTION[=VALUE]",
        help="a game option: a flag name (e.g. simplified) or key=value; repeatable",
    )
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    add_backend_arguments(parser)


def add_backend_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare ``--backend`` (processes or ray) and ``--address`` (a Ray cluster's), for ``simulate`` and the benches."""
    parser.add_argument(
        "--backend",
        choices=BACKENDS,
        default="processes",
        help="where the games are played: processes on this machine, or a Ray cluster (default: %(default)s)",
    )
    parser.add_argument(
        "--address",
        metavar="ADDR",
        help="the Ray cluster to join (host:port, or auto); default: $RAY_ADDRESS, else a local cluster is started",
    )


@dataclass
class GameResult:
    """One simulated game, with results given per agent entry of ``--agents`` (not per seat)."""

    seed: int
    returns: list[float]
    actions: int
    think_seconds: list[float]
    decisions: list[int]
    score: float | None = None


@dataclass
class AgentSummary:
    """One computer level's results over a simulation: wins, draws, losses, the score rate with its 95% interval, seconds per move and (solo) the mean score."""

    agent: str
    games: int
    wins: int
    draws: int
    losses: int
    score_rate: float
    ci_low: float
    ci_high: float
    seconds_per_move: float
    mean_score: float | None = None


@dataclass
class Summary:
    """A whole simulation: the game, its options, the seeds and workers, the time taken, and one :class:`AgentSummary` per seat."""

    game: str
    options: dict[str, str]
    games: int
    seed: int
    workers: int
    seconds: float
    mean_actions: float
    agents: list[AgentSummary] = field(default_factory=list)
    backend: str = "processes"


def play_one(game_id: str, options: dict[str, str], agents: Sequence[str], seed: int, rotation: int) -> GameResult:
    """Play one game; seat ``s`` gets ``agents[(s + rotation) % n]``."""
    game = _GAMES.get(game_id)
    if game is None:
        from tabletop.registry import Registry

        game = _GAMES[game_id] = Registry.discover().get(game_id)
    return play_game(game, options, agents, seed, rotation)


def play_game(game: Game[Any], options: dict[str, str], agents: Sequence[str], seed: int, rotation: int) -> GameResult:
    """Play one game between the computer levels ``agents``, seated turned by ``rotation``, and return each level's result and thinking time."""
    n = len(agents)
    levels = game.agents()
    seat_agent = [(s + rotation) % n for s in range(n)]
    match = Match(game, options=options, seed=seed, agents=[levels[agents[i]]() for i in seat_agent])
    think = [0.0] * n
    decisions = [0] * n
    while not match.is_over():
        player = match.state.current_player()
        if player == CHANCE:
            match.step()
            continue
        start = time.perf_counter()
        match.step()
        think[seat_agent[player]] += time.perf_counter() - start
        decisions[seat_agent[player]] += 1
    returns = match.state.returns()
    per_agent = [0.0] * n
    for seat, agent_index in enumerate(seat_agent):
        per_agent[agent_index] = returns[seat]
    return GameResult(seed, per_agent, len(match.history), think, decisions, score_of(match.state))


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a rate (draws may count as half successes)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def summarise(
    game_id: str,
    options: dict[str, str],
    agents: Sequence[str],
    results: Sequence[GameResult],
    *,
    seed: int,
    workers: int,
    seconds: float,
) -> Summary:
    """The :class:`Summary` of ``results``: per level, wins (a return of 1), losses (0), draws (the rest) and the score rate with its Wilson interval."""
    summary = Summary(game_id, options, len(results), seed, workers, seconds, _mean([r.actions for r in results]))
    for i, name in enumerate(agents):
        wins = sum(1 for r in results if r.returns[i] == 1.0)
        losses = sum(1 for r in results if r.returns[i] == 0.0)
        draws = len(results) - wins - losses
        points = wins + draws / 2
        low, high = wilson(points, len(results))
        moves = sum(r.decisions[i] for r in results)
        spm = sum(r.think_seconds[i] for r in results) / moves if moves else 0.0
        scores = [r.score for r in results if r.score is not None]
        summary.agents.append(
            AgentSummary(
                name if agents.count(name) == 1 else f"{name} #{i + 1}",
                len(results),
                wins,
                draws,
                losses,
                points / len(results) if results else 0.0,
                low,
                high,
                spm,
                _mean(scores) if scores and len(agents) == 1 else None,
            )
        )
    return summary


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def parse_variants(game: Game[Any], variants: Sequence[str]) -> dict[str, str]:
    """``--variant`` values as options: ``KEY=VALUE``, or a bare ``KEY`` to turn a flag on."""
    options: dict[str, str] = {}
    known = {o.key: o for o in game.info.options}
    for item in variants:
        key, sep, value = item.partition("=")
        key = key.strip().replace("-", "_")
        option = known.get(key)
        if not sep and option is not None and not option.is_flag:
            values = "a value" if option.free_text else f"one of {', '.join(option.choices)}"
            raise ValueError(f"{option.label}: give a value, as --variant {key}=VALUE ({values})")
        options[key] = value if sep else "on"
    return game.resolve_options(options)


def run(args: argparse.Namespace) -> int:
    """Play ``--games`` games between the computer levels on ``--workers`` processes (or on Ray, with ``--backend ray``) and print the summary as a table (as JSON with ``--json``); return the exit status."""
    from tabletop.analysis import AnalysisUnavailable
    from tabletop.commands.common import UsageError, lab_failure
    from tabletop.commands.session import load_game

    game = load_game(args.game)
    agents = [a.strip() for a in args.agents.split(",") if a.strip()]
    levels = game.agents()
    try:
        options = parse_variants(game, args.variant)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    seats = game.info.seat_count(options)
    if len(agents) != seats:
        raise UsageError(f"{game.info.name} has {seats} seat(s): give {seats} agent(s) to --agents, not {len(agents)}")
    for name in agents:
        if name not in levels:
            raise UsageError(f"no computer level {name!r} in {game.info.name} (levels: {', '.join(levels)})")
    seeds = [derive_seed(args.seed, f"game-{i}") for i in range(args.games)]
    _GAMES[game.info.id] = game
    try:
        with open_lab(args.backend, workers=args.workers, address=args.address) as lab:
            start = time.perf_counter()
            try:
                results = run_games(lab, game.info.id, options, agents, seeds, show_progress=not args.json)
            except AnalysisUnavailable as exc:  # an exact level that cannot solve these options here
                raise UsageError(f"cannot simulate {game.info.name} with --agents {args.agents} here: {exc}") from None
            seconds = time.perf_counter() - start
    except LabError as exc:
        raise lab_failure(exc) from None
    summary = summarise(game.info.id, options, agents, results, seed=args.seed, workers=lab.workers, seconds=seconds)
    summary.backend = lab.name
    if args.json:
        print(json.dumps(asdict(summary), indent=2))
    else:
        print_summary(summary, game, lab.describe())
    return 0


def run_games(
    lab: Lab, game_id: str, options: dict[str, str], agents: list[str], seeds: list[int], *, show_progress: bool
) -> list[GameResult]:
    """Play one game per seed on ``lab``, seats turned by the game's index, under a progress bar; the results in seed order."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    progress = Progress(
        TextColumn("Simulating"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        transient=True,
        disable=not show_progress,
    )
    n = len(agents)
    calls = [(game_id, options, agents, seed, i % n) for i, seed in enumerate(seeds)]
    done: dict[int, GameResult] = {}
    with progress:
        task = progress.add_task("games", total=len(seeds))
        for i, result in lab.run(play_one, calls):
            done[i] = result
            progress.advance(task)
    return [done[i] for i in range(len(seeds))]


def print_summary(summary: Summary, game: Game[Any] | None = None, workers: str | None = None) -> None:
    """Print ``summary`` as a table, its options in ``game``'s words when the game is given; ``workers`` says where it ran."""
    from rich.console import Console
    from rich.table import Table

    def shown(key: str, value: str) -> str:
        # An option's own words: a card file by its name and digest, not its whole contents.
        known = {o.key: o for o in game.info.options} if game is not None else {}
        return known[key].label_of(value) if key in known else value

    options = (
        ", ".join(f"{k}={shown(k, v)}" for k, v in summary.options.items() if v not in ("off", "")) or "standard rules"
    )
    table = Table(title=f"{summary.game}: {summary.games} games ({options}), seed {summary.seed}", title_justify="left")
    table.add_column("agent", style="bold")
    for heading in ("wins", "draws", "losses", "win rate", "95% CI", "s/move"):
        table.add_column(heading, justify="right")
    solo = any(a.mean_score is not None for a in summary.agents)
    if solo:
        table.add_column("mean score", justify="right")
    for a in summary.agents:
        row = [
            a.agent,
            str(a.wins),
            str(a.draws),
            str(a.losses),
            f"{a.score_rate:.1%}",
            f"{a.ci_low:.1%}-{a.ci_high:.1%}",
            f"{a.seconds_per_move:.4f}",
        ]
        if solo:
            row.append(f"{a.mean_score:.2f}" if a.mean_score is not None else "-")
        table.add_row(*row)
    console = Console(highlight=False)
    if not console.is_terminal:
        # Piped or redirected, there is no screen to fit: the table is printed whole, never cut short.
        from rich.measure import Measurement

        needed = Measurement.get(console, console.options.update_width(10_000), table).maximum
        console = Console(highlight=False, width=max(console.width, needed))
    console.print(table)
    console.print(
        f"Average game length {summary.mean_actions:.1f} actions; "
        f"{summary.seconds:.1f} s on {workers or f'{summary.workers} worker(s)'}."
    )

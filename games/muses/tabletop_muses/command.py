"""``tabletop muses solve [--cards FILE] [--score] [--no-cache]``: the odds of a card set under perfect play."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

from tabletop_muses.cards import CardFileError, load_cards

if TYPE_CHECKING:
    from tabletop_muses.advisor import Advisor


def solve_command(args: Sequence[str]) -> int:
    """Print the optimal win probability (or expected score) of a card set, the time, positions and peak memory."""
    parser = argparse.ArgumentParser(prog="tabletop muses solve", description=solve_command.__doc__)
    parser.add_argument("--cards", default=None, help="a TOML card file (default: the reconstructed set)")
    parser.add_argument("--score", action="store_true", help="maximise the expected score instead")
    parser.add_argument("--no-cache", action="store_true", help="neither read nor write the on-disk solution")
    parser.add_argument("--cache-dir", default="", help="where solutions are kept (default: the user cache)")
    options = parser.parse_args(list(args))
    try:
        cardset = load_cards(options.cards)
    except CardFileError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    from tabletop_muses.advisor import DAMAGED_CACHE, Advisor
    from tabletop_muses.solver import SCORE, WIN

    mode = SCORE if options.score else WIN
    cache = None if options.no_cache else options.cache_dir
    advisor = Advisor(cardset, cache, mode)
    start = time.perf_counter()
    advisor.prepare()
    if advisor.damaged_cache:
        print(DAMAGED_CACHE, file=sys.stderr)
    value = solve_with_progress(advisor)
    seconds = time.perf_counter() - start
    name = "the default set (a reconstruction)" if cardset.source == "default" else cardset.source
    print(f"Card set: {name}, {len(cardset.cards)} cards, target {cardset.target}, {cardset.hints} hints")
    if mode == WIN:
        print(f"Optimal win probability: {value:.4%}")
    else:
        print(f"Optimal expected score: {value:.4f}")
    origin = "read from the cache" if advisor.from_cache else f"{advisor.solver.stats.states:,} positions solved"
    print(f"Time: {seconds:.2f} s ({origin})")
    print(f"Positions: {len(advisor.solver.memo):,}")
    peak = peak_memory_mb()
    if peak is not None:
        print(f"Peak memory: {peak:.0f} MB")
    if advisor.path is not None:
        print(f"Solution kept in {advisor.path}")
    return 0


def solve_with_progress(advisor: Advisor) -> float:
    """``advisor.solve()`` behind a progress bar at a terminal (nothing is drawn when the output is piped)."""
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn, TimeElapsedColumn

    console = Console(highlight=False)
    columns = (TextColumn("Solving"), BarColumn(), TaskProgressColumn(), TimeElapsedColumn())
    with Progress(*columns, console=console, transient=True, disable=not console.is_terminal) as bar:
        task = bar.add_task("solving", total=None)

        def progress(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        return advisor.solve(progress)


def peak_memory_mb() -> float | None:
    """The most memory this process has held, in MB (None where the system does not say)."""
    try:
        import resource
    except ImportError:  # not on Windows
        return None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024  # bytes on macOS, KB elsewhere

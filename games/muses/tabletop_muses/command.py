"""``tabletop muses solve [--cards FILE] [--score] [--no-cache] [--max-memory GB] [--size]``: the odds of a card set
under perfect play, or how big its solve is."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from tabletop.solutions import say, say_notes, solve_with_progress
from tabletop.solver_coach import Stopwatch, print_solved
from tabletop_muses.cards import CardFileError, CardSet, load_cards

if TYPE_CHECKING:
    from tabletop_muses.advisor import Advisor


def solve_command(args: Sequence[str]) -> int:
    """Print the optimal win probability (or expected score) of a card set, the time, positions and peak memory."""
    from tabletop.commands.common import Parser  # its help says so when it cannot be written (a full disk)
    from tabletop_muses.fast_solver import MEMORY_LIMIT

    parser = Parser(prog="tabletop muses solve", description=solve_command.__doc__)
    parser.add_argument("--cards", default=None, help="a TOML card file (default: the reconstructed set)")
    parser.add_argument("--score", action="store_true", help="maximise the expected score instead")
    parser.add_argument("--no-cache", action="store_true", help="neither read nor write the on-disk solution")
    parser.add_argument("--cache-dir", default="", help="where solutions are kept (default: the user cache)")
    parser.add_argument(
        "--max-memory",
        metavar="GB",
        type=gigabytes_option,
        default=MEMORY_LIMIT,
        help=f"the most memory the solve may take, in GB (default {MEMORY_LIMIT / 1e9:g}); a larger set is refused",
    )
    parser.add_argument("--size", action="store_true", help="only say how big the solve is, without solving")
    options = parser.parse_args(list(args))
    try:
        cardset = load_cards(options.cards)
    except CardFileError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    from tabletop_muses.advisor import Advisor
    from tabletop_muses.size import SolveRefused, TooLarge
    from tabletop_muses.solver import SCORE, WIN

    mode = SCORE if options.score else WIN
    cache = None if options.no_cache else options.cache_dir
    advisor = Advisor(cardset, cache, mode, options.max_memory)
    if options.size:
        return print_size(advisor)
    clock = Stopwatch()
    advisor.prepare()
    say_notes(advisor.place)
    try:
        value = solve_with_progress(advisor.solve)
    except SolveRefused as exc:
        say_notes(advisor.place)
        more = " (--max-memory GB raises the limit where the computer has room)" if isinstance(exc, TooLarge) else ""
        say(f"error: {exc}{more}")
        return 1
    took = clock.read()
    odds = f"Optimal win probability: {value:.4%}" if mode == WIN else f"Optimal expected score: {value:.4f}"
    solved = None if advisor.from_cache else advisor.solver.stats.states
    positions = f"{len(advisor.solver.memo):,}"
    print_solved(advisor.place, [heading(cardset), odds], took, solved=solved, positions=positions, processor=False)
    return 0


MAX_GIGABYTES = 1_000_000.0
"""The largest ``--max-memory`` understood (a petabyte): past any computer, so no limit in practice."""


def gigabytes_option(text: str) -> int:
    """``--max-memory``'s value: a number of GB (decimals allowed), as bytes.

    >>> gigabytes_option("4"), gigabytes_option("0.5")
    (4000000000, 500000000)
    """
    try:
        value = float(text) if len(text) <= 20 else float("nan")
    except ValueError:
        value = float("nan")
    if not 0 < value <= MAX_GIGABYTES:  # also refuses nan
        raise argparse.ArgumentTypeError(f"expected a number of GB above 0 and at most {MAX_GIGABYTES:,.0f}")
    return int(value * 1e9)


def set_name(cardset: CardSet) -> str:
    """The card set as the output names it."""
    return "the default set (a reconstruction)" if cardset.source == "default" else cardset.source


def heading(cardset: CardSet) -> str:
    """The first line of what the command prints: the card set, its size, target and hints."""
    return f"Card set: {set_name(cardset)}, {len(cardset.cards)} cards, target {cardset.target}, {cardset.hints} hints"


def print_size(advisor: Advisor) -> int:
    """``--size``: how many positions the solve values and the memory it takes, against the limit."""
    from tabletop_muses.size import estimate_size, gigabytes

    cardset = advisor.cardset
    size = estimate_size(cardset, advisor.solver.mode)
    needed = advisor.solver.memory_needed(size)
    limit = advisor.solver.memory_limit
    print(heading(cardset))
    print(f"Positions: at most {size.positions:,}")
    print(f"Memory: about {gigabytes(needed)}")
    if limit is not None and needed > limit:
        print(f"Too large to solve within the limit of {limit / 1e9:g} GB (--max-memory GB raises it).")
    elif limit is not None:
        print(f"Within the limit of {limit / 1e9:g} GB.")
    return 0

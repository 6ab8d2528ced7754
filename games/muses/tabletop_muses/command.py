"""``tabletop muses solve [--cards FILE] [--score] [--no-cache]``: the odds of a card set under perfect play."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

from tabletop_muses.cards import CardFileError, load_cards


def solve_command(args: Sequence[str]) -> int:
    """Print the optimal win probability (or expected score) of a card set and the time taken."""
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
    value = advisor.solve()
    seconds = time.perf_counter() - start
    name = "the default set (a reconstruction)" if cardset.source == "default" else cardset.source
    print(f"Card set: {name}, {len(cardset.cards)} cards, target {cardset.target}, {cardset.hints} hints")
    if mode == WIN:
        print(f"Optimal win probability: {value:.4%}")
    else:
        print(f"Optimal expected score: {value:.4f}")
    origin = "read from the cache" if advisor.from_cache else f"{advisor.solver.stats.states:,} positions solved"
    print(f"Time: {seconds:.2f} s ({origin})")
    if advisor.path is not None:
        print(f"Solution kept in {advisor.path}")
    return 0

"""``tabletop klondike solve SEED``: the deal ``tabletop play klondike --seed SEED`` gives, solved with every card
known ("thoughtful" Klondike): won with the line in the game's notation, proven lost, or unknown within the
search's limit.

The line replays in the game (``tabletop play klondike --seed SEED`` and the moves typed in order); a player
who cannot see the face-down cards will not find it so easily.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence

from tabletop.numbers import argument
from tabletop.rng import MAX_SEED, make_rng, parse_seed
from tabletop.text import say
from tabletop_klondike.options import DRAW
from tabletop_klondike.rules import KlondikeState
from tabletop_klondike.solver import Position, Result, never_moved, settle, stuck_words

SOLVE_LIMIT = 1_000_000
"""Positions ``solve`` searches by default: under a second for most deals, some three minutes at most (about 160 s
of processor time where the limit comes first)."""
MAX_SOLVE_LIMIT = 50_000_000
"""The largest ``--limit``: a search that long keeps some 10 GB of positions and takes about two hours."""
LINE_MOVES = 20
"""Moves printed on one line of a solution."""


def dealt(seed: int, draw: int) -> KlondikeState:
    """The deal of ``seed``, as a game started with that seed deals it (unlimited passes)."""
    state = KlondikeState(draw=draw, passes=0, vegas=False)
    rng: random.Random = make_rng(seed)
    while state.is_chance_node():
        state.apply(state.sample_chance(rng))
    return state


def settle_deal(seed: int, draw: int, node_limit: int) -> Result:
    """Whether the deal of ``seed`` can be won with every card known, within ``node_limit`` positions."""
    return settle(Position.of(dealt(seed, draw)), node_limit=node_limit)


def _why_lost(seed: int, draw: int) -> str:
    """Why a deal proven lost is lost: the cards that can never move (found before any search), else the
    search that reached every position."""
    stuck = never_moved(Position.of(dealt(seed, draw)))
    return stuck_words(stuck) if stuck else "every position reachable"


def _seed(text: str) -> int:
    try:
        return parse_seed(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _parser() -> argparse.ArgumentParser:
    from tabletop.commands.common import Parser  # refusals repeat a long value cut

    parser = Parser(
        prog="tabletop klondike solve",
        description="Solve the Klondike deal of SEED (as `tabletop play klondike --seed SEED` deals it) with every "
        "card known, passes unlimited: print a winning line, or say it is lost, or that the limit came first.",
    )
    parser.add_argument("seed", type=_seed, help=f"the deal's seed, 0 to {MAX_SEED:,}")
    parser.add_argument(
        "--draw", choices=DRAW.choices, default=DRAW.default, help="cards turned from the stock at a time (default 1)"
    )
    parser.add_argument(
        "--limit",
        type=argument(1, MAX_SOLVE_LIMIT),
        default=SOLVE_LIMIT,
        help=f"positions to search at most, 1 to {MAX_SOLVE_LIMIT:,} (default {SOLVE_LIMIT:,})",
    )
    return parser


def solve_command(args: Sequence[str]) -> int:
    """Run ``tabletop klondike solve``; 0 won, 1 lost or not settled, 2 bad arguments."""
    try:
        options = _parser().parse_args(list(args))
    except SystemExit as stop:
        return int(stop.code or 0)
    started = time.process_time()
    result = settle_deal(options.seed, int(options.draw), options.limit)
    searched = f"{result.expanded:,} positions searched in {time.process_time() - started:.2f} s"
    said = f"Deal {options.seed} (draw {options.draw}, every card known)"
    if result.solved:
        say(f"{said}: won in {len(result.moves)} moves.")
        for start in range(0, len(result.moves), LINE_MOVES):
            say(" ".join(result.moves[start : start + LINE_MOVES]))
        say(f"({searched}.)")
        return 0
    if result.exhausted:
        say(f"{said}: lost: no line wins.")
        say(f"({searched}: {_why_lost(options.seed, int(options.draw))}.)")
    else:
        say(f"{said}: unknown: no win found within the limit.")
        say(f"({searched}; --limit searches further.)")
    return 1

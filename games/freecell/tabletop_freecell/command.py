"""``tabletop freecell solve N``: a solution of Microsoft's deal N in the standard notation, or a proof of none."""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

from tabletop.numbers import argument
from tabletop_freecell.coach import line_of
from tabletop_freecell.rules import DEAL, MAX_CELLS, FreeCellState, Move, is_cascade
from tabletop_freecell.solver import NODE_LIMIT, solve_state

LINE_MOVES = 20
"""Moves printed on one line of a solution."""
MAX_NODE_LIMIT = 100_000_000
"""The largest ``--limit``: a search that long keeps some 50 GB of positions (about 500 bytes each) and takes
most of an hour."""


def _parser() -> argparse.ArgumentParser:
    from tabletop.commands.common import Parser  # refusals repeat a long value cut

    parser = Parser(
        prog="tabletop freecell solve",
        description="Solve Microsoft's FreeCell deal N and print the moves (3a, a8, 1h, 57), "
        "or say that it has no solution.",
    )
    parser.add_argument("deal", type=argument(1, DEAL.high), help=f"the deal number, 1 to {DEAL.high:,}")
    parser.add_argument(
        "--cells", type=argument(0, MAX_CELLS), default=MAX_CELLS, help=f"free cells, 0 to {MAX_CELLS} (default 4)"
    )
    parser.add_argument(
        "--no-auto",
        action="store_true",
        help="write every move home (for programs without automatic moves; the default leaves out the safe "
        "moves home that FreeCell makes by itself)",
    )
    parser.add_argument(
        "--limit",
        type=argument(1, MAX_NODE_LIMIT),
        default=NODE_LIMIT,
        help=f"positions to search at most, 1 to {MAX_NODE_LIMIT:,} (default {NODE_LIMIT:,})",
    )
    return parser


def solve_command(args: Sequence[str]) -> int:
    """Run ``tabletop freecell solve``; 0 solved, 1 no solution or none found, 2 bad arguments."""
    parser = _parser()
    try:
        options = parser.parse_args(list(args))
    except SystemExit as stop:
        return int(stop.code or 0)
    state = FreeCellState(deal=options.deal, cells=options.cells, auto=not options.no_auto)
    started = time.process_time()
    result = solve_state(state, node_limit=options.limit)
    seconds = time.process_time() - started
    size = f"{result.expanded:,} positions searched in {seconds:.2f} s"
    if result.solved:
        line = standard_line(state, line_of(state, result.moves))
        print(f"Deal {options.deal} ({options.cells} free cells): solved in {len(line)} moves ({size}).")
        for start in range(0, len(line), LINE_MOVES):
            print(" ".join(line[start : start + LINE_MOVES]))
        return 0
    if result.exhausted:
        print(f"Deal {options.deal} ({options.cells} free cells): no solution ({size}: every position reachable).")
    else:
        print(f"Deal {options.deal} ({options.cells} free cells): no solution found within {size} (the limit).")
    return 1


def standard_line(start: FreeCellState, line: list[str]) -> list[str]:
    """The line as the standard notation and fc-solve's ``-snx`` write it: a sequence onto an empty cascade
    with its count (``57v3``, hexadecimal), since a bare ``57`` there is one card to them.

    >>> from tabletop_freecell.coach import winning_line
    >>> state = FreeCellState(deal=1, cells=4, auto=True)
    >>> all("/" not in move for move in standard_line(state, winning_line(state) or []))
    True
    """
    state = start.clone()
    written = []
    for text in line:
        move = Move.parse(text)
        to_empty = is_cascade(move.source) and is_cascade(move.target) and not state.cascades[int(move.target) - 1]
        count = state.count_moved(move) if to_empty else 1
        written.append(f"{move.source}{move.target}v{count:x}" if count > 1 else f"{move.source}{move.target}")
        state.apply(move)
    return written

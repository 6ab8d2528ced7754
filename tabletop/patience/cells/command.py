"""``tabletop GAME solve N``: a solution of deal N in the standard notation, or a proof that it has none."""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence

from tabletop.numbers import argument
from tabletop.patience.cells.actions import Move
from tabletop.patience.cells.coach import line_of
from tabletop.patience.cells.layout import Layout
from tabletop.patience.cells.solver import solve_state
from tabletop.patience.cells.state import CellsState
from tabletop.playing_cards import MICROSOFT_DEALS

LINE_MOVES = 20
"""Moves printed on one line of a solution."""
MAX_NODE_LIMIT = 100_000_000
"""The largest ``--limit``: a search that long keeps some 50 GB of positions (about 500 bytes each) and takes
most of an hour."""

NewState = Callable[[int, int, bool], CellsState]
"""A game's new state from its deal number, number of cells and automatic moves home."""


def _parser(layout: Layout, game_id: str) -> argparse.ArgumentParser:
    from tabletop.commands.common import Parser  # refusals repeat a long value cut

    parser = Parser(
        prog=f"tabletop {game_id} solve",
        description=f"Solve {layout.numbering} {layout.name} deal N and print the moves (3a, a8, 1h, 57), "
        "or say that it has no solution.",
    )
    parser.add_argument("deal", type=argument(1, MICROSOFT_DEALS), help=f"the deal number, 1 to {MICROSOFT_DEALS:,}")
    if layout.fewer_cells:
        most = layout.cells
        help_text = f"{layout.cell_word}s, 0 to {most} (default {most})"
        parser.add_argument("--cells", type=argument(0, most), default=most, help=help_text)
    parser.add_argument(
        "--no-auto",
        action="store_true",
        help=f"write every move home (for programs without automatic moves; the default leaves out the safe "
        f"moves home that {layout.name} makes by itself)",
    )
    parser.add_argument(
        "--limit",
        type=argument(1, MAX_NODE_LIMIT),
        default=layout.node_limit,
        help=f"positions to search at most, 1 to {MAX_NODE_LIMIT:,} (default {layout.node_limit:,})",
    )
    return parser


def solve_command(layout: Layout, game_id: str, new_state: NewState, args: Sequence[str]) -> int:
    """Run ``tabletop GAME solve``; 0 solved, 1 no solution or none found, 2 bad arguments."""
    parser = _parser(layout, game_id)
    try:
        options = parser.parse_args(list(args))
    except SystemExit as stop:
        return int(stop.code or 0)
    cells = options.cells if layout.fewer_cells else layout.cells
    state = new_state(options.deal, cells, not options.no_auto)
    started = time.process_time()
    result = solve_state(state, node_limit=options.limit)
    seconds = time.process_time() - started
    size = f"{result.expanded:,} positions searched in {seconds:.2f} s"
    said = f"Deal {options.deal} ({cells} {layout.cell_word}s)"
    if result.solved:
        line = standard_line(state, line_of(state, result.moves))
        print(f"{said}: solved in {len(line)} moves ({size}).")
        for start in range(0, len(line), LINE_MOVES):
            print(" ".join(line[start : start + LINE_MOVES]))
        return 0
    if result.exhausted:
        print(f"{said}: no solution ({size}: every position reachable).")
    else:
        print(f"{said}: no solution found within {size} (the limit).")
    return 1


def standard_line(start: CellsState, line: list[str]) -> list[str]:
    """The line as the standard notation and fc-solve's ``-snx`` write it: a sequence onto an empty column
    with its count (``57v3``, hexadecimal), since a bare ``57`` there is one card to them.

    >>> from tabletop.patience.cells.actions import STANDARD
    >>> from tabletop.patience.cells.coach import winning_line
    >>> state = CellsState(STANDARD, deal=1, cells=4, auto=True)
    >>> all("/" not in move for move in standard_line(state, winning_line(state) or []))
    True
    """
    state = start.clone()
    written = []
    for text in line:
        move = Move.parse(text, state.layout)
        to_empty = state.is_cascade(move.source) and state.is_cascade(move.target) and not state.column(move.target)
        count = state.count_moved(move) if to_empty else 1
        written.append(f"{move.source}{move.target}v{count:x}" if count > 1 else f"{move.source}{move.target}")
        state.apply(move)
    return written

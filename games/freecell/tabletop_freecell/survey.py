"""``tabletop freecell survey FIRST LAST``: solve a range of deals on the lab's backends, say which have no solution.

Each deal is one call of :func:`survey_deal`, run on processes of this machine or the workers of a Ray
cluster (``--backend ray``), so that all 32,000 classic deals can be checked on a cluster.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from dataclasses import dataclass

from tabletop.numbers import argument
from tabletop_freecell.rules import DEAL, MAX_CELLS, FreeCellState
from tabletop_freecell.solver import NODE_LIMIT, solve_state

SOLVED, LOST, UNSETTLED = "solved", "no solution", "not settled"


@dataclass(frozen=True)
class DealResult:
    """What the solver found for one deal."""

    deal: int
    status: str
    expanded: int
    seconds: float


def survey_deal(deal: int, cells: int, limit: int) -> DealResult:
    """Solve ``deal`` (a call a lab's worker runs)."""
    started = time.process_time()
    result = solve_state(FreeCellState(deal=deal, cells=cells, auto=True), node_limit=limit)
    status = SOLVED if result.solved else LOST if result.lost else UNSETTLED
    return DealResult(deal, status, result.expanded, time.process_time() - started)


def survey(lab: object, deals: Sequence[int], cells: int, limit: int) -> list[DealResult]:
    """Every deal of ``deals`` solved on ``lab`` (a :class:`tabletop.lab.Lab`), in the order of ``deals``."""
    from tabletop.lab import Lab

    assert isinstance(lab, Lab)
    found = dict(lab.run(survey_deal, [(deal, cells, limit) for deal in deals]))
    return [found[i] for i in range(len(deals))]


def summary(results: Sequence[DealResult], cells: int) -> list[str]:
    """The survey in a few lines: how many were solved, which have no solution, which were not settled."""
    lost = [r.deal for r in results if r.status == LOST]
    open_ = [r.deal for r in results if r.status == UNSETTLED]
    solved = sum(r.status == SOLVED for r in results)
    first, last = results[0].deal, results[-1].deal
    return [
        f"Deals {first}-{last} with {cells} free cells: {solved} of {len(results)} solved.",
        f"No solution: {', '.join(map(str, lost)) or 'none'}.",
        f"Not settled within the node limit: {', '.join(map(str, open_)) or 'none'}.",
        f"Processor time: {sum(r.seconds for r in results):.1f} s in all.",
    ]


def survey_command(args: Sequence[str]) -> int:
    """Run ``tabletop freecell survey``; 0 when every deal is settled, 1 otherwise, 2 bad arguments."""
    from tabletop.commands.common import Parser, lab_failure, report
    from tabletop.lab import BACKENDS, MAX_WORKERS, LabError, open_lab
    from tabletop_freecell.command import MAX_NODE_LIMIT

    parser = Parser(
        prog="tabletop freecell survey", description="Solve deals FIRST to LAST and say which have no solution."
    )
    deal = argument(1, DEAL.high)
    parser.add_argument("first", type=deal, help=f"the first deal, 1 to {DEAL.high:,}")
    parser.add_argument("last", type=deal, help=f"the last deal, the first to {DEAL.high:,}")
    parser.add_argument(
        "--cells", type=argument(0, MAX_CELLS), default=MAX_CELLS, help=f"free cells, 0 to {MAX_CELLS} (default 4)"
    )
    parser.add_argument(
        "--limit",
        type=argument(1, MAX_NODE_LIMIT),
        default=NODE_LIMIT,
        help=f"positions per deal at most, 1 to {MAX_NODE_LIMIT:,} (default {NODE_LIMIT:,})",
    )
    parser.add_argument("--backend", choices=BACKENDS, default="processes")
    parser.add_argument(
        "--workers",
        type=argument(1, MAX_WORKERS),
        default=None,
        help=f"processes or Ray workers, 1 to {MAX_WORKERS:,} (on processes, at most this machine's processors;"
        " default: all)",
    )
    parser.add_argument("--address", default=None, help="a Ray cluster to join (with --backend ray)")
    try:
        options = parser.parse_args(list(args))
        try:
            argument(options.first, DEAL.high)(str(options.last))  # LAST's range starts at FIRST, known only now
        except argparse.ArgumentTypeError as exc:
            parser.error(f"argument last: {exc}")
    except SystemExit as stop:
        return int(stop.code or 0)
    try:
        with open_lab(options.backend, workers=options.workers, address=options.address) as lab:
            results = survey(lab, range(options.first, options.last + 1), options.cells, options.limit)
    except LabError as failure:
        return report(lab_failure(failure))
    for line in summary(results, options.cells):
        print(line)
    return 0 if all(r.status != UNSETTLED for r in results) else 1

"""``tabletop stats``: results per game and opponent level."""

from __future__ import annotations

import argparse

from tabletop.commands import common
from tabletop.commands.common import (
    CommandFailure,
    game_names,
    make_console,
    open_store,
    report,
    stats_sections,
    variant_namer,
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare ``--game`` on the sub-command's parser."""
    parser.add_argument("--game", metavar="GAME", help="only this game id")


def run(args: argparse.Namespace) -> int:
    """Print the statistics table of finished games; return the exit status."""
    from tabletop.store.db import StoreError
    from tabletop.ui.tables import stats_table

    console = make_console()
    try:
        with open_store(args, console, write=False) as store:
            rows = store.stats(variant_namer(common.registry()), common.lower_is_better(common.registry()))
            ids = [r.game_id for r in rows if not args.game or r.game_id == args.game]
            sections = stats_sections(store, common.registry(), ids)
    except CommandFailure as failure:
        return report(failure)
    except StoreError as exc:
        return report(CommandFailure(str(exc), 1))
    if args.game:
        rows = [r for r in rows if r.game_id == args.game]
    if not rows:
        console.print("No finished games yet.")
        return 0
    console.print(stats_table(rows, game_names(common.registry(), (r.game_id for r in rows))))
    for name, lines in sections:
        console.print(f"\n[bold]{name}[/bold]")
        for line in lines:
            console.print(line, markup=False)
    return 0

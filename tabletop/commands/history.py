"""``tabletop history``: the games played, finished or not."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from tabletop.commands import common
from tabletop.commands.common import CommandFailure, game_infos, make_console, open_store, parse_id, report, short_names

if TYPE_CHECKING:
    from rich.console import Console


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare ``--limit``, ``--game`` and ``--delete`` on the sub-command's parser."""
    parser.add_argument(
        "--limit", type=int, default=50, metavar="N", help="show the N most recent games (default 50; 0 for all)"
    )
    parser.add_argument("--game", metavar="GAME", help="only games of this game id")
    parser.add_argument("--delete", metavar="ID", help="forget the game with this id")


def run(args: argparse.Namespace) -> int:
    """Print the table of games played (or forget one, with ``--delete``); return the exit status."""
    from tabletop.store.db import StoreError
    from tabletop.ui.tables import history_table

    console = make_console()
    try:
        if args.limit < 0:
            raise CommandFailure("--limit must be 0 or more")
        if args.delete is not None:
            return _delete(args, console)
        with open_store(args, console, write=False) as store:
            records = store.history(args.limit or None, game_id=args.game)
    except CommandFailure as failure:
        return report(failure)
    except StoreError as exc:
        return report(CommandFailure(str(exc), 1))
    if not records:
        console.print("No games yet." if not args.game else f"No games of {args.game!r} yet.")
        return 0
    reg, ids = common.registry(), [r.game_id for r in records]
    infos = game_infos(reg, ids)
    seats = {game_id: info.seat_names for game_id, info in infos.items() if info}
    names = short_names(infos)
    console.print(history_table(records, names, seats))
    return 0


def _delete(args: argparse.Namespace, console: Console) -> int:
    row_id = parse_id(args.delete)
    with open_store(args, console, write=True) as store:
        if not store.delete(row_id):
            raise CommandFailure(f"no game with id {row_id} in the store (see `tabletop history`)")
    console.print(f"Game {row_id} deleted.")
    return 0

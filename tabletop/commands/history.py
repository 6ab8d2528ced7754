"""``tabletop history``: the games played, finished or not."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from tabletop.commands import common
from tabletop.commands.common import CommandFailure, game_infos, make_console, open_store, parse_id, report, short_names
from tabletop.numbers import LARGEST_STORED, argument

if TYPE_CHECKING:
    from rich.console import Console

    from tabletop.store.records import GameRecord


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare ``--limit``, ``--game``, ``--delete`` and ``--yes`` on the sub-command's parser."""
    parser.add_argument(
        "--limit",
        type=argument(0, LARGEST_STORED),
        default=50,
        metavar="N",
        help="show the N most recent games (default 50; 0 for all)",
    )
    parser.add_argument("--game", metavar="GAME", help="only games of this game id")
    parser.add_argument("--delete", metavar="ID", help="forget the game with this id (asks first)")
    parser.add_argument("--yes", action="store_true", help="with --delete: delete without asking")


def run(args: argparse.Namespace) -> int:
    """Print the table of games played (or forget one, with ``--delete``); return the exit status."""
    from tabletop.store.db import StoreError
    from tabletop.store.stats import best_games
    from tabletop.ui.tables import history_table

    console = make_console()
    try:
        if args.delete is not None:
            return _delete(args, console)
        with open_store(args, console, write=False) as store:
            records = store.listing(args.limit or None, game_id=args.game)
            finished = store.finished_games()
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
    best = best_games(finished, common.lower_is_better(reg), common.variant_namer(reg))  # the way each counts
    console.print(history_table(records, names, seats, best=best))
    return 0


def _delete(args: argparse.Namespace, console: Console) -> int:
    """Forget one game, once the person at the terminal says yes (or ``--yes`` says it for them).

    A database that cannot be written to, or an id it does not hold, is refused before anything is asked.
    """
    import sys

    from tabletop.store.db import DamagedRecordError, UnknownRecordError

    row_id = parse_id(args.delete)
    with open_store(args, console, write=True) as store:
        try:
            described = _described(store.get(row_id))
        except DamagedRecordError as exc:  # what cannot be played can still be forgotten
            described = f"damaged: {exc.what}"
        except UnknownRecordError as exc:
            raise CommandFailure(str(exc)) from None
        if not args.yes:
            if sys.stdin is None or sys.stdin.closed or not sys.stdin.isatty():
                raise CommandFailure(
                    f"game {row_id} not deleted: standard input is not a terminal to ask on"
                    " (add --yes to delete without asking)"
                )
            if not _confirmed(console, f"Forget game {row_id} ({described})? [y/N] "):
                console.print("Nothing deleted.")
                return 0
        if not store.delete(row_id):
            raise CommandFailure(f"no game with id {row_id} in the store (see `tabletop history`)")
    console.print(f"Game {row_id} deleted.")
    return 0


def _described(record: GameRecord) -> str:
    """ "High Card v Computer (Random), 2026-01-02 10:30, unfinished": enough to know the game asked about."""
    from tabletop.ui.tables import brief_result, game_line, local_time

    infos = game_infos(common.registry(), [record.game_id])
    info = infos[record.game_id]
    result = brief_result(record, info.seat_names if info else ()) if record.finished else "unfinished"
    return f"{game_line(record, short_names(infos))}, {local_time(record.started)}, {result}"


def _confirmed(console: Console, question: str) -> bool:
    """Yes for an answer of y or yes; Enter, anything else and the end of input are no."""
    from rich.markup import escape

    try:
        answer = console.input(escape(question))
    except EOFError:
        console.print()
        return False
    return answer.strip().lower() in ("y", "yes")

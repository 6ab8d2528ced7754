"""``tabletop resume [ID]``: continue an unfinished game (the latest, or the one named)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tabletop.store.db import Store


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the optional game ``id`` on the sub-command's parser."""
    from tabletop.numbers import LARGEST_STORED, argument

    parser.add_argument(
        "id",
        nargs="?",
        type=argument(0, LARGEST_STORED),
        help="the game's number in `tabletop history` (default: the latest unfinished)",
    )
    parser.add_argument(
        "--host",
        action="store_true",
        help="host it again for the people who played it from other terminals (they join with the new code)",
    )
    from tabletop.commands.host import add_hosting_arguments

    add_hosting_arguments(parser)


def run(args: argparse.Namespace) -> int:
    """Continue the unfinished game ``args.id`` (default: the latest) at the terminal; return the exit status."""
    from tabletop.commands.common import EXIT_FAILURE, EXIT_USAGE, UsageError, make_console, open_store
    from tabletop.commands.continuing import continue_game
    from tabletop.commands.session import interactive_console
    from tabletop.net.wire import PORT

    if not args.host and (args.serve_only or args.public or args.port != PORT or args.tls):
        raise UsageError("--serve-only, --public, --port and --tls go with --host")
    serving = args.host and args.serve_only
    console = make_console() if serving else interactive_console("tabletop resume")
    if console is None:
        return EXIT_USAGE
    store = open_store(args.data_dir, console, write=True)  # refuses (status 1) a game that could not be saved
    unfinished = store.unfinished()
    if args.id is not None:
        matching = [r for r in unfinished if r.id == args.id]
        if not matching:
            damage = _damage(store, args.id)
            if damage is not None:
                console.print(f"Game {args.id} cannot be continued: {damage}", markup=False)
                return EXIT_FAILURE
            console.print(f"No unfinished game number {args.id}; `tabletop history` lists them.")
            return EXIT_USAGE
        record = matching[0]
    elif unfinished:
        record = max(unfinished, key=lambda r: r.id or 0)
    else:
        console.print("There is no unfinished game to continue.")
        return 0
    if args.host:
        from tabletop.commands.host import host_again

        return host_again(record, store, console, args)
    from tabletop.ui.plain import make_prompter

    return 0 if continue_game(record, console, make_prompter(), store) else EXIT_FAILURE


def _damage(store: Store, row_id: int) -> str | None:
    """What is wrong with game ``row_id`` when its rows in the database are damaged, else None."""
    from tabletop.store.db import DamagedRecordError, StoreError

    try:
        store.get(row_id)
    except DamagedRecordError as exc:
        return f"it is damaged in the database ({exc.what}); `tabletop history --delete {row_id}` forgets it"
    except StoreError:  # no such game: said as for any id that is not an unfinished game
        return None
    return None

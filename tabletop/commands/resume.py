"""``tabletop resume [ID]``: continue an unfinished game (the latest, or the one named)."""

from __future__ import annotations

import argparse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the optional game ``id`` on the sub-command's parser."""
    from tabletop.numbers import LARGEST_STORED, argument

    parser.add_argument(
        "id",
        nargs="?",
        type=argument(0, LARGEST_STORED),
        help="the game's number in `tabletop history` (default: the latest unfinished)",
    )


def run(args: argparse.Namespace) -> int:
    """Continue the unfinished game ``args.id`` (default: the latest) at the terminal; return the exit status."""
    from tabletop.commands.common import EXIT_FAILURE, EXIT_USAGE, open_store
    from tabletop.commands.session import continue_record, interactive_console

    console = interactive_console("tabletop resume")
    if console is None:
        return EXIT_USAGE
    store = open_store(args.data_dir, console, write=True)  # refuses (status 1) a game that could not be saved
    unfinished = store.unfinished()
    if args.id is not None:
        matching = [r for r in unfinished if r.id == args.id]
        if not matching:
            console.print(f"No unfinished game number {args.id}; `tabletop history` lists them.")
            return EXIT_USAGE
        record = matching[0]
    elif unfinished:
        record = max(unfinished, key=lambda r: r.id or 0)
    else:
        console.print("There is no unfinished game to continue.")
        return 0
    from tabletop.ui.plain import make_prompter

    return 0 if continue_record(record, console, make_prompter(), store) else EXIT_FAILURE

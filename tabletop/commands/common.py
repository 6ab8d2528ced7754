"""What the commands share: opening the store, finding a game, failures with their exit codes.

Each command catches :class:`CommandFailure` and turns it into a message and an
exit code (2 for bad input, 1 for failures), never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from tabletop.ui.terminal import make_console as make_console  # one console style for every command

if TYPE_CHECKING:
    from rich.console import Console

    from tabletop.game import GameInfo
    from tabletop.registry import Registry
    from tabletop.store.db import Store

EXIT_FAILURE = 1
EXIT_USAGE = 2


class CommandFailure(Exception):
    """Stop a command with a message and an exit code."""

    def __init__(self, message: str, code: int = EXIT_USAGE) -> None:
        super().__init__(message)
        self.code = code


class UsageError(CommandFailure):
    """Bad command-line input: the message says what to type instead (exit status 2)."""

    def __init__(self, message: str) -> None:
        super().__init__(message, EXIT_USAGE)


def error_console() -> Console:
    from rich.console import Console

    return Console(stderr=True)


def report(failure: CommandFailure) -> int:
    """Print a failure on standard error; return its exit code."""
    from rich.markup import escape

    error_console().print(f"[bold red]tabletop:[/] {escape(str(failure))}")
    return failure.code


def open_store(args: argparse.Namespace, console: Console) -> Store:
    """The store named by ``--data-dir`` / the environment, its notice shown first."""
    from rich.markup import escape

    from tabletop.store.db import Store, StoreError

    try:
        store = Store.open(getattr(args, "data_dir", None))
    except StoreError as exc:
        raise CommandFailure(str(exc), EXIT_FAILURE) from None
    if store.notice:
        error_console().print(f"[yellow]{escape(store.notice)}[/]")
    return store


def registry() -> Registry:
    """The installed games (one place, so tests can substitute their own)."""
    from tabletop.registry import Registry

    return Registry.discover()


def game_names(reg: Registry, game_ids: Any) -> dict[str, str]:
    """Short display names of games, falling back to the id for games that do not load."""
    return short_names(game_infos(reg, game_ids))


def short_names(infos: dict[str, GameInfo | None]) -> dict[str, str]:
    """The short display name of each game of :func:`game_infos`, or its id if it does not load."""
    return {game_id: info.short if info else game_id for game_id, info in infos.items()}


def game_infos(reg: Registry, game_ids: Any) -> dict[str, GameInfo | None]:
    """Each game's metadata, or None for a game that is not installed or does not load."""
    infos: dict[str, GameInfo | None] = {}
    for game_id in set(game_ids):
        try:
            infos[game_id] = reg.get(game_id).info
        except Exception:  # an uninstalled or broken game is still listed by its id
            infos[game_id] = None
    return infos


def parse_id(text: str) -> int:
    """A game id typed on the command line."""
    if not text.strip().isdigit():
        raise CommandFailure(f"{text!r} is not a game id (a number from `tabletop history`)")
    return int(text)


def require_terminal(what: str) -> None:
    """Interactive commands need a terminal on both ends; say so plainly otherwise."""
    for name, stream in (("input", sys.stdin), ("output", sys.stdout)):
        if stream is None or stream.closed or not stream.isatty():
            raise CommandFailure(f"{what} needs a terminal, but standard {name} is not one (use --print to print the game instead)")

"""What the commands share: opening the store, finding a game, failures with their exit codes.

Each command catches :class:`CommandFailure` and turns it into a message and an
exit code (2 for bad input, 1 for failures), never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any, NoReturn

from tabletop.numbers import SHOWN_CHARS, NumberError, excerpt, excerpts, read_number
from tabletop.text import bounded
from tabletop.ui.terminal import make_console as make_console  # one console style for every command

if TYPE_CHECKING:
    from collections.abc import Callable

    from rich.console import Console

    from tabletop.game import Game, GameInfo
    from tabletop.lab.errors import LabError
    from tabletop.registry import Registry
    from tabletop.store.db import Store
    from tabletop.store.records import GameRecord

EXIT_FAILURE = 1
EXIT_USAGE = 2


class Parser(argparse.ArgumentParser):
    """The command line's parser, whose help and version texts fail loudly when they cannot be written,
    and whose refusals repeat a long value cut (:func:`tabletop.numbers.excerpts`).

    argparse drops an error writing its help (``tabletop --help > /dev/full``)
    and exits with status 0, as though it had been shown; here the error goes
    up to the program, which says that its output could not be written.
    """

    def _print_message(self, message: str, file: Any = None) -> None:
        if message:
            (file or sys.stderr).write(message)

    def error(self, message: str) -> NoReturn:
        # argparse repeats a refused choice or a stray argument whole, were it thousands of characters;
        # a value with spaces escapes the cut of long words, hence the bound on the whole message.
        super().error(bounded(excerpts(message)))


class CommandFailure(Exception):
    """Stop a command with a message and an exit code."""

    def __init__(self, message: str, code: int = EXIT_USAGE) -> None:
        super().__init__(message)
        self.code = code


def lab_failure(error: LabError) -> CommandFailure:
    """The command's failure for a lab's: options it could not follow are bad input (status 2), the rest status 1."""
    from tabletop.lab.errors import LabUsageError

    return CommandFailure(str(error), EXIT_USAGE if isinstance(error, LabUsageError) else EXIT_FAILURE)


class UsageError(CommandFailure):
    """Bad command-line input: the message says what to type instead (exit status 2)."""

    def __init__(self, message: str) -> None:
        super().__init__(message, EXIT_USAGE)


def error_console() -> Console:
    """A console that prints on standard error, for failures and warnings."""
    from rich.console import Console

    return Console(stderr=True)


def report(failure: CommandFailure) -> int:
    """Print a failure on standard error; return its exit code."""
    from rich.markup import escape

    from tabletop.text import bounded, printable

    # A message may quote a file's text; it reaches the terminal without control characters, and not megabytes of it.
    error_console().print(f"[bold red]tabletop:[/] {escape(bounded(printable(str(failure))))}")
    return failure.code


WAITING_MESSAGE = "Waiting for the game database (another program is using it)..."


def open_store(
    where: argparse.Namespace | str | None, console: Console | None = None, *, write: bool, show_notice: bool = True
) -> Store:
    """The store named by ``--data-dir`` / the environment, for a command that only reads or (``write``) also writes.

    One policy for every command: another program's lock is waited for (saying
    so on standard error) up to ``TABLETOP_LOCK_TIMEOUT`` seconds; then, or when
    the database is read-only for a writing command, not a Tabletop database,
    or from a newer Tabletop, the command stops with a :class:`CommandFailure`
    (exit status 1) and nothing is changed. The notice of a damaged file moved
    aside is shown on standard error (unless ``show_notice`` is False: the
    caller shows ``store.notice`` itself). ``console`` is accepted for the
    callers' convenience; messages go to standard error.
    """
    from rich.markup import escape

    from tabletop.store.db import Store, StoreError

    data_dir = where if where is None or isinstance(where, str) else getattr(where, "data_dir", None)
    try:
        store = Store.open(data_dir, write=write, on_wait=say_waiting)
    except StoreError as exc:
        raise CommandFailure(str(exc), EXIT_FAILURE) from None
    if store.notice and show_notice:
        error_console().print(f"[yellow]{escape(store.notice)}[/]")
    if write:
        upgrade_saved_options(store)
    return store


def upgrade_saved_options(store: Store, reg: Registry | None = None) -> int:
    """Bring the options of every saved game up to date with its game (:meth:`Game.upgrade_options`).

    A game saved by an older version may name a file where today's record
    carries its content (a Muses card file): while that file is still there, it
    is taken into the record, so the game replays even once the file is gone.
    Games not installed, or whose upgrade fails, are left as they are.
    """
    games = reg or registry()

    def upgrade(game_id: str, options: dict[str, str]) -> dict[str, str] | None:
        try:
            return games.get(game_id).upgrade_options(options)
        except Exception:  # an uninstalled or broken game keeps its options; replaying it says why
            return None

    from tabletop.store.db import StoreError

    try:
        return store.upgrade_options(upgrade)
    except StoreError:  # a busy database: the next writing command tries again
        return 0


def say_waiting() -> None:
    """Shown once when a command starts waiting for another program's lock on the database."""
    error_console().print(WAITING_MESSAGE)


def registry() -> Registry:
    """The installed games (one place, so tests can substitute their own)."""
    from tabletop.registry import Registry

    return Registry.discover()


def lower_is_better(reg: Registry) -> Callable[[str], bool]:
    """For the statistics: whether a game's lowest score is its best (False for a game that does not load)."""

    def lower(game_id: str) -> bool:
        try:
            return reg.get(game_id).info.score_direction == "lower"
        except Exception:  # a game that fails to load: its scores are read the usual way
            return False

    return lower


def variant_namer(reg: Registry) -> Callable[[GameRecord], str | None]:
    """For the statistics: the variant a record counts under, as its game names it (None for a game
    that does not load, or a record whose options it refuses)."""

    def variant_of(record: GameRecord) -> str | None:
        try:
            game = reg.get(record.game_id)
        except Exception:  # a game that fails to load: its records are counted plainly
            return None
        return record_variant(game, record)

    return variant_of


def record_variant(game: Game[Any], record: GameRecord) -> str | None:
    """The variant ``record`` counts under in ``game``'s statistics, or None (also for options it refuses)."""
    try:
        return game.stats_variant(game.check_options(record.options))
    except Exception:  # a record's options the game refuses (or a plugin's bug): counted plainly
        return None


def stats_sections(store: Store, reg: Registry, game_ids: Any) -> list[tuple[str, list[str]]]:
    """Each game's own lines under the statistics (:meth:`tabletop.game.Game.stats_section`), by game name;
    a game that fails to load, or whose section fails, shows none."""
    from tabletop.agents import HUMAN

    wanted = sorted(set(game_ids))
    finished = [r for r in store.finished_games() if r.game_id in wanted and HUMAN in r.seats]
    sections = []
    for game_id in wanted:
        records = [store.get(r.id) for r in finished if r.game_id == game_id and r.id is not None]
        try:
            game = reg.get(game_id)
            lines = game.stats_section(records) if records else []
        except Exception:  # a plugin's bug must not hide the statistics of the others
            continue
        if lines:
            sections.append((game.info.name, lines))
    return sections


def game_names(reg: Registry, game_ids: Any) -> dict[str, str]:
    """Short display names of games, falling back to the id for games that do not load."""
    return short_names(game_infos(reg, game_ids))


def short_names(infos: dict[str, GameInfo | None]) -> dict[str, str]:
    """The short display name of each game of :func:`game_infos`, or its id (printable) if it does not load."""
    from tabletop.text import one_line

    return {game_id: info.short if info else one_line(game_id) for game_id, info in infos.items()}


def game_infos(reg: Registry, game_ids: Any) -> dict[str, GameInfo | None]:
    """Each game's metadata, or None for a game that is not installed or does not load."""
    infos: dict[str, GameInfo | None] = {}
    for game_id in set(game_ids):
        try:
            infos[game_id] = reg.get(game_id).info
        except Exception:  # an uninstalled or broken game is still listed by its id
            infos[game_id] = None
    return infos


MAX_GAME_ID = 2**63 - 1
"""The largest id the database can hold (SQLite's largest integer)."""


def parse_id(text: str) -> int:
    """A game id typed on the command line (exit status 2 for anything else).

    >>> parse_id(" 12 ")
    12
    >>> parse_id("99999999999999999999")
    Traceback (most recent call last):
    tabletop.commands.common.CommandFailure: no game with id 99999999999999999999 (ids are the numbers `tabletop history` lists)
    """
    digits = text.strip()
    if not (digits.isascii() and digits.isdigit()):
        raise CommandFailure(f"{excerpt(text)} is not a game id (a number from `tabletop history`)")
    try:
        return read_number(digits, 0, MAX_GAME_ID)
    except NumberError:
        shown = digits if len(digits) <= SHOWN_CHARS else digits[:SHOWN_CHARS] + "…"
        raise CommandFailure(f"no game with id {shown} (ids are the numbers `tabletop history` lists)") from None


def require_terminal(what: str) -> None:
    """Interactive commands need a terminal on both ends; say so plainly otherwise."""
    for name, stream in (("input", sys.stdin), ("output", sys.stdout)):
        if stream is None or stream.closed or not stream.isatty():
            raise CommandFailure(
                f"{what} needs a terminal, but standard {name} is not one (use --print to print the game instead)"
            )

"""``tabletop join HOST:PORT CODE``: take a seat at a game hosted on another terminal (``tabletop host``)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import ssl

    from rich.console import Console

    from tabletop.store.db import Store
    from tabletop.ui.base import Prompter


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the host's address and the join code."""
    parser.add_argument("address", metavar="HOST:PORT", help="where the game is hosted, as the host printed it")
    parser.add_argument("code", nargs="?", help="the join code the host printed (asked for when not given)")
    parser.add_argument(
        "--tls",
        metavar="CERT",
        help="the host encrypts the traffic: trust it by this certificate (the file its join line names)",
    )
    parser.add_argument(
        "--agent",
        metavar="LEVEL",
        help="let a computer level play the seat (no terminal needed): for trying a host out",
    )


def run(args: argparse.Namespace) -> int:
    """Join the game at ``args.address``; return the exit status."""
    from tabletop.commands.common import EXIT_USAGE, UsageError, make_console, open_store
    from tabletop.commands.session import interactive_console
    from tabletop.net.client import parse_address
    from tabletop.net.wire import PORT

    try:
        parse_address(args.address, PORT)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    console = make_console() if args.agent else interactive_console("tabletop join")
    if console is None:
        return EXIT_USAGE
    prompter = None
    if not args.agent:
        from tabletop.ui.plain import make_prompter

        prompter = make_prompter()
    code = args.code
    if code is None:
        if prompter is None:
            raise UsageError("give the join code after the address")
        code = prompter.text("Join code (as the host printed it):")
    tls = None
    if args.tls is not None:
        from tabletop.net.hosting import client_context

        try:
            tls = client_context(args.tls)
        except (OSError, ValueError) as exc:
            raise UsageError(f"--tls: cannot use {args.tls}: {getattr(exc, 'strerror', None) or exc}") from None
    store = open_store(args.data_dir, console, write=True)
    return join_game(args.address, code, store, console, prompter, agent=args.agent, tls=tls)


def join_game(
    address: str,
    code: str,
    store: Store,
    console: Console,
    prompter: Prompter | None,
    *,
    agent: str | None = None,
    tls: ssl.SSLContext | None = None,
) -> int:
    """Join the game hosted at ``address`` with ``code``, play it at this terminal (``prompter``) or by a computer
    ``agent``, and keep it in this computer's History when it ends; the exit status."""
    from tabletop.commands.common import EXIT_FAILURE
    from tabletop.net.client import Connection, JoinError, parse_address
    from tabletop.net.join import JoinFailed, keep_record, play_with_agent, welcome
    from tabletop.net.table import LeftJoinedGame, play_joined
    from tabletop.net.wire import PORT
    from tabletop.registry import Registry

    try:
        host, port = parse_address(address, PORT)
    except ValueError as exc:
        console.print(str(exc), markup=False)
        return EXIT_FAILURE
    registry = Registry.discover()
    connection = Connection(host, port, code, tls=tls)
    try:
        with console.status(f"Connecting to {host}:{port}...", spinner="dots"):
            connection.open()
            seen = welcome(connection, registry)
        if agent is not None:
            levels = seen.game.agents()
            if agent not in levels:
                raise JoinFailed(f"{seen.game.info.name} has no level {agent!r} ({', '.join(levels)})")
            record, coached = play_with_agent(connection, seen, levels[agent](), console), None
        else:
            assert prompter is not None, "a person plays at a terminal"
            record, coached = play_joined(connection, seen, console, prompter)
    except (JoinError, JoinFailed) as exc:
        console.print(str(exc), markup=False)
        return EXIT_FAILURE
    except LeftJoinedGame:
        console.print(f"You left the game; your seat waits for you: `{_again(address, code)}`.", markup=False)
        return 0
    except (KeyboardInterrupt, EOFError) as exc:
        exc.add_note(f"Your seat waits for you: `{_again(address, code)}`.")
        raise
    finally:
        connection.close()
    ended = keep_record(record, seen.seat, registry, store, coached)
    if ended.row_id is None:
        console.print(f"The game is over, but it is not kept here: {ended.why}.", markup=False)
        return EXIT_FAILURE
    result = f"{ended.result} "
    if prompter is not None and ended.match is not None:
        console.print(seen.game.ui().render_result(ended.match.state))
        result = ""  # the game's own end screen has just said it
    console.print(f"{result}Kept here as game {ended.row_id}: `tabletop replay {ended.row_id}` shows it.", markup=False)
    if prompter is not None:
        _offer_review(store, ended.row_id, console, prompter)
    return 0


def _again(address: str, code: str) -> str:
    """The command that joins the game again."""
    from tabletop.net.codes import normalised, shown

    return f"tabletop join {address} {shown(normalised(code))}"


def _offer_review(store: Store, row_id: int, console: Console, prompter: Prompter) -> None:
    """Offer the review of the game just kept, where its game has an analyst."""
    from tabletop.commands.review import can_review, show_review
    from tabletop.registry import GameLoadError, Registry, UnknownGameError
    from tabletop.store import StoreError

    try:
        record = store.get(row_id)
        game = Registry.discover().get(record.game_id)
    except (StoreError, UnknownGameError, GameLoadError):
        return
    if can_review(record, game) and prompter.confirm("Review your decisions (graded by the analyst)?", default=False):
        show_review(console, prompter, record, game)

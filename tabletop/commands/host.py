"""``tabletop host GAME [options]``: host a game that people play from other terminals (``tabletop join``)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from rich.console import Console

    from tabletop.commands.setup import Setup
    from tabletop.game import Game
    from tabletop.loop import Match
    from tabletop.net.hosting import Hosting
    from tabletop.net.server import Host
    from tabletop.store import GameRecord, Recorder, Store
    from tabletop.ui.base import Prompter


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the game id and, after it, the game's own options and the host's on the sub-command's parser."""
    from tabletop.commands import play

    play.add_arguments(parser, "host", " and where to listen")


def add_hosting_arguments(parser: argparse.ArgumentParser) -> None:
    """Where to listen, and whether this terminal plays: for ``tabletop host`` and ``tabletop resume --host``."""
    from tabletop.net.wire import PORT

    parser.add_argument(
        "--port", type=_port, default=PORT, help="the port to listen on (0: any free one) (default: %(default)s)"
    )
    parser.add_argument(
        "--public",
        action="store_true",
        help="listen on every network this machine is on, not only this machine (traffic is not encrypted: "
        "across the Internet, play through an SSH tunnel instead)",
    )
    parser.add_argument(
        "--tls",
        nargs=2,
        metavar=("CERT", "KEY"),
        help="encrypt the traffic with this certificate and its key (PEM files); players join with --tls CERT",
    )
    parser.add_argument(
        "--serve-only",
        action="store_true",
        help="only serve the game: every person's seat is played from another terminal",
    )


def host_parser(game: Game[Any]) -> argparse.ArgumentParser:
    """The game's options as ``tabletop play`` has them, and where to listen."""
    from tabletop.commands.play import game_parser

    parser = game_parser(game, hosted=True)
    add_hosting_arguments(parser)
    return parser


def _tls(files: list[str] | None) -> tuple[str, str] | None:
    """The certificate and key ``--tls`` names, checked readable (UsageError saying what is wrong)."""
    if files is None:
        return None
    from tabletop.commands.common import UsageError
    from tabletop.net.hosting import server_context

    certificate, key = files
    try:
        server_context(certificate, key)
    except (OSError, ValueError) as exc:
        raise UsageError(
            f"--tls: cannot use {certificate} and {key}: {getattr(exc, 'strerror', None) or exc}"
        ) from None
    return certificate, key


def _port(text: str) -> int:
    if not text.isdigit() or int(text) > 65535:
        raise argparse.ArgumentTypeError(f"{text[:20]!r} is not a port: a whole number from 0 to 65535")
    return int(text)


def _two_seats(setup: Setup) -> None:
    """A game that is played alone unless told otherwise is hosted for two: the host and a person elsewhere."""
    from tabletop.agents import HUMAN
    from tabletop.options import PLAYERS_OPTION

    setup.options[PLAYERS_OPTION] = "2"
    setup.seats = [HUMAN, HUMAN]
    setup.check()


def run(args: argparse.Namespace) -> int:
    """Host ``args.game``; return the exit status."""
    from tabletop.agents import HUMAN
    from tabletop.commands.common import EXIT_USAGE, UsageError, make_console, open_store
    from tabletop.commands.play import setup_from
    from tabletop.commands.session import interactive_console, load_game
    from tabletop.net.hosting import Hosting, recorded_seats, remote_seats
    from tabletop.options import PLAYERS_OPTION
    from tabletop.store import start_recording

    game = load_game(args.game)
    if game.info.players < 2:
        from tabletop.registry import Registry

        duels = [other.info.id for other in Registry.discover().load_all() if other.info.players > 1]
        raise UsageError(
            f"{game.info.name} is played alone: only a game of two seats or more is hosted ({', '.join(duels)})"
        )
    parsed = host_parser(game).parse_args(args.rest)
    setup = setup_from(game, parsed)
    setup.takebacks = False
    if len(setup.seats) < 2:
        if getattr(parsed, PLAYERS_OPTION, None) is not None:
            raise UsageError("a hosted game has two players or more: give --players 2 or more")
        _two_seats(setup)
    remote = remote_seats([i for i, spec in enumerate(setup.seats) if spec == HUMAN], parsed.serve_only)
    if not remote:
        raise UsageError("every other seat is a computer's: give --opponent human, so that a person joins")
    hosting = Hosting(parsed.port, parsed.public, parsed.serve_only, _tls(parsed.tls))
    console = make_console() if parsed.serve_only else interactive_console(f"tabletop host {game.info.id}")
    if console is None:
        return EXIT_USAGE
    store = open_store(args.data_dir, console, write=True)
    prompter = None
    if not parsed.serve_only:
        from tabletop.ui.plain import make_prompter

        prompter = make_prompter()
    names = setup.seat_names()
    seats = recorded_seats(setup.seats, remote)
    return run_hosted(
        setup.make_match(),
        names,
        remote,
        hosting,
        console,
        prompter,
        lambda match: start_recording(store, match, seats, names, takebacks_allowed=False),
    )


def host_again(record: GameRecord, store: Store, console: Console, args: argparse.Namespace) -> int:
    """``tabletop resume ID --host``: host an unfinished game again (:func:`host_record`); the exit status."""
    from tabletop.net.hosting import Hosting

    hosting = Hosting(args.port, args.public, args.serve_only, _tls(args.tls))
    prompter = None
    if not args.serve_only:
        from tabletop.ui.plain import make_prompter

        prompter = make_prompter()
    return host_record(record, store, console, prompter, hosting)


def host_record(record: GameRecord, store: Store, console: Console, prompter: Prompter | None, hosting: Hosting) -> int:
    """Host an unfinished game again: the seats played from other terminals before are again (else every
    person's but the first); this terminal plays the seat that was played here, or only serves the game (no
    ``prompter``, ``hosting.serve_only``, or no such seat). The exit status."""
    from tabletop.agents import HUMAN, REMOTE
    from tabletop.commands.common import EXIT_FAILURE, UsageError
    from tabletop.rebuild import load_match
    from tabletop.registry import Registry
    from tabletop.store import RecordError, attach

    people = [i for i, spec in enumerate(record.seats) if spec in (HUMAN, REMOTE)]
    remote = [i for i in people if record.seats[i] == REMOTE] or people[1:]
    here = [i for i in people if i not in remote]
    if hosting.serve_only or prompter is None:
        remote, here = people, []
    if not remote:
        raise UsageError(f"game {record.id} has no seat for a person at another terminal: resume it without --host")
    try:
        match = load_match(record, Registry.discover())
    except RecordError as exc:
        console.print(f"This game cannot be continued: {exc}", markup=False)
        return EXIT_FAILURE
    assert record.id is not None, "a record from the database has an id"
    row_id = record.id
    played_here = prompter if here else None
    return run_hosted(match, record.names, remote, hosting, console, played_here, lambda m: attach(store, row_id, m))


def run_hosted(
    match: Match[Any],
    names: Sequence[str],
    remote: Sequence[int],
    hosting: Hosting,
    console: Console,
    prompter: Prompter | None,
    record: Callable[[Match[Any]], Recorder],
) -> int:
    """Host ``match``: listen, print the join line, wait for the players, save it through ``record(match)`` (a
    new game's recorder, or a resumed one's), then play it at this terminal (``prompter``) or only serve it
    (None); the exit status. Ctrl-C leaves, the game saved once it began, as any game is left."""
    from tabletop.commands.common import EXIT_FAILURE
    from tabletop.net.hosting import join_line, presence, send_record, serve, wait_for_players

    host = _listen(match, remote, names, hosting)
    recorder: Recorder | None = None
    try:
        if prompter is not None:
            from tabletop.ui.terminal import clear_screen

            clear_screen(console)
        others = "The other players join" if len(remote) > 1 else "The other player joins"
        console.print(f"Hosting {match.game.info.name}. {others} with:\n", markup=False)
        host.join_command = join_line(host)
        console.print(f"  {host.join_command}\n", markup=False, soft_wrap=True)  # one line, to copy whole
        wait_for_players(host, console)  # a game nobody joined is not kept
        recorder = record(match)
        send_record(host, recorder)
        if prompter is None:
            serve(match, host, console)
            return 0
        from tabletop.commands.session import play_match

        played = play_match(
            match, names, console, prompter, recorder, takebacks=False, undo=False, status=lambda: presence(host)
        )
        return 0 if played else EXIT_FAILURE
    except (KeyboardInterrupt, EOFError) as exc:
        if prompter is None and recorder is not None:  # a game played here says what it keeps itself
            from tabletop.store.recorder import resume_command

            exc.add_note(
                f"The game is saved: run `{resume_command(recorder.store, recorder.row_id)} --host` to host it again."
            )
        raise
    finally:
        host.close(None if match.is_over() else _host_left(recorder))


def _listen(match: Match[Any], remote: Sequence[int], names: Sequence[str], hosting: Hosting) -> Host:
    """The host listening for ``match``: on the port asked for; on any free one when the usual port is taken."""
    import errno
    from dataclasses import replace

    from tabletop.commands.common import CommandFailure
    from tabletop.net.hosting import open_host
    from tabletop.net.wire import PORT

    try:
        return open_host(match, remote, names, hosting)
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE and hosting.port == PORT:
            return _listen(match, remote, names, replace(hosting, port=0))
        hint = ": another program uses it (--port 0 picks a free one)" if exc.errno == errno.EADDRINUSE else ""
        raise CommandFailure(
            f"cannot listen on {hosting.address}:{hosting.port}{hint or ': ' + str(exc.strerror or exc)}"
        ) from None


def _host_left(recorder: Recorder | None) -> str:
    """What the players are told when the host leaves a game before its end."""
    if recorder is None:
        return "The host left the game."
    return (
        f"The host left the game. It is saved on their computer (game {recorder.row_id}): they host it again with "
        f"`tabletop resume {recorder.row_id} --host`, and you join with the code they give."
    )

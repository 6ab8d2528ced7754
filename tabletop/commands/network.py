"""The menu's "Play over the network": host a game of two seats or more here, or join one hosted elsewhere."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tabletop.ui.base import Choice
from tabletop.ui.steps import BACK_KEY

if TYPE_CHECKING:
    from rich.console import Console

    from tabletop.game import Game
    from tabletop.ui.base import Prompter

NETWORK_TITLE = "Play over the network (host a game, or join one)"


def network_menu(console: Console, prompter: Prompter, games: Sequence[Game[Any]], data_dir: str | None) -> None:
    """Host or join, as the player chooses; back to the main menu when the game ends or they go back."""
    duels = [game for game in games if game.info.players > 1]
    choices = [
        Choice("Host a game here", "host", None if duels else "no duel"),
        Choice("Join a game hosted elsewhere", "join"),
        Choice("Back", None, back=True, key=BACK_KEY),
    ]
    answer = prompter.select("Play over the network:", choices)
    if answer == "host":
        game = prompter.select(
            "Host which game?",
            [Choice(game.info.name, game) for game in duels] + [Choice("Back", None, back=True, key=BACK_KEY)],
        )
        if game is not None:
            _host(game, console, prompter, data_dir)
    elif answer == "join":
        _join(console, prompter, data_dir)


def _host(game: Game[Any], console: Console, prompter: Prompter, data_dir: str | None) -> None:
    from tabletop.agents import HUMAN
    from tabletop.commands.common import CommandFailure, open_store
    from tabletop.commands.host import run_hosted
    from tabletop.commands.setup import Setup
    from tabletop.net.hosting import Hosting, recorded_seats
    from tabletop.net.wire import PORT
    from tabletop.options import PLAYERS_OPTION
    from tabletop.store import start_recording

    setup = Setup.default(game, HUMAN)
    if len(setup.seats) < 2:
        setup.options[PLAYERS_OPTION] = "2"
    setup.seats = [HUMAN] * max(2, len(setup.seats))
    setup.takebacks = False
    try:
        setup.check()
        store = open_store(data_dir, console, write=True)
        names = setup.seat_names()
        remote = list(range(1, len(setup.seats)))
        seats = recorded_seats(setup.seats, remote)
        run_hosted(
            setup.make_match(),
            names,
            remote,
            Hosting(PORT),
            console,
            prompter,
            lambda match: start_recording(store, match, seats, names, takebacks_allowed=False),
        )
    except (CommandFailure, ValueError) as exc:
        console.print(f"This game cannot be hosted: {exc}", markup=False)
        prompter.pause("Press any key to go on")


def _join(console: Console, prompter: Prompter, data_dir: str | None) -> None:
    from tabletop.commands.common import CommandFailure, open_store
    from tabletop.commands.join import join_game

    typed = prompter.text("Where is the game hosted? (HOST:PORT, or paste the host's whole join line)")
    address, code, certificate = read_join_line(typed)
    if not address:
        return
    if not code:
        code = prompter.text("Join code:").strip()
    try:
        tls = None
        if certificate:
            from tabletop.net.hosting import client_context

            tls = client_context(certificate)
        store = open_store(data_dir, console, write=True)
    except (CommandFailure, OSError, ValueError) as exc:
        console.print(f"The game cannot be joined: {exc}", markup=False)
    else:
        join_game(address, code, store, console, prompter, tls=tls)
    prompter.pause("Press any key to go on")


def read_join_line(text: str) -> tuple[str, str, str]:
    """The address, code and certificate in what a player typed: an address alone, or the host's whole line.

    >>> read_join_line("  tabletop join 127.0.0.1:7427 7KQ2M-X9D4R --tls host.pem")
    ('127.0.0.1:7427', '7KQ2M-X9D4R', 'host.pem')
    >>> read_join_line("10.0.0.5:7427")
    ('10.0.0.5:7427', '', '')
    """
    words = text.split()
    if words[:2] == ["tabletop", "join"]:
        words = words[2:]
    certificate = ""
    if "--tls" in words:
        at = words.index("--tls")
        certificate = words[at + 1] if at + 1 < len(words) else ""
        words = words[:at] + words[at + 2 :]
    address = words[0] if words else ""
    return address, " ".join(words[1:]), certificate

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
        Choice("Host a game here (the other player joins from their terminal)", "host", None if duels else "no duel"),
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
        for port in (PORT, 0):  # the usual port, else any free one (the join line names it)
            try:
                run_hosted(
                    setup.make_match(),
                    names,
                    remote,
                    Hosting(port),
                    console,
                    prompter,
                    lambda match: start_recording(store, match, seats, names, takebacks_allowed=False),
                )
                return
            except CommandFailure as exc:
                if port == 0 or "cannot listen" not in str(exc):
                    raise
    except (CommandFailure, ValueError) as exc:
        console.print(f"This game cannot be hosted: {exc}", markup=False)
        prompter.pause("Press any key to go on")


def _join(console: Console, prompter: Prompter, data_dir: str | None) -> None:
    from tabletop.commands.common import CommandFailure, open_store
    from tabletop.commands.join import join_game

    address = prompter.text("Where is the game hosted? (HOST:PORT, as the host printed it)").strip()
    if not address:
        return
    code = prompter.text("Join code:").strip()
    try:
        store = open_store(data_dir, console, write=True)
    except CommandFailure as exc:
        console.print(f"The game cannot be joined: {exc}", markup=False)
    else:
        join_game(address, code, store, console, prompter)
    prompter.pause("Press any key to go on")

"""Continuing an unfinished game: at this terminal, or, for a game played across the network, hosted again."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tabletop.store import GameRecord, Store
    from tabletop.ui.base import Prompter


def continue_game(record: GameRecord, console: Any, prompter: Prompter, store: Store) -> bool:
    """Play on ``record`` from where it stopped; False if it could not, or stopped on an error.

    A game played across the network is hosted again (its players join with a new code), never opened at one
    keyboard, where the other side's hand would be in sight.
    """
    from tabletop.agents import REMOTE

    if REMOTE in record.seats:
        return _host_again(record, console, prompter, store)
    from tabletop.commands.session import continue_record

    return continue_record(record, console, prompter, store)


def _host_again(record: GameRecord, console: Any, prompter: Prompter, store: Store) -> bool:
    from tabletop.commands.common import CommandFailure
    from tabletop.commands.host import host_record
    from tabletop.net.hosting import Hosting
    from tabletop.net.wire import PORT

    try:
        return host_record(record, store, console, prompter, Hosting(PORT)) == 0
    except CommandFailure as exc:
        console.print(f"This game cannot be hosted again: {exc}", markup=False)
        prompter.pause("Press any key to go on")
        return False

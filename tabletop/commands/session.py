"""Running one game interactively, from `tabletop play`, the menu, or `tabletop resume`."""

from __future__ import annotations

from typing import Any

from tabletop.commands.setup import Setup
from tabletop.game import Game, GameError


def load_game(game_id: str) -> Game[Any]:
    """A game by id, or a UsageError naming the installed ones."""
    from tabletop.cli import UsageError
    from tabletop.registry import GameLoadError, Registry, UnknownGameError

    try:
        return Registry.discover().get(game_id)
    except (UnknownGameError, GameLoadError) as exc:
        raise UsageError(str(exc).strip("'\"")) from None


def run_interactive(setup: Setup, *, data_dir: str | None = None) -> int:
    """Check for a terminal, then play the game set up; 0 when it ends or the player leaves."""
    from tabletop.cli import EXIT_USAGE
    from tabletop.ui.terminal import NoTerminalError, make_console, require_terminal

    try:
        require_terminal(f"tabletop play {setup.game.info.id}")
    except NoTerminalError as exc:
        import sys

        print(f"tabletop: {exc}", file=sys.stderr)
        return EXIT_USAGE
    from tabletop.ui.prompts import QuestionaryPrompter

    console = make_console()
    play_setup(setup, console, QuestionaryPrompter(), data_dir=data_dir)
    return 0


def play_setup(setup: Setup, console: Any, prompter: Any, *, data_dir: str | None = None) -> None:
    """Play a new game from ``setup`` to its end or until the player leaves."""
    from tabletop.ui.play import LeaveGame, Table, play

    match = setup.make_match()
    table = Table(match, setup.game.ui(), console, prompter, setup.seat_names())
    try:
        play(table)
    except LeaveGame:
        console.print("Left the game.")
        return
    except (GameError, Exception) as exc:  # a plugin's bug ends the game, not the program
        from rich.markup import escape

        from tabletop.crash import crash_message

        console.print(escape(crash_message(exc, setup.game.info.name)))
        console.print("Every move up to the error is saved: Continue it from the menu once the game is fixed.")
        prompter.pause("Press any key to go on")
        return
    prompter.pause("Press any key to go on")

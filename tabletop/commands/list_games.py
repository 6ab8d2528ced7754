"""``tabletop list``: the installed games, and plugins that failed to load."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tabletop.game import Game, Option


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare ``--plain`` on the sub-command's parser."""
    parser.add_argument("--plain", action="store_true", help="one game id per line, for scripts")


def run(args: argparse.Namespace) -> int:
    """Print the installed games with their options and computer levels (ids only, with ``--plain``), and any that failed to load; return the exit status."""
    from rich.console import Console
    from rich.markup import escape

    from tabletop.registry import Registry

    registry = Registry.discover()
    games = registry.load_all()
    console = Console(highlight=False)
    if args.plain:
        for game in games:
            console.print(game.info.id)
    else:
        console.print("[bold]Installed games[/bold]")
        for game in games:
            for line in _game_lines(game, registry.package(game.info.id), console.width):
                console.print(escape(line))
    for problem in registry.problems:
        console.print(f"[bold]skipped:[/bold] {escape(problem.message)}", style="red")
    return 0


def _game_lines(game: Game[Any], package: str, width: int) -> list[str]:
    """A game in a few lines: id, name, players and package; its options as flags; its computer levels."""
    import textwrap

    info = game.info
    counts = info.player_counts
    if len(counts) > 1:
        players = f"{counts[0]} to {counts[-1]} players"
    else:
        players = "1 player" if info.players == 1 else f"{info.players} players"
    lines = ["", f"{info.id:<8} {info.name} · {players} · {package}"]
    indent = " " * 9
    if info.options:
        flags = " ".join(_flag(option) for option in info.options)
        lines += textwrap.wrap(
            f"options: {flags}",
            width - 1,
            initial_indent=indent,
            subsequent_indent=indent + "  ",
            break_on_hyphens=False,
        )
        for option in info.options:
            if meanings := _long_meanings(option):
                lines += textwrap.wrap(
                    meanings, width - 1, initial_indent=indent + "  ", subsequent_indent=indent + "    "
                )
    levels = ", ".join(game.agents()) or "none"
    lines += textwrap.wrap(
        f"computer levels: {levels}", width - 1, initial_indent=indent, subsequent_indent=indent + "  "
    )
    return lines


def _flag(option: Option) -> str:
    """An option as ``tabletop play`` takes it: ``--simplified``, ``--first {random,1,2}``, ``--hand 3..4``."""
    from tabletop.game import WholeNumber

    flag = "--" + option.key.replace("_", "-")
    if option.is_flag:
        return flag
    if isinstance(option, WholeNumber):
        value = f"{option.low}..{option.high}"
    elif option.free_text:
        value = option.key.upper()
    else:
        value = "{" + ",".join(_choice_word(option, choice) for choice in option.choices) + "}"
    return f"{flag}\u00a0{value}"  # a no-break space keeps a flag and its value on one line


SHORT_MEANING = 12
"""The longest meaning written into a choice itself (``1=North``); longer ones get a line of their own."""


def _meaning(option: Option, choice: str) -> str:
    """What a choice's label says beyond the choice: ``North`` for ``1 (North)``; empty when it says nothing more."""
    label = option.label_of(choice)
    if label == choice:
        return ""
    if label.startswith(f"{choice} (") and label.endswith(")"):
        return label[len(choice) + 2 : -1]
    return label


def _is_short(meaning: str) -> bool:
    return len(meaning) <= SHORT_MEANING and "," not in meaning


def _choice_word(option: Option, choice: str) -> str:
    """A choice as typed, with what it means when that is a word or two: ``1=North`` for ``1 (North)``."""
    meaning = _meaning(option, choice)
    if not meaning or not _is_short(meaning):
        return choice
    return f"{choice}={meaning}".replace(" ", "\u00a0")


def _long_meanings(option: Option) -> str:
    """A line saying what each choice means, for an option whose meanings are too long to sit in the choices."""
    if option.is_flag or option.free_text:
        return ""
    meanings = {choice: _meaning(option, choice) for choice in option.choices}
    if all(_is_short(meaning) for meaning in meanings.values()):
        return ""
    said = "; ".join(f"{choice} = {meaning or choice}" for choice, meaning in meanings.items())
    return f"--{option.key.replace('_', '-')}: {said}"

"""``tabletop list``: the installed games, and plugins that failed to load."""

from __future__ import annotations

import argparse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--plain", action="store_true", help="one game id per line, for scripts")


def run(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.table import Table

    from tabletop.registry import Registry

    registry = Registry.discover()
    games = registry.load_all()
    console = Console(highlight=False)
    if args.plain:
        for game in games:
            console.print(game.info.id)
    else:
        table = Table(title="Installed games", title_justify="left")
        table.add_column("id", style="bold")
        table.add_column("name")
        table.add_column("players", justify="right")
        table.add_column("options")
        table.add_column("package")
        for game in games:
            info = game.info
            options = ", ".join(o.key for o in info.options) or "-"
            table.add_row(info.id, info.name, str(info.players), options, registry.package(info.id))
        console.print(table)
    for problem in registry.problems:
        console.print(f"[bold]skipped:[/bold] {problem.message}", style="red")
    return 0

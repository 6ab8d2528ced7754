"""The ``tabletop`` command: the menu, and sub-commands for everything the menu does.

Heavy modules (game rules, prompts, storage) are imported inside the command
that needs them, so ``tabletop --help`` and the first menu come up fast.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from tabletop import __version__
from tabletop.commands.common import EXIT_USAGE, CommandFailure, UsageError

EXIT_INTERRUPTED = 130

# name -> (module, one-line help). Each module has add_arguments(parser) and run(args) -> int.
COMMANDS: dict[str, tuple[str, str]] = {
    "menu": ("tabletop.commands.menu", "open the menu (the default)"),
    "list": ("tabletop.commands.list_games", "list the installed games"),
    "play": ("tabletop.commands.play", "play a game straight away"),
    "resume": ("tabletop.commands.resume", "continue an unfinished game"),
    "history": ("tabletop.commands.history", "list finished and unfinished games"),
    "replay": ("tabletop.commands.replay", "step through a recorded game"),
    "export": ("tabletop.commands.export", "write a game record to a JSON file"),
    "stats": ("tabletop.commands.stats", "show your statistics"),
    "simulate": ("tabletop.commands.simulate", "play many games between computer players"),
}

DESCRIPTION = """\
Solitaire and duel tabletop games for the terminal.

Run without arguments to open the menu. A game's own tools run as
`tabletop GAME TOOL ...` (for example `tabletop muster moves FILE`)."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tabletop", description=DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--version", action="version", version=f"tabletop {__version__}")
    parser.add_argument(
        "--data-dir",
        metavar="DIR",
        help="where saved games and statistics live (default: $TABLETOP_DATA_DIR or the XDG data dir)",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (_, help_text) in COMMANDS.items():
        sub.add_parser(name, help=help_text, add_help=False)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        return _main(argv)
    except KeyboardInterrupt:
        _leave_cleanly()
        return EXIT_INTERRUPTED
    except EOFError:
        _leave_cleanly()
        return 0
    except CommandFailure as exc:  # bad input (UsageError, status 2) or a failure the command explained
        print(f"tabletop: {exc}", file=sys.stderr)
        return exc.code
    except BrokenPipeError:
        # Output piped into a program that stopped reading (e.g. `| head`).
        sys.stderr.close()
        return 0
    except Exception as exc:  # a bug, often in a plugin: a message, never a traceback
        from tabletop.crash import write_crash_report

        report = write_crash_report()
        print(f"\ntabletop: something went wrong: {type(exc).__name__}: {exc}", file=sys.stderr)
        print(f"The details are in {report}; your saved games are safe.", file=sys.stderr)
        return 1


def _leave_cleanly() -> None:
    """Ctrl-C or Ctrl-D: say goodbye on a fresh line (every game in progress is already saved)."""
    if sys.stdout.isatty():
        sys.stdout.write("\nLeft Tabletop. Any game in progress is saved: Continue it from the menu.\n")
    else:
        sys.stdout.write("\n")
    sys.stdout.flush()


def _main(argv: list[str]) -> int:
    global_args, rest = _split_global(argv)
    data_dir = global_args.get("--data-dir")
    if rest and rest[0] not in COMMANDS and not rest[0].startswith("-"):
        return _game_tool(rest)
    parser = build_parser()
    if not rest or rest[0] in ("-h", "--help", "--version"):
        if rest:
            parser.parse_args(rest)
        rest = ["menu"]
    if rest[0] not in COMMANDS:
        parser.parse_args(rest)  # argparse explains the unknown command
        raise UsageError(f"unknown command {rest[0]!r}")
    name = rest[0]
    module = importlib.import_module(COMMANDS[name][0])
    sub = argparse.ArgumentParser(prog=f"tabletop {name}", description=COMMANDS[name][1])
    module.add_arguments(sub)
    args = sub.parse_args(rest[1:])
    args.data_dir = data_dir
    result: int = module.run(args)
    return result


def _split_global(argv: list[str]) -> tuple[dict[str, str], list[str]]:
    """Take ``--data-dir DIR`` (which may stand anywhere) out of the arguments."""
    found: dict[str, str] = {}
    rest: list[str] = []
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg == "--data-dir":
            if i + 1 >= len(argv):
                raise UsageError("--data-dir needs a directory")
            found[arg] = argv[i + 1]
            i += 2
            continue
        if arg.startswith("--data-dir="):
            found["--data-dir"] = arg.split("=", 1)[1]
        else:
            rest.append(arg)
        i += 1
    return found, rest


def _game_tool(rest: list[str]) -> int:
    """``tabletop GAME TOOL ARGS``: a game's own command-line tool."""
    from tabletop.registry import GameLoadError, Registry, UnknownGameError

    registry = Registry.discover()
    game_id = rest[0]
    try:
        game = registry.get(game_id)
    except UnknownGameError:
        commands = ", ".join(COMMANDS)
        raise UsageError(f"{game_id!r} is neither a command ({commands}) nor an installed game ({', '.join(registry.ids()) or 'none'})") from None
    except GameLoadError as exc:
        print(f"tabletop: {exc}", file=sys.stderr)
        return 1
    tools = dict(game.commands())
    if len(rest) < 2 or rest[1] in ("-h", "--help"):
        names = ", ".join(tools) or "none"
        print(f"usage: tabletop {game_id} TOOL [ARGS...]\n{game.info.name} tools: {names}")
        return 0 if len(rest) >= 2 else EXIT_USAGE
    tool = tools.get(rest[1])
    if tool is None:
        raise UsageError(f"{game.info.name} has no tool {rest[1]!r} (tools: {', '.join(tools) or 'none'})")
    result: int = tool(rest[2:])
    return result


if __name__ == "__main__":
    raise SystemExit(main())

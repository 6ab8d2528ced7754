"""The ``tabletop`` command: the menu, and sub-commands for everything the menu does.

Heavy modules (game rules, prompts, storage) are imported inside the command
that needs them, so ``tabletop --help`` and the first menu come up fast.
"""

from __future__ import annotations

import argparse
import errno
import importlib
import os
import signal
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, nullcontext
from types import FrameType

from tabletop import __version__
from tabletop.commands.common import (
    EXIT_FAILURE,
    EXIT_USAGE,
    CommandFailure,
    Parser,
    UsageError,
)
from tabletop.leaving import EXIT_INTERRUPTED, EXIT_SIGNAL_BASE, LEFT
from tabletop.text import bounded, fitted, printable

LEAVING_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))
"""Signals that mean "leave now": ``kill``, a shutdown, the terminal window closed."""
INTERACTIVE = frozenset({"menu", "play", "resume", "replay", "host", "join"})
"""Commands that hold the terminal."""
LEAVE_ON_SIGNALS = INTERACTIVE | {"simulate"}
"""Commands a leaving signal ends as Ctrl-C does: those that hold the terminal, and ``simulate``, which
stops its worker processes on the way out. The others keep the system's default and end at once."""
DISK_FULL = "the output could not be written: the disk is full (no space left on device)"

# name -> (module, one-line help). Each module has add_arguments(parser) and run(args) -> int.
COMMANDS: dict[str, tuple[str, str]] = {
    "menu": ("tabletop.commands.menu", "open the menu (the default)"),
    "list": ("tabletop.commands.list_games", "list the installed games"),
    "play": ("tabletop.commands.play", "play a game straight away"),
    "resume": ("tabletop.commands.resume", "continue an unfinished game"),
    "host": ("tabletop.commands.host", "host a game that people join from other terminals"),
    "join": ("tabletop.commands.join", "join a game hosted on another terminal"),
    "history": ("tabletop.commands.history", "list finished and unfinished games"),
    "replay": ("tabletop.commands.replay", "step through a recorded game"),
    "review": ("tabletop.commands.review", "grade your decisions in a finished game"),
    "export": ("tabletop.commands.export", "write a game record to a JSON file"),
    "stats": ("tabletop.commands.stats", "show your statistics"),
    "simulate": ("tabletop.commands.simulate", "play many games between computer players"),
}

DESCRIPTION = """\
Solitaire and duel tabletop games for the terminal.

Run without arguments to open the menu. A game's own tools run as
`tabletop GAME TOOL ...` (for example `tabletop muster moves FILE`)."""


def build_parser() -> argparse.ArgumentParser:
    """The top-level parser: ``--version``, ``--data-dir`` and the sub-command names; each sub-command
    parses its own arguments when it runs.

    >>> build_parser().parse_args(["--data-dir", "saves", "history"])
    Namespace(data_dir='saves', command='history')
    """
    parser = Parser(prog="tabletop", description=DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter)
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


class LeaveSignal(KeyboardInterrupt):
    """A leaving signal arrived: an interrupt like Ctrl-C's, which no handler of errors (``except Exception``) stops.

    It must be a KeyboardInterrupt: raised inside a callback of a prompt's event
    loop, any other exception would be shown by prompt_toolkit, which then waits
    for Enter, instead of ending the prompt.
    """

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def main(argv: Sequence[str] | None = None) -> int:
    """Run the program with ``argv`` (default: the command line) and return its exit status.

    No exception leaves it: Ctrl-C, a leaving signal, a closed pipe, a full disk, a failure a command
    explained and an unexpected error (written to a crash report) each end in a message and a status.
    """
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        return _flushed(_main(argv))
    except LeaveSignal as exc:
        _leave_cleanly(exc)
        return EXIT_SIGNAL_BASE + exc.signum
    except KeyboardInterrupt as exc:
        _leave_cleanly(exc)
        return EXIT_INTERRUPTED
    except EOFError as exc:
        _leave_cleanly(exc)
        return 0
    except CommandFailure as exc:  # bad input (UsageError, status 2) or a failure the command explained
        print(f"tabletop: {bounded(printable(str(exc)))}", file=sys.stderr)
        return exc.code
    except BrokenPipeError:
        # Output piped into a program that stopped reading (e.g. `| head`): nothing more to say.
        _discard_output()
        return 0
    except SystemExit as exc:
        # rich's console meets a closed pipe by exiting with status 1; for us it is the same quiet end.
        if isinstance(exc.__context__, BrokenPipeError):
            _discard_output()
            return 0
        if exc.code is None or isinstance(exc.code, int):  # argparse after --help, --version or a usage error
            return _flushed(exc.code or 0)
        raise
    except OSError as exc:
        leaving = _leaving_behind(exc)
        if leaving is not None:  # the goodbye's way out met the closed terminal: the leave stands
            _discard_output()
            return EXIT_SIGNAL_BASE + leaving.signum if isinstance(leaving, LeaveSignal) else EXIT_INTERRUPTED
        if exc.errno != errno.ENOSPC:
            return _crashed(exc)
        return _output_lost()
    except Exception as exc:  # a bug, often in a plugin: a message, never a traceback
        return _crashed(exc)


def _leaving_behind(exc: OSError) -> KeyboardInterrupt | None:
    """The interrupt (Ctrl-C or a leaving signal) ``exc`` was raised while handling, if any.

    A closed terminal sends SIGHUP, and what is drawn on the way out (a progress
    bar clearing itself) then fails with EIO: an effect of leaving, not a fault.
    """
    cause: BaseException | None = exc.__context__
    while cause is not None:
        if isinstance(cause, KeyboardInterrupt):
            return cause
        cause = cause.__context__
    return None


def _flushed(status: int) -> int:
    """``status``, once what was printed has reached standard output; 1 after saying it could not.

    Output to a file or a pipe is buffered, so a full disk (``> /dev/full``)
    shows only here, where it can still be reported.
    """
    try:
        sys.stdout.flush()
    except BrokenPipeError:  # the reader stopped reading (`| head`): nothing more to say
        _discard_output()
    except OSError as exc:
        if exc.errno != errno.ENOSPC:
            raise
        return _output_lost()
    return status


def _output_lost() -> int:
    _discard_output()
    print(f"tabletop: {DISK_FULL}", file=sys.stderr)
    return EXIT_FAILURE


def _crashed(exc: Exception) -> int:
    from tabletop.crash import details, error_text, write_crash_report

    report = write_crash_report(exc)
    print(f"\ntabletop: something went wrong: {error_text(exc)}", file=sys.stderr)
    print(f"{details(report)} Your saved games are safe.", file=sys.stderr)
    return EXIT_FAILURE


@contextmanager
def _leave_on_signals() -> Iterator[None]:
    """Turn the leaving signals into :class:`LeaveSignal` while an interactive command runs, then put back what was there.

    Every action is saved as it is applied, so leaving at any point loses at most
    the decision being made; a prompt on screen gives the terminal back as the
    exception passes through it. Outside the main thread (a test calling
    ``main`` from a thread) signals cannot be caught and are left alone.
    """
    try:
        previous = {signum: signal.signal(signum, _raise_leave) for signum in LEAVING_SIGNALS}
    except ValueError:  # not the main thread
        previous = {}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def _raise_leave(signum: int, frame: FrameType | None) -> None:
    # Leaving takes a moment (the prompt gives the terminal back, the store
    # closes); a second signal is the system's to handle and ends the program at once.
    for other in LEAVING_SIGNALS:
        signal.signal(other, signal.SIG_DFL)
    if not _leave_through_the_prompt(signum):
        raise LeaveSignal(signum)


def _leave_through_the_prompt(signum: int) -> bool:
    """While a prompt's event loop runs, raise from a callback of that loop instead of from here.

    The signal may have come while the prompt was still drawing itself, before
    it could clean up after itself. A loop callback runs only while the prompt
    waits for keys, and from there the interrupt passes through its clean-up:
    cursor shown, raw mode and bracketed paste off. Returns False if no loop runs.
    """
    asyncio = sys.modules.get("asyncio")  # not imported: no prompt has run, so none is running
    if asyncio is None:
        return False
    try:
        asyncio.get_running_loop().call_soon_threadsafe(_raise, LeaveSignal(signum))
    except RuntimeError:  # no loop running in this thread, or it is closing
        return False
    return True


def _raise(exc: BaseException) -> None:
    raise exc


def _discard_output() -> None:
    """Point standard output at the null device, so the interpreter's last flush cannot fail again.

    This is the recipe of Python's documentation on SIGPIPE.
    """
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # no usable standard output at all: nothing is left to flush
        pass


def _leave_cleanly(exc: BaseException) -> None:
    """Ctrl-C, Ctrl-D or a leaving signal: say goodbye on a fresh line, with what of a game being played is saved.

    The game being played notes that on the exception as it passes (``add_note``): nothing is claimed
    that was not read back from the database.
    """
    words = " ".join([LEFT, *getattr(exc, "__notes__", [])])
    try:
        sys.stdout.write(f"\n{fitted(words)}\n" if sys.stdout.isatty() else "\n")
        sys.stdout.flush()
    except (OSError, ValueError):  # the terminal is gone (its window closed) or the pipe is closed
        _discard_output()


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
    sub = Parser(prog=f"tabletop {name}", description=COMMANDS[name][1])
    module.add_arguments(sub)
    args = sub.parse_args(rest[1:])
    args.data_dir = data_dir
    with _leave_on_signals() if name in LEAVE_ON_SIGNALS else nullcontext():
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
        raise UsageError(
            f"{game_id!r} is neither a command ({commands}) nor an installed game ({', '.join(registry.ids()) or 'none'})"
        ) from None
    except GameLoadError as exc:
        print(f"tabletop: {bounded(printable(str(exc)))}", file=sys.stderr)
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

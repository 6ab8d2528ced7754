"""``tabletop muster show FILE``: draw a position file with the play screen's board.

A view file is drawn as its viewer sees it. A full state is drawn from the
seat whose turn it is (or ``--as north|south``), with the other seat's hand
listed in full underneath, since a full state hides nothing. A finished game
also gets the final reckoning. A bad file gets one line saying what is wrong
and where, and exit status 2.

    $ tabletop muster show game.json
    $ tabletop muster show --as north game.json
    $ tabletop muster show - < view.json
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, TextIO

from tabletop.files import FileRefused
from tabletop.game import InvalidStateError

if TYPE_CHECKING:
    from rich.console import Console

    from tabletop_muster.state import MusterState
    from tabletop_muster.view import MusterView

USAGE = (
    "usage: tabletop muster show [--as north|south] FILE   "
    "(FILE: a position as JSON, a full state or a view; - reads stdin)"
)
SEATS = {"north": 0, "south": 1, "1": 0, "2": 1}
MAX_POSITION_BYTES = 1_000_000
"""A position file larger than this is refused unread (a full state is a few KB)."""


class UsageProblem(Exception):
    """The arguments are wrong: the message is printed with the usage line."""


def parse_args(args: Sequence[str]) -> tuple[str, int | None]:
    """The file and the seat asked for with ``--as`` (None: the default).

    >>> parse_args(["--as", "south", "game.json"])
    ('game.json', 1)
    """
    files: list[str] = []
    seat: int | None = None
    rest = list(args)
    while rest:
        arg = rest.pop(0)
        if arg in ("-h", "--help"):
            raise UsageProblem("")
        if arg == "--as" or arg.startswith("--as="):
            value = arg.split("=", 1)[1] if "=" in arg else (rest.pop(0) if rest else "")
            if value.lower() not in SEATS:
                raise UsageProblem(f"--as takes north or south, not {value!r}")
            seat = SEATS[value.lower()]
        elif arg.startswith("--"):
            raise UsageProblem(f"unknown option {arg}")
        else:
            files.append(arg)
    if len(files) != 1:
        raise UsageProblem("give exactly one FILE" if files else "")
    return files[0], seat


def read_text(path: str) -> str:
    """A position file's text (``-``: standard input), bounded by :data:`MAX_POSITION_BYTES`."""
    from tabletop.files import read_bounded, read_bounded_stdin

    if path == "-":
        return read_bounded_stdin(MAX_POSITION_BYTES)
    return read_bounded(path, MAX_POSITION_BYTES).decode("utf-8")


def load(path: str) -> MusterState | MusterView:
    """Read and check a position file; any problem becomes :class:`InvalidStateError`."""
    from tabletop_muster.position import read_position

    try:
        text = read_text(path)
    except IsADirectoryError:
        raise InvalidStateError("is a directory, not a position file") from None
    except FileRefused as exc:
        raise InvalidStateError(str(exc)) from None
    except OSError as exc:
        raise InvalidStateError(f"cannot read it: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise InvalidStateError("not a text file (a position is JSON text)") from None
    try:
        return read_position(text)
    except InvalidStateError:
        raise
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError) as exc:
        # The reader refuses bad positions itself; this only keeps a gap in it from showing a traceback.
        raise InvalidStateError(f"not a valid Muster position ({type(exc).__name__}: {exc})") from None


def draw(console: Console, position: MusterState | MusterView, seat: int | None = None) -> None:
    """Draw ``position`` on ``console`` as the play screen does (see the module docstring)."""
    from tabletop_muster.board import board
    from tabletop_muster.reckoning import result
    from tabletop_muster.view import MusterView

    if isinstance(position, MusterView):
        if seat is not None and seat != position.player:
            raise InvalidStateError("--as names the other seat, but a view can only be drawn for its own viewer")
        view, other_hand = position, None
    else:
        viewer = position.cur if seat is None else seat
        view, other_hand = position.view(viewer), sorted(position.hands[1 - viewer])
    console.print(board(view))
    if other_hand is not None and seat is None:
        console.print(_full_hand_line(1 - view.player, other_hand))
    if view.is_terminal():
        console.print(result(view.score(), view.player if isinstance(position, MusterView) else None))


def _full_hand_line(seat: int, hand: Sequence[int]) -> object:
    from rich.text import Text

    from tabletop_muster.board import card_text
    from tabletop_muster.cards import SEAT_NAMES

    text = Text(f"Full state: {SEAT_NAMES[seat]}'s whole hand: ", style="bold")
    return text.append_text(Text(" ").join(card_text(k) for k in hand) if hand else Text("empty", style="dim"))


def show_command(args: Sequence[str], out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Draw the position in a file; 0 when drawn, 2 for bad usage or a bad file."""
    from rich.console import Console

    err = err or sys.stderr
    try:
        path, seat = parse_args(args)
    except UsageProblem as exc:
        if str(exc):
            print(f"muster show: {exc}", file=err)
        print(USAGE, file=err)
        return 2
    try:
        position = load(path)
        console = Console(file=out, highlight=False) if out is not None else Console(highlight=False)
        draw(console, position, seat)
    except InvalidStateError as exc:
        print(f"muster show: {path}: {exc}", file=err)
        return 2
    return 0

"""Command-line tools: ``tabletop muster moves FILE``.

Each tool takes its argument list and returns an exit code: 0 done, 2 bad usage
or a bad position file (with a one-line message, never a traceback).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TextIO

from tabletop.files import FileRefused
from tabletop.game import InvalidStateError

MOVES_USAGE = (
    "usage: tabletop muster moves [--long] FILE   (FILE: a position as JSON, a full state or a view; - reads stdin)"
)


def _read(path: str) -> str:
    from tabletop_muster.show import read_text

    return read_text(path)


def moves_command(args: Sequence[str], out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Print the legal actions of a position file, one per line, sorted (``--long`` adds descriptions)."""
    from tabletop_muster.position import read_position
    from tabletop_muster.state import determinize
    from tabletop_muster.view import MusterView

    out = out or sys.stdout
    err = err or sys.stderr
    args = list(args)
    long = "--long" in args
    files = [a for a in args if a != "--long"]
    if len(files) != 1 or any(a.startswith("--") for a in files) or (files and files[0] in ("-h",)):
        print(MOVES_USAGE, file=err)
        return 2
    path = files[0]
    try:
        position = read_position(_read(path))
    except OSError as exc:
        print(f"muster moves: cannot read {path}: {exc.strerror or exc}", file=err)
        return 2
    except FileRefused as exc:
        print(f"muster moves: {path}: {exc}", file=err)
        return 2
    except UnicodeDecodeError:
        print(f"muster moves: {path} is not a text file", file=err)
        return 2
    except InvalidStateError as exc:
        print(f"muster moves: {path}: {exc}", file=err)
        return 2
    if isinstance(position, MusterView):
        if position.to_move != position.player:
            print(f"muster moves: {path}: a view only shows moves when its viewer is to act", file=err)
            return 2
        import random

        state = determinize(position, random.Random(0))
    else:
        state = position
    for action in state.legal_actions():
        if long:
            viewer = position.player if isinstance(position, MusterView) else None
            print(f"{action}\t{state.describe(action, viewer)}", file=out)
        else:
            print(action, file=out)
    return 0

"""``tabletop export ID``: write a game's record to a JSON file."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from tabletop.commands import common
from tabletop.commands.common import EXIT_FAILURE, CommandFailure, make_console, open_store, parse_id, report
from tabletop.text import one_line

if TYPE_CHECKING:
    from tabletop.registry import Registry
    from tabletop.store.records import GameRecord

MAX_NAME_CHARS = 64
"""How much of a game id the default file name keeps."""
UNFINISHED = (
    "game {id} is unfinished, and a record holds its seed and every card dealt, which would show "
    "the hands still in play; finish it first (`tabletop resume {id}`), then export it"
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare ``ID``, ``--output`` and ``--force`` on the sub-command's parser."""
    parser.add_argument("id", metavar="ID", help="the game's id (see `tabletop history`)")
    parser.add_argument(
        "-o", "--output", metavar="FILE", help="where to write (default tabletop-GAME-ID.json; - for standard output)"
    )
    parser.add_argument("--force", action="store_true", help="replace FILE if it exists")


def run(args: argparse.Namespace) -> int:
    """Write the record of finished game ``args.id`` as JSON (a file or standard output); return the exit status.

    An unfinished game is refused: its record would show the hands still in play.
    """
    from tabletop.store.db import StoreError, UnknownRecordError

    console = make_console()
    try:
        row_id = parse_id(args.id)
        with open_store(args, console, write=False) as store:
            record = store.get(row_id)
        text = record_text(record, common.registry())
        if args.output == "-":
            sys.stdout.write(text)
            return 0
        target = Path(args.output or default_name(record.game_id, row_id))
        write_new(target, text, force=args.force)
    except CommandFailure as failure:
        return report(failure)
    except UnknownRecordError as exc:
        return report(CommandFailure(str(exc)))
    except StoreError as exc:
        return report(CommandFailure(str(exc), EXIT_FAILURE))
    console.print(f"Game {row_id} written to {one_line(str(target))}", markup=False)
    return 0


def default_name(game_id: str, row_id: int) -> str:
    """``tabletop-GAME-ID.json`` in the current folder, whatever the stored game id holds.

    A stored id is anybody's text: only letters, digits, ``_`` and ``-`` of it make the name,
    so that it can name no other folder and no hidden file.

    >>> default_name("muster", 3), default_name("../../.bashrc\x1b", 4)
    ('tabletop-muster-3.json', 'tabletop-bashrc-4.json')
    """
    safe = "".join(c for c in game_id if c.isascii() and (c.isalnum() or c in "_-"))[:MAX_NAME_CHARS]
    return f"tabletop-{safe or 'game'}-{row_id}.json"


def record_text(record: GameRecord, reg: Registry) -> str:
    """A finished game's record as JSON text, replayed first as `tabletop replay` would read it.

    A :class:`CommandFailure` for an unfinished game (its record would show the hands still in play),
    and for one whose record would not replay (a stored row edited, say), saying why.
    """
    from tabletop.rebuild import record_from_json, stored_record
    from tabletop.store.records import RecordError, parse_record_text, record_to_json

    if not record.is_finished:
        raise CommandFailure(UNFINISHED.format(id=record.id))
    text = json.dumps(record_to_json(stored_record(record, reg)), indent=2, ensure_ascii=False) + "\n"
    try:
        record_from_json(parse_record_text(text), reg)
    except RecordError as exc:
        raise CommandFailure(
            f"game {record.id} is not exported: its record would not replay ({exc})", EXIT_FAILURE
        ) from None
    return text


def write_new(target: Path, text: str, *, force: bool) -> None:
    """Write ``text`` to ``target`` whole or not at all (a temporary file, synced, then a rename).

    Only a regular file is ever replaced (with ``force``): a device, a pipe or a folder at
    ``target`` is refused, and nothing is left behind when the write fails (a full disk).
    """
    from tabletop.files import FileRefused, replaceable, write_atomic

    if target.is_dir():
        raise CommandFailure(f"{target} is a directory; give a file name with -o")
    try:
        replaceable(target)
        if target.exists() and not force:
            raise CommandFailure(f"{target} already exists; use --force to replace it or -o to choose another name")
        write_atomic(target, [text.encode("utf-8")])
    except FileRefused as exc:
        raise CommandFailure(f"{exc} (give a file name with -o)") from None
    except OSError as exc:
        raise CommandFailure(f"cannot write {target}: {exc.strerror or exc}", EXIT_FAILURE) from None

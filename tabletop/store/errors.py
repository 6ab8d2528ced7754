"""What can go wrong with the game database, in words for a person.

Every failure SQLite (or the system) reports is turned into one of the
:class:`StoreError` kinds below by :func:`store_error`, whose message says what
happened and what to do, never SQLite's own words alone:

    >>> import sqlite3
    >>> full = sqlite3.OperationalError("database or disk is full")
    >>> full.sqlite_errorname = "SQLITE_FULL"
    >>> error = store_error(full, Path("/games/tabletop.db"))
    >>> type(error).__name__, error.problem
    ('StoreFullError', 'the disk is full')
    >>> str(error)
    'the disk holding the game database (/games/tabletop.db) is full: free some space on it, or use --data-dir to keep your games on another disk'
"""

from __future__ import annotations

import errno
import os
import sqlite3
from pathlib import Path

FULL_DISK_MARGIN = 64 * 1024
"""Bytes free under which a disk I/O error is taken for a full disk: SQLite needs whole pages (4 KB and
more) to write, and on some file systems (tmpfs) reports no room for its shared-memory file as an I/O error."""


class StoreError(Exception):
    """The store cannot do what was asked; the message is for a person to read.

    :attr:`problem` names the trouble in a few words and :attr:`remedy` what to
    do about it, for messages that say more (what of a game was kept).
    """

    problem: str | None = None
    """A few words for the trouble (None: the message itself says it)."""
    remedy = "put that right"


class UnknownRecordError(StoreError, LookupError):
    """No game has that id in the store."""


class DamagedRecordError(StoreError):
    """The rows of a stored game do not make a record (edited by hand, say): the game is listed as damaged,
    never played; :attr:`row_id` is its id and :attr:`what` says what is wrong."""

    remedy = "forget that game (`tabletop history --delete ID`)"

    def __init__(self, row_id: int, what: str) -> None:
        super().__init__(
            f"game {row_id} is damaged in the database ({what}), so it cannot be played, replayed or exported;"
            f" `tabletop history --delete {row_id}` forgets it"
        )
        self.row_id = row_id
        self.what = what


class StoreBusyError(StoreError):
    """Another program kept the database locked for longer than the wait; nothing was changed."""

    problem = "the game database is busy (another program is using it)"
    remedy = "wait a moment"


class StoreReadOnlyError(StoreError):
    """The database (or its directory) cannot be written: it can still be read."""

    problem = "the game database cannot be written (it is read-only)"
    remedy = "make it and its folder writable"


class StoreFullError(StoreError):
    """The disk holding the database is full: nothing more can be written until space is freed."""

    problem = "the disk is full"
    remedy = "free some space on it"


class StoreWriteError(StoreError):
    """The system failed to write the database (an I/O error other than a full disk)."""

    problem = "the game database could not be written (the disk reported an error)"
    remedy = "check the disk"


class ForeignDatabaseError(StoreError):
    """The file at the database's path is another program's SQLite database; it is left alone."""


class StoreMovedError(StoreError):
    """The database file this store opened is no longer at its path (moved aside or removed)."""


def is_locked(exc: BaseException) -> bool:
    """Whether SQLite answered "busy" or "locked" (worth trying again)."""
    text = str(exc).lower()
    return "locked" in text or "busy" in text


def is_read_only(exc: sqlite3.Error) -> bool:
    """Whether SQLite refused to write a read-only file."""
    return _error_name(exc).startswith("SQLITE_READONLY") or "readonly" in str(exc).lower()


def store_error(exc: sqlite3.Error, path: Path | None) -> StoreError:
    """The plain-words error for a failure SQLite reported."""
    name = _error_name(exc)
    if is_locked(exc):
        return StoreBusyError(busy_message(path))
    if is_read_only(exc) and path is not None:
        return StoreReadOnlyError(read_only_message(path))
    if name == "SQLITE_FULL" or "database or disk is full" in str(exc).lower():
        return StoreFullError(full_message(path))
    if name.startswith("SQLITE_IOERR") or "disk i/o error" in str(exc).lower():
        if path is not None and disk_is_full(path.parent):
            return StoreFullError(full_message(path))
        where = f" ({path})" if path else ""
        return StoreWriteError(f"the game database{where} could not be written: the disk reported an error ({exc})")
    where = f" ({path})" if path else ""
    return StoreError(f"the game database{where} failed: {exc}")


def os_error(exc: OSError, path: Path, doing: str) -> StoreError:
    """The plain-words error for a failure of the system while ``doing`` something to ``path``."""
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return StoreFullError(full_message(path))
    return StoreError(f"cannot {doing} {path}: {exc.strerror or exc}")


def disk_is_full(folder: Path) -> bool:
    """Whether the disk holding ``folder`` has (next to) no room left for ordinary programs."""
    try:
        status = os.statvfs(folder)
    except OSError:
        return False
    return status.f_bavail * status.f_frsize < FULL_DISK_MARGIN


def full_message(path: Path | None) -> str:
    """What to say when the disk holding the database at ``path`` is full."""
    where = f" ({path})" if path else ""
    return (
        f"the disk holding the game database{where} is full: free some space on it,"
        " or use --data-dir to keep your games on another disk"
    )


def busy_message(path: Path | None) -> str:
    """What to say when another program kept the database locked past the wait."""
    where = f" ({path})" if path else ""
    return f"the game database is busy (another program is using it); try again in a moment{where}"


def read_only_message(path: Path) -> str:
    """What to say when the database at ``path`` (or its folder) cannot be written."""
    return (
        f"the game database {path} is read-only; history, stats, replay and export still work, but games"
        " cannot be saved: make it and its directory writable, or use --data-dir to play with another one"
    )


def _error_name(exc: sqlite3.Error) -> str:
    return str(getattr(exc, "sqlite_errorname", "") or "")

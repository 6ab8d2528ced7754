"""Opening the game database: waiting for another program's lock, checking the file is Tabletop's and sound.

Writing opens it in WAL mode, creates it if needed, marks it as Tabletop's and
brings its schema up to date; reading changes nothing on disk. A lock held by
another program is waited for (:func:`lock_timeout` seconds), then refused with
:class:`~tabletop.store.errors.StoreBusyError`. Only a file proven damaged is
moved aside to a timestamped name (:func:`move_aside`) and a fresh one started;
another program's SQLite file is never touched.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TypeVar
from urllib.parse import quote

from tabletop.store import schema
from tabletop.store.errors import (
    ForeignDatabaseError,
    StoreBusyError,
    StoreError,
    StoreReadOnlyError,
    busy_message,
    disk_is_full,
    is_locked,
    os_error,
    read_only_message,
    store_error,
)

DEFAULT_TIMEOUT = 5.0
"""Seconds to wait for another program's lock before calling the database busy."""
LOCK_TIMEOUT_ENV = "TABLETOP_LOCK_TIMEOUT"
"""The environment variable that sets that wait, in seconds."""
BUSY_SLICE = 0.25
"""SQLite's own wait per try (at most a quarter of the whole wait): short, so that a long wait is
noticed and announced early."""
RETRY_PAUSE = 0.02
"""Seconds between two tries at a database another program holds."""

T = TypeVar("T")


def lock_timeout(env: Mapping[str, str] | None = None) -> float:
    """The wait for a lock: ``TABLETOP_LOCK_TIMEOUT`` seconds if set to a number of 0 or more, else 5.

    >>> lock_timeout({"TABLETOP_LOCK_TIMEOUT": "0.5"}), lock_timeout({"TABLETOP_LOCK_TIMEOUT": "soon"}), lock_timeout({})
    (0.5, 5.0, 5.0)
    """
    text = (os.environ if env is None else env).get(LOCK_TIMEOUT_ENV, "")
    try:
        value = float(text)
    except ValueError:
        return DEFAULT_TIMEOUT
    return value if 0 <= value < float("inf") else DEFAULT_TIMEOUT


class _Locked(Exception):
    """SQLite answered "busy" or "locked": worth trying again."""


class _Damaged(Exception):
    pass


class _Foreign(Exception):
    pass


@dataclass
class Patience:
    """How long to wait for another program's lock, and whom to tell once a wait begins."""

    path: Path | None
    timeout: float
    on_wait: Callable[[], None] | None = None

    def run(self, action: Callable[[], T]) -> T:
        """Run ``action``, again while SQLite answers busy, until ``timeout`` seconds have passed.

        SQLite also answers "busy" at once, without waiting, in some cases (two
        programs creating or switching a database to WAL at the same moment),
        so the deadline is measured here rather than left to SQLite.
        """
        deadline = time.monotonic() + self.timeout
        told = False
        while True:
            try:
                return action()
            except (_Locked, sqlite3.OperationalError) as exc:
                if isinstance(exc, sqlite3.OperationalError) and not is_locked(exc):
                    raise
                if time.monotonic() >= deadline:
                    raise StoreBusyError(busy_message(self.path)) from None
            if not told and self.on_wait is not None:
                self.on_wait()
                told = True
            time.sleep(RETRY_PAUSE)


# ---------------------------------------------------------------------- connecting


def connect_writer(path: Path, patience: Patience) -> tuple[sqlite3.Connection, str | None]:
    """Open the database for writing, creating it if needed; a damaged one is moved aside first.

    Returns the connection and the notice to show when a file was moved aside.
    """
    folder = path.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise os_error(exc, folder, "create the data directory") from None
    # SQLite creates the -wal and -shm files beside the database, so the directory must be writable too.
    if any(p.exists() and not os.access(p, os.W_OK) for p in (path, folder)):
        raise StoreReadOnlyError(read_only_message(path))
    try:
        return _open_writer(path, patience), None
    except _Damaged as exc:
        problem = str(exc)
    try:
        aside = move_aside(path, "damaged")
    except OSError as exc:
        raise StoreError(
            f"the game database {path} is damaged ({problem}) and could not be moved aside ({exc.strerror or exc});"
            " move it elsewhere yourself, or use --data-dir"
        ) from None
    notice = (
        f"The game database {path} is damaged ({problem}). It was moved aside to {aside.name} and a new one started."
    )
    try:
        return _open_writer(path, patience), notice
    except _Damaged as exc:
        raise StoreError(f"{notice} The new one cannot be used either ({exc}).") from None


def _open_writer(path: Path, patience: Patience) -> sqlite3.Connection:
    conn = _sqlite_connect(str(path), patience, uri=False)
    try:
        patience.run(lambda: _prepare(conn))
        return conn
    except BaseException as exc:
        conn.close()
        _raise_plainly(exc, path)
        raise


def _prepare(conn: sqlite3.Connection) -> None:
    """Check the database (reading only), then mark it as Tabletop's and bring its schema up to date.

    Raises _Damaged, _Foreign, _Locked or a StoreError; nothing is written to a
    file that is damaged, not Tabletop's, or from a newer Tabletop.
    """
    _inspect(conn)
    try:
        if conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
            conn.execute("PRAGMA journal_mode = WAL")
        # NORMAL in WAL mode: a committed action survives the program being killed.
        conn.execute("PRAGMA synchronous = NORMAL")
        conn.execute("PRAGMA foreign_keys = ON")
        # Under the write lock, as another program may have changed the file since it was inspected.
        # Taking that lock and writing the mark at every opening for writing makes a command that
        # will write wait for (or refuse) a busy or read-only database before it changes anything.
        conn.execute("BEGIN IMMEDIATE")
        try:
            _check_ours(conn)
            schema.mark(conn)
            conn.execute("COMMIT")
        except BaseException:
            roll_back(conn)
            raise
        schema.migrate(conn)
    except schema.NewerSchemaError as exc:  # another program upgraded it meanwhile
        raise StoreError(_newer_message(int(exc.args[0]))) from None
    except sqlite3.OperationalError as exc:
        if is_locked(exc):
            raise _Locked(str(exc)) from None
        raise


def connect_reader(path: Path, patience: Patience) -> tuple[sqlite3.Connection, str | None]:
    """Open the database for reading only: no lock, no write, a read-only file or directory, or a full disk,
    will do; return the connection and a notice for the player, if there is one.

    A database not created yet reads as an empty one; one from an older
    Tabletop is read through an upgraded copy in memory.
    """
    if not path.is_file():
        return memory_database(), None
    conn, notice = _read_only_connection(path, patience)
    try:
        patience.run(lambda: _inspect(conn))
        if schema.current_version(conn) < schema.LATEST:
            conn = _upgraded_copy(conn)
        return conn, notice
    except _Damaged as exc:
        conn.close()
        raise StoreError(
            f"the game database {path} is damaged ({exc}); the next game you play moves it aside and starts a new one"
        ) from None
    except BaseException as exc:
        conn.close()
        _raise_plainly(exc, path)
        raise


def _read_only_connection(path: Path, patience: Patience) -> tuple[sqlite3.Connection, str | None]:
    """``mode=ro``, or ``immutable=1`` when SQLite cannot create the WAL's -shm file beside the database
    (a read-only folder, a full disk); with a notice when that leaves saved actions unread."""
    uri = "file:" + quote(str(path.resolve()))
    conn = _sqlite_connect(uri + "?mode=ro", patience, uri=True)
    try:
        patience.run(lambda: conn.execute("SELECT count(*) FROM sqlite_master").fetchone())
        return conn, None
    except StoreError:
        conn.close()
        raise
    except sqlite3.Error as exc:
        if not (_cannot_open_shared_memory(exc) or (_is_io_error(exc) and disk_is_full(path.parent))):
            return conn, None  # not a database, damaged...: the inspection that follows says which
        conn.close()
    # Immutable: SQLite needs no -shm, but does not see the -wal either. A program that closes the
    # database empties the -wal into it, so a -wal with content is that of a program still writing
    # (impossible in a read-only folder) or of one stopped before it could: said, not hidden.
    notice = None
    if _has_content(path.with_name(path.name + "-wal")):
        notice = (
            f"the disk holding {path} is full, so the games saved last (kept in {path.name}-wal until there"
            " is room to write them into the database) are not shown"
        )
    return _sqlite_connect(uri + "?mode=ro&immutable=1", patience, uri=True), notice


def _cannot_open_shared_memory(exc: sqlite3.Error) -> bool:
    return exc.sqlite_errorname.startswith(("SQLITE_READONLY", "SQLITE_CANTOPEN", "SQLITE_IOERR_SHM"))


def _is_io_error(exc: sqlite3.Error) -> bool:
    return exc.sqlite_errorname.startswith(("SQLITE_IOERR", "SQLITE_FULL"))


def _has_content(path: Path) -> bool:
    try:
        return path.stat().st_size > 0
    except OSError:
        return False


def _inspect(conn: sqlite3.Connection) -> None:
    """Raise _Damaged, _Foreign or a StoreError for a database newer than this Tabletop; reads only."""
    try:
        check = conn.execute("PRAGMA quick_check").fetchall()
        if [r[0] for r in check] != ["ok"]:
            raise _Damaged("; ".join(str(r[0]) for r in check[:3]))
        _check_ours(conn)
        version = schema.current_version(conn)
    except sqlite3.OperationalError as exc:
        if is_locked(exc):
            raise _Locked(str(exc)) from None
        raise
    except sqlite3.DatabaseError as exc:
        if exc.sqlite_errorname.startswith(("SQLITE_NOTADB", "SQLITE_CORRUPT")):
            raise _Damaged(str(exc)) from None
        raise
    if version > schema.LATEST:
        raise StoreError(_newer_message(version))


def _newer_message(version: int) -> str:
    return (
        f"the game database was written by a newer Tabletop (schema {version}, this one reads up to "
        f"{schema.LATEST}); upgrade Tabletop, or use --data-dir to keep separate data"
    )


def _check_ours(conn: sqlite3.Connection) -> None:
    reason = schema.why_not_ours(conn)
    if reason is not None:
        raise _Foreign(reason)


def _raise_plainly(exc: BaseException, path: Path) -> None:
    """Turn what went wrong while opening into a StoreError for a person; leave anything else be."""
    if isinstance(exc, _Foreign):
        raise ForeignDatabaseError(
            f"{path} is not a Tabletop database ({exc}); move it elsewhere or use --data-dir"
        ) from None
    if isinstance(exc, sqlite3.Error):
        raise store_error(exc, path) from None


def _sqlite_connect(target: str, patience: Patience, *, uri: bool) -> sqlite3.Connection:
    try:
        return sqlite3.connect(target, timeout=min(BUSY_SLICE, patience.timeout / 4), isolation_level=None, uri=uri)
    except sqlite3.Error as exc:
        raise store_error(exc, patience.path) from None


def memory_database() -> sqlite3.Connection:
    """A database kept only in memory, at the current schema: an empty store, or one not created yet."""
    conn = sqlite3.connect(":memory:", isolation_level=None)
    conn.execute("PRAGMA foreign_keys = ON")
    schema.migrate(conn)
    return conn


def _upgraded_copy(conn: sqlite3.Connection) -> sqlite3.Connection:
    """A copy in memory brought to the current schema, so an old file is read without being changed."""
    copy = sqlite3.connect(":memory:", isolation_level=None)
    conn.backup(copy)
    conn.close()
    schema.migrate(copy)
    return copy


def roll_back(conn: sqlite3.Connection) -> None:
    """End a failed transaction, if SQLite has not ended it already.

    SQLite rolls a transaction back by itself after some failures (a full disk, an
    I/O error): a second ROLLBACK would fail and hide what really went wrong.
    """
    if conn.in_transaction:
        with contextlib.suppress(sqlite3.Error):  # the first error is the one to report
            conn.execute("ROLLBACK")


def file_identity(path: Path) -> tuple[int, int]:
    """The (device, inode) of the file at ``path``: which file a path names, to notice it being replaced."""
    status = os.stat(path)
    return status.st_dev, status.st_ino


def move_aside(path: Path, why: str) -> Path:
    """Rename a database file (and its -wal and -shm files) to a timestamped name; return the new path."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    base = path.with_name(f"{path.name}.{why}-{stamp}")
    aside, n = base, 1
    while aside.exists():
        n += 1
        aside = base.with_name(f"{base.name}-{n}")
    os.replace(path, aside)
    for suffix in ("-wal", "-shm"):
        side = path.with_name(path.name + suffix)
        if side.exists():
            try:
                os.replace(side, aside.with_name(aside.name + suffix))
            except OSError:
                side.unlink(missing_ok=True)
    return aside

"""The store: one SQLite database of games, their actions and results.

    >>> store = Store.open(Path("/tmp/tabletop-doc"))            # doctest: +SKIP
    >>> row = store.begin(match, ["human", "random"], ["You", "Computer"])  # doctest: +SKIP
    >>> store.record(row, match.history)                         # doctest: +SKIP
    >>> store.finish(row, match)                                 # doctest: +SKIP

Writes are short transactions in WAL mode, so several Tabletop programs can
use one database at once, and a program that only reads (``write=False``)
never waits for a writer nor needs to be allowed to write. A lock held by
another program is waited for (:func:`lock_timeout` seconds), then refused
with :class:`StoreBusyError`; the database is never moved for it. Only a file
proven damaged is moved aside to a timestamped name and a fresh one started
(:attr:`Store.notice` says so); a program still writing to the old file
notices before its next write (:class:`StoreMovedError`). A read-only file is
read but not written (:class:`StoreReadOnlyError`), and another program's
SQLite file is never touched (:class:`ForeignDatabaseError`).
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar
from urllib.parse import quote

from tabletop import __version__
from tabletop.game import score_of
from tabletop.store import schema
from tabletop.store.errors import (
    ForeignDatabaseError,
    StoreBusyError,
    StoreError,
    StoreFullError,
    StoreMovedError,
    StoreReadOnlyError,
    StoreWriteError,
    UnknownRecordError,
    busy_message,
    is_locked,
    os_error,
    read_only_message,
    store_error,
)
from tabletop.store.paths import data_dir, database_path
from tabletop.store.records import RECORD_FORMAT, GameRecord, now_iso

__all__ = [
    "DEFAULT_TIMEOUT",
    "LOCK_TIMEOUT_ENV",
    "ForeignDatabaseError",
    "Store",
    "StoreBusyError",
    "StoreError",
    "StoreFullError",
    "StoreMovedError",
    "StoreReadOnlyError",
    "StoreWriteError",
    "UnknownRecordError",
    "lock_timeout",
    "move_aside",
]

if TYPE_CHECKING:
    from tabletop.loop import Match
    from tabletop.store.stats import StatsRow

DEFAULT_TIMEOUT = 5.0
"""Seconds to wait for another program's lock before calling the database busy."""
LOCK_TIMEOUT_ENV = "TABLETOP_LOCK_TIMEOUT"
"""The environment variable that sets that wait, in seconds."""
BUSY_SLICE = 0.25
"""SQLite's own wait per try (at most a quarter of the whole wait): short, so that a long wait is
noticed and announced early."""
RETRY_PAUSE = 0.02
MAX_ROW_ID = 2**63 - 1
"""SQLite's largest integer: no game id can be larger."""

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
class _Patience:
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


class Store:
    """Games in progress and finished, in one database."""

    def __init__(
        self,
        conn: sqlite3.Connection,
        path: Path | None,
        notice: str | None = None,
        timeout: float = DEFAULT_TIMEOUT,
        *,
        writer: bool = True,
        on_wait: Callable[[], None] | None = None,
    ) -> None:
        self._conn = conn
        self.timeout = timeout
        self.path = path
        """The database file (None when only kept in memory)."""
        self.notice = notice
        """A message for the player when a damaged database had to be moved aside."""
        self.clock: Callable[[], str] = now_iso
        self._patience = _Patience(path, timeout, on_wait)
        self._writer = writer
        """False while opened for reading only: the first write reopens it (:meth:`ensure_writable`)."""
        self._identity = _identity(path) if writer and path is not None else None
        """The (device, inode) of the file written to, to notice it being moved aside by another program."""

    # ------------------------------------------------------------------ opening

    @classmethod
    def open(
        cls,
        directory: str | os.PathLike[str] | None = None,
        *,
        write: bool = True,
        timeout: float | None = None,
        on_wait: Callable[[], None] | None = None,
    ) -> Store:
        """Open the database in ``directory`` or the default data directory.

        ``write=True`` creates it if needed, marks and upgrades it; ``write=False``
        only reads, from a read-only file too, and changes nothing on disk. A
        lock is waited for ``timeout`` seconds (default :func:`lock_timeout`),
        calling ``on_wait`` once when a wait begins. Raises :class:`StoreError`
        (or one of its kinds) saying what is wrong; a damaged file is moved
        aside when writing (see :attr:`notice`).
        """
        path = database_path(data_dir(directory))
        patience = _Patience(path, lock_timeout() if timeout is None else timeout, on_wait)
        if write:
            conn, notice = _connect_writer(path, patience)
        else:
            conn, notice = _connect_reader(path, patience), None
        return cls(conn, path, notice, patience.timeout, writer=write, on_wait=on_wait)

    @classmethod
    def in_memory(cls) -> Store:
        """A store kept only in memory (for tests)."""
        return cls(_memory_database(), None)

    def ensure_writable(self) -> str | None:
        """Make sure games can be saved: reopen a store opened for reading for writing.

        Returns the notice of a damaged file moved aside, if that happened now;
        raises :class:`StoreError` (read-only, busy, not Tabletop's) otherwise.
        """
        if self._writer:
            return None
        assert self.path is not None, "a store in memory is always writable"
        conn, notice = _connect_writer(self.path, self._patience)
        self._conn.close()
        self._conn, self._writer, self._identity = conn, True, _identity(self.path)
        if notice:
            self.notice = notice
        return notice

    def close(self) -> None:
        """Close the connection to the database (leaving a ``with`` block closes it too)."""
        self._conn.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ writing

    def begin(self, match: Match[Any], seats: Sequence[str], names: Sequence[str]) -> int:
        """Record a new game (and any actions it already has); return its row id."""
        players = match.players
        if len(seats) != players or len(names) != players:
            raise ValueError(f"{match.game.info.name} has {players} seats: give {players} seat specs and names")
        with self._write() as conn:
            cursor = conn.execute(
                "INSERT INTO games (game_id, options, seed, seats, names, started, program_version, record_format)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    match.game.info.id,
                    json.dumps(match.options, sort_keys=True),
                    match.seed,
                    json.dumps(list(seats)),
                    json.dumps(list(names)),
                    self.clock(),
                    __version__,
                    RECORD_FORMAT,
                ),
            )
            row_id = cursor.lastrowid
            assert row_id is not None
            _insert_actions(conn, row_id, 0, match.history)
        return row_id

    def record(self, row_id: int, history: Sequence[str], saved: int | None = None) -> int:
        """Make the stored actions of a game equal ``history``; return how many are stored.

        ``saved`` is how many actions are known to be stored already (a prefix of
        ``history``); without it the stored list is read and compared, which also
        handles a history that was cut back (an undo).
        """
        with self._write() as conn:
            if saved is None:
                stored = _actions(conn, row_id)
                saved = next(
                    (i for i, (a, b) in enumerate(zip(stored, history)) if a != b), min(len(stored), len(history))
                )
                conn.execute("DELETE FROM actions WHERE game = ? AND ply >= ?", (row_id, saved))
            elif saved > len(history):
                conn.execute("DELETE FROM actions WHERE game = ? AND ply >= ?", (row_id, len(history)))
                saved = len(history)
            _insert_actions(conn, row_id, saved, history[saved:])
        return len(history)

    def finish(self, row_id: int, match: Match[Any]) -> None:
        """Store the result of a finished game (its actions too, should any be missing)."""
        if not match.is_over():
            raise ValueError("finish() needs a finished match")
        state = match.state
        with self._write() as conn:
            stored = _actions(conn, row_id)
            if stored != match.history:
                conn.execute("DELETE FROM actions WHERE game = ?", (row_id,))
                _insert_actions(conn, row_id, 0, match.history)
            conn.execute(
                "UPDATE games SET finished = ?, result = ?, returns = ?, score = ? WHERE id = ?",
                (
                    self.clock(),
                    state.outcome_text(),
                    json.dumps([float(r) for r in state.returns()]),
                    score_of(state),
                    row_id,
                ),
            )

    def note_hint(self, row_id: int) -> None:
        """Count one more hint the player of game ``row_id`` asked for."""
        with self._write() as conn:
            conn.execute("UPDATE games SET hints = hints + 1 WHERE id = ?", (row_id,))

    def delete(self, row_id: int) -> bool:
        """Forget a game; True if there was one."""
        if not 0 <= row_id <= MAX_ROW_ID:  # beyond SQLite's integers: no such game
            return False
        with self._write() as conn:
            cursor = conn.execute("DELETE FROM games WHERE id = ?", (row_id,))
        return cursor.rowcount > 0

    def upgrade_options(self, upgrade: Callable[[str, dict[str, str]], dict[str, str] | None]) -> int:
        """Rewrite the options of stored games that ``upgrade(game_id, options)`` brings up to date.

        ``upgrade`` returns the options in today's form, or None to leave a game as
        it is (a game not installed, say). Returns how many games were rewritten.
        """
        rows = self._read("SELECT id, game_id, options FROM games")
        changed = []
        for row_id, game_id, text in rows:
            options = json.loads(text)
            new = upgrade(game_id, options)
            if new is not None and new != options:
                changed.append((json.dumps(new, sort_keys=True), row_id))
        if changed:
            with self._write() as conn:
                conn.executemany("UPDATE games SET options = ? WHERE id = ?", changed)
        return len(changed)

    # ------------------------------------------------------------------ reading

    def get(self, row_id: int) -> GameRecord:
        """One game; raise :class:`UnknownRecordError` if there is none with that id."""
        rows = self._read(f"SELECT {_COLUMNS} FROM games WHERE id = ?", (row_id,)) if 0 <= row_id <= MAX_ROW_ID else []
        if not rows:
            raise UnknownRecordError(f"no game with id {row_id} in the store (see `tabletop history`)")
        return self._records(rows)[0]

    def unfinished(self) -> list[GameRecord]:
        """Games not finished yet, most recently started first."""
        return self._records(self._read(f"SELECT {_COLUMNS} FROM games WHERE finished IS NULL ORDER BY id DESC"))

    def history(self, limit: int | None = 50, *, game_id: str | None = None) -> list[GameRecord]:
        """Games finished or not, most recently started first."""
        where = "WHERE game_id = ?" if game_id else ""
        params: tuple[Any, ...] = (game_id,) if game_id else ()
        sql = f"SELECT {_COLUMNS} FROM games {where} ORDER BY id DESC"
        if limit is not None:
            sql += " LIMIT ?"
            params += (limit,)
        return self._records(self._read(sql, params))

    def finished_games(self) -> list[GameRecord]:
        """Finished games, in the order they finished (without their actions)."""
        rows = self._read(f"SELECT {_COLUMNS} FROM games WHERE finished IS NOT NULL ORDER BY finished, id")
        return [_record(row, []) for row in rows]

    def stats(
        self,
        variant_of: Callable[[GameRecord], str | None] | None = None,
        lower_is_better: Callable[[str], bool] | None = None,
    ) -> list[StatsRow]:
        """Statistics per game (and variant, named by ``variant_of``) and opponent level
        (see :mod:`tabletop.store.stats`); ``lower_is_better`` says by game id which best score is the lowest."""
        from tabletop.store.stats import compute_stats

        return compute_stats(self.finished_games(), variant_of, lower_is_better)

    def integrity(self) -> str:
        """SQLite's own integrity check: ``"ok"`` or what is wrong."""
        return "; ".join(str(r[0]) for r in self._read("PRAGMA integrity_check"))

    # ------------------------------------------------------------------ internals

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        self.ensure_writable()
        conn = self._conn
        try:
            self._patience.run(lambda: conn.execute("BEGIN IMMEDIATE"))
        except sqlite3.Error as exc:
            raise store_error(exc, self.path) from None
        try:
            self._check_same_file()
            yield conn
            conn.execute("COMMIT")
        except sqlite3.Error as exc:
            _roll_back(conn)
            raise store_error(exc, self.path) from None
        except BaseException:
            _roll_back(conn)
            raise

    def _check_same_file(self) -> None:
        """Refuse to write once the path names another file than the one opened (moved aside, removed)."""
        if self.path is None or self._identity is None:
            return
        try:
            now: tuple[int, int] | None = _identity(self.path)
        except OSError:
            now = None
        if now != self._identity:
            raise StoreMovedError(
                f"the game database {self.path} was moved aside by another Tabletop program because it was damaged"
                " (or it was moved or deleted by hand); this game can no longer be saved here. Its moves so far"
                " are in the moved file; games started from now on are saved in the new database."
            )

    def _read(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        try:
            return self._patience.run(lambda: self._conn.execute(sql, params).fetchall())
        except sqlite3.Error as exc:
            raise store_error(exc, self.path) from None

    def _records(self, rows: list[tuple[Any, ...]]) -> list[GameRecord]:
        if not rows:
            return []
        ids = [row[0] for row in rows]
        marks = ",".join("?" * len(ids))
        moves: dict[int, list[str]] = {i: [] for i in ids}
        for game, notation in self._read(
            f"SELECT game, notation FROM actions WHERE game IN ({marks}) ORDER BY game, ply", ids
        ):
            moves[game].append(notation)
        return [_record(row, moves[row[0]]) for row in rows]


_COLUMNS = (
    "id, game_id, options, seed, seats, names, started, finished, result, returns, score, hints,"
    " program_version, record_format"
)


def _record(row: tuple[Any, ...], history: list[str]) -> GameRecord:
    (row_id, game_id, options, seed, seats, names, started, finished, result, returns, score, hints, version, fmt) = row
    return GameRecord(
        id=row_id,
        game_id=game_id,
        options=json.loads(options),
        seed=seed,
        seats=json.loads(seats),
        names=json.loads(names),
        history=history,
        started=started,
        finished=finished,
        result=result,
        returns=None if returns is None else json.loads(returns),
        score=score,
        hints=hints,
        version=version,
        format=fmt,
    )


def _actions(conn: sqlite3.Connection, row_id: int) -> list[str]:
    return [r[0] for r in conn.execute("SELECT notation FROM actions WHERE game = ? ORDER BY ply", (row_id,))]


def _insert_actions(conn: sqlite3.Connection, row_id: int, start: int, notations: Sequence[str]) -> None:
    conn.executemany(
        "INSERT OR REPLACE INTO actions (game, ply, notation) VALUES (?, ?, ?)",
        [(row_id, start + i, n) for i, n in enumerate(notations)],
    )


# ---------------------------------------------------------------------- connecting


def _connect_writer(path: Path, patience: _Patience) -> tuple[sqlite3.Connection, str | None]:
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


def _open_writer(path: Path, patience: _Patience) -> sqlite3.Connection:
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
            _roll_back(conn)
            raise
        schema.migrate(conn)
    except schema.NewerSchemaError as exc:  # another program upgraded it meanwhile
        raise StoreError(_newer_message(int(exc.args[0]))) from None
    except sqlite3.OperationalError as exc:
        if is_locked(exc):
            raise _Locked(str(exc)) from None
        raise


def _connect_reader(path: Path, patience: _Patience) -> sqlite3.Connection:
    """Open the database for reading only: no lock, no write, a read-only file or directory will do.

    A database not created yet reads as an empty one; one from an older
    Tabletop is read through an upgraded copy in memory.
    """
    if not path.is_file():
        return _memory_database()
    conn = _read_only_connection(path, patience)
    try:
        patience.run(lambda: _inspect(conn))
        if schema.current_version(conn) < schema.LATEST:
            conn = _upgraded_copy(conn)
        return conn
    except _Damaged as exc:
        conn.close()
        raise StoreError(
            f"the game database {path} is damaged ({exc}); the next game you play moves it aside and starts a new one"
        ) from None
    except BaseException as exc:
        conn.close()
        _raise_plainly(exc, path)
        raise


def _read_only_connection(path: Path, patience: _Patience) -> sqlite3.Connection:
    """``mode=ro``, or ``immutable=1`` when SQLite cannot create the WAL's -shm file beside the database."""
    uri = "file:" + quote(str(path.resolve()))
    conn = _sqlite_connect(uri + "?mode=ro", patience, uri=True)
    try:
        patience.run(lambda: conn.execute("SELECT count(*) FROM sqlite_master").fetchone())
        return conn
    except StoreError:
        conn.close()
        raise
    except sqlite3.Error as exc:
        if not exc.sqlite_errorname.startswith(("SQLITE_READONLY", "SQLITE_CANTOPEN")):
            return conn  # not a database, damaged...: the inspection that follows says which
        conn.close()
    # Immutable: SQLite needs no -shm, but does not see the -wal either; with a read-only
    # directory no Tabletop program can be writing there, so nothing recent is missed.
    return _sqlite_connect(uri + "?mode=ro&immutable=1", patience, uri=True)


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


def _sqlite_connect(target: str, patience: _Patience, *, uri: bool) -> sqlite3.Connection:
    try:
        return sqlite3.connect(target, timeout=min(BUSY_SLICE, patience.timeout / 4), isolation_level=None, uri=uri)
    except sqlite3.Error as exc:
        raise store_error(exc, patience.path) from None


def _memory_database() -> sqlite3.Connection:
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


def _roll_back(conn: sqlite3.Connection) -> None:
    """End a failed transaction, if SQLite has not ended it already.

    SQLite rolls a transaction back by itself after some failures (a full disk, an
    I/O error): a second ROLLBACK would fail and hide what really went wrong.
    """
    if conn.in_transaction:
        with contextlib.suppress(sqlite3.Error):  # the first error is the one to report
            conn.execute("ROLLBACK")


def _identity(path: Path) -> tuple[int, int]:
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

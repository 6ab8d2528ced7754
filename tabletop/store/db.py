"""The store: one SQLite database of games, their actions and results.

    >>> store = Store.open(Path("/tmp/tabletop-doc"))            # doctest: +SKIP
    >>> row = store.begin(match, ["human", "random"], ["You", "Computer"])  # doctest: +SKIP
    >>> store.record(row, match.history)                         # doctest: +SKIP
    >>> store.finish(row, match)                                 # doctest: +SKIP

Writes are short transactions in WAL mode, so several Tabletop programs can
use one database at once. A database that stays locked past the timeout, or a
damaged file, is moved aside to a timestamped name and a fresh one started;
:attr:`Store.notice` then says so for the caller to show.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from tabletop import __version__
from tabletop.game import score_of
from tabletop.store import schema
from tabletop.store.paths import data_dir, database_path
from tabletop.store.records import RECORD_FORMAT, GameRecord, now_iso

if TYPE_CHECKING:
    from tabletop.loop import Match
    from tabletop.store.stats import StatsRow

DEFAULT_TIMEOUT = 5.0
"""Seconds to wait for another program's write before calling the database locked."""
RETRY_PAUSE = 0.02

T = TypeVar("T")


class StoreError(Exception):
    """The store cannot do what was asked; the message is for a person to read."""


class UnknownRecordError(StoreError, LookupError):
    """No game has that id in the store."""


class _Locked(Exception):
    pass


class _Damaged(Exception):
    pass


class Store:
    """Games in progress and finished, in one database."""

    def __init__(self, conn: sqlite3.Connection, path: Path | None, notice: str | None = None, timeout: float = DEFAULT_TIMEOUT) -> None:
        self._conn = conn
        self.timeout = timeout
        self.path = path
        """The database file (None when only kept in memory)."""
        self.notice = notice
        """A message for the player when the database had to be moved aside or is not kept."""
        self.clock: Callable[[], str] = now_iso

    # ------------------------------------------------------------------ opening

    @classmethod
    def open(cls, directory: str | os.PathLike[str] | None = None, *, timeout: float = DEFAULT_TIMEOUT) -> Store:
        """Open (creating if needed) the database in ``directory`` or the default data directory.

        Raises :class:`StoreError` when the directory cannot be used or the
        database belongs to a newer Tabletop; recovers from a locked or damaged
        file by moving it aside (see :attr:`notice`).
        """
        folder = data_dir(directory)
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(f"cannot create the data directory {folder}: {exc.strerror or exc}") from None
        path = database_path(folder)
        try:
            return cls(_connect(path, timeout), path, timeout=timeout)
        except _Locked:
            problem = f"was locked by another program for more than {timeout:g} seconds"
        except _Damaged as exc:
            problem = f"is damaged ({exc})"
        return cls._start_fresh(path, problem, timeout)

    @classmethod
    def in_memory(cls) -> Store:
        """A store kept only in memory (for tests, or when no file can be used)."""
        conn = sqlite3.connect(":memory:", isolation_level=None)
        conn.execute("PRAGMA foreign_keys = ON")
        schema.migrate(conn)
        return cls(conn, None)

    @classmethod
    def _start_fresh(cls, path: Path, problem: str, timeout: float) -> Store:
        try:
            aside = move_aside(path, "locked" if "locked" in problem else "damaged")
        except OSError as exc:
            store = cls.in_memory()
            store.notice = (
                f"The game database {path} {problem}, and could not be moved aside ({exc.strerror or exc}). "
                "Games played now will not be saved."
            )
            return store
        message = f"The game database {path} {problem}. It was moved aside to {aside.name} and a new one started."
        try:
            return cls(_connect(path, timeout), path, message, timeout)
        except (_Locked, _Damaged) as exc:
            store = cls.in_memory()
            store.notice = f"{message} The new one cannot be used either ({exc}); games played now will not be saved."
            return store

    def close(self) -> None:
        self._conn.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ writing

    def begin(self, match: Match, seats: Sequence[str], names: Sequence[str]) -> int:
        """Record a new game (and any actions it already has); return its row id."""
        players = match.game.info.players
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
                saved = next((i for i, (a, b) in enumerate(zip(stored, history)) if a != b), min(len(stored), len(history)))
                conn.execute("DELETE FROM actions WHERE game = ? AND ply >= ?", (row_id, saved))
            elif saved > len(history):
                conn.execute("DELETE FROM actions WHERE game = ? AND ply >= ?", (row_id, len(history)))
                saved = len(history)
            _insert_actions(conn, row_id, saved, history[saved:])
        return len(history)

    def finish(self, row_id: int, match: Match) -> None:
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

    def delete(self, row_id: int) -> bool:
        """Forget a game; True if there was one."""
        with self._write() as conn:
            cursor = conn.execute("DELETE FROM games WHERE id = ?", (row_id,))
        return cursor.rowcount > 0

    # ------------------------------------------------------------------ reading

    def get(self, row_id: int) -> GameRecord:
        """One game; raise :class:`UnknownRecordError` if there is none with that id."""
        rows = self._read(f"SELECT {_COLUMNS} FROM games WHERE id = ?", (row_id,))
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

    def stats(self) -> list[StatsRow]:
        """Statistics per game and opponent level (see :mod:`tabletop.store.stats`)."""
        from tabletop.store.stats import compute_stats

        return compute_stats(self.finished_games())

    def integrity(self) -> str:
        """SQLite's own integrity check: ``"ok"`` or what is wrong."""
        return "; ".join(str(r[0]) for r in self._read("PRAGMA integrity_check"))

    # ------------------------------------------------------------------ internals

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        conn = self._conn
        _begin_immediate(conn, self.timeout, self.path)
        try:
            yield conn
        except sqlite3.Error as exc:
            conn.execute("ROLLBACK")
            raise StoreError(_explain(exc, self.path)) from None
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        try:
            conn.execute("COMMIT")
        except sqlite3.Error as exc:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise StoreError(_explain(exc, self.path)) from None

    def _read(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        try:
            return self._conn.execute(sql, params).fetchall()
        except sqlite3.Error as exc:
            raise StoreError(_explain(exc, self.path)) from None

    def _records(self, rows: list[tuple[Any, ...]]) -> list[GameRecord]:
        if not rows:
            return []
        ids = [row[0] for row in rows]
        marks = ",".join("?" * len(ids))
        moves: dict[int, list[str]] = {i: [] for i in ids}
        for game, notation in self._read(f"SELECT game, notation FROM actions WHERE game IN ({marks}) ORDER BY game, ply", ids):
            moves[game].append(notation)
        return [_record(row, moves[row[0]]) for row in rows]


_COLUMNS = "id, game_id, options, seed, seats, names, started, finished, result, returns, score, program_version, record_format"


def _record(row: tuple[Any, ...], history: list[str]) -> GameRecord:
    (row_id, game_id, options, seed, seats, names, started, finished, result, returns, score, version, fmt) = row
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


def _connect(path: Path, timeout: float) -> sqlite3.Connection:
    """Open, check and migrate the database; raise _Locked, _Damaged or StoreError.

    SQLite answers "busy" at once, without waiting, in some cases (two programs
    creating or switching a database to WAL at the same moment), so a busy
    answer is retried until ``timeout`` seconds have really passed.
    """
    deadline = time.monotonic() + timeout
    try:
        conn = sqlite3.connect(path, timeout=timeout, isolation_level=None)
    except sqlite3.Error as exc:
        raise StoreError(_explain(exc, path)) from None
    try:
        while True:
            try:
                _prepare(conn)
                return conn
            except _Locked:
                if time.monotonic() >= deadline:
                    raise
                time.sleep(RETRY_PAUSE)
    except BaseException:
        conn.close()
        raise


def _prepare(conn: sqlite3.Connection) -> None:
    try:
        conn.execute("PRAGMA journal_mode = WAL")
        # NORMAL in WAL mode: a committed action survives the program being killed.
        conn.execute("PRAGMA synchronous = NORMAL")
        conn.execute("PRAGMA foreign_keys = ON")
        check = conn.execute("PRAGMA quick_check").fetchall()
        if [r[0] for r in check] != ["ok"]:
            raise _Damaged("; ".join(str(r[0]) for r in check[:3]))
        # Taking the write lock once tells a database stuck locked from a busy one.
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("COMMIT")
        schema.migrate(conn)
    except schema.NewerSchemaError as exc:
        raise StoreError(
            f"the game database was written by a newer Tabletop (schema {exc.args[0]}, this one reads up to "
            f"{schema.LATEST}); upgrade Tabletop, or use --data-dir to keep separate data"
        ) from None
    except sqlite3.OperationalError as exc:
        if _is_locked(exc):
            raise _Locked(str(exc)) from None
        if "malformed" in str(exc) or "not a database" in str(exc):
            raise _Damaged(str(exc)) from None
        raise StoreError(_explain(exc, None)) from None
    except sqlite3.DatabaseError as exc:
        raise _Damaged(str(exc)) from None


def _begin_immediate(conn: sqlite3.Connection, timeout: float, path: Path | None) -> None:
    """Take the write lock, retrying an immediate "busy" answer until ``timeout`` has passed."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            conn.execute("BEGIN IMMEDIATE")
            return
        except sqlite3.Error as exc:
            if not _is_locked(exc) or time.monotonic() >= deadline:
                raise StoreError(_explain(exc, path)) from None
            time.sleep(RETRY_PAUSE)


def _is_locked(exc: sqlite3.Error) -> bool:
    text = str(exc).lower()
    return "locked" in text or "busy" in text


def _explain(exc: sqlite3.Error, path: Path | None) -> str:
    where = f" ({path})" if path else ""
    if _is_locked(exc):
        return f"the game database{where} is busy in another Tabletop program; try again in a moment"
    return f"the game database{where} failed: {exc}"


def move_aside(path: Path, why: str) -> Path:
    """Rename a database file (and its -wal and -shm files) to a timestamped name; return the new path."""
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
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

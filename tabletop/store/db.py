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

import json
import os
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tabletop import __version__
from tabletop.agents import HUMAN
from tabletop.game import score_of
from tabletop.store import analyses as kept_analyses
from tabletop.store.connect import (
    DEFAULT_TIMEOUT,
    LOCK_TIMEOUT_ENV,
    Patience,
    connect_reader,
    connect_writer,
    file_identity,
    lock_timeout,
    memory_database,
    move_aside,
    roll_back,
)
from tabletop.store.errors import (
    DamagedRecordError,
    ForeignDatabaseError,
    StoreBusyError,
    StoreError,
    StoreFullError,
    StoreMovedError,
    StoreReadOnlyError,
    StoreWriteError,
    UnknownRecordError,
    store_error,
)
from tabletop.store.paths import data_dir, database_path
from tabletop.store.records import RECORD_FORMAT, GameRecord, RecordError, now_iso
from tabletop.store.rows import ACTION_COLUMNS, COLUMNS, ActionRow, DamagedGame, history_of, read_game, record_of_row

__all__ = [
    "DEFAULT_TIMEOUT",
    "LOCK_TIMEOUT_ENV",
    "DamagedGame",
    "DamagedRecordError",
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

MAX_ROW_ID = 2**63 - 1
"""SQLite's largest integer: no game id can be larger."""


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
        self._patience = Patience(path, timeout, on_wait)
        self._writer = writer
        """False while opened for reading only: the first write reopens it (:meth:`ensure_writable`)."""
        self._identity = file_identity(path) if writer and path is not None else None
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
        patience = Patience(path, lock_timeout() if timeout is None else timeout, on_wait)
        if write:
            conn, notice = connect_writer(path, patience)
        else:
            conn, notice = connect_reader(path, patience)
        return cls(conn, path, notice, patience.timeout, writer=write, on_wait=on_wait)

    @classmethod
    def in_memory(cls) -> Store:
        """A store kept only in memory (for tests)."""
        return cls(memory_database(), None)

    def ensure_writable(self) -> str | None:
        """Make sure games can be saved: reopen a store opened for reading for writing.

        Returns the notice of a damaged file moved aside, if that happened now;
        raises :class:`StoreError` (read-only, busy, not Tabletop's) otherwise.
        """
        if self._writer:
            return None
        assert self.path is not None, "a store in memory is always writable"
        conn, notice = connect_writer(self.path, self._patience)
        self._conn.close()
        self._conn, self._writer, self._identity = conn, True, file_identity(self.path)
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

    def begin(
        self, match: Match[Any], seats: Sequence[str], names: Sequence[str], *, takebacks_allowed: bool = True
    ) -> int:
        """Record a new game (and any actions it already has); return its row id."""
        players = match.players
        if len(seats) != players or len(names) != players:
            raise ValueError(f"{match.game.info.name} has {players} seats: give {players} seat specs and names")
        with self._write() as conn:
            cursor = conn.execute(
                "INSERT INTO games (game_id, options, seed, seats, names, started, program_version, record_format,"
                " takebacks_allowed) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    match.game.info.id,
                    json.dumps(match.options, sort_keys=True),
                    match.seed,
                    json.dumps(list(seats)),
                    json.dumps(list(names)),
                    self.clock(),
                    __version__,
                    RECORD_FORMAT,
                    int(takebacks_allowed),
                ),
            )
            row_id = cursor.lastrowid
            assert row_id is not None
            _insert_actions(conn, row_id, 0, match.history, actors_of(match))
        return row_id

    def record(
        self, row_id: int, history: Sequence[str], saved: int | None = None, actors: Sequence[int] | None = None
    ) -> int:
        """Make the stored actions of a game equal ``history``; return how many are stored.

        ``saved`` is how many actions are known to be stored already (a prefix of
        ``history``); without it the stored list is read and compared, which also
        handles a history that was cut back (an undo).
        """
        with self._write() as conn:
            if saved is None:
                stored = _stored_history(conn, row_id)
                saved = kept_analyses.common_length(stored, history)
                conn.execute("DELETE FROM actions WHERE game = ? AND ply >= ?", (row_id, saved))
                if saved < len(stored):
                    kept_analyses.drop_from(conn, row_id, saved)
            elif saved > len(history):
                conn.execute("DELETE FROM actions WHERE game = ? AND ply >= ?", (row_id, len(history)))
                kept_analyses.drop_from(conn, row_id, len(history))
                saved = len(history)
            _insert_actions(conn, row_id, saved, history[saved:], None if actors is None else actors[saved:])
        return len(history)

    def finish(self, row_id: int, match: Match[Any]) -> None:
        """Store the result of a finished game (its actions too, should any be missing)."""
        if not match.is_over():
            raise ValueError("finish() needs a finished match")
        state = match.state
        with self._write() as conn:
            stored = _stored_history(conn, row_id)
            if stored != match.history:
                kept_analyses.drop_from(conn, row_id, kept_analyses.common_length(stored, match.history))
                conn.execute("DELETE FROM actions WHERE game = ?", (row_id,))
                _insert_actions(conn, row_id, 0, match.history, actors_of(match))
            conn.execute(
                "UPDATE games SET finished = ?, result = ?, returns = ?, score = ? WHERE id = ?",
                (
                    self.clock(),
                    state.outcome_text(),
                    json.dumps([float(r) for r in state.returns()]),
                    score_of(state, _person_seat(conn, row_id)),
                    row_id,
                ),
            )

    def note_hint(self, row_id: int) -> None:
        """Count one more hint the player of game ``row_id`` asked for."""
        with self._write() as conn:
            conn.execute("UPDATE games SET hints = hints + 1 WHERE id = ?", (row_id,))

    def keep_analysis(self, row_id: int, ply: int, analysis: str) -> None:
        """Keep the Coach's ``analysis`` (JSON) of game ``row_id`` at ``ply``, in place of one kept there before."""
        with self._write() as conn:
            kept_analyses.keep(conn, row_id, ply, analysis)

    def note_takeback(self, row_id: int) -> None:
        """Count one more take-back the player of game ``row_id`` made."""
        with self._write() as conn:
            conn.execute("UPDATE games SET takebacks = takebacks + 1 WHERE id = ?", (row_id,))

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
            options = _options_or_none(text)
            if options is None or not isinstance(game_id, str):  # a damaged row is left as it is, to be listed
                continue
            new = upgrade(game_id, options)
            if new is not None and new != options:
                changed.append((json.dumps(new, sort_keys=True), row_id))
        if changed:
            with self._write() as conn:
                conn.executemany("UPDATE games SET options = ? WHERE id = ?", changed)
        return len(changed)

    # ------------------------------------------------------------------ reading

    def get(self, row_id: int) -> GameRecord:
        """One game; raise :class:`UnknownRecordError` if there is none with that id, and
        :class:`DamagedRecordError` if its rows do not make a record."""
        rows = self._read(f"SELECT {COLUMNS} FROM games WHERE id = ?", (row_id,)) if 0 <= row_id <= MAX_ROW_ID else []
        if not rows:
            raise UnknownRecordError(f"no game with id {row_id} in the store (see `tabletop history`)")
        game = self._games(rows)[0]
        if isinstance(game, DamagedGame):
            raise DamagedRecordError(game.id, game.problem)
        return game

    def analyses(self, row_id: int) -> dict[int, str]:
        """The Coach's analyses kept with game ``row_id``, each its JSON text, by ply (none in an older database)."""
        if not 0 <= row_id <= MAX_ROW_ID or not self._read(kept_analyses.TABLE_SQL):
            return {}
        return kept_analyses.by_ply(self._read(kept_analyses.ROWS_SQL, (row_id,)))

    def unfinished(self) -> list[GameRecord]:
        """Games not finished yet, most recently started first (damaged ones left out: see :meth:`listing`)."""
        rows = self._read(f"SELECT {COLUMNS} FROM games WHERE finished IS NULL ORDER BY id DESC")
        return [game for game in self._games(rows) if isinstance(game, GameRecord)]

    def history(self, limit: int | None = 50, *, game_id: str | None = None) -> list[GameRecord]:
        """Games finished or not, most recently started first (damaged ones left out: see :meth:`listing`)."""
        return [game for game in self.listing(limit, game_id=game_id) if isinstance(game, GameRecord)]

    def listing(self, limit: int | None = 50, *, game_id: str | None = None) -> list[GameRecord | DamagedGame]:
        """The ``limit`` games started last, finished or not, the damaged among them too, latest first."""
        where = "WHERE game_id = ?" if game_id else ""
        params: tuple[Any, ...] = (game_id,) if game_id else ()
        sql = f"SELECT {COLUMNS} FROM games {where} ORDER BY id DESC"
        if limit is not None:
            sql += " LIMIT ?"
            params += (limit,)
        return self._games(self._read(sql, params))

    def finished_games(self) -> list[GameRecord]:
        """Finished games, in the order they finished (without their actions; damaged ones left out)."""
        rows = self._read(f"SELECT {COLUMNS} FROM games WHERE finished IS NOT NULL ORDER BY finished, id")
        damaged = {row[0] for row in self._read(_DAMAGED_ACTIONS)}
        records = []
        for row in rows:
            try:
                record = record_of_row(row, [])
            except RecordError:
                continue
            if record.id not in damaged:
                records.append(record)
        return records

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
            roll_back(conn)
            raise store_error(exc, self.path) from None
        except BaseException:
            roll_back(conn)
            raise

    def _check_same_file(self) -> None:
        """Refuse to write once the path names another file than the one opened (moved aside, removed)."""
        if self.path is None or self._identity is None:
            return
        try:
            now: tuple[int, int] | None = file_identity(self.path)
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

    def _games(self, rows: list[tuple[Any, ...]]) -> list[GameRecord | DamagedGame]:
        """The record of each row (with its actions), or the damaged game it is."""
        if not rows:
            return []
        ids = [row[0] for row in rows]
        marks = ",".join("?" * len(ids))
        actions: dict[int, list[ActionRow]] = {i: [] for i in ids}
        for game, ply, notation, actor in self._read(
            f"SELECT game, {ACTION_COLUMNS} FROM actions WHERE game IN ({marks})", ids
        ):
            actions[game].append((ply, notation, actor))
        return [read_game(row, actions[row[0]]) for row in rows]


_DAMAGED_ACTIONS = (
    "SELECT game FROM actions GROUP BY game HAVING COUNT(*) != MAX(ply) + 1 OR MIN(ply) < 0"
    " OR SUM(typeof(ply) != 'integer' OR typeof(notation) != 'text' OR typeof(actor) NOT IN ('integer', 'null')) > 0"
)
"""The games whose action rows are not exactly 0, 1, ..., n-1, each a text (:func:`~tabletop.store.rows.history_of`
says the same of one game, and what is wrong)."""


def _options_or_none(text: Any) -> dict[str, str] | None:
    """The stored options when they are what the program writes (an object of texts), else None."""
    try:
        options = json.loads(text) if isinstance(text, str) else None
    except (ValueError, RecursionError):
        return None
    if not isinstance(options, dict) or not all(isinstance(v, str) for v in options.values()):
        return None
    return options


def _person_seat(conn: sqlite3.Connection, row_id: int) -> int:
    """The seat whose score game ``row_id`` keeps: its first person's (:attr:`GameRecord.viewer`), else 0."""
    row = conn.execute("SELECT seats FROM games WHERE id = ?", (row_id,)).fetchone()
    try:
        seats = json.loads(row[0]) if row else []
    except (TypeError, ValueError):  # seats damaged by hand: the record says what is wrong when it is read
        seats = []
    if not isinstance(seats, list):
        return 0
    return next((i for i, spec in enumerate(seats) if spec == HUMAN), 0)


def _stored_history(conn: sqlite3.Connection, row_id: int) -> list[str]:
    """The stored actions of game ``row_id``, to compare with a match about to be saved over them.

    Raises :class:`DamagedRecordError` when they skip a ply or are not text: a match rebuilt
    from such rows is not the game stored, so saving it would write over another move.
    """
    try:
        rows = conn.execute(f"SELECT {ACTION_COLUMNS} FROM actions WHERE game = ?", (row_id,)).fetchall()
        return history_of(rows)
    except RecordError as exc:
        raise DamagedRecordError(row_id, str(exc)) from None


def actors_of(match: Match[Any]) -> list[int]:
    """Who took each action of a match: a seat, or -1 for chance."""
    return [event.actor for event in match.events]


def _insert_actions(
    conn: sqlite3.Connection,
    row_id: int,
    start: int,
    notations: Sequence[str],
    actors: Sequence[int] | None = None,
) -> None:
    """Store ``notations`` (taken by ``actors``, when known) as the actions of game ``row_id`` from ply ``start`` on.

    A row already at one of those plies is kept when it holds the same action (another program saving the
    same game got there first); one holding another action is never written over: the save fails instead.
    """
    end = start + len(notations)
    stored = dict(
        conn.execute("SELECT ply, notation FROM actions WHERE game = ? AND ply >= ? AND ply < ?", (row_id, start, end))
    )
    for ply, notation in stored.items():
        if notations[ply - start] != notation:
            raise StoreError(
                f"game {row_id} was saved by another Tabletop program as this one played it (action {ply + 1}"
                " differs), so this program saves nothing more of it"
            )
    who = list(actors) if actors is not None else [None] * len(notations)
    conn.executemany(
        "INSERT INTO actions (game, ply, notation, actor) VALUES (?, ?, ?, ?)",
        [(row_id, start + i, n, who[i]) for i, n in enumerate(notations) if start + i not in stored],
    )

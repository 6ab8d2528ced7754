"""The database schema and its migrations.

``MIGRATIONS[i]`` takes a database from schema version ``i`` to ``i + 1``; a new
database runs them all. Never edit a released step: add a new one.

A Tabletop database carries :data:`APPLICATION_ID` in its header (SQLite's
``PRAGMA application_id``), so that another program's SQLite file found at the
database's path is recognised and never written to.
"""

from __future__ import annotations

import sqlite3

MIGRATIONS: list[str] = [
    # 1: games and their actions, one row per action so each is committed as it happens.
    """
    CREATE TABLE schema_version (version INTEGER NOT NULL);
    INSERT INTO schema_version (version) VALUES (0);
    CREATE TABLE games (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        game_id TEXT NOT NULL,
        options TEXT NOT NULL,
        seed INTEGER NOT NULL,
        seats TEXT NOT NULL,
        names TEXT NOT NULL,
        started TEXT NOT NULL,
        finished TEXT,
        result TEXT,
        returns TEXT,
        program_version TEXT NOT NULL
    );
    CREATE TABLE actions (
        game INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        ply INTEGER NOT NULL,
        notation TEXT NOT NULL,
        PRIMARY KEY (game, ply)
    ) WITHOUT ROWID;
    """,
    # 2: final scores of solo games, the record format of each row, and indexes for lists and stats.
    """
    ALTER TABLE games ADD COLUMN score REAL;
    ALTER TABLE games ADD COLUMN record_format INTEGER NOT NULL DEFAULT 1;
    CREATE INDEX games_by_finished ON games (finished);
    CREATE INDEX games_by_game ON games (game_id, finished);
    """,
    # 3: how many hints the player asked for (games played with hints are counted apart).
    """
    ALTER TABLE games ADD COLUMN hints INTEGER NOT NULL DEFAULT 0;
    """,
    # 4: who took each action: a seat, or -1 for chance (NULL in the rows saved before it was kept).
    """
    ALTER TABLE actions ADD COLUMN actor INTEGER;
    """,
    # 5: take-backs: whether the game allows them, and how many were made (such games are counted apart).
    """
    ALTER TABLE games ADD COLUMN takebacks INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN takebacks_allowed INTEGER NOT NULL DEFAULT 1;
    """,
    # 6: the Coach's analyses given during play, one a decision, for the review to grade by.
    """
    CREATE TABLE IF NOT EXISTS analyses (
        game INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        ply INTEGER NOT NULL,
        analysis TEXT NOT NULL,
        PRIMARY KEY (game, ply)
    ) WITHOUT ROWID;
    """,
]

LATEST = len(MIGRATIONS)

APPLICATION_ID = 0x54544F50
"""The mark of a Tabletop database in SQLite's header: the bytes "TTOP" (1414811472)."""

TABLES = frozenset({"schema_version", "games", "actions"})
"""The tables of a Tabletop database, by which one written before the mark is recognised."""
LATER_TABLES = frozenset({"analyses"})
"""The tables later migrations add, which an unmarked Tabletop database may have beside :data:`TABLES`."""


class NewerSchemaError(Exception):
    """The database was written by a newer Tabletop."""


def current_version(conn: sqlite3.Connection) -> int:
    """The schema version of a database (0 for an empty one)."""
    exists = conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'").fetchone()
    if exists is None:
        return 0
    row = conn.execute("SELECT version FROM schema_version").fetchone()
    return 0 if row is None else int(row[0])


def user_tables(conn: sqlite3.Connection) -> set[str]:
    """The tables of a database, leaving out SQLite's own (``sqlite_sequence`` and the like)."""
    rows = conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%'")
    return {str(r[0]) for r in rows}


def application_id(conn: sqlite3.Connection) -> int:
    """The database's ``application_id`` mark: :data:`APPLICATION_ID` for a Tabletop database, 0 for an
    unmarked one.

    >>> application_id(sqlite3.connect(":memory:"))
    0
    """
    return int(conn.execute("PRAGMA application_id").fetchone()[0])


def why_not_ours(conn: sqlite3.Connection) -> str | None:
    """None for a Tabletop database (marked, empty, or unmarked with exactly our tables), else what it is instead.

    >>> conn = sqlite3.connect(":memory:")
    >>> why_not_ours(conn) is None
    True
    >>> _ = conn.execute("CREATE TABLE notes (text TEXT)")
    >>> why_not_ours(conn)
    'it has tables notes'
    """
    mark = application_id(conn)
    if mark == APPLICATION_ID:
        return None
    if mark != 0:
        return f"it is marked as another program's, application id {mark}"
    tables = user_tables(conn)
    if not tables or TABLES <= tables <= TABLES | LATER_TABLES:
        return None
    return f"it has tables {', '.join(sorted(tables))}"


def mark(conn: sqlite3.Connection) -> None:
    """Put :data:`APPLICATION_ID` in the header, inside the caller's write transaction.

    It is written even when already there: a real write is how a connection
    learns that it may write (a read-only mount, say, is known only to SQLite).
    """
    conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")


def migrate(conn: sqlite3.Connection, target: int = LATEST) -> int:
    """Bring the schema up to ``target``, one transaction per step; return the version reached.

    Each step re-reads the version inside its write transaction, so two
    programs opening an old database at once migrate it only once.
    """
    while True:
        if current_version(conn) >= target:
            break
        conn.execute("BEGIN IMMEDIATE")
        try:
            version = current_version(conn)
            if version < target:
                _run_script(conn, MIGRATIONS[version])
                conn.execute("UPDATE schema_version SET version = ?", (version + 1,))
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:  # SQLite ends the transaction itself after some failures (a full disk)
                conn.execute("ROLLBACK")
            raise
    version = current_version(conn)
    if version > LATEST:
        raise NewerSchemaError(version)
    return version


def _run_script(conn: sqlite3.Connection, script: str) -> None:
    # executescript() would commit the open transaction first; run statement by statement instead.
    for statement in script.split(";"):
        if statement.strip():
            conn.execute(statement)

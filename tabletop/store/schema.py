"""The database schema and its migrations.

``MIGRATIONS[i]`` takes a database from schema version ``i`` to ``i + 1``; a new
database runs them all. Never edit a released step: add a new one.
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
]

LATEST = len(MIGRATIONS)


class NewerSchemaError(Exception):
    """The database was written by a newer Tabletop."""


def current_version(conn: sqlite3.Connection) -> int:
    """The schema version of a database (0 for an empty one)."""
    exists = conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'").fetchone()
    if exists is None:
        return 0
    row = conn.execute("SELECT version FROM schema_version").fetchone()
    return 0 if row is None else int(row[0])


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

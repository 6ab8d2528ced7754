"""Test-only fault injection for the real program: a disk that fills up after a number of saves.

Python imports ``sitecustomize`` at start-up from the first folder of its path
that has one; the tests put this folder on ``PYTHONPATH`` of the program they
run. Nothing happens unless the variable below is set, and the program itself
never imports this module.

``TABLETOP_TEST_FULL_AFTER_COMMITS=N``: the program's first N commits to a
database file succeed; every later one fails as SQLite fails on a full disk:
the transaction is rolled back and ``sqlite3.OperationalError`` says "database
or disk is full" (error code ``SQLITE_FULL``).
"""

from __future__ import annotations

import os
import sqlite3
from typing import Any

FULL_AFTER = "TABLETOP_TEST_FULL_AFTER_COMMITS"
SQLITE_FULL = 13


class _FillingDisk:
    """Counts the commits of every database file the program opens."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.commits = 0

    def commit_allowed(self) -> bool:
        if self.commits >= self.limit:
            return False
        self.commits += 1
        return True


def _install(limit: int) -> None:
    disk = _FillingDisk(limit)
    real_connect = sqlite3.connect

    class FillingConnection(sqlite3.Connection):
        def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
            if sql.strip().upper() == "COMMIT" and not disk.commit_allowed():
                if self.in_transaction:
                    super().execute("ROLLBACK")  # SQLite ends the transaction itself on a full disk
                error = sqlite3.OperationalError("database or disk is full")
                error.sqlite_errorcode = SQLITE_FULL
                error.sqlite_errorname = "SQLITE_FULL"
                raise error
            return super().execute(sql, *args)

    def connect(database: Any, *args: Any, **kwargs: Any) -> sqlite3.Connection:
        if str(database) != ":memory:":
            kwargs.setdefault("factory", FillingConnection)
        connection: sqlite3.Connection = real_connect(database, *args, **kwargs)
        return connection

    sqlite3.connect = connect  # type: ignore[assignment]


if os.environ.get(FULL_AFTER, "").isdigit():
    _install(int(os.environ[FULL_AFTER]))

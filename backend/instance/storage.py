"""When storage cannot be written (the event store, or the sessions' file): the disk full,
the database file read-only, a write error.

Such an error is no bug of Troef's and no fault of the request: the API answers it with a 503
that names the problem (nothing of a push that fails so is acknowledged, and the phone sends
it again), and the process keeps it in :class:`StorageHealth` until a save succeeds, so
``/api/health`` and the console show it to the director. The record lives in the process:
behind several server processes each one reports what it met itself.
"""

from __future__ import annotations

import os
import sqlite3
import threading
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from eventsourcing.sqlite import SQLiteConnectionPool

# SQLite's primary result codes (https://sqlite.org/rescode.html) that mean "cannot write".
SQLITE_READONLY, SQLITE_IOERR, SQLITE_FULL, SQLITE_CANTOPEN = 8, 10, 13, 14
SQLITE_PROBLEMS = {
    SQLITE_FULL: "the disk is full",
    SQLITE_READONLY: "the database file is read-only",
    SQLITE_IOERR: "the disk cannot be written",
    SQLITE_CANTOPEN: "the database file cannot be opened",
}
ROOM = 64 * 1024  # bytes free below which a disk counts as full
# PostgreSQL's SQLSTATEs of the same kind (class 53, insufficient resources; a read-only
# transaction, as on a standby).
POSTGRES_PROBLEMS = {
    "53100": "the database server's disk is full",
    "25006": "the database is read-only",
    "53200": "the database server is out of memory",
}


def storage_problem(exc: BaseException, folder: Path | None = None) -> str | None:
    """What keeps the store from writing, in words ("the disk is full: database or disk is
    full"), when ``exc`` (or an error it was raised from) says so; None for anything else.

    SQLite reports some writes to a full disk as a mere I/O error (creating the ``-shm`` file
    of a connection opened on it): when the instance's ``folder`` has no room left, that
    error is called what it is.
    """
    seen: set[int] = set()
    error: BaseException | None = exc
    while error is not None and id(error) not in seen:
        seen.add(id(error))
        problem = _problem_of(error)
        if problem == SQLITE_PROBLEMS[SQLITE_IOERR] and folder is not None and no_room(folder):
            problem = SQLITE_PROBLEMS[SQLITE_FULL]
        if problem is not None:
            return f"{problem}: {error}"
        error = error.__cause__ or error.__context__
    return None


def no_room(folder: Path) -> bool:
    """Whether the disk of ``folder`` has (next to) no room left for this process."""
    try:
        disk = os.statvfs(folder)
    except OSError:
        return False
    return disk.f_bavail * disk.f_frsize < ROOM


def _problem_of(error: BaseException) -> str | None:
    if isinstance(error, sqlite3.Error):
        code = getattr(error, "sqlite_errorcode", None)
        return None if code is None else SQLITE_PROBLEMS.get(code & 0xFF)
    sqlstate = getattr(error, "sqlstate", None)
    return POSTGRES_PROBLEMS.get(sqlstate) if isinstance(sqlstate, str) else None


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class StorageHealth:
    """The last write that failed for want of storage in this process, until a save succeeds."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._failure: dict[str, Any] | None = None

    def failed(self, problem: str) -> None:
        """Record a write that failed with ``problem`` (keeping when it first failed)."""
        stamp = now()
        with self._lock:
            since = self._failure["since"] if self._failure else stamp
            self._failure = {"since": since, "last": stamp, "error": problem}

    def stored(self, _recordings: Any = None) -> None:
        """A save went through: the store writes again (an ``after_save`` listener)."""
        with self._lock:
            self._failure = None

    def failures(self) -> list[dict[str, Any]]:
        """The failure as ``/api/health`` lists failures (none when the store writes)."""
        with self._lock:
            if self._failure is None:
                return []
            return [
                {"subject": "storage", "competition_id": None, "position": None} | self._failure
            ]


def forget_connections(app: Any) -> None:
    """Close the SQLite event store's idle connections, so the next write opens the file
    afresh: SQLite keeps a connection that opened a read-only file read-only after the file
    is made writable again. The connection that failed is back in the pool by now; one still
    in use elsewhere is closed when its own write fails and the next answer calls this again
    (the pool never hands out a closed connection)."""
    pool = getattr(getattr(app.recorder, "datastore", None), "pool", None)
    if not isinstance(pool, SQLiteConnectionPool):
        return
    for connection in list(pool._pool):  # the pool has no public way to do this
        connection._close_when_not_in_use()

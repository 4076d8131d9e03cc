"""Read-model writes that take the write lock first: ``BEGIN IMMEDIATE``, waiting in Python.

Several processes write the read models' file (the web processes' catch-up after a save, the
worker, the commands). A plain ``BEGIN`` reads first (the tracking position) and asks for the
write lock only at its first write; if another process committed in between, SQLite answers
"database is locked" at once, without waiting (the reader's snapshot is stale). ``BEGIN
IMMEDIATE`` takes the write lock before reading, so it waits its turn.

The wait is a Python loop of short ``time.sleep`` calls, not SQLite's busy timeout: SQLite
sleeps in C, which gevent cannot switch out of, so a web process of ``ops/gunicorn.conf.py``
waiting there stopped every greenlet it runs, among them one holding the event store's lock
in PostgreSQL that the holder of the SQLite lock was waiting for (a cycle that only the busy
timeout broke). The connections of the read models' pool wait in C at most
:data:`BUSY_TIMEOUT_MS` (reads rarely wait at all in WAL mode); ``BEGIN IMMEDIATE`` is tried
again until :data:`LOCK_TIMEOUT` has passed, then fails with SQLite's "database is locked".

The pool of the read models makes its connections with :func:`immediate`.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager

from eventsourcing.sqlite import SQLiteConnection, SQLiteCursor, SQLiteTransaction

LOCK_TIMEOUT = 30.0  # seconds a writer waits for the write lock in all
BUSY_TIMEOUT_MS = 5  # milliseconds SQLite itself waits, in C, before answering "locked"
PAUSE_MAX = 0.05  # seconds between two attempts at most (from 1 ms, doubling)


def begin_immediate(cursor: SQLiteCursor, timeout: float = LOCK_TIMEOUT) -> None:
    """Take the write lock now; while another connection holds it, sleep and try again
    (other greenlets and threads run meanwhile) until ``timeout`` seconds have passed."""
    deadline = time.monotonic() + timeout
    pause = 0.001
    while True:
        try:
            cursor.execute("BEGIN IMMEDIATE")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() >= deadline:
                raise
        time.sleep(pause)
        pause = min(pause * 2, PAUSE_MAX)


class ImmediateTransaction(SQLiteTransaction):
    """A transaction that writes begins with ``BEGIN IMMEDIATE``; a read-only one with ``BEGIN``."""

    def __enter__(self) -> SQLiteCursor:
        cursor = self.connection.cursor()
        if self.commit:
            begin_immediate(cursor)
        else:
            cursor.execute("BEGIN")
        return cursor


class ImmediateConnection(SQLiteConnection):
    """A pooled connection whose writing transactions begin immediately."""

    @contextmanager
    def transaction(self, *, commit: bool) -> Iterator[SQLiteCursor]:
        with ImmediateTransaction(self, commit=commit) as curs, curs:
            yield curs


def immediate(
    connection: SQLiteConnection | sqlite3.Connection, max_age: float | None = None
) -> ImmediateConnection:
    """The same autocommit connection, its writing transactions beginning immediately."""
    if isinstance(connection, SQLiteConnection):
        connection = connection._sqlite_conn
    return ImmediateConnection(sqlite_conn=connection, max_age=max_age)

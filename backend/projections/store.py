"""One read-model file: its connections, its tracking position and the batch that moves it."""

from __future__ import annotations

import gc
import logging
import os
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from eventsourcing.application import Application
from eventsourcing.persistence import Notification, Tracking
from eventsourcing.sqlite import (
    SQLiteConnection,
    SQLiteConnectionPool,
    SQLiteCursor,
    SQLiteDatastore,
    SQLiteTrackingRecorder,
)
from sqlite_utils import Database

from . import audit, competitions, lists, status
from .decoding import Decoder
from .fold import Fold, Handler
from .generations import exclusive
from .locking import BUSY_TIMEOUT_MS, immediate
from .migrations import DUE, LOG, TABLES, forget_positions, migrations

HANDLERS: dict[str, Handler] = {**competitions.HANDLERS, **lists.HANDLERS}
log = logging.getLogger(__name__)


def identity(path: str) -> tuple[int, int] | None:
    """Which file ``path`` names now (device and inode, through a symbolic link)."""
    try:
        found = os.stat(path)
    except FileNotFoundError:
        return None
    return found.st_dev, found.st_ino


def _mend_tracking(conn: sqlite3.Connection) -> None:
    """Mend a tracking table that lost eventsourcing's migration row (resets used to
    delete it): without the row, opening renames the table to ``old1_tracking``, and the
    next opening fails because that name is taken."""
    tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    if "tracking" in tables:
        keys = [r[1] for r in conn.execute("PRAGMA table_info(tracking)") if r[5]]
        marked = conn.execute(
            "SELECT 1 FROM tracking WHERE application_name = '__migration__'"
        ).fetchone()
        if keys == ["application_name"] and marked is None:
            conn.execute("INSERT INTO tracking VALUES ('__migration__', 1)")
    if "old1_tracking" in tables and "tracking" in tables:
        conn.execute("DROP TABLE old1_tracking")


@contextmanager
def without_cycle_collection() -> Iterator[None]:
    """Pause Python's cyclic garbage collector while a batch is folded.

    A batch allocates a few dicts per event (rows, decoded events) and makes no reference
    cycles; the collector's passes over them were a twelfth of a catch-up's CPU (0.38 of
    4.43 s for 100,144 events) and freed nothing. Reference counting still frees everything
    at once; the collector resumes afterwards (if it was running: a nested or concurrent
    batch leaves it as it found it).
    """
    running = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if running:
            gc.enable()


class _ViewPool(SQLiteConnectionPool):
    """Connections that do not wait for the disk at every commit (WAL, synchronous=NORMAL),
    nor long in SQLite's busy wait (a C sleep that stops every greenlet of the process: the
    wait for the write lock is :func:`~.locking.begin_immediate`'s, in Python).

    A crash can lose the last few transactions of the read models, never corrupt them; the
    tracking position is lost with them, so the next catch-up simply applies them again.
    """

    def _create_connection(self) -> SQLiteConnection:
        connection = super()._create_connection()
        with connection.cursor() as cursor:  # autocommit: no transaction is open here
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        return immediate(connection, self.max_age)  # writes lock first: several processes


class Store(SQLiteTrackingRecorder):
    """The read-model file ``path`` names when opened, with its tracking position."""

    def __init__(self, path: str) -> None:
        with exclusive(Path(path), "migrate"):
            conn = sqlite3.connect(path, timeout=30)
            try:
                with conn:
                    conn.execute("PRAGMA journal_mode=WAL")
                    migrations.apply(Database(conn))
                    _mend_tracking(conn)
            finally:
                conn.close()
        datastore = SQLiteDatastore(path, lock_timeout=30)
        datastore.pool = _ViewPool(db_name=path, lock_timeout=30)
        super().__init__(datastore)
        self.create_table()
        self.identity = identity(path)

    def apply_batch(self, app: Application[Any], batch: int) -> int:
        """Apply up to ``batch`` new events in one transaction with the tracking position.

        The events are read before the write lock is taken: a process holding the lock
        never waits for the event store (PostgreSQL: for a save in another process, which
        may itself wait for this lock). Inside the lock the position is read again; if
        another process moved it meanwhile, the page is read again from there.
        """
        while True:
            start = self.max_tracking_id(app.name)
            page = app.recorder.select_notifications(
                start=start, limit=batch, inclusive_of_start=start is None
            )
            if not page:
                return 0
            with without_cycle_collection(), self.datastore.transaction(commit=True) as c:
                if self._max_tracking_id(app.name, c) == start:
                    self._apply(app, c, page)
                    return len(page)

    def _apply(self, app: Application[Any], c: SQLiteCursor, page: Sequence[Notification]) -> None:
        """Fold ``page`` into the read models and move the tracking position past it."""
        db = Database(c.sqlite_cursor.connection)
        fold = Fold(db)
        decode = Decoder(app)
        for n in page:
            event, at = decode(n)
            name = type(event).__qualname__
            try:
                fold.begin(event, at)
                audit.record(fold, n, event, name)
                handler = HANDLERS.get(name)
                if handler is not None:
                    handler(fold, n, event)
            except Exception as exc:
                raise BatchFailed(n.id, name, exc) from exc
        fold.flush()
        db.conn.executemany(
            f"INSERT OR IGNORE INTO [{DUE}] (competition_id) VALUES (?)",
            [(cid,) for cid in sorted(fold.due)],
        )
        self._insert_tracking(c, Tracking(app.name, page[-1].id))
        status.settled(db, LOG, page[-1].id)

    def applied(self, c: SQLiteCursor) -> int:
        """The position of the last event applied (by any application)."""
        c.execute(
            "SELECT MAX(notification_id) FROM tracking WHERE application_name != '__migration__'"
        )
        return c.fetchone()[0] or 0

    def due(self, competition_id: str | None) -> list[str]:
        """The competitions waiting for their results (or just the one named, if it waits)."""
        sql, params = f"SELECT competition_id FROM [{DUE}]", []
        if competition_id is not None:
            sql, params = sql + " WHERE competition_id = ?", [competition_id]
        with self.datastore.transaction(commit=False) as c:
            c.execute(sql, params)
            return sorted(row[0] for row in c.fetchall())

    def record_failure(self, subject: str, exc: BaseException) -> None:
        """Record what failed, in a transaction of its own (the failed one was rolled back)."""
        position = exc.position if isinstance(exc, BatchFailed) else None
        try:
            with self.datastore.transaction(commit=True) as c:
                status.failed(
                    Database(c.sqlite_cursor.connection), subject, status.describe(exc), position
                )
        except Exception:  # the store itself is failing: the log says so
            log.exception("recording the failure of %s failed", subject)

    def close(self) -> None:
        self.datastore.close()

    def reset(self) -> None:
        """Empty every read-model table and the tracking position."""
        with self.datastore.transaction(commit=True) as c:
            db = Database(c.sqlite_cursor.connection)
            for table in (*TABLES, DUE):
                db.execute(f"DELETE FROM [{table}]")
            forget_positions(db)


class BatchFailed(Exception):
    """Raised when an event of a batch could not be applied: names the event."""

    def __init__(self, position: int, name: str, exc: Exception) -> None:
        super().__init__(f"event {position} ({name}): {type(exc).__name__}: {exc}")
        self.position = position

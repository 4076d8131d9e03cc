"""The read-model store and its catch-up loop."""

from __future__ import annotations

import json
import logging
import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from eventsourcing.application import Application
from eventsourcing.persistence import Tracking
from eventsourcing.sqlite import (
    SQLiteConnection,
    SQLiteConnectionPool,
    SQLiteDatastore,
    SQLiteTrackingRecorder,
)
from sqlite_utils import Database

from . import audit, competitions, lists, results
from .migrations import DUE, TABLES, migrations

Handler = Callable[[Database, Any, Any, set[str]], None]
HANDLERS: dict[str, Handler] = {**competitions.HANDLERS, **lists.HANDLERS}
BATCH = 200
log = logging.getLogger(__name__)


class _ViewPool(SQLiteConnectionPool):
    """Connections that do not wait for the disk at every commit (WAL, synchronous=NORMAL).

    A crash can lose the last few transactions of the read models, never corrupt them; the
    tracking position is lost with them, so the next catch-up simply applies them again.
    """

    def _create_connection(self) -> SQLiteConnection:
        connection = super()._create_connection()
        with connection.cursor() as cursor:  # autocommit: no transaction is open here
            cursor.execute("PRAGMA synchronous=NORMAL")
        return connection


class ReadModels(SQLiteTrackingRecorder):
    """The read models in one SQLite file, with their tracking position."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        with sqlite3.connect(self.path) as conn:
            conn.execute("PRAGMA journal_mode=WAL")
            migrations.apply(Database(conn))
        datastore = SQLiteDatastore(self.path, lock_timeout=30)
        datastore.pool = _ViewPool(db_name=self.path, lock_timeout=30)
        super().__init__(datastore)
        self.create_table()
        self._lock = threading.Lock()

    def position(self, application_name: str) -> int:
        return self.max_tracking_id(application_name) or 0

    def catch_up(self, app: Application[Any], batch: int = BATCH, *, settle: bool = True) -> int:
        """Apply every new event of ``app`` to the read models; return how many.

        The events mark the competitions they touch as due; with ``settle`` (the default)
        their results and standings are recomputed before returning. The catch-up after a
        save passes ``settle=False``: a deal then costs the same at a table of four and in a
        hall of 500 tables, and whoever reads the results next settles them (:meth:`settle`).
        """
        done = 0
        with self._lock:
            while True:
                count = self._apply_batch(app, batch)
                done += count
                if count < batch:
                    break
            if settle:
                self._settle(None)
        return done

    def settle(self, competition_id: str | None = None) -> int:
        """Recompute the results and standings of the competitions marked due (or of the one
        named, if it is due); return how many were recomputed.

        Every reader of ``evening_results``, ``standings`` and ``travellers`` calls this
        first; the background worker calls it at every tick. A competition with nothing new
        costs one read of a table of a few rows, without taking the write lock (live streams
        call this once a second each).
        """
        sql, params = f"SELECT 1 FROM [{DUE}]", []
        if competition_id is not None:
            sql, params = sql + " WHERE competition_id = ?", [competition_id]
        if not self.rows(sql + " LIMIT 1", params):
            return 0
        with self._lock:
            try:
                return self._settle(competition_id)
            except Exception:  # a reader gets the last results; the competition stays due
                log.exception("recomputing the results failed; the worker retries")
                return 0

    def _settle(self, competition_id: str | None) -> int:
        with self.datastore.transaction(commit=True) as c:
            db = Database(c.sqlite_cursor.connection)
            sql, params = f"SELECT competition_id FROM [{DUE}]", []
            if competition_id is not None:
                sql, params = sql + " WHERE competition_id = ?", [competition_id]
            due = [row[0] for row in db.execute(sql, params).fetchall()]
            for cid in sorted(due):
                results.refresh(db, cid)
                db.execute(f"DELETE FROM [{DUE}] WHERE competition_id = ?", [cid])
            return len(due)

    def _apply_batch(self, app: Application[Any], batch: int) -> int:
        with self.datastore.transaction(commit=True) as c:
            start = self._max_tracking_id(app.name, c)
            page = app.recorder.select_notifications(
                start=start, limit=batch, inclusive_of_start=start is None
            )
            if not page:
                return 0
            self._insert_tracking(c, Tracking(app.name, page[-1].id))
            db = Database(c.sqlite_cursor.connection)
            dirty: set[str] = set()
            for n in page:
                event = app.mapper.to_domain_event(n)
                name = type(event).__qualname__
                audit.record(db, n, event, name)
                handler = HANDLERS.get(name)
                if handler is not None:
                    handler(db, n, event, dirty)
            db.conn.executemany(
                f"INSERT OR IGNORE INTO [{DUE}] (competition_id) VALUES (?)",
                [(cid,) for cid in sorted(dirty)],
            )
            return len(page)

    @contextmanager
    def reading(self) -> Iterator[Database]:
        """A read-only view of the read models."""
        conn = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, check_same_thread=False)
        conn.row_factory = sqlite3.Row
        try:
            yield Database(conn)
        finally:
            conn.close()

    def rows(self, sql: str, params: Any = ()) -> list[dict[str, Any]]:
        with self.reading() as db:
            return [dict(r) for r in db.execute(sql, params).fetchall()]

    def dump(self) -> dict[str, list[tuple[Any, ...]]]:
        """Every row of every read-model table, sorted: for comparing two builds.

        The due results are settled first, so that both builds show them recomputed.
        """
        self.settle()
        with self.reading() as db:
            return {
                t: sorted(tuple(r) for r in db.execute(f"SELECT * FROM [{t}]").fetchall())
                for t in TABLES
            }

    def reset(self) -> None:
        """Empty every read-model table and the tracking position (for a rebuild)."""
        with self.datastore.transaction(commit=True) as c:
            for table in (*TABLES, DUE):
                c.execute(f"DELETE FROM [{table}]")
            c.execute("DELETE FROM tracking")

    def close(self) -> None:
        self.datastore.close()


def loads(value: str | None) -> Any:
    return None if value is None else json.loads(value)

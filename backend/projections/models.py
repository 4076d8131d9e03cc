"""The read-model store and its catch-up loop."""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from eventsourcing.application import Application
from sqlite_utils import Database

from . import results, status
from .generations import rebuild
from .migrations import DUE, LOG, STATUS, TABLES
from .readers import Readers
from .store import Store, identity

BATCH = 5000  # events a catch-up applies in one transaction (fewer: more commits)
log = logging.getLogger(__name__)


class ReadModels:
    """The read models in one SQLite file (``path``), with their tracking position.

    A rebuild (:meth:`rebuild`) writes a new file beside the live one and then points
    ``path`` at it; every operation here first checks which file ``path`` names and reopens
    when it changed, so every process follows the swap at its next catch-up or read.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._store = Store(self.path)
        self._readers = Readers(self.path)
        self._lock = threading.RLock()
        self._behind: tuple[int, float] | None = None

    def _current(self) -> Store:
        """The store of the file ``path`` names now (reopened after a rebuild swapped it)."""
        if identity(self.path) != self._store.identity:
            old, self._store = self._store, Store(self.path)
            old.close()
        return self._store

    def position(self, application_name: str) -> int:
        with self._lock:
            return self._current().max_tracking_id(application_name) or 0

    def catch_up(self, app: Application[Any], batch: int = BATCH, *, settle: bool = True) -> int:
        """Apply every new event of ``app`` to the read models; return how many.

        Events are applied a batch at a time (:meth:`Store.apply_batch`). The events mark the
        competitions they touch as due; with ``settle`` (the default) their results and
        standings are recomputed before returning. The catch-up after a save passes
        ``settle=False``: a deal then costs the same at a table of four and in a hall of 500
        tables, and whoever reads the results next settles them (:meth:`settle`). A batch
        that fails is rolled back, recorded (``read_model_status``) and raised.
        """
        done = 0
        with self._lock:
            store = self._current()
            while True:
                try:
                    count = store.apply_batch(app, batch)
                except Exception as exc:
                    store.record_failure(LOG, exc)
                    raise
                done += count
                if count < batch:
                    break
            if settle:
                self._settle(store, None)
        return done

    def rebuild(self, app: Application[Any], batch: int = BATCH) -> int:
        """Build the read models anew beside the live ones, then swap; return the events."""
        with self._lock:
            count = rebuild(Path(self.path), lambda new: _build(new, app, batch))
            self._current()
            return count

    def settle(self, competition_id: str | None = None) -> int:
        """Recompute the results and standings of the competitions marked due (or of the one
        named, if it is due); return how many were recomputed.

        Every reader of ``evening_results``, ``standings`` and ``travellers`` calls this
        first; the background worker calls it at every tick. A competition with nothing new
        costs one read of a table of a few rows, without taking the write lock (live streams
        call this twice a second each). Each competition is settled in its own transaction:
        one that fails keeps its last results, stays due and is recorded, and the others are
        settled all the same.
        """
        sql, params = f"SELECT 1 FROM [{DUE}]", []
        if competition_id is not None:
            sql, params = sql + " WHERE competition_id = ?", [competition_id]
        if not self.rows(sql + " LIMIT 1", params):
            return 0
        with self._lock:
            return self._settle(self._current(), competition_id)

    def _settle(self, store: Store, competition_id: str | None) -> int:
        done = 0
        for cid in store.due(competition_id):
            try:
                with store.datastore.transaction(commit=True) as c:
                    db = Database(c.sqlite_cursor.connection)
                    results.refresh(db, cid)
                    db.execute(f"DELETE FROM [{DUE}] WHERE competition_id = ?", [cid])
                    status.settled(db, cid, store.applied(c))
                done += 1
            except Exception as exc:  # readers get the last results; the worker retries
                log.exception("recomputing the results of %s failed; the worker retries", cid)
                store.record_failure(cid, exc)
        return done

    def failures(self) -> list[dict[str, Any]]:
        """What is failing now: the catch-up, or the results of a competition."""
        return status.failures(self.rows(f"SELECT * FROM [{STATUS}] ORDER BY subject"))

    def behind_since(self, events: int, applied: int) -> float | None:
        """Since when (monotonic seconds) the read models have stood at ``applied`` while the
        log held more; None when they are current."""
        if applied >= events:
            self._behind = None
        elif self._behind is None or self._behind[0] != applied:
            self._behind = (applied, time.monotonic())
        return None if self._behind is None else self._behind[1]

    def current(self, competition_id: str) -> dict[str, Any]:
        """Up to which event the competition's results are current, and since when they lag."""
        rows = {
            r["subject"]: r
            for r in self.rows(
                f"SELECT * FROM [{STATUS}] WHERE subject IN (?, ?)", [competition_id, LOG]
            )
        }
        mine, log_row = rows.get(competition_id, {}), rows.get(LOG, {})
        failing = mine.get("failing_since")
        event = mine.get("settled_to") if failing else log_row.get("settled_to")
        stamp = self.rows(
            "SELECT MAX(position) AS position, timestamp FROM audit_trail WHERE position <= ?",
            [event or 0],
        )
        return {
            "event": event or 0,
            "at": stamp[0]["timestamp"] if stamp else None,
            "behind_since": failing or log_row.get("failing_since"),
            "reason": mine.get("error") if failing else log_row.get("error"),
        }

    @contextmanager
    def reading(self) -> Iterator[Database]:
        """A read-only view of the read models (a connection of :class:`Readers`)."""
        with self._readers.reading() as db:
            yield db

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
        """Empty every read-model table and the tracking position, in place."""
        with self._lock:
            self._current().reset()

    def close(self) -> None:
        with self._lock:
            self._store.close()
        self._readers.close()


def _build(path: Path, app: Application[Any], batch: int) -> int:
    """Build read models from the whole log in the file ``path``; return the events applied."""
    fresh = ReadModels(path)
    try:
        count = fresh.catch_up(app, batch)
    finally:
        fresh.close()
    return count


def loads(value: str | None) -> Any:
    return None if value is None else json.loads(value)

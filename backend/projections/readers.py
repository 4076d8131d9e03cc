"""Read-only connections to the read-model file, kept for the next read.

Every page, sheet, pull and live frame reads the read models. A connection opened for each
read, and the schema SQLite reads at its first statement (some thirty tables and views),
cost more than most of those reads themselves. A few idle connections are kept and lent out
one reader at a time; one is never lent again after a read that failed or left a
transaction open, and none to a file that ``path`` no longer names (a rebuild swapped it).
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from sqlite_utils import Database

from .store import identity

IDLE = 8  # connections kept between reads (a process's threads rarely read more at once)


class Readers:
    """Read-only connections to the file ``path`` names, reused."""

    def __init__(self, path: str, idle: int = IDLE) -> None:
        self.path = path
        self.idle = idle
        self._lock = threading.Lock()
        self._kept: list[tuple[tuple[int, int] | None, Database]] = []
        self._closed = False

    @contextmanager
    def reading(self) -> Iterator[Database]:
        """A read-only connection for one reader, given back afterwards."""
        file = identity(self.path)
        db = self._take(file) or self._open()
        reusable = False
        try:
            yield db
            reusable = not db.conn.in_transaction
        finally:
            if not (reusable and self._give(file, db)):
                db.conn.close()

    def _take(self, file: tuple[int, int] | None) -> Database | None:
        stale = []
        found = None
        with self._lock:
            while self._kept and found is None:
                was, db = self._kept.pop()
                if was == file and file is not None:
                    found = db
                else:
                    stale.append(db)
        for db in stale:
            db.conn.close()
        return found

    def _open(self) -> Database:
        conn = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, check_same_thread=False)
        conn.row_factory = sqlite3.Row
        return Database(conn)

    def _give(self, file: tuple[int, int] | None, db: Database) -> bool:
        with self._lock:
            if self._closed or file is None or len(self._kept) >= self.idle:
                return False
            self._kept.append((file, db))
            return True

    def close(self) -> None:
        """Close the idle connections; the ones lent out close when given back."""
        with self._lock:
            kept, self._kept, self._closed = self._kept, [], True
        for _, db in kept:
            db.conn.close()

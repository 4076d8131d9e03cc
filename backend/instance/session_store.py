"""The server's record of the director's sessions and of failed logins, shared by processes.

Flask's session cookie is only signed, not remembered: a copy of it works until it expires.
So every director session also has a row here (``sessions.sqlite`` in the instance folder,
one file for every server process of the instance). A session is good while its row exists
and it is younger than its lifetime, counted from the login and never renewed by requests;
logging out deletes the row, and the cookie with it is worth nothing from then on.

Failed logins are counted per *key* (the account, or a browser the director has logged in
from before; see :mod:`.login`): the first few failures cost nothing (typing errors), every
further one doubles the wait before the next attempt, up to a cap. Nothing is counted per
address, so sharing the club's Wi-Fi with someone gives them no hold on the director.
"""

from __future__ import annotations

import secrets
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

FREE_FAILURES = 3  # failures before the first wait
FIRST_WAIT = 2  # seconds after the first failure past the free ones; doubles after each
MAX_WAIT = 300  # the longest wait between two attempts on one key
FORGET_AFTER = 24 * 3600  # a key's failures are forgotten after a quiet day

SCHEMA = """
CREATE TABLE IF NOT EXISTS director_sessions (
    sid TEXT PRIMARY KEY,
    director TEXT NOT NULL,
    started REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS login_failures (
    key TEXT PRIMARY KEY,
    failures INTEGER NOT NULL,
    last_failure REAL NOT NULL,
    next_attempt REAL NOT NULL
);
"""


def wait_after(failures: int) -> int:
    """Seconds to wait before the next attempt once a key has failed ``failures`` times."""
    if failures <= FREE_FAILURES:
        return 0
    return min(MAX_WAIT, FIRST_WAIT * 2 ** min(failures - FREE_FAILURES - 1, 32))


class SessionStore:
    """Director sessions with an absolute lifetime, and the login back-off, in one SQLite file."""

    def __init__(self, path: Path, lifetime: float, clock: Callable[[], float] = time.time) -> None:
        self.path = path
        self.lifetime = lifetime
        self.clock = clock
        db = sqlite3.connect(self.path, timeout=30, isolation_level=None)
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.executescript(SCHEMA)
        finally:
            db.close()

    @contextmanager
    def _db(self) -> Iterator[sqlite3.Connection]:
        """A connection for one transaction (written at once: ``BEGIN IMMEDIATE``)."""
        db = sqlite3.connect(self.path, timeout=30, isolation_level=None)
        try:
            db.execute("BEGIN IMMEDIATE")
            yield db
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
        finally:
            db.close()

    def start(self, director: str) -> str:
        """Record a new session of ``director``; return its id (forgetting expired ones)."""
        sid = secrets.token_urlsafe(24)
        now = self.clock()
        with self._db() as db:
            db.execute("DELETE FROM director_sessions WHERE started <= ?", [now - self.lifetime])
            db.execute("INSERT INTO director_sessions VALUES (?, ?, ?)", [sid, director, now])
        return sid

    def holder(self, sid: str | None) -> str | None:
        """The director of session ``sid`` if it has not ended nor outlived its lifetime."""
        if not sid:
            return None
        with self._db() as db:
            row = db.execute(
                "SELECT director, started FROM director_sessions WHERE sid = ?", [sid]
            ).fetchone()
        if row is None or self.clock() - row[1] >= self.lifetime:
            return None
        return str(row[0])

    def end(self, sid: str | None) -> None:
        """End session ``sid``: its cookie is refused from now on."""
        with self._db() as db:
            db.execute("DELETE FROM director_sessions WHERE sid = ?", [sid or ""])

    def end_all(self, director: str) -> None:
        """End every session of ``director`` (say, after a new password)."""
        with self._db() as db:
            db.execute("DELETE FROM director_sessions WHERE director = ?", [director])

    def retry_in(self, key: str) -> int:
        """Seconds before ``key`` may try to log in again (0: now)."""
        with self._db() as db:
            row = db.execute(
                "SELECT next_attempt FROM login_failures WHERE key = ?", [key]
            ).fetchone()
        return 0 if row is None else max(0, _ceil(row[0] - self.clock()))

    def failed(self, key: str) -> int:
        """Count a failed login of ``key``; return the seconds it must now wait."""
        now = self.clock()
        with self._db() as db:
            row = db.execute(
                "SELECT failures, last_failure FROM login_failures WHERE key = ?", [key]
            ).fetchone()
            failures = 1 if row is None or now - row[1] > FORGET_AFTER else row[0] + 1
            wait = wait_after(failures)
            db.execute(
                "INSERT OR REPLACE INTO login_failures VALUES (?, ?, ?, ?)",
                [key, failures, now, now + wait],
            )
        return wait

    def succeeded(self, key: str) -> None:
        """Forget the failures of ``key`` after a good login."""
        with self._db() as db:
            db.execute("DELETE FROM login_failures WHERE key = ?", [key])


def _ceil(seconds: float) -> int:
    whole = int(seconds)
    return whole + (1 if seconds > whole else 0)

"""Two writers of the read models' file: a plain BEGIN that read first is refused at once when
the other committed meanwhile; BEGIN IMMEDIATE waits its turn and writes."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from backend.projections.locking import begin_immediate, immediate


def connect(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(path, isolation_level=None, timeout=5, check_same_thread=False)
    conn.execute("PRAGMA journal_mode=WAL")
    return conn


@pytest.fixture
def views(tmp_path: Path) -> Path:
    path = tmp_path / "views.sqlite"
    with connect(path) as conn:
        conn.execute("CREATE TABLE tracking (position INTEGER)")
        conn.execute("INSERT INTO tracking VALUES (0)")
    return path


def test_a_plain_begin_that_read_first_is_refused_after_another_writer_committed(
    views: Path,
) -> None:
    mine, other = connect(views), connect(views)
    mine.execute("BEGIN")
    mine.execute("SELECT position FROM tracking").fetchone()
    other.execute("UPDATE tracking SET position = 1")  # another process's catch-up
    with pytest.raises(sqlite3.OperationalError, match="locked"):
        mine.execute("UPDATE tracking SET position = 1")


def test_begin_immediate_takes_the_lock_first_and_writes_after_the_other(views: Path) -> None:
    other = connect(views)
    mine = immediate(connect(views))
    other.execute("BEGIN IMMEDIATE")
    other.execute("UPDATE tracking SET position = 1")

    def finish_other() -> None:
        other.execute("COMMIT")

    threading.Timer(0.3, finish_other).start()
    with mine.transaction(commit=True) as cursor:  # waits for the other's commit
        cursor.execute("SELECT position FROM tracking")
        seen = cursor.fetchone()[0]
        cursor.execute("UPDATE tracking SET position = ?", [seen + 1])
    assert connect(views).execute("SELECT position FROM tracking").fetchone()[0] == 2


def test_a_writer_refused_past_the_timeout_gets_sqlites_error_after_sleeping_in_python(
    views: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    other = connect(views)
    other.execute("BEGIN IMMEDIATE")
    mine = sqlite3.connect(views, isolation_level=None, timeout=0)
    slept: list[float] = []
    real_sleep = time.sleep
    monkeypatch.setattr(time, "sleep", lambda s: slept.append(s) or real_sleep(s))
    with pytest.raises(sqlite3.OperationalError, match="database is locked"):
        begin_immediate(mine.cursor(), timeout=0.2)
    assert slept  # the waits were Python's (gevent's, in a web process), not SQLite's
    other.execute("COMMIT")
    begin_immediate(mine.cursor())
    mine.execute("UPDATE tracking SET position = 1")
    mine.execute("COMMIT")


WAIT_UNDER_GEVENT = """
from gevent import monkey

monkey.patch_all()
import sqlite3, sys

import gevent

from backend.projections.store import Store

path = sys.argv[1]
store = Store(path)
holder = sqlite3.connect(path, isolation_level=None)
holder.execute("BEGIN IMMEDIATE")  # another writer holds the lock...
seen = []


def other():  # ...and releases it only when a greenlet of this process gets to run
    gevent.sleep(0.2)  # the writer waits for the lock by now
    seen.append("another greenlet ran")
    holder.execute("COMMIT")


def writer():
    with store.datastore.transaction(commit=True):
        seen.append("the writer has the lock")


gevent.joinall([gevent.spawn(writer), gevent.spawn(other)], raise_error=True)
print(seen)
"""


def test_a_writer_waiting_for_the_lock_under_gevent_lets_the_other_greenlets_run(
    tmp_path: Path,
) -> None:
    """A web process (gunicorn, gevent) waiting for the read models' lock keeps serving: the
    greenlet that releases it (in the load run, one that held PostgreSQL's lock the holder
    waited for) runs. SQLite's own busy wait would stop the process for its 30 s timeout."""
    done = subprocess.run(
        [sys.executable, "-c", WAIT_UNDER_GEVENT, str(tmp_path / "views.sqlite")],
        cwd=Path(__file__).parents[2],
        capture_output=True,
        text=True,
        timeout=25,  # a hang guard, below SQLite's 30 s busy timeout that ended the old wait
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == str(["another greenlet ran", "the writer has the lock"])

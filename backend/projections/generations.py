"""Rebuild beside, then swap: the read models' file name is a link to one generation.

``views.sqlite`` starts as a plain file. A rebuild writes ``views.<n>.sqlite`` next to it
while pages keep being served from the live file, then points ``views.sqlite`` at the new
file with one ``os.replace`` of a symbolic link: atomic, so every reader sees either the old
models or the new ones. SQLite follows the link to find the write-ahead log, so the old and
the new generation never share one. Open connections keep the old file until their owner
notices the swap (:meth:`ReadModels._current`); the old generation is removed after the swap.
An interrupted rebuild leaves a partial generation that no link names: the next rebuild
removes it, and the live models stay as they were.
"""

from __future__ import annotations

import fcntl
import os
import re
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

LOGS = ("-wal", "-shm", "-journal")
SIDE_FILES = ("", *LOGS, ".migrate.lock")


def generation(live: Path, number: int) -> Path:
    """The file of one generation of the read models named ``live``."""
    return live.with_name(f"{live.stem}.{number}{live.suffix}")


def generations(live: Path) -> list[Path]:
    """Every generation file beside ``live``, current or not."""
    pattern = re.compile(rf"{re.escape(live.stem)}\.\d+{re.escape(live.suffix)}")
    return sorted(p for p in live.parent.iterdir() if pattern.fullmatch(p.name))


def remove(path: Path) -> None:
    """Remove a database file with its write-ahead log, shared memory, journal and lock."""
    for side in SIDE_FILES:
        Path(f"{path}{side}").unlink(missing_ok=True)


@contextmanager
def exclusive(live: Path, what: str = "rebuild") -> Iterator[None]:
    """Hold the ``what`` lock of ``live`` (one rebuild, or one migration, at a time, across
    processes)."""
    with open(live.with_name(f"{live.name}.{what}.lock"), "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def rebuild(live: Path, build: Callable[[Path], int]) -> int:
    """Build a new generation with ``build``, then swap it in; return what ``build`` returned."""
    with exclusive(live):
        current = Path(os.path.realpath(live)) if live.exists() else None
        for stale in generations(live):
            if stale != current:  # left by an interrupted rebuild
                remove(stale)
        new = generation(live, time.time_ns())
        count = build(new)
        conn = sqlite3.connect(new)  # the last connection: the log is folded into the file
        try:
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            conn.close()
        link = live.with_name(f".{live.name}.{os.getpid()}.link")
        link.unlink(missing_ok=True)
        os.symlink(new.name, link)
        os.replace(link, live)
        if current is not None and current != live:
            remove(current)
        elif current == live:  # the first rebuild: the plain file is gone, its log is not
            for side in LOGS:
                Path(f"{live}{side}").unlink(missing_ok=True)
        return count

"""One process at a time: an exclusive lock on a file of the instance folder."""

from __future__ import annotations

import fcntl
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

OPENING = "opening.lock"  # held while a process migrates and first catches up


@contextmanager
def exclusive(folder: Path, name: str = OPENING) -> Iterator[None]:
    """Hold ``folder/name`` against every other process until the block ends."""
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / name, "a+b") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)

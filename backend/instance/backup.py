"""``troef backup`` and ``troef restore`` of an instance on SQLite.

A backup is a folder with a copy of the event store made by SQLite's online backup API (the
server keeps running and writing; the copy is one consistent moment of it), the settings
(``troef.toml``) and ``backup.json`` (when, how many events). The read models are not copied:
a restore rebuilds them from the events. On PostgreSQL the event store is backed up with
``pg_dump`` instead (docs/ops/backup.md).
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path

from . import SETTINGS, Instance, InstanceError

EVENTS = "events.sqlite"
MANIFEST = "backup.json"


@dataclass
class Backup:
    """What a backup holds."""

    folder: str
    taken_at: str
    events: int
    last_position: int


def _count(db: sqlite3.Connection) -> tuple[int, int]:
    row = db.execute("SELECT COUNT(*), COALESCE(MAX(rowid), 0) FROM stored_events").fetchone()
    return int(row[0]), int(row[1])


def backup(inst: Instance, folder: Path) -> Backup:
    """Copy ``inst``'s events and settings into the new folder ``folder``."""
    if inst.event_env()["PERSISTENCE_MODULE"] != "eventsourcing.sqlite":
        raise InstanceError(
            "the events are in PostgreSQL: back them up with pg_dump (docs/ops/backup.md)"
        )
    if folder.exists() and any(folder.iterdir()):
        raise InstanceError(f"{folder} is not empty; choose a new folder for the backup")
    folder.mkdir(parents=True, exist_ok=True)
    source = sqlite3.connect(f"file:{inst.path / EVENTS}?mode=ro", uri=True, timeout=30)
    target = sqlite3.connect(folder / EVENTS)
    try:
        source.backup(target)  # all pages in one step: one consistent snapshot
        target.execute("PRAGMA journal_mode=DELETE")  # one self-contained file
        problems = target.execute("PRAGMA integrity_check").fetchone()[0]
        if problems != "ok":
            raise InstanceError(f"the copy failed SQLite's integrity check: {problems}")
        events, last = _count(target)
    finally:
        target.close()
        source.close()
    shutil.copy2(inst.path / SETTINGS, folder / SETTINGS)
    made = Backup(str(folder), datetime.now(UTC).isoformat(timespec="seconds"), events, last)
    (folder / MANIFEST).write_text(json.dumps(asdict(made), indent=2), encoding="utf-8")
    return made


def restore(folder: Path, target: Path) -> Backup:
    """Make ``target`` an instance holding the backup in ``folder`` (its read models are
    rebuilt when it is next opened)."""
    manifest = folder / MANIFEST
    if not manifest.exists() or not (folder / EVENTS).exists():
        raise InstanceError(f"{folder} is not a Troef backup (no {MANIFEST} or {EVENTS})")
    if (target / SETTINGS).exists() or (target / EVENTS).exists():
        raise InstanceError(f"{target} already holds an instance; restore into a new folder")
    made = Backup(**json.loads(manifest.read_text(encoding="utf-8")))
    target.mkdir(parents=True, exist_ok=True)
    shutil.copy2(folder / EVENTS, target / EVENTS)
    shutil.copy2(folder / SETTINGS, target / SETTINGS)
    with sqlite3.connect(target / EVENTS) as db:
        if _count(db) != (made.events, made.last_position):
            raise InstanceError("the backup's events do not match its manifest")
    return made

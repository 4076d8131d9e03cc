"""``troef migrate``: the event store's tables and the read models' migrations, run once.

Run it before the server processes and the worker start (``ops/systemd/troef-migrate.service``
does). Every process also opens the instance under the same lock (:func:`.lock.exclusive`),
so a process that starts while another migrates waits for it and then finds nothing to do:
twelve processes started at once never race for the read models' file.
"""

from __future__ import annotations

import sqlite3
import warnings
from dataclasses import dataclass
from pathlib import Path

from sqlite_utils import Database

from ..application import Troef
from ..projections import ReadModels
from ..projections.migrations import migrations
from . import Instance
from .lock import exclusive

VIEWS = "views.sqlite"


@dataclass
class Migrated:
    """What ``troef migrate`` did."""

    store: str
    applied: list[str]
    events: int

    def lines(self) -> list[str]:
        done = ", ".join(self.applied) if self.applied else "none pending"
        return [
            f"event store ({self.store}): tables ready, {self.events} events",
            f"read models: {len(self.applied)} migration(s) applied ({done})",
        ]


def pending(views: Path) -> list[str]:
    """The read-model migrations not yet applied to the file ``views``."""
    if not views.exists():
        return [m.name for m in migrations.pending(Database(memory=True))]
    conn = sqlite3.connect(f"file:{views}?mode=ro", uri=True)
    try:
        return [m.name for m in migrations.pending(Database(conn))]
    finally:
        conn.close()


def migrate(inst: Instance) -> Migrated:
    """Create the event store's tables and apply the read models' pending migrations."""
    env = inst.event_env()
    views_path = inst.path / VIEWS
    with exclusive(inst.path):
        before = pending(views_path)
        app = Troef(env=env)  # creates the event store's tables when missing
        views = ReadModels(views_path)  # applies the pending migrations
        views.catch_up(app)  # so that the processes starting next find them current
        events = app.recorder.max_notification_id() or 0
        views.close()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            app.close()
        after = set(pending(views_path))
    store = env["PERSISTENCE_MODULE"].rsplit(".", 1)[-1]
    return Migrated(store, [name for name in before if name not in after], events)

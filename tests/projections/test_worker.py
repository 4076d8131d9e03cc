"""The background worker catches up events written by another process."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from backend.aggregates.actor import director
from backend.application import Command, Troef
from backend.projections import ReadModels
from backend.projections.worker import CatchUpWorker

WRITER = """
import sys
from backend.aggregates.actor import director
from backend.application import Command, Troef
app = Troef(env={"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": sys.argv[1]})
create = {"name": "Written elsewhere", "rules": "wiezen-reglement-2019"}
cid = app.handle(director(), Command("create_competition", None, create))
for name in ("An", "Bert", "Carla"):
    app.handle(director(), Command("enrol_player", cid, {"name": name}))
print(cid)
"""


def test_the_worker_applies_events_another_process_wrote(tmp_path: Path) -> None:
    events = str(tmp_path / "events.sqlite")
    app = Troef(env={"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": events})
    app.handle(
        director(),
        Command("create_competition", None, {"name": "Here", "rules": "schafkopf-tsv-lengfeld"}),
    )
    views = ReadModels(tmp_path / "views.sqlite")
    worker = CatchUpWorker(app, views, interval=0.05).start()
    try:
        cid = subprocess.run(
            [sys.executable, "-c", WRITER, events],
            capture_output=True,
            text=True,
            check=True,
            timeout=120,
        ).stdout.strip()
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if len(views.rows("SELECT * FROM players WHERE competition_id = ?", [cid])) == 3:
                break
            time.sleep(0.05)
        assert [
            r["name"]
            for r in views.rows(
                "SELECT name FROM players WHERE competition_id = ? ORDER BY player_id", [cid]
            )
        ] == ["An", "Bert", "Carla"]
        assert views.position(app.name) == app.recorder.max_notification_id()
    finally:
        worker.stop()
        views.close()

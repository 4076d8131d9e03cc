"""The read-model worker (``troef projections follow``) SIGKILLed in the middle of a batch,
again and again, while events arrive; afterwards its read models must equal a rebuild.

The events come from another process that writes the event log and does not apply them to
the read models (as the web processes of another host on a shared store do): whole demo
seasons of all four games (``build_demo``), one after the other, so that the worker alone
applies every event, in batches of up to 1,000 in one transaction each, and recomputes the
results and standings of the competitions they touch. The worker is killed only when it holds
the read models' write lock with work outstanding: inside a batch or a recomputation.
"""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from backend import instance
from backend.application import Troef
from backend.cli.history import diff
from backend.demo.season import build_demo
from backend.projections import ReadModels
from backend.projections.migrations import DUE

from .fault_club import ROOT, troef


class Worker:
    """``troef projections follow`` on an instance folder, in its own process."""

    def __init__(self, club: Path, log: Path, interval: float = 0.2) -> None:
        self.club, self.log, self.interval = club, log, interval
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        command = [sys.executable, "-m", "backend.cli", "projections", "follow"]
        command += ["--instance", str(self.club), "--interval", str(self.interval)]
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(command, cwd=ROOT, stdout=out, stderr=out)

    def kill(self) -> None:
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)

    def stop(self) -> None:
        """Ctrl-C, as an operator stops it."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.kill()


def position(views: Path) -> int:
    """The last event the read models applied (committed), read without writing."""
    with sqlite3.connect(f"file:{views}?mode=ro", uri=True, timeout=30) as conn:
        row = conn.execute(
            "SELECT MAX(notification_id) FROM tracking WHERE application_name != '__migration__'"
        ).fetchone()
    conn.close()
    return int(row[0] or 0)


def due(views: Path) -> int:
    with sqlite3.connect(f"file:{views}?mode=ro", uri=True, timeout=30) as conn:
        count = conn.execute(f"SELECT COUNT(*) FROM [{DUE}]").fetchone()[0]
    conn.close()
    return int(count)


def writing(views: Path) -> bool:
    """Whether someone holds the read models' write lock now (a transaction under way)."""
    conn = sqlite3.connect(views, timeout=0, isolation_level=None)
    try:
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("ROLLBACK")
        return False
    except sqlite3.OperationalError as exc:
        if "locked" not in str(exc):
            raise
        return True
    finally:
        conn.close()


@dataclass
class Kill:
    applied: int  # the read models' committed position right after the kill
    logged: int  # events in the log at that moment
    due: int  # competitions waiting for their results at that moment

    @property
    def mid_batch(self) -> bool:
        """The worker held the write lock with events or results still to do."""
        return self.applied < self.logged or self.due > 0


@dataclass
class WorkerRun:
    kills: list[Kill] = field(default_factory=list)  # every kill, mid-batch or not
    seasons: int = 0
    events: int = 0
    seconds: float = 0.0
    caught_up_after: float = 0.0  # seconds from the last season written to equal positions
    integrity: str = ""
    standings_rows: int = 0
    standings_equal: bool = False
    differences: list[str] = field(default_factory=list)
    failures: int = 0
    projections_check: int = -1

    @property
    def mid_batch(self) -> int:
        return sum(k.mid_batch for k in self.kills)


def run_worker_kills(
    folder: Path, kills: int, seed: int = 1, size: str = "full", timeout: float = 600
) -> WorkerRun:
    """Kill the worker ``kills`` times mid-batch while demo seasons are written; check."""
    club, views = folder / "club", folder / "club" / "views.sqlite"
    instance.init(club, "De Troef", "anna", "geheim-genoeg")
    migrated = troef("migrate", "--instance", str(club))
    assert migrated.returncode == 0, migrated.stderr
    rng, result = random.Random(seed), WorkerRun()
    app = Troef(env=instance.load(club).event_env())  # writes events; no read models
    worker = Worker(club, folder / "worker.log")
    enough = threading.Event()
    loader_errors: list[BaseException] = []

    def load() -> None:
        try:
            while not enough.is_set():
                build_demo(app, seed=seed * 1000 + result.seasons, size=size)
                result.seasons += 1
            build_demo(app, seed=seed * 1000 + result.seasons, size=size)  # after the last kill
            result.seasons += 1
        except BaseException as exc:  # reported below
            loader_errors.append(exc)

    start = time.monotonic()
    worker.start()
    loader = threading.Thread(target=load)
    loader.start()
    try:
        deadline = time.monotonic() + timeout
        while result.mid_batch < kills and time.monotonic() < deadline and loader.is_alive():
            if not views.exists() or not writing(views):
                time.sleep(0.001)
                continue
            outstanding = app.recorder.max_notification_id() or 0
            worker.kill()  # holding the write lock, with events or results outstanding
            result.kills.append(Kill(position(views), outstanding, due(views)))
            time.sleep(rng.uniform(0, 0.5))
            worker.start()
            moved = result.kills[-1].applied
            while position(views) <= moved and time.monotonic() < deadline:
                time.sleep(0.05)  # restarted: it commits a batch before it is hunted again
            time.sleep(rng.uniform(0, 1.0))
        enough.set()
        loader.join()
        assert not loader_errors, loader_errors[0]
        written = time.monotonic()
        result.events = app.recorder.max_notification_id() or 0
        while time.monotonic() < deadline and (position(views) < result.events or due(views)):
            time.sleep(0.05)
        result.caught_up_after = time.monotonic() - written
    finally:
        enough.set()
        loader.join()
        worker.stop()
    result.seconds = time.monotonic() - start
    with sqlite3.connect(views) as conn:
        result.integrity = conn.execute("PRAGMA integrity_check").fetchone()[0]
    conn.close()
    live = ReadModels(views)
    result.failures = len(live.failures())
    with tempfile.TemporaryDirectory() as tmp:
        fresh = ReadModels(Path(tmp) / "fresh.sqlite")
        fresh.catch_up(app)
        mine, rebuilt = live.dump(), fresh.dump()
        fresh.close()
    live.close()
    app.close()
    result.standings_rows = len(rebuilt["standings"])
    result.standings_equal = mine["standings"] == rebuilt["standings"]
    result.differences = diff(mine, rebuilt)
    result.projections_check = troef("projections", "check", "--instance", str(club)).returncode
    return result

"""Several processes on one instance: ``troef migrate`` once, then every process starts."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

from backend import instance

from .conftest import ROOT, free_port, troef

PROCESSES = 6


def answers(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health", timeout=2) as r:
            return r.status == 200
    except OSError:
        return False


def test_migrate_applies_the_pending_migrations_once_and_then_finds_none(
    club: tuple[Path, dict[str, Any]],
) -> None:
    path, _evening = club
    (path / "views.sqlite").unlink()
    first = troef("migrate", "--instance", str(path))
    assert first.returncode == 0, first.stderr
    assert "none pending" not in first.stdout
    assert "m001_competitions" in first.stdout
    again = troef("migrate", "--instance", str(path))
    assert again.returncode == 0, again.stderr
    assert "0 migration(s) applied (none pending)" in again.stdout
    app, views = instance.load(path).open()
    assert views.rows("SELECT COUNT(*) AS n FROM lists")[0]["n"] == 1
    app.close()
    views.close()


def test_six_servers_started_at_once_on_unmigrated_read_models_all_start(
    club: tuple[Path, dict[str, Any]], tmp_path: Path
) -> None:
    path, _evening = club
    for name in ("views.sqlite", "views.sqlite-wal", "views.sqlite-shm"):
        (path / name).unlink(missing_ok=True)
    ports = [free_port() for _ in range(PROCESSES)]
    logs = [tmp_path / f"serve-{port}.log" for port in ports]
    processes = []
    for port, log in zip(ports, logs, strict=True):
        command = [sys.executable, "-m", "backend.cli", "serve", "--instance", str(path)]
        with log.open("wb") as out:
            processes.append(
                subprocess.Popen(
                    [*command, "--port", str(port), "--threads", "4"],
                    cwd=ROOT,
                    stdout=out,
                    stderr=out,
                )
            )
    try:
        deadline = time.monotonic() + 90
        waiting = set(ports)
        while waiting and time.monotonic() < deadline:
            waiting = {port for port in waiting if not answers(port)}
            if any(p.poll() is not None for p in processes):
                break
            time.sleep(0.2)
        died = [log.read_text() for p, log in zip(processes, logs, strict=True) if p.poll()]
        assert not died, died[0]
        assert not waiting, [log.read_text() for log in logs]
    finally:
        for process in processes:
            if process.poll() is None:
                os.kill(process.pid, signal.SIGTERM)
                process.wait(timeout=20)
    app, views = instance.load(path).open()
    assert views.rows("SELECT COUNT(*) AS n FROM lists")[0]["n"] == 1
    app.close()
    views.close()

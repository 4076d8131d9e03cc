"""The servers of the load bench, started as an operator starts them, and what is checked after.

- ``sqlite``: one process, ``troef migrate`` then ``troef serve --instance DIR --host
  127.0.0.1 --port P`` (docs/ops/club-laptop.md: waitress, its default threads);
- ``postgres``: the event store in PostgreSQL, ``troef migrate``, two gunicorn masters with
  ``ops/gunicorn.conf.py`` and one web process each (``TROEF_WEB_PROCESSES=1``, two ports)
  and the read-model worker ``troef projections follow --interval 0.2``
  (as tests/ops/test_scale_out.py runs them);
- ``sqlite-gevent``: SQLite, one gunicorn web process (gevent) and the worker.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from uuid import UUID

from backend import instance
from backend.aggregates.actor import director
from backend.api import create_app
from backend.api.auth import join_code
from backend.application import Command, Troef
from backend.cli.history import diff
from backend.projections import ReadModels

ROOT = Path(__file__).resolve().parents[1]
TROEF = [sys.executable, "-m", "backend.cli"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def environment(settings: dict[str, str]) -> Iterator[None]:
    """``settings`` in this process's environment (the instance reads its store from it)."""
    before = {k: os.environ.get(k) for k in settings}
    os.environ.update(settings)
    try:
        yield
    finally:
        for key, value in before.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def store_settings(pg: dict[str, str]) -> dict[str, str]:
    """The environment that points an instance at a PostgreSQL schema."""
    keys = ("HOST", "PORT", "DBNAME", "USER", "PASSWORD", "SCHEMA")
    return {"TROEF_STORE": "postgres"} | {f"POSTGRES_{k}": pg[f"POSTGRES_{k}"] for k in keys}


def evening(path: Path, tables: int) -> tuple[str, list[tuple[str, str]]]:
    """A wiezen competition with ``tables`` tables of four drawn through the application;
    (competition id, [(list id, join code)])."""
    instance.init(path, "Load", "anna", "geheim-genoeg")
    web = create_app({"TROEF_INSTANCE": str(path), "TROEF_WORKER": False})
    app, boss = web.extensions["troef"].app, director("anna")
    try:
        cid = app.handle(
            boss,
            Command("create_competition", None, {"name": "Load", "rules": "wiezen-reglement-2019"}),
        )
        names = "\n".join(f"Speler {i}" for i in range(4 * tables))
        enrolled = app.handle(boss, Command("import_players", cid, {"csv": names}))["lines"]
        app.handle(boss, Command("schedule_evening", cid, {"date": "2026-04-05"}))
        for line in enrolled:
            args = {"evening": 1, "player_id": line["player_id"], "status": "present"}
            app.handle(boss, Command("record_attendance", cid, args))
        drawn = app.handle(boss, Command("draw_seating", cid, {"evening": 1, "seed": "1"}))
        with web.app_context():
            return cid, [(e["list_id"], join_code(e["list_id"])) for e in drawn["lists"]]
    finally:
        web.extensions["troef"].close()


@dataclass
class Servers:
    """The server processes of one configuration and the ports phones and viewers use."""

    config: str
    path: Path
    log: Path
    ports: list[int] = field(default_factory=list)
    processes: list[subprocess.Popen[bytes]] = field(default_factory=list)
    commands: list[str] = field(default_factory=list)

    def start(self) -> None:
        env = {**os.environ, "TROEF_INSTANCE": str(self.path)}
        subprocess.run([*TROEF, "migrate"], env=env, cwd=ROOT, check=True, capture_output=True)
        if self.config == "sqlite":
            port = free_port()
            serve = ["serve", "--instance", str(self.path), "--host", "127.0.0.1"]
            self._spawn([*TROEF, *serve, "--port", str(port)], env)
            self.ports.append(port)
        else:
            for _ in range(2 if self.config == "postgres" else 1):
                port = free_port()
                web = {**env, "TROEF_BIND": f"127.0.0.1:{port}", "TROEF_WEB_PROCESSES": "1"}
                self._spawn([sys.executable, "-m", "gunicorn", "-c", "ops/gunicorn.conf.py"], web)
                self.ports.append(port)
            follow = ["projections", "follow", "--instance", str(self.path), "--interval", "0.2"]
            self._spawn([*TROEF, *follow], env)
        deadline = time.monotonic() + 120
        while not all(map(self._answers, self.ports)):
            died = [p.args for p in self.processes if p.poll() is not None]
            if died or time.monotonic() > deadline:
                raise RuntimeError(f"the server did not start: {died}; see {self.log}")
            time.sleep(0.2)

    def _spawn(self, command: list[str], env: dict[str, str]) -> None:
        with self.log.open("ab") as out:
            self.processes.append(
                subprocess.Popen(command, env=env, cwd=ROOT, stdout=out, stderr=out)
            )
        shown = [Path(c).name if c == sys.executable else c for c in command]
        self.commands.append(" ".join(shown))

    @staticmethod
    def _answers(port: int) -> bool:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health", timeout=2).close()
            return True
        except OSError:
            return False

    def pids(self) -> list[int]:
        """Every server process: those started, and their children (gunicorn's workers)."""
        roots = {p.pid for p in self.processes}
        found = set(roots)
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                try:
                    stat = Path(f"/proc/{entry}/stat").read_text()
                except OSError:
                    continue
                if int(stat.rsplit(")", 1)[1].split()[1]) in roots:
                    found.add(int(entry))
        return sorted(found)

    def cpu_seconds(self) -> float:
        """CPU time (user + system) used so far by the server processes."""
        ticks = os.sysconf("SC_CLK_TCK")
        total = 0
        for pid in self.pids():
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            total += int(fields[11]) + int(fields[12])  # utime, stime
        return total / ticks

    def troubles(self) -> dict[str, int]:
        """What the servers' log says went wrong, counted."""
        text = self.log.read_text(errors="replace") if self.log.exists() else ""
        signs = {
            "gunicorn WORKER TIMEOUT (a web process killed)": "WORKER TIMEOUT",
            "tracebacks": "Traceback (most recent call last)",
            "'database is locked'": "database is locked",
            "waitress: connection limit reached": "reached the connection limit",
            "waitress: task queue warnings": "Task queue depth",
        }
        return {name: n for name, sign in signs.items() if (n := text.count(sign))}

    def stop(self) -> None:
        for p in self.processes:
            if p.poll() is None:
                p.send_signal(signal.SIGINT)  # waitress and gunicorn: a quick shutdown
        for p in self.processes:
            try:
                p.wait(30)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait(10)


@dataclass
class Checked:
    """What the stores hold after a run, against what the phones were told."""

    acknowledged: int
    stored: int
    missing: list[str]
    doubled: list[str]
    unacknowledged_but_stored: int
    chains_whole: bool
    differences: list[str]
    equal_after: float  # seconds until the read models equalled the rebuild

    @property
    def ok(self) -> bool:
        return not self.missing and not self.doubled and self.chains_whole and not self.differences


def check(path: Path, scratch: Path, acked: dict[str, set[int]]) -> Checked:
    """Every acknowledged deal stored exactly once on its list; the read models the servers
    keep equal a fresh rebuild from the event store (waiting up to 60 s for them to settle);
    every hash chain whole (as ``troef audit verify``)."""
    app = Troef(env=instance.load(path).event_env())
    try:
        missing, doubled, stored, extra = [], [], 0, 0
        for list_id, deals in acked.items():
            events = app.repository.event_store.get(UUID(list_id))
            recorded = [e.deal_no for e in events if type(e).__name__ == "DealRecorded"]
            stored += len(recorded)
            missing += [f"{list_id} deal {d}" for d in sorted(deals - set(recorded))]
            doubled += [
                f"{list_id} deal {d}" for d in sorted(set(recorded)) if recorded.count(d) > 1
            ]
            extra += len(set(recorded) - deals)
        fresh = ReadModels(scratch / "rebuilt.sqlite")
        fresh.catch_up(app)
        rebuilt = fresh.dump()
        fresh.close()
        live = ReadModels(path / "views.sqlite")
        started = time.monotonic()
        while (differences := diff(live.dump(), rebuilt)) and time.monotonic() < started + 60:
            time.sleep(0.5)
        equal_after = time.monotonic() - started
        live.close()
        whole = app.verify().ok
    finally:
        app.close()
    return Checked(
        sum(map(len, acked.values())),
        stored,
        missing,
        doubled,
        extra,
        whole,
        differences,
        equal_after,
    )


def describe(checked: Checked) -> list[str]:
    return [
        f"acknowledged deals {checked.acknowledged}, stored {checked.stored}: "
        f"missing {len(checked.missing)}, stored twice {len(checked.doubled)}, "
        f"stored without an acknowledgement {checked.unacknowledged_but_stored}",
        f"read models equal to a fresh rebuild: {not checked.differences} "
        f"(after {checked.equal_after:.1f} s; {len(checked.differences)} differences)",
        f"every hash chain whole: {checked.chains_whole}",
    ]

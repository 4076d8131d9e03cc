"""Scale-out on PostgreSQL: two web processes and a read-model worker on one event store.

The processes are the ones ``ops/`` runs: gunicorn with ``ops/gunicorn.conf.py`` (gevent,
no catch-up thread) twice, one web process each on its own port, and ``troef projections
follow`` as the worker, all on one instance folder whose event store is PostgreSQL
(``TROEF_STORE=postgres``). Four tables' phones push at once over real HTTP, each sending its
pushes to both web processes in turn, an offline batch to one and the same batch again to the
other (an answer lost on the way). Then: every deal is stored exactly once, the read models
the web processes serve equal a fresh rebuild from the event store, and both web processes
answer the same standings.
"""

from __future__ import annotations

import os
import signal
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest

from backend import instance
from backend.api import create_app
from backend.application import Troef
from backend.cli.history import diff
from backend.instance.migrate import migrate
from backend.projections import ReadModels

from ..api.conftest import wiezen_evening
from .conftest import ROOT, free_port, http, vraag_deal

TABLES = 4
ONE_BY_ONE = 10  # deals pushed one a push, to the two web processes in turn
OFFLINE = 10  # then deals recorded offline and pushed in one batch (and again)


def answers(base: str) -> bool:
    try:
        http("GET", f"{base}/api/health")
        return True
    except (OSError, urllib.error.URLError):
        return False


def store_settings(pg_env: dict[str, str]) -> dict[str, str]:
    """The environment that points an instance at the test's PostgreSQL schema."""
    keys = ("HOST", "PORT", "DBNAME", "USER", "PASSWORD", "SCHEMA")
    return {"TROEF_STORE": "postgres"} | {f"POSTGRES_{k}": pg_env[f"POSTGRES_{k}"] for k in keys}


@pytest.fixture
def processes(
    pg_env: dict[str, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[Path, dict[str, Any], list[str]]]:
    """An instance on PostgreSQL, migrated once; two web processes (gunicorn, as ops/ runs
    them) and the read-model worker; a drawn evening of four tables, made while they start."""
    path = tmp_path / "club"
    instance.init(path, "De Troef", "anna", "geheim-genoeg")
    for key, value in store_settings(pg_env).items():
        monkeypatch.setenv(key, value)
    env = {**os.environ, "TROEF_INSTANCE": str(path)}
    migrate(instance.load(path))  # what `troef migrate` does, before the processes start
    started: list[tuple[subprocess.Popen[bytes], Path]] = []
    bases = []
    for n in (1, 2):
        port = free_port()
        log = tmp_path / f"web-{n}.log"
        web_env = {**env, "TROEF_BIND": f"127.0.0.1:{port}", "TROEF_WEB_PROCESSES": "1"}
        command = [sys.executable, "-m", "gunicorn", "-c", "ops/gunicorn.conf.py"]
        started.append((spawn(command, web_env, log), log))
        bases.append(f"http://127.0.0.1:{port}")
    follow = [sys.executable, "-m", "backend.cli", "projections", "follow", "--interval", "0.2"]
    worker_log = tmp_path / "worker.log"
    started.append((spawn([*follow, "--instance", str(path)], env, worker_log), worker_log))
    try:
        web = create_app({"TROEF_INSTANCE": str(path), "TROEF_WORKER": False})
        evening = wiezen_evening(web, players=4 * TABLES)
        web.extensions["troef"].close()
        deadline = time.monotonic() + 120  # three Python processes starting on a busy machine
        while not all(answers(b) for b in bases) and time.monotonic() < deadline:
            died = [log.read_text() for p, log in started if p.poll() is not None]
            assert not died, died[0]
            time.sleep(0.1)
        assert all(answers(b) for b in bases), [log.read_text() for _p, log in started]
        yield path, evening, bases
    finally:
        for process, _log in started:
            process.send_signal(signal.SIGINT)  # gunicorn's quick shutdown; the worker's Ctrl-C
        for process, _log in started:
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=5)


def spawn(command: list[str], env: dict[str, str], log: Path) -> subprocess.Popen[bytes]:
    with log.open("wb") as out:
        return subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=out)


class Phone:
    """A table's phone that pushes to both web processes in turn, timing each push."""

    def __init__(self, bases: list[str], list_id: str, code: str, n: int) -> None:
        self.bases, self.list_id, self.n = bases, list_id, n
        self.client_id = f"phone-{n}"
        joined = http("POST", f"{bases[n % 2]}/api/join", {"code": code, "name": self.client_id})
        self.token = joined["token"]
        self.times: list[float] = []
        self.statuses: list[str] = []

    def push(self, base: str, mutations: list[tuple[int, str, dict[str, Any]]]) -> Any:
        body = {
            "client_id": self.client_id,
            "mutations": [
                {"id": i, "name": name, "list": self.list_id, "args": args}
                for i, name, args in mutations
            ],
        }
        start = time.perf_counter()
        answer = http("POST", f"{base}/api/sync/push", body, self.token)
        self.times.append(time.perf_counter() - start)
        self.statuses += [r["status"] for r in answer["results"]]
        return answer

    def evening(self) -> None:
        self.push(self.bases[self.n % 2], [(1, "join", {})])
        for deal in range(1, ONE_BY_ONE + 1):
            base = self.bases[(deal + self.n) % 2]
            self.push(
                base, [(deal + 1, "record_deal", {"deal_no": deal, "record": vraag_deal(deal)})]
            )
        offline = [
            (deal + 1, "record_deal", {"deal_no": deal, "record": vraag_deal(deal)})
            for deal in range(ONE_BY_ONE + 1, ONE_BY_ONE + OFFLINE + 1)
        ]
        self.push(self.bases[self.n % 2], offline)
        self.push(self.bases[(self.n + 1) % 2], offline)  # the answer was lost: sent again


def test_two_web_processes_and_a_worker_on_postgresql_store_each_deal_once_and_agree(
    processes: tuple[Path, dict[str, Any], list[str]],
    pg_env: dict[str, str],
    tmp_path: Path,
) -> None:
    path, evening, bases = processes
    lists = [e["list_id"] for e in evening["lists"]]
    assert len(lists) == TABLES
    phones = [
        Phone(bases, lst, code, n)
        for n, (lst, code) in enumerate(zip(lists, evening["codes"], strict=True))
    ]
    errors: list[BaseException] = []

    def run(phone: Phone) -> None:
        try:
            phone.evening()
        except BaseException as exc:  # re-raised below, in the test's thread
            errors.append(exc)

    start = time.perf_counter()
    threads = [threading.Thread(target=run, args=(p,)) for p in phones]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=300)  # each request gives up after 30 s
    pushed = time.perf_counter() - start
    assert not errors, errors[0]
    assert not any(t.is_alive() for t in threads)
    expected = ["applied"] * (1 + ONE_BY_ONE + OFFLINE) + ["duplicate"] * OFFLINE
    assert all(p.statuses == expected for p in phones), [p.statuses for p in phones]

    # every deal stored exactly once, every mutation counted once on its device
    app = Troef(env=pg_env)
    deals = list(range(1, ONE_BY_ONE + OFFLINE + 1))
    for phone in phones:
        events = app.repository.event_store.get(UUID(phone.list_id))
        recorded = [e.deal_no for e in events if type(e).__name__ == "DealRecorded"]
        assert recorded == deals
        device_id = app.get_list(phone.list_id).device_by_name(phone.client_id)
        device = app.get_device(device_id, phone.list_id)
        assert device is not None and device.last_mutation_id == 1 + len(deals)
        assert device.version == 2 + len(deals)  # registered + one record per mutation

    # the read models the web processes serve equal a fresh rebuild from the event store
    fresh = ReadModels(tmp_path / "fresh.sqlite")
    fresh.catch_up(app)
    rebuilt = fresh.dump()
    live = ReadModels(path / "views.sqlite")
    deadline = time.monotonic() + 60
    while (differences := diff(live.dump(), rebuilt)) and time.monotonic() < deadline:
        time.sleep(0.2)
    caught_up = time.perf_counter() - start - pushed
    assert not differences, differences[:5]
    live.close()
    fresh.close()

    cid = evening["competition_id"]
    standings = [http("GET", f"{b}/api/competitions/{cid}/standings") for b in bases]
    assert standings[0] == standings[1]
    assert {line["player_id"] for line in standings[0]["lines"]} == set(evening["players"])
    for phone in phones:
        sheets = [http("GET", f"{b}/api/lists/{phone.list_id}", token=phone.token) for b in bases]
        assert sheets[0] == sheets[1]
        assert [row["deal_no"] for row in sheets[0]["rows"]] == deals

    report = app.verify()  # what `troef audit verify` checks: every chain whole
    assert report.ok, report.broken
    app.close()
    times = sorted(t * 1000 for p in phones for t in p.times)
    print(
        f"\nscale-out: {len(times)} pushes ({TABLES} phones at once, 2 web processes) in "
        f"{pushed:.2f} s; push p50 {statistics.median(times):.0f} ms, "
        f"p95 {times[int(0.95 * (len(times) - 1))]:.0f} ms, max {times[-1]:.0f} ms; "
        f"read models equal to a rebuild {caught_up:.2f} s after the last answer"
    )

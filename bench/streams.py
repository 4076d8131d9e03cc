"""Live standings for hundreds of viewers: gunicorn's gevent workers against waitress' threads.

A wiezen evening (four players, one list) is served by ``troef serve`` (waitress, a fixed
pool of threads) or by gunicorn with ``ops/gunicorn.conf.py`` (gevent, two processes, plus
``troef projections follow`` as the read-model worker). ``--viewers`` connections open
``/api/live`` at once and read in one thread of this process (non-blocking sockets); a table
then pushes ``--deals`` deals over HTTP, one at a time. Reported: viewers that got their first
event, the server's OS threads, push latency, and per viewer and deal the delay from the
push's acknowledgement to the first standings event after it. Loopback only, bounded in time.

``python -m bench.streams --server gevent|waitress [--viewers 500] [--deals 20]``
"""

from __future__ import annotations

import argparse
import json
import os
import selectors
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

from backend import instance
from backend.aggregates.actor import director
from backend.api import create_app
from backend.api.auth import join_code
from backend.application import Command

from .common import Series, ms, table, workdir

ROOT = Path(__file__).resolve().parents[1]


def p99(series: Series) -> float:
    if len(series.values) < 2:
        return series.median
    return statistics.quantiles(series.values, n=100, method="inclusive")[98]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def evening(path: Path) -> tuple[str, str, str]:
    """A wiezen evening of four players drawn; (competition id, list id, join code)."""
    instance.init(path, "Bench", "anna", "geheim-genoeg")
    web = create_app({"TROEF_INSTANCE": str(path), "TROEF_WORKER": False})
    app, boss = web.extensions["troef"].app, director("anna")
    cid = app.handle(
        boss, Command("create_competition", None, {"name": "Z", "rules": "wiezen-reglement-2019"})
    )
    ids = [app.handle(boss, Command("enrol_player", cid, {"name": f"S{i}"})) for i in range(4)]
    app.handle(boss, Command("schedule_evening", cid, {"date": "2026-04-05"}))
    for pid in ids:
        args = {"evening": 1, "player_id": pid, "status": "present"}
        app.handle(boss, Command("record_attendance", cid, args))
    lists = app.handle(boss, Command("draw_seating", cid, {"evening": 1, "seed": "1"}))["lists"]
    with web.app_context():
        code = join_code(lists[0]["list_id"])
    web.extensions["troef"].close()
    return cid, lists[0]["list_id"], code


def start(server: str, path: Path, port: int, log: Path) -> list[subprocess.Popen[bytes]]:
    env = {**os.environ, "TROEF_INSTANCE": str(path), "TROEF_BIND": f"127.0.0.1:{port}"}
    troef = [sys.executable, "-m", "backend.cli"]
    subprocess.run([*troef, "migrate"], env=env, cwd=ROOT, check=True, capture_output=True)
    out = log.open("ab")
    if server == "waitress":
        commands = [[*troef, "serve", "--port", str(port), "--threads", "32"]]
    else:
        gunicorn = str(Path(sys.executable).parent / "gunicorn")
        commands = [
            [gunicorn, "-c", "ops/gunicorn.conf.py"],
            [*troef, "projections", "follow", "--interval", "0.5"],
        ]
    return [subprocess.Popen(c, env=env, cwd=ROOT, stdout=out, stderr=out) for c in commands]


def threads_of(root: int) -> int:
    """OS threads of ``root`` and its children (gunicorn's workers)."""
    pids, total = {root}, 0
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                ppid = int(Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError):
                continue
            if ppid == root:
                pids.add(int(entry))
    for pid in pids:
        total += len(os.listdir(f"/proc/{pid}/task"))
    return total


class Viewers:
    """``count`` live streams read by one thread; the arrival times of their events."""

    def __init__(self, port: int, cid: str, count: int) -> None:
        self.selector = selectors.DefaultSelector()
        self.events: list[list[float]] = [[] for _ in range(count)]
        request = (
            f"GET /api/live?competition={cid} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            "Accept: text/event-stream\r\n\r\n"
        )
        for i in range(count):
            s = socket.create_connection(("127.0.0.1", port))
            s.sendall(request.encode())
            s.setblocking(False)
            self.selector.register(s, selectors.EVENT_READ, i)
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self) -> None:
        while not self.stop.is_set():
            for key, _ in self.selector.select(0.2):
                try:
                    data = key.fileobj.recv(65536)  # type: ignore[union-attr]
                except OSError:
                    data = b""
                if not data:
                    self.selector.unregister(key.fileobj)
                    continue
                now = time.monotonic()
                self.events[key.data] += [now] * data.count(b"\nevent: ")

    def close(self) -> None:
        self.stop.set()
        self.thread.join(5)
        for key in list(self.selector.get_map().values()):
            key.fileobj.close()  # type: ignore[union-attr]


def post(url: str, body: dict[str, Any], token: str | None = None) -> dict[str, Any]:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(url, json.dumps(body).encode(), headers, method="POST")
    with urllib.request.urlopen(request, timeout=30) as answer:
        return dict(json.load(answer))


def run(server: str, viewers: int, deals: int) -> str:
    with workdir() as tmp:
        path = tmp / "club"
        cid, list_id, code = evening(path)
        port = free_port()
        processes = start(server, path, port, tmp / "server.log")
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:
                try:
                    urllib.request.urlopen(f"{base}/api/health", timeout=1).close()
                    break
                except OSError:
                    time.sleep(0.2)
            watching = Viewers(port, cid, viewers)
            time.sleep(10)  # every stream sends the standings once when it opens
            served = sum(1 for e in watching.events if e)
            threads = threads_of(processes[0].pid)
            pushes, delays, errors, note = Series("push"), Series("ack→event"), 0, ""
            try:
                token = post(f"{base}/api/join", {"code": code, "name": "bench"})["token"]
                join = {"id": 1, "name": "join", "list": list_id, "args": {}}
                post(f"{base}/api/sync/push", {"client_id": "bench", "mutations": [join]}, token)
                for n in range(1, deals + 1):
                    record = {
                        "dealer": (n - 1) % 4 + 1,
                        "contract": "VRAAG",
                        "declarers": [1, 3],
                        "tricks": 9,
                    }
                    mutation = {
                        "id": n + 1,
                        "name": "record_deal",
                        "list": list_id,
                        "args": {"deal_no": n, "record": record},
                    }
                    sent = time.monotonic()
                    answer = post(
                        f"{base}/api/sync/push",
                        {"client_id": "bench", "mutations": [mutation]},
                        token,
                    )
                    acked = time.monotonic()
                    errors += answer["results"][0]["status"] != "applied"
                    pushes.add(acked - sent)
                    time.sleep(2.5)  # a deal every few seconds; the streams look twice a second
                    for arrivals in watching.events:
                        after = [t for t in arrivals if t >= acked]
                        if after:
                            delays.add(after[0] - acked)
            except OSError as exc:  # no thread free for the table: the push never answers
                note = f"the table's push failed: {exc}"
            missed = deals * viewers - len(delays.values)
            watching.close()
        finally:
            for p in processes:
                p.send_signal(signal.SIGINT)  # gunicorn: quick shutdown, streams and all
                try:
                    p.wait(30)
                except subprocess.TimeoutExpired:
                    p.kill()
                    p.wait(10)
    rows = [
        ["viewers connected / served first event", f"{viewers} / {served}"],
        ["server OS threads with the streams open", str(threads)],
        ["push latency p50 / p99", f"{ms(pushes.median)} / {ms(p99(pushes))}"],
        ["ack → standings event p50 / p99", f"{ms(delays.median)} / {ms(p99(delays))}"],
        ["(viewer, deal) pairs with no event within 2.5 s", str(missed)],
        ["push errors", str(errors)],
    ]
    if note:
        rows.append(["note", note])
    return f"### {server}, {viewers} viewers, {deals} deals\n\n" + table(["what", "measured"], rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", choices=["gevent", "waitress"], default="gevent")
    parser.add_argument("--viewers", type=int, default=500)
    parser.add_argument("--deals", type=int, default=20)
    args = parser.parse_args()
    print(run(args.server, min(args.viewers, 2000), min(args.deals, 38)))


if __name__ == "__main__":
    main()

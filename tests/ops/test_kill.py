"""``troef serve`` SIGKILLed three times while a table pushes deals, and restarted: every deal
the server acknowledged is stored exactly once, the chains are whole and the read models
equal a rebuild."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from backend import instance

from .conftest import ROOT, free_port, troef, vraag_deal

DEALS = 24
KILL_AFTER = (5, 11, 17)  # acknowledged deals at which the server is killed


class Server:
    def __init__(self, club: Path, log: Path) -> None:
        self.club, self.log, self.port = club, log, free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        command = [sys.executable, "-m", "backend.cli", "serve", "--instance", str(self.club)]
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                [*command, "--port", str(self.port), "--threads", "4"],
                cwd=ROOT,
                stdout=out,
                stderr=out,
            )

    def kill(self) -> None:
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)


def post(url: str, body: dict[str, Any], token: str | None = None) -> dict[str, Any]:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(url, json.dumps(body).encode(), headers, method="POST")
    with urllib.request.urlopen(request, timeout=10) as answer:
        return dict(json.load(answer))


def until_it_answers(call: Any) -> Any:
    """Call again while the server is down or restarting (a phone's outbox retrying)."""
    deadline = time.monotonic() + 60
    while True:
        try:
            return call()
        except (OSError, urllib.error.URLError):
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def test_deals_pushed_while_the_server_is_killed_three_times_are_stored_exactly_once(
    club: tuple[Path, dict[str, Any]], tmp_path: Path
) -> None:
    path, evening = club
    list_id, code = evening["lists"][0]["list_id"], evening["codes"][0]
    server = Server(path, tmp_path / "serve.log")
    server.start()
    acknowledged: list[int] = []
    kills = 0
    try:
        body = {"code": code, "client_id": "phone-1"}
        token = until_it_answers(lambda: post(f"{server.base}/api/join", body))["token"]
        pushed = threading.Event()

        def killer() -> None:
            nonlocal kills
            for count in KILL_AFTER:
                while len(acknowledged) < count and not pushed.is_set():
                    time.sleep(0.001)
                if pushed.is_set():
                    return
                server.kill()  # the next push may be in flight: that is the point
                kills += 1
                server.start()

        thread = threading.Thread(target=killer)
        thread.start()
        mutations = [{"id": 1, "name": "join", "list": list_id, "args": {}}]
        for n in range(1, DEALS + 1):
            deal = {"deal_no": n, "record": vraag_deal(n)}
            mutations.append({"id": n + 1, "name": "record_deal", "list": list_id, "args": deal})
        for mutation in mutations:
            push = {"client_id": "phone-1", "mutations": [mutation]}
            answer = until_it_answers(lambda p=push: post(f"{server.base}/api/sync/push", p, token))
            assert answer["results"][0]["status"] in ("applied", "duplicate"), answer
            if mutation["name"] == "record_deal":
                acknowledged.append(mutation["args"]["deal_no"])
        pushed.set()
        thread.join(30)
    finally:
        if server.process and server.process.poll() is None:
            server.process.terminate()
            server.process.wait(timeout=20)
    assert kills == len(KILL_AFTER)
    app, views = instance.load(path).open()
    stored = [row["deal_no"] for row in app.get_list(list_id).rows]
    app.close()
    views.close()
    assert stored == acknowledged == list(range(1, DEALS + 1))
    verified = troef("audit", "verify", "--instance", str(path))
    assert verified.returncode == 0, verified.stdout
    checked = troef("projections", "check", "--instance", str(path))
    assert checked.returncode == 0, checked.stdout

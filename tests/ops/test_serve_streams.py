"""``troef serve`` keeps threads and connections for the tables: live streams beyond its
threads less those kept are told to come back later (429), phones that keep their connections
open do not crowd others out, and a phone's join and push are still answered."""

from __future__ import annotations

import http.client
import json
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from backend.cli.serve import FREE

from .conftest import ROOT, free_port, vraag_deal

THREADS = FREE + 2  # two threads for live streams
IDLE = 150  # phones keeping a connection open between pushes (keep-alive)


def request(port: int, method: str, path: str, body: Any = None, token: str = "") -> Any:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    conn.request(method, path, json.dumps(body) if body is not None else None, headers)
    answer = conn.getresponse()
    data = json.loads(answer.read() or b"null")
    conn.close()
    return answer.status, data


def test_with_many_open_connections_and_more_viewers_than_threads_a_table_still_pushes(
    club: tuple[Path, dict[str, Any]], tmp_path: Path
) -> None:
    path, evening = club
    port = free_port()
    command = [sys.executable, "-m", "backend.cli", "serve", "--instance", str(path)]
    with (tmp_path / "serve.log").open("wb") as log:
        server = subprocess.Popen(
            [*command, "--port", str(port), "--threads", str(THREADS)],
            cwd=ROOT,
            stdout=log,
            stderr=log,
        )
    streams: list[http.client.HTTPConnection] = []
    viewers: list[http.client.HTTPResponse] = []
    idle: list[socket.socket] = []
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                request(port, "GET", "/api/health")
                break
            except OSError:
                assert time.monotonic() < deadline, (tmp_path / "serve.log").read_text()
                time.sleep(0.2)
        idle = [socket.create_connection(("127.0.0.1", port)) for _ in range(IDLE)]
        statuses = []
        for _ in range(THREADS + 2):  # more viewers than the server has threads
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            conn.request("GET", f"/api/live?competition={evening['competition_id']}")
            answer = conn.getresponse()
            statuses.append(answer.status)
            if answer.status == 429:
                assert answer.getheader("Retry-After")
                answer.read()
            # the viewer keeps its answer open: a response the server will close holds the
            # connection itself, and dropping it would hang up the stream
            streams.append(conn)
            viewers.append(answer)
        assert statuses == [200, 200] + [429] * THREADS

        list_id, code = evening["lists"][0]["list_id"], evening["codes"][0]
        status, joined = request(port, "POST", "/api/join", {"code": code, "name": "phone 1"})
        assert status == 200, joined
        mutations = [
            {"id": 1, "name": "join", "list": list_id, "args": {}},
            {
                "id": 2,
                "name": "record_deal",
                "list": list_id,
                "args": {"deal_no": 1, "record": vraag_deal(1)},
            },
        ]
        body = {"client_id": "phone-1", "mutations": mutations}
        status, pushed = request(port, "POST", "/api/sync/push", body, joined["token"])
        assert status == 200, pushed
        assert [r["status"] for r in pushed["results"]] == ["applied", "applied"]
    finally:
        for answer in viewers:
            answer.close()
        for conn in streams:
            conn.close()
        for sock in idle:
            sock.close()
        server.terminate()
        server.wait(timeout=30)

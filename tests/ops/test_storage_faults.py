"""The event store cannot be written while a table pushes over HTTP: the disk full (a real
SQLITE_FULL, from a small disk filled up) and the database file read-only (``troef serve``
as root without the capability that lets root write any file). Each push is answered with a
503 that names the problem, nothing is acknowledged that was not stored, ``/api/health``
shows the failure, and once the condition is gone the phone's retries store every deal
exactly once."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from backend import instance
from backend.api import create_app

from ..api.conftest import wiezen_evening
from .conftest import ROOT, free_port, troef, vraag_deal

# Root writes any file whatever its mode; without these capabilities it obeys the mode.
ROOT_OBEYS_MODES = ["setpriv", "--bounding-set", "-dac_override,-dac_read_search"]


class Server:
    """``troef serve`` in its own process (``wrapper``: a command it runs under)."""

    def __init__(self, club: Path, log: Path, wrapper: list[str] | None = None) -> None:
        self.club, self.log, self.wrapper = club, log, wrapper or []
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        command = [sys.executable, "-m", "backend.cli", "serve", "--instance", str(self.club)]
        command += ["--port", str(self.port), "--threads", "4"]
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                [*self.wrapper, *command], cwd=ROOT, stdout=out, stderr=out
            )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                health(self.base)
                return
            except OSError:
                time.sleep(0.1)
        raise AssertionError(f"troef serve did not start: {self.log.read_text()}")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=20)


def call(url: str, body: dict[str, Any] | None = None, token: str | None = None) -> Any:
    """(status, JSON body) of a GET, or of a POST of ``body``; error answers too."""
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data, headers, method="GET" if body is None else "POST")
    try:
        with urllib.request.urlopen(request, timeout=20) as answer:
            return answer.status, json.load(answer)
    except urllib.error.HTTPError as refused:
        return refused.code, json.loads(refused.read() or b"null")


def health(base: str) -> tuple[int, dict[str, Any]]:
    status, body = call(f"{base}/api/health")
    return status, body


class Phone:
    """A table's phone: joins, then pushes deals one by one, each sent again (same mutation
    id) until it is acknowledged, as the outbox does; every answer is kept."""

    def __init__(self, base: str, list_id: str, code: str) -> None:
        self.base, self.list_id = base, list_id
        status, joined = call(f"{base}/api/join", {"code": code, "client_id": "phone-1"})
        assert status == 200, joined
        self.token = joined["token"]
        self.acknowledged: list[int] = []
        self.refusals: list[tuple[int, dict[str, Any]]] = []
        self.push({"id": 1, "name": "join", "list": list_id, "args": {}})

    def push(self, mutation: dict[str, Any], deadline: float = 45.0) -> None:
        body = {"client_id": "phone-1", "mutations": [mutation]}
        give_up = time.monotonic() + deadline
        while True:
            status, answer = call(f"{self.base}/api/sync/push", body, self.token)
            if status == 200:
                assert answer["results"][0]["status"] in ("applied", "duplicate"), answer
                if mutation["name"] == "record_deal":
                    self.acknowledged.append(mutation["args"]["deal_no"])
                return
            self.refusals.append((status, answer))
            assert time.monotonic() < give_up, f"push {mutation['id']} never acknowledged"
            time.sleep(0.05)

    def on_server(self) -> list[int]:
        """The deals of the list as the server reads them now."""
        status, body = call(f"{self.base}/api/lists/{self.list_id}", token=self.token)
        assert status == 200, body
        return [row["deal_no"] for row in body["rows"]]

    def deal(self, n: int) -> None:
        deal = {"deal_no": n, "record": vraag_deal(n)}
        self.push({"id": n + 1, "name": "record_deal", "list": self.list_id, "args": deal})


def drawn_club(path: Path) -> dict[str, Any]:
    instance.init(path, "De Troef", "anna", "geheim-genoeg")
    web = create_app({"TROEF_INSTANCE": str(path), "TROEF_WORKER": False})
    evening = wiezen_evening(web)
    web.extensions["troef"].close()
    return {"list_id": evening["lists"][0]["list_id"], "code": evening["codes"][0]}


def stored_deals(path: Path, list_id: str) -> list[int]:
    app, views = instance.load(path).open()
    try:
        return [row["deal_no"] for row in app.get_list(list_id).rows]
    finally:
        app.close()
        views.close()


def assert_whole(path: Path) -> None:
    verified = troef("audit", "verify", "--instance", str(path))
    assert verified.returncode == 0, verified.stdout
    checked = troef("projections", "check", "--instance", str(path))
    assert checked.returncode == 0, checked.stdout


def fill(disk: Path) -> Path:
    """Write a file until the disk has no byte left; returns it (remove it to make room)."""
    filler = disk / "filler"
    with filler.open("wb", buffering=0) as out:
        for chunk in (1 << 20, 4096, 512, 1):
            try:
                while True:
                    out.write(b"\0" * chunk)
            except OSError:
                continue
    return filler


def test_a_full_disk_refuses_pushes_with_a_503_and_the_retries_store_every_deal_once(
    small_disk: Path, tmp_path: Path
) -> None:
    club = small_disk / "club"
    table = drawn_club(club)
    server = Server(club, tmp_path / "serve.log")
    server.start()
    try:
        phone = Phone(server.base, table["list_id"], table["code"])
        for n in range(1, 11):
            phone.deal(n)
        filler = fill(small_disk)
        seen: dict[str, Any] = {}

        def make_room_after_three_refusals() -> None:
            deadline = time.monotonic() + 30
            while len(phone.refusals) < 3 and time.monotonic() < deadline:
                time.sleep(0.01)
            seen["health"] = health(server.base)
            seen["acknowledged"] = list(phone.acknowledged)
            seen["stored"] = phone.on_server()
            filler.unlink()

        helper = threading.Thread(target=make_room_after_three_refusals)
        helper.start()
        for n in range(11, 31):
            phone.deal(n)
        helper.join(30)
        after = health(server.base)
    finally:
        server.stop()

    assert_refused_naming(phone, seen["health"], "the disk is full")
    # While the disk was full the server held exactly the deals it had acknowledged.
    assert seen["stored"] == seen["acknowledged"]
    assert seen["acknowledged"][:10] == list(range(1, 11))
    assert after[0] == 200, after
    assert phone.acknowledged == stored_deals(club, table["list_id"]) == list(range(1, 31))
    assert_whole(club)


def assert_refused_naming(phone: Any, health: tuple[int, Any], problem: str) -> None:
    """Each push refused while the storage failed, and the health asked meanwhile, was a
    503 naming ``problem``."""
    assert len(phone.refusals) >= 3
    for status, body in phone.refusals:
        assert status == 503, body
        assert body["error"] == "storage_unavailable", body
        assert problem in body["message"], body
    status, body = health
    assert status == 503, body
    assert any(problem in reason for reason in body["reasons"]), body
    assert [f["subject"] for f in body["failures"]] == ["storage"], body


def test_a_read_only_database_file_refuses_pushes_with_a_503_until_it_is_writable_again(
    tmp_path: Path,
) -> None:
    wrapper = ROOT_OBEYS_MODES if os.geteuid() == 0 else []
    if wrapper and shutil.which("setpriv") is None:
        pytest.fail("setpriv (util-linux) is needed to run the server as root obeying modes")
    club = tmp_path / "club"
    table = drawn_club(club)
    server = Server(club, tmp_path / "serve.log", wrapper)
    server.start()
    try:
        phone = Phone(server.base, table["list_id"], table["code"])
        for n in range(1, 6):
            phone.deal(n)
        # The operator restarts the server on a file it may not write (a restore done as
        # another user): SQLite opens it read-only.
        server.stop()
        files = sorted(club.glob("events.sqlite*"))
        for file in files:
            file.chmod(0o444)
        server.start()
        seen: dict[str, Any] = {}

        def make_writable_after_three_refusals() -> None:
            deadline = time.monotonic() + 30
            while len(phone.refusals) < 3 and time.monotonic() < deadline:
                time.sleep(0.01)
            seen["health"] = health(server.base)
            seen["stored"] = phone.on_server()
            for file in club.glob("events.sqlite*"):  # SQLite made its -shm read-only too
                file.chmod(0o644)

        helper = threading.Thread(target=make_writable_after_three_refusals)
        helper.start()
        for n in range(6, 13):
            phone.deal(n)
        helper.join(30)
        after = health(server.base)
    finally:
        server.stop()

    assert_refused_naming(phone, seen["health"], "read-only")
    assert seen["stored"] == list(range(1, 6))  # nothing of deal 6 while refused
    assert after[0] == 200, after
    assert phone.acknowledged == stored_deals(club, table["list_id"]) == list(range(1, 13))
    assert_whole(club)

"""The server is killed (SIGKILL) while the app pushes a batch of deals; after a restart the app
finishes its sync and every deal is on the server exactly once, none lost, the chains whole."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from backend import instance
from backend.api import create_app

from .conftest import klaverjas_evening
from .test_list_actions import DEVICE, SYNCED

ROOT = Path(__file__).resolve().parents[1]
OFFLINE = 12  # deals recorded offline, pushed in one batch
WHILE_DOWN = 2  # deals recorded while the server is down
POINTS = {n: 70 + 2 * n for n in range(1, OFFLINE + WHILE_DOWN + 1)}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``troef serve`` in its own process, as a club runs it; killed and restarted at will."""

    def __init__(self, club: Path, port: int, log: Path) -> None:
        self.club, self.port, self.log = club, port, log
        self.base = f"http://127.0.0.1:{port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        command = [sys.executable, "-m", "backend.cli", "serve", "--instance", str(self.club)]
        command += ["--port", str(self.port), "--threads", "8"]
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(command, cwd=ROOT, stdout=out, stderr=out)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"{self.base}/api/health", timeout=2) as answer:
                    if answer.status == 200:
                        return
            except OSError:
                time.sleep(0.1)
        raise AssertionError(f"troef serve did not start: {self.log.read_text()}")

    def kill(self) -> None:
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)


@pytest.fixture
def club(tmp_path: Path) -> Iterator[tuple[Server, dict[str, Any]]]:
    """A klaverjas evening set up in the instance, then served by ``troef serve``."""
    path = tmp_path / "club"
    instance.init(path, "De Troef", "anna", "geheim-genoeg")
    web = create_app({"TROEF_INSTANCE": str(path), "TROEF_WORKER": False})
    evening = klaverjas_evening(web)
    web.extensions["troef"].close()
    server = Server(path, free_port(), tmp_path / "serve.log")
    server.start()
    try:
        yield server, evening
    finally:
        server.stop()


def rows_on_server(base: str, list_id: str, token: str) -> int:
    request = urllib.request.Request(
        f"{base}/api/lists/{list_id}", headers={"Authorization": f"Bearer {token}"}
    )
    with urllib.request.urlopen(request, timeout=5) as answer:
        return len(json.load(answer)["rows"])


def record_deal(page: Any, n: int) -> None:
    page.wait_for_selector(f'#entry-title[data-deal="{n}"]')
    page.fill("#kj-points", str(POINTS[n]))
    page.click("#record")
    page.wait_for_selector(f'#entry-title[data-deal="{n + 1}"]')


def test_deals_pushed_while_the_server_dies_arrive_once_after_a_restart(
    club: tuple[Server, dict[str, Any]], browser: Any
) -> None:
    server, evening = club
    list_id = evening["list_id"]
    context = browser.new_context(viewport={"width": 360, "height": 640}, locale="en-GB")
    page = context.new_page()
    page.goto(f"{server.base}/t/{evening['code']}")
    page.click("button[type=submit]")
    page.wait_for_selector(".pen-mine")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.wait_for_selector('#pending[data-count="0"]', timeout=SYNCED)
    token = page.evaluate(DEVICE, list_id)["token"]

    context.set_offline(True)
    for n in range(1, OFFLINE + 1):
        record_deal(page, n)
    page.wait_for_selector(f'#pending[data-count="{OFFLINE}"]')

    # The batch goes out; as soon as the server has stored part of it, it is killed.
    seen: dict[str, Any] = {}

    def kill_when_deals_arrive() -> None:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                stored = rows_on_server(server.base, list_id, token)
            except (OSError, urllib.error.HTTPError):
                stored = 0
            if stored:
                seen["at_kill"] = stored
                server.kill()
                return
            time.sleep(0.002)

    def push_then_die(route: Any) -> None:
        killer = threading.Thread(target=kill_when_deals_arrive)
        killer.start()
        try:
            seen["answer"] = route.fetch().status
        except Exception as exc:  # the connection dies with the server
            seen["lost"] = str(exc)
        killer.join()
        route.abort("connectionreset")
        seen["done"] = True

    page.route("**/api/sync/push", push_then_die)
    context.set_offline(False)
    deadline = time.monotonic() + 30
    while "done" not in seen and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    # Killed with part of the batch stored (on a fast day all of it, the answer may then be
    # on its way): the app cannot tell which deals arrived.
    assert 1 <= seen["at_kill"] <= OFFLINE, seen
    page.unroute("**/api/sync/push")

    # Nothing was acknowledged, so the app still holds every deal; it keeps recording.
    page.click("#sync-now")
    page.wait_for_selector(f'#pending[data-count="{OFFLINE}"]')
    for n in range(OFFLINE + 1, OFFLINE + WHILE_DOWN + 1):
        record_deal(page, n)
    total = OFFLINE + WHILE_DOWN
    page.wait_for_selector(f'#pending[data-count="{total}"]')

    server.start()
    page.click("#sync-now")
    page.wait_for_selector('#pending[data-count="0"]', timeout=SYNCED)
    page.click("#tab-sheet")
    page.wait_for_selector(f'tr.row[data-deal="{total}"]:not(.provisional)', timeout=SYNCED)
    assert page.locator("tr.row").count() == total
    assert page.locator(".conflicts").count() == 0
    context.close()
    server.stop()

    app, views = instance.load(server.club).open()
    try:
        rows = app.get_list(list_id).rows
        assert [r["deal_no"] for r in rows] == list(range(1, total + 1))
        typed = [r["record"]["card_points"][r["record"]["playing"]] for r in rows]
        assert typed == [POINTS[n] for n in range(1, total + 1)]
        report = app.verify()
        assert report.ok, report
    finally:
        app.close()
        views.close()

"""What the fault runs are made of: a club's wiezen evening, ``troef serve`` in its own
process (killed and restarted at will), phones that push deals over HTTP as the table app
does, and the checks afterwards (every acknowledged deal stored exactly once, the chains
whole, the read models equal to a rebuild)."""

from __future__ import annotations

import http.client
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from uuid import UUID

from backend import instance
from backend.aggregates.actor import director
from backend.api import create_app
from backend.api.auth import join_code
from backend.application import Command, Troef
from backend.cli.history import diff
from backend.projections import ReadModels

ROOT = Path(__file__).resolve().parents[1]
LIST_DEALS = 40  # a wiezen list of a 4-table evening plans 40 deals
UNANSWERED = (OSError, http.client.HTTPException, ValueError)  # no (whole) answer came


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def troef(*args: str) -> subprocess.CompletedProcess[str]:
    """Run ``troef ARGS`` as an operator would, in its own process."""
    command = [sys.executable, "-m", "backend.cli", *args]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600)


def vraag(n: int) -> dict[str, Any]:
    """Deal ``n`` of a wiezen list: a vraag made with nine tricks, the dealer in turn."""
    return {"dealer": (n - 1) % 4 + 1, "contract": "VRAAG", "declarers": [1, 3], "tricks": 9}


def evening(path: Path, tables: int) -> list[tuple[str, str]]:
    """A new instance at ``path`` with a wiezen evening of ``tables`` tables drawn; each
    list's id and join code."""
    instance.init(path, "De Troef", "anna", "geheim-genoeg")
    web = create_app({"TROEF_INSTANCE": str(path), "TROEF_WORKER": False})
    app, boss = web.extensions["troef"].app, director("anna")
    try:
        cid = app.handle(
            boss,
            Command("create_competition", None, {"name": "Z", "rules": "wiezen-reglement-2019"}),
        )
        players = [
            app.handle(boss, Command("enrol_player", cid, {"name": f"Speler {i}"}))
            for i in range(4 * tables)
        ]
        app.handle(boss, Command("schedule_evening", cid, {"date": "2026-04-05"}))
        for pid in players:
            args = {"evening": 1, "player_id": pid, "status": "present"}
            app.handle(boss, Command("record_attendance", cid, args))
        drawn = app.handle(boss, Command("draw_seating", cid, {"evening": 1, "seed": "1"}))
        with web.app_context():
            return [(e["list_id"], join_code(e["list_id"])) for e in drawn["lists"]]
    finally:
        web.extensions["troef"].close()


class Server:
    """``troef serve`` on an instance folder, in its own process, as a club runs it."""

    def __init__(self, club: Path, log: Path, threads: int = 8) -> None:
        self.club, self.log, self.threads = club, log, threads
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        command = [sys.executable, "-m", "backend.cli", "serve", "--instance", str(self.club)]
        command += ["--port", str(self.port), "--threads", str(self.threads)]
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(command, cwd=ROOT, stdout=out, stderr=out)

    def wait_until_it_answers(self, timeout: float = 120) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            assert self.process is not None
            if self.process.poll() is not None:
                raise RuntimeError(f"troef serve exited: {self.log.read_text()[-2000:]}")
            try:
                with urllib.request.urlopen(f"{self.base}/api/health", timeout=2):
                    return
            except UNANSWERED:
                time.sleep(0.05)
        raise RuntimeError(f"troef serve did not answer: {self.log.read_text()[-2000:]}")

    def kill(self) -> None:
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.kill()


class _From(urllib.request.HTTPHandler):
    """Connect from one loopback address: each phone of a club has an address of its own
    (the server limits joins per address)."""

    def __init__(self, address: str) -> None:
        super().__init__()
        self.address = address

    def http_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
        return self.do_open(http.client.HTTPConnection, req, source_address=(self.address, 0))


def post(
    opener: urllib.request.OpenerDirector,
    url: str,
    body: dict[str, Any],
    token: str | None,
    timeout: float,
    key: str | None = None,
) -> dict[str, Any]:
    headers = {"Content-Type": "application/json", "Connection": "close"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    if key:
        headers["Idempotency-Key"] = key
    request = urllib.request.Request(url, json.dumps(body).encode(), headers, method="POST")
    with opener.open(request, timeout=timeout) as answer:
        return dict(json.load(answer))


@dataclass
class Tally:
    """What the phones saw, shared between their threads."""

    acknowledged: dict[str, list[int]] = field(default_factory=dict)  # list id → deal numbers
    mutations: dict[str, int] = field(default_factory=dict)  # list id → mutations acknowledged
    devices: dict[str, str] = field(default_factory=dict)  # list id → the name the join answered
    statuses: Counter[str] = field(default_factory=Counter)
    requests: int = 0  # every attempt, retries included
    pushes: int = 0  # distinct pushes
    retried: int = 0  # requests (joins, pushes) that had to be sent again
    server_errors: int = 0  # answers with a 5xx status (retried)
    refusals: list[str] = field(default_factory=list)
    in_flight: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def deals(self) -> int:
        return sum(len(d) for d in self.acknowledged.values())


class Phone:
    """A table's phone (the ``n``-th, at 127.0.0.<n + 1>): joins its lists one after the
    other and pushes their deals, each push sent again with the same mutation ids until it is
    answered (the table app's outbox). A push waits ``timeout`` seconds for its answer."""

    def __init__(
        self, base: str, n: int, tally: Tally, timeout: float = 30, batch: int = 1
    ) -> None:
        self.base, self.client_id, self.tally = base, f"phone-{n}", tally
        self.timeout, self.batch = timeout, batch
        self.rng = random.Random(n)
        self.opener = urllib.request.build_opener(_From(f"127.0.0.{n + 1}"))

    def keep(self, list_id: str, code: str, deals: int) -> None:
        """Join the list with its table code and push ``deals`` deals, ``batch`` at most a push."""
        body = {"code": code, "client_id": self.client_id}
        # the join is sent again with its key when its answer is lost: one device, as the app
        joined = self.send(
            "/api/join", body, None, timeout=30, key=f"join-{self.client_id}-{list_id}"
        )
        token = joined["token"]
        with self.tally.lock:
            self.tally.devices[list_id] = joined["device"]
        self.push(token, [{"id": 1, "name": "join", "list": list_id, "args": {}}])
        n = 0
        while n < deals:
            size = self.rng.randint(1, self.batch)
            numbers = range(n + 1, min(deals, n + size) + 1)
            self.push(
                token,
                [
                    {
                        "id": d + 1,
                        "name": "record_deal",
                        "list": list_id,
                        "args": {"deal_no": d, "record": vraag(d)},
                    }
                    for d in numbers
                ],
            )
            n = numbers[-1]

    def push(self, token: str, mutations: list[dict[str, Any]]) -> None:
        answer = self.send(
            "/api/sync/push", {"client_id": self.client_id, "mutations": mutations}, token
        )
        with self.tally.lock:
            self.tally.pushes += 1
            for m, result in zip(mutations, answer["results"], strict=True):
                status = result["status"]
                self.tally.statuses[status] += 1
                if status not in ("applied", "duplicate"):
                    self.tally.refusals.append(f"{self.client_id} #{m['id']}: {result}")
                    continue
                self.tally.mutations[m["list"]] = self.tally.mutations.get(m["list"], 0) + 1
                if m["name"] == "record_deal":
                    self.tally.acknowledged.setdefault(m["list"], []).append(m["args"]["deal_no"])

    def send(
        self,
        path: str,
        body: dict[str, Any],
        token: str | None,
        timeout: float | None = None,
        key: str | None = None,
    ) -> dict[str, Any]:
        """POST until an answer comes (the server may be down, restarting, or the answer
        lost); a refusal (4xx) is not retried."""
        deadline, tries = time.monotonic() + 300, 0
        while True:
            tries += 1
            with self.tally.lock:
                self.tally.requests += 1
                self.tally.in_flight += 1
            try:
                return post(
                    self.opener, self.base + path, body, token, timeout or self.timeout, key
                )
            except urllib.error.HTTPError as exc:
                if exc.code < 500:
                    raise
                with self.tally.lock:
                    self.tally.server_errors += 1
            except UNANSWERED:
                pass
            finally:
                with self.tally.lock:
                    self.tally.in_flight -= 1
                    self.tally.retried += tries == 2
            if time.monotonic() > deadline:
                raise TimeoutError(f"{self.client_id}: no answer to {path} for 300 s")
            time.sleep(0.05)


def share(
    pushes: int, phones: int, lists: list[tuple[str, str]]
) -> list[list[tuple[str, str, int]]]:
    """``pushes`` deals shared by ``phones``: each phone's lists and how many deals on each."""
    per_phone = [pushes // phones + (p < pushes % phones) for p in range(phones)]
    free = iter(lists)
    plan = []
    for deals in per_phone:
        mine = []
        while deals > 0:
            list_id, code = next(free)
            mine.append((list_id, code, min(deals, LIST_DEALS)))
            deals -= LIST_DEALS
        plan.append(mine)
    return plan


def tables_for(pushes: int, phones: int) -> int:
    """How many tables the evening needs for ``pushes`` deals from ``phones`` phones."""
    most = -(-pushes // phones)
    return phones * -(-most // LIST_DEALS)


def run_phones(phones: list[Phone], plan: list[list[tuple[str, str, int]]]) -> list[BaseException]:
    """Every phone keeps its lists, all at once; the errors they ended with."""
    errors: list[BaseException] = []

    def keep_all(phone: Phone, lists: list[tuple[str, str, int]]) -> None:
        try:
            for list_id, code, deals in lists:
                phone.keep(list_id, code, deals)
        except BaseException as exc:  # reported by the caller
            errors.append(exc)

    threads = [
        threading.Thread(target=keep_all, args=(p, lists))
        for p, lists in zip(phones, plan, strict=True)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return errors


@dataclass
class Verdict:
    """What is stored after a run, against what the phones were told."""

    stored: int  # deals in the event store
    lost: int  # acknowledged, not stored
    doubled: int  # stored more than once
    unasked: int  # stored, never acknowledged
    gaps: int  # lists whose deals are not 1..n
    devices_off: int  # devices (the pen's) whose mutations differ from what was acknowledged
    chains_ok: bool  # Troef.verify in this process
    audit_verify: int  # exit status of `troef audit verify`
    projections_check: int  # exit status of `troef projections check`
    behind: int  # events the live read models had not applied when the run ended
    differences: list[str]  # live read models against a fresh rebuild
    notes: list[str] = field(default_factory=list)  # what is off, list by list
    second_devices: int = 0  # devices registered by a join sent again (its answer lost)

    @property
    def exactly_once(self) -> bool:
        return not (
            self.lost
            or self.doubled
            or self.unasked
            or self.gaps
            or self.devices_off
            or self.second_devices
        )

    @property
    def intact(self) -> bool:
        return self.chains_ok and self.audit_verify == 0 and self.projections_check == 0

    def __str__(self) -> str:
        return (
            f"{self.stored} deals stored: {self.lost} lost, {self.doubled} doubled, "
            f"{self.unasked} stored without acknowledgement, {self.gaps} lists with a gap, "
            f"{self.devices_off} devices miscounted; chains "
            f"{'whole' if self.chains_ok else 'BROKEN'}; troef audit verify exit "
            f"{self.audit_verify}, troef projections check exit {self.projections_check}; "
            f"read models {self.behind} events behind, {len(self.differences)} differences "
            "from a rebuild"
        )


def check(club: Path, tally: Tally) -> Verdict:
    """Compare the stored history with what the phones were told, then run the operator's
    checks. Call it with the server stopped."""
    app = Troef(env=instance.load(club).event_env())  # the events only: the views untouched
    stored = lost = doubled = unasked = gaps = devices_off = 0
    notes: list[str] = []
    second_devices = 0
    try:
        for list_id, acked in tally.acknowledged.items():
            events = app.repository.event_store.get(UUID(list_id))
            numbers = [e.deal_no for e in events if type(e).__name__ == "DealRecorded"]
            counts, told = Counter(numbers), set(acked)
            stored += len(numbers)
            lost += len(told - set(counts))
            doubled += sum(c - 1 for c in counts.values())
            unasked += len(set(counts) - told)
            gaps += numbers != list(range(1, len(numbers) + 1))
            sl = app.get_list(list_id)
            second_devices += len(sl.joined_devices()) - 1
            kept_by = str(sl.pen)  # the device that pushed the join mutation
            device = app.get_device(kept_by, list_id)
            mutations = tally.mutations[list_id]
            registered_plus_each = 1 + mutations  # one event a mutation, once
            if (
                device is None
                or sl.device_name(kept_by) != tally.devices[list_id]
                or device.last_mutation_id != mutations
                or device.version != registered_plus_each
            ):
                devices_off += 1
                notes.append(
                    f"list {list_id}: {mutations} mutations acknowledged to "
                    f"{tally.devices[list_id]!r}; the pen's device {sl.device_name(kept_by)!r}: "
                    + (
                        "none"
                        if device is None
                        else f"last mutation {device.last_mutation_id}, version {device.version}"
                    )
                )
            if counts and (told != set(counts) or max(counts.values()) > 1):
                notes.append(f"list {list_id}: told {sorted(told)}, stored {numbers}")
        chains_ok = app.verify().ok
        live = ReadModels(club / "views.sqlite")
        behind = app.recorder.max_notification_id() - live.position(app.name)
        with tempfile.TemporaryDirectory() as tmp:
            fresh = ReadModels(Path(tmp) / "fresh.sqlite")
            fresh.catch_up(app)
            differences = diff(live.dump(), fresh.dump())
            fresh.close()
        live.close()
    finally:
        app.close()
    verified = troef("audit", "verify", "--instance", str(club)).returncode
    checked = troef("projections", "check", "--instance", str(club)).returncode
    return Verdict(
        stored, lost, doubled, unasked, gaps, devices_off, chains_ok, verified, checked,
        behind, differences, notes, second_devices,
    )  # fmt: skip

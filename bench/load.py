"""Load: tables pushing deals while hundreds watch the standings, then a reconnect storm.

A wiezen evening of ``--tables`` tables is drawn; the servers are started as an operator
starts them (bench/load_servers.py: ``troef serve`` on SQLite, or two gunicorn web processes
and the read-model worker on PostgreSQL). Then, all on loopback and in one asyncio event
loop of this process (keep-alive connections, no thread per client, bench/wire.py):

1. every table's phone joins with the code on its card and pushes its ``join`` mutation;
2. ``--viewers`` viewers open the live standings stream (``/api/live``), and reconnect with
   ``Last-Event-ID`` when it ends, as EventSource does;
3. steady play: every phone records ``--deals`` deals, one every ``--every`` seconds on
   average (at random between half and one and a half times that), each in a sync round as
   the table app runs it: push with the next mutation id, then pull from its cursor and read
   the sheet. An unanswered push (no answer in 30 s, a broken connection, 5xx, 429) is sent
   again with the same ids after the table app's back-off (2 s doubling, the upper half at
   random);
4. the reconnect storm: every phone was offline with ``--queued`` deals in its outbox and
   comes back at the same moment: a new connection, one push of all of them, pull, sheet.

Measured per phase: push latency (each answered push, from sending to the answer), the delay
from a push's acknowledgement to the first standings event, at each viewer, whose ``id``
(the read models' position) is at or after the deal's own position (the phone learns it from
its pull), failed requests, and the CPU time of the servers and of this generator (with the
event loop's lag: how late a 50 ms timer fired, to show the generator kept up). After the
run: every acknowledged deal stored exactly once, the read models equal to a fresh rebuild,
every hash chain whole (bench/load_servers.py ``check``).

``python -m bench.load --config sqlite|postgres|sqlite-gevent [--tables 200] [--viewers 500]
[--deals 10] [--every 3] [--queued 30] [--profile DIR]``
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import random
import statistics
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .common import load_average, pg_schema, postgres_problem, table, workdir
from .load_servers import Checked, Servers, check, describe, environment, evening, store_settings
from .wire import Connection, HttpError, follow

RETRY_BASE, RETRY_CAP = 2.0, 60.0  # the table app's back-off (pwa/js/sync.js RETRY)
TIMEOUT = 30.0  # seconds without an answer before a push counts as failed and is sent again


def vraag(n: int) -> dict[str, Any]:
    return {"dealer": (n - 1) % 4 + 1, "contract": "VRAAG", "declarers": [1, 3], "tricks": 9}


def backoff(attempt: int) -> float:
    ceiling = min(RETRY_CAP, RETRY_BASE * 2**attempt)
    return ceiling / 2 + random.random() * ceiling / 2


@dataclass
class Tally:
    """What the phones saw in one phase."""

    pushes: list[float] = field(default_factory=list)
    errors: Counter[str] = field(default_factory=Counter)
    acks: list[tuple[str, int, float]] = field(default_factory=list)  # (list, deal, ack time)


class Phone:
    """A table's phone: the table app's join, sync rounds and retries, over one connection."""

    def __init__(self, number: int, list_id: str, code: str, port: int) -> None:
        self.number, self.list_id, self.code = number, list_id, code
        # each phone its own address, as on the club's network (127.0.0.0/8 is all loopback):
        # the server limits joins per address
        self.connection = Connection(
            "127.0.0.1", port, f"127.0.{1 + number // 250}.{1 + number % 250}"
        )
        self.token = ""
        self.next_id = 1
        self.outbox: list[tuple[str, dict[str, Any]]] = []
        self.cursor = 0
        self.positions: dict[int, int] = {}  # deal number → its event's position in the log
        self.acked: set[int] = set()
        self.dealt = 0

    async def call(
        self, tally: Tally, method: str, path: str, body: Any = None, key: str = ""
    ) -> Any:
        """One request, sent again after a back-off until it gets a 2xx answer."""
        attempt = 0
        headers = {"Idempotency-Key": key} if key else None
        while True:
            sent = time.monotonic()
            try:
                status, answer = await self.connection.request(
                    method, path, body, self.token, TIMEOUT, headers
                )
            except TimeoutError:
                tally.errors[f"{path.split('?')[0]}: no answer in {TIMEOUT:.0f} s"] += 1
            except HttpError as exc:
                tally.errors[f"{path.split('?')[0]}: {exc}"[:90]] += 1
            else:
                if status < 300:
                    if path == "/api/sync/push":
                        tally.pushes.append(time.monotonic() - sent)
                    return answer
                tally.errors[f"{path.split('?')[0]}: HTTP {status}"] += 1
                if status < 500 and status != 429:
                    raise RuntimeError(f"{method} {path} refused: {status} {answer}")
            await asyncio.sleep(backoff(attempt))
            attempt += 1

    async def join(self, tally: Tally) -> None:
        joining = {"code": self.code, "name": f"phone {self.number}"}
        # one key for the join and every retry of it: the server answers the same device
        answer = await self.call(tally, "POST", "/api/join", joining, key=uuid.uuid4().hex)
        self.token = answer["token"]
        await self.sync(tally, [("join", {})])

    async def sync(self, tally: Tally, mutations: list[tuple[str, dict[str, Any]]]) -> None:
        """A sync round: push the outbox in one push, pull the list's events, read the sheet.

        The outbox keeps what was not acknowledged (a push cut off at the end of a phase) and
        sends it again first, with the same ids, as the table app does."""
        self.outbox += mutations
        body = {
            "client_id": f"phone-{self.number}",
            "mutations": [
                {"id": self.next_id + i, "name": name, "list": self.list_id, "args": args}
                for i, (name, args) in enumerate(self.outbox)
            ],
        }
        answer = await self.call(tally, "POST", "/api/sync/push", body)
        acked = time.monotonic()
        sent, self.outbox = self.outbox, []
        self.next_id += len(sent)
        for outcome in answer["results"]:
            if outcome["status"] not in ("applied", "duplicate"):
                tally.errors[f"push: {outcome['status']}"] += 1
        for (name, args), outcome in zip(sent, answer["results"], strict=True):
            if name == "record_deal" and outcome["status"] in ("applied", "duplicate"):
                self.acked.add(args["deal_no"])
                tally.acks.append((self.list_id, args["deal_no"], acked))
        await self.pull(tally)
        await self.call(tally, "GET", f"/api/lists/{self.list_id}")

    async def pull(self, tally: Tally) -> None:
        while True:
            page = await self.call(
                tally,
                "GET",
                f"/api/sync/pull?list={self.list_id}&cursor={self.cursor}&limit=200",
            )
            for event in page["events"]:
                if event["event"] == "DealRecorded":
                    self.positions[event["data"]["deal_no"]] = event["position"]
            self.cursor = page["cursor"]
            if not page["more"]:
                return

    def deals(self, count: int) -> list[tuple[str, dict[str, Any]]]:
        out = []
        for _ in range(count):
            self.dealt += 1
            out.append(("record_deal", {"deal_no": self.dealt, "record": vraag(self.dealt)}))
        return out

    async def play(self, tally: Tally, deals: int, every: float) -> None:
        for _ in range(deals):
            await asyncio.sleep(random.uniform(every / 2, every * 1.5))
            await self.sync(tally, self.deals(1))

    async def come_back(self, tally: Tally, queued: list[tuple[str, dict[str, Any]]]) -> None:
        self.connection.close()  # it was offline: a new connection
        await self.sync(tally, queued)


class Viewer:
    """A standings page: the live stream, followed again from its last id when it ends."""

    def __init__(self, port: int, competition_id: str) -> None:
        self.port, self.path = port, f"/api/live?competition={competition_id}"
        self.ids: list[int] = []  # the standings events' positions, as they arrived
        self.times: list[float] = []
        self.errors: Counter[str] = Counter()

    def on_event(self, event: str, event_id: str, arrived: float) -> None:
        if event == "standings":
            position = int(event_id)
            self.ids.append(max(position, self.ids[-1]) if self.ids else position)
            self.times.append(arrived)

    async def watch(self) -> None:
        last: str | None = None
        while True:
            try:
                last = await follow("127.0.0.1", self.port, self.path, self.on_event, last)
            except HttpError as exc:
                self.errors[f"stream: {exc}"[:80]] += 1
                await asyncio.sleep(exc.retry_after)  # a 429 says when to come back
            except (OSError, asyncio.IncompleteReadError) as exc:
                self.errors[f"stream: {exc}"[:80]] += 1
            await asyncio.sleep(3.0)  # the stream's retry hint

    def delay(self, position: int, acked: float) -> float | None:
        """Seconds from ``acked`` to the first standings event at or after ``position``."""
        i = bisect.bisect_left(self.ids, position)
        return max(0.0, self.times[i] - acked) if i < len(self.ids) else None


class Lag:
    """How late the event loop runs a 50 ms timer: when it is late, the generator is busy."""

    def __init__(self) -> None:
        self.values: list[float] = []

    async def run(self) -> None:
        while True:
            start = time.monotonic()
            await asyncio.sleep(0.05)
            self.values.append(time.monotonic() - start - 0.05)


def pct(values: list[float], q: int) -> float:
    if not values:
        return float("nan")
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1]


def ms(value: float) -> str:
    return "—" if value != value else f"{value * 1000:.0f}"


@dataclass
class Phase:
    name: str
    seconds: float
    tally: Tally
    delays: list[float]
    missed: int
    server_cpu: float
    generator_cpu: float
    lag: list[float]
    load: str

    def row(self) -> list[str]:
        t = self.tally
        errors = sum(t.errors.values())
        return [
            self.name,
            f"{self.seconds:.0f}",
            str(len(t.pushes)),
            f"{len(t.pushes) / self.seconds:.1f}" if self.seconds else "—",
            f"{ms(pct(t.pushes, 50))} / {ms(pct(t.pushes, 99))} / {ms(max(t.pushes, default=0))}",
            f"{ms(pct(self.delays, 50))} / {ms(pct(self.delays, 99))}",
            str(self.missed),
            str(errors),
            f"{self.server_cpu:.1f}",
            f"{self.generator_cpu:.1f}",
            f"{ms(pct(self.lag, 99))} / {ms(max(self.lag, default=0))}",
            self.load,
        ]


HEADERS = [
    "phase",
    "wall s",
    "pushes answered",
    "pushes/s",
    "push p50 / p99 / max ms",
    "ack → standings p50 / p99 ms",
    "(viewer, deal) never shown",
    "failed requests",
    "server CPU s",
    "generator CPU s",
    "generator loop lag p99 / max ms",
    "load average (1 min) at the end",
]


def one_minute_load() -> str:
    return load_average().split(",")[0]


async def measured(name: str, servers: Servers, lag: Lag, work: Any, limit: float) -> Phase:
    """Run ``work`` (a coroutine filling a Tally) for at most ``limit`` seconds, with the CPU
    time it took on both sides."""
    tally = Tally()
    cpu, server_cpu, lagged = time.process_time(), servers.cpu_seconds(), len(lag.values)
    start = time.monotonic()
    try:
        await asyncio.wait_for(work(tally), limit)
    except TimeoutError:
        tally.errors[f"phones still busy when the phase was stopped after {limit:.0f} s"] += 1
    return Phase(
        name=name,
        seconds=time.monotonic() - start,
        tally=tally,
        delays=[],
        missed=0,
        server_cpu=servers.cpu_seconds() - server_cpu,
        generator_cpu=time.process_time() - cpu,
        lag=lag.values[lagged:],
        load=one_minute_load(),
    )


async def everyone(tally: Tally, work: list[Any]) -> None:
    """Run the phones' coroutines together; a phone that fails stops, and is counted."""
    for outcome in await asyncio.gather(*work, return_exceptions=True):
        if isinstance(outcome, Exception):
            tally.errors[f"a phone gave up: {outcome}"[:90]] += 1


def shown_delays(
    phase: Phase, phones: dict[str, Phone], viewers: list[Viewer]
) -> tuple[list[float], int]:
    delays, missed = [], 0
    for list_id, deal, acked in phase.tally.acks:
        position = phones[list_id].positions.get(deal)
        if position is None:
            phase.tally.errors["a deal acknowledged but not in the pull"] += 1
            continue
        for viewer in viewers:
            d = viewer.delay(position, acked)
            if d is None:
                missed += 1
            else:
                delays.append(d)
    return delays, missed


async def scenario(
    servers: Servers,
    cid: str,
    lists: list[tuple[str, str]],
    viewers_count: int,
    deals: int,
    every: float,
    queued: int,
    pause: float,
) -> tuple[list[Phase], dict[str, Any], dict[str, set[int]]]:
    ports = servers.ports
    phones = [Phone(n, lst, code, ports[n % len(ports)]) for n, (lst, code) in enumerate(lists)]
    by_list = {p.list_id: p for p in phones}
    lag = Lag()
    lag_task = asyncio.create_task(lag.run())
    phases: list[Phase] = []
    facts: dict[str, Any] = {}

    async def joining(tally: Tally) -> None:
        gate = asyncio.Semaphore(50)

        async def one(phone: Phone) -> None:
            async with gate:
                await phone.join(tally)

        await everyone(tally, [one(p) for p in phones])

    phases.append(await measured("phones join", servers, lag, joining, 180))
    viewers = [Viewer(ports[n % len(ports)], cid) for n in range(viewers_count)]
    watching = [asyncio.create_task(v.watch()) for v in viewers]
    opened = time.monotonic()
    while time.monotonic() < opened + 60 and not all(v.ids for v in viewers):
        await asyncio.sleep(0.1)
    facts["viewers with their first standings"] = (
        f"{sum(1 for v in viewers if v.ids)} of {len(viewers)} in {time.monotonic() - opened:.1f} s"
    )
    await asyncio.sleep(pause)

    async def steady(tally: Tally) -> None:
        await everyone(tally, [p.play(tally, deals, every) for p in phones if p.token])

    async def storm(tally: Tally) -> None:
        outboxes = [p.deals(queued) for p in phones]
        back = [p.come_back(tally, o) for p, o in zip(phones, outboxes, strict=True) if p.token]
        await everyone(tally, back)

    for name, work, limit in (
        (f"steady: {len(phones)} tables, a deal every ~{every:g} s", steady, deals * every + 120),
        (f"reconnect storm: {len(phones)} × {queued} queued deals", storm, 180),
    ):
        phase = await measured(name, servers, lag, work, limit)
        acks = phase.tally.acks
        last = max((by_list[lst].positions.get(d, 0) for lst, d, _ in acks), default=0)
        settle = time.monotonic()
        while time.monotonic() < settle + 20 and any(
            not v.ids or v.ids[-1] < last for v in viewers
        ):
            await asyncio.sleep(0.2)
        phase.delays, phase.missed = shown_delays(phase, by_list, viewers)
        phases.append(phase)
        await asyncio.sleep(pause)
    for task in [*watching, lag_task]:
        task.cancel()
    await asyncio.gather(*watching, lag_task, return_exceptions=True)
    for p in phones:
        p.connection.close()
    stream_errors: Counter[str] = Counter()
    for v in viewers:
        stream_errors.update(v.errors)
    facts["live stream failures (viewers)"] = dict(stream_errors) or 0
    facts["connections opened by the phones"] = sum(p.connection.opened for p in phones)
    return phases, facts, {p.list_id: p.acked for p in phones}


def run(
    config: str,
    tables: int,
    viewers: int,
    deals: int,
    every: float,
    queued: int,
    profile: Path | None = None,
    pause: float = 3.0,
) -> tuple[str, Checked]:
    """One configuration's run; its report (Markdown) and what the checks found. ``pause``:
    seconds of quiet between the phases."""
    shape = (tables, viewers, deals, every, queued, pause)
    with workdir() as folder:
        if config == "postgres":
            with pg_schema() as pg, environment(store_settings(pg)):
                return _run(folder, config, *shape, profile)
        return _run(folder, config, *shape, profile)


def _run(
    folder: Path,
    config: str,
    tables: int,
    viewers: int,
    deals: int,
    every: float,
    queued: int,
    pause: float,
    profile: Path | None,
) -> tuple[str, Checked]:
    path = folder / "club"
    started = time.monotonic()
    cid, lists = evening(path, tables)
    drawn = time.monotonic() - started
    servers = Servers(config, path, folder / "servers.log")
    load_before = load_average()
    servers.start()
    profiler = None
    if profile is not None:
        from .load_profile import Profiler

        profiler = Profiler(servers.pids(), profile / f"{config}.txt")
    try:
        phases, facts, acked = asyncio.run(
            scenario(servers, cid, lists, viewers, deals, every, queued, pause)
        )
        if profiler is not None:
            profiler.stop()
        checked = check(path, folder, acked)
    finally:
        if profiler is not None:
            profiler.stop()
        servers.stop()
    errors: Counter[str] = Counter()
    for phase in phases:
        errors.update(phase.tally.errors)
    lines = [
        f"### {config}: {tables} tables, {viewers} viewers, {deals} deals each "
        f"(~{every:g} s apart), then {queued} queued deals each",
        "",
        "Servers: " + "; ".join(f"`{c}`" for c in servers.commands),
        "",
        table(HEADERS, [p.row() for p in phases]),
        "",
        f"- the evening drawn in {drawn:.0f} s (before the servers started)",
        f"- load average before the servers started: {load_before}; at the end: {load_average()}",
        *(f"- {k}: {v}" for k, v in facts.items()),
        f"- failed requests by kind: {dict(errors) or 0}",
        f"- the servers' log: {servers.troubles() or 'nothing went wrong'}",
        *(f"- {line}" for line in describe(checked)),
    ]
    if profiler is not None:
        lines += ["", profiler.summary()]
    return "\n".join(lines), checked


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--config", choices=["sqlite", "postgres", "sqlite-gevent"], default="sqlite"
    )
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--viewers", type=int, default=500)
    parser.add_argument("--deals", type=int, default=10, help="steady deals per table")
    parser.add_argument("--every", type=float, default=3.0, help="mean seconds between deals")
    parser.add_argument("--queued", type=int, default=30, help="deals per table in the storm")
    parser.add_argument("--profile", type=Path, help="py-spy the servers; raw stacks here")
    args = parser.parse_args(argv)
    if args.deals + args.queued > 40:
        parser.error("a wiezen list of four plays 40 deals: --deals + --queued must be ≤ 40")
    if args.config == "postgres" and (problem := postgres_problem()):
        parser.error(f"no PostgreSQL at 127.0.0.1:5432: {problem}")
    if args.profile:
        args.profile.mkdir(parents=True, exist_ok=True)
    report, checked = run(
        args.config, args.tables, args.viewers, args.deals, args.every, args.queued, args.profile
    )
    print(report)
    print("exactly once, read models equal to a rebuild, chains whole:", checked.ok)
    return 0 if checked.ok else 1


if __name__ == "__main__":
    raise SystemExit(main())

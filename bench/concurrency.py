"""Benchmark 4: N threads recording deals on different lists at once, sharing one application.

Each thread is a table phone with its own list; all start together at a barrier. Every
(store, variant, N) gets a fresh store. After the run every acknowledged deal must be on
its list exactly once: the list's rows are the acknowledged deal numbers in order, the
store holds exactly one ``DealRecorded`` event per acknowledged deal, and the phone's
device has applied exactly its mutations. The baseline is the bare library with N threads
each saving its own :class:`~bench.fixtures.BareList` (load, call, save).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from uuid import UUID

import backend.application as application_module
from backend.application import Troef

from .common import Series, close, ms, ratio, table, timed
from .deals import EnvFor
from .fixtures import BareApp, Wired, bare_deal, deal_facts, open_bare, open_lists

WARMUP = 3


@dataclass
class Run:
    store: str
    variant: str
    threads: int
    deals: int
    seconds: float
    latency: Series
    retries: int
    errors: list[str] = field(default_factory=list)

    @property
    def per_second(self) -> float:
        return self.deals / self.seconds


class RetryCounter:
    """Count the application's backoffs (a retry after a concurrent save) while installed."""

    def __init__(self) -> None:
        self.count = 0
        self._lock = threading.Lock()
        self._original: Callable[[int], None] = application_module.backoff

    def __enter__(self) -> RetryCounter:
        def counting(attempt: int) -> None:
            with self._lock:
                self.count += 1
            self._original(attempt)

        application_module.backoff = counting
        return self

    def __exit__(self, *exc: Any) -> None:
        application_module.backoff = self._original


def race(workers: list[Callable[[], None]], per_thread: int) -> tuple[float, Series, list[str]]:
    """Run each worker's ``per_thread`` steps in its own thread, all released at once."""
    barrier = threading.Barrier(len(workers) + 1)
    latency = Series("latency")
    errors: list[str] = []
    lock = threading.Lock()

    def body(step: Callable[[], None]) -> None:
        barrier.wait()
        for _ in range(per_thread):
            try:
                seconds, _ = timed(step)
            except Exception as exc:  # report, and let the check below fail
                with lock:
                    errors.append(f"{type(exc).__name__}: {exc}")
                return
            with lock:
                latency.add(seconds)

    threads = [threading.Thread(target=body, args=(w,)) for w in workers]
    for t in threads:
        t.start()
    seconds, _ = timed(lambda: (barrier.wait(), [t.join() for t in threads]))
    return seconds, latency, errors


def run_troef(
    store: str, env: dict[str, str], folder: Path, n: int, deals: int, wired: bool
) -> Run:
    if wired:
        w = Wired.open(env, str(folder / f"conc-views-{store}-{n}.sqlite"))
        app, closing = w.app, (w.app, w.views)
    else:
        app = Troef(env=env)
        closing = (app,)
    try:
        lists = open_lists(app, n, seed=f"conc-{n}")
        facts = [deal_facts(lst.seats, deals + WARMUP, f"conc-{t}") for t, lst in enumerate(lists)]
        for t, lst in enumerate(lists):
            for f in facts[t][:WARMUP]:
                lst.record(app, f)
        acked: list[list[int]] = [[] for _ in lists]

        def worker(t: int) -> Callable[[], None]:
            def step() -> None:
                lst = lists[t]
                lst.record(app, facts[t][lst.recorded])
                acked[t].append(lst.recorded)

            return step

        with RetryCounter() as retries:
            seconds, latency, errors = race([worker(t) for t in range(n)], deals)
        for t, lst in enumerate(lists):
            expected = list(range(1, WARMUP + 1)) + acked[t]
            assert [r["deal_no"] for r in app.get_list(lst.list_id).rows] == expected
            recorded = [
                e.deal_no
                for e in app.events.get(UUID(lst.list_id))
                if type(e).__name__ == "DealRecorded"
            ]
            assert recorded == expected, "a deal is missing or recorded twice"
            device = app.get_device(lst.phone.client_id, lst.list_id)
            assert device.last_mutation_id == lst.phone.last
        variant = "troef + read models" if wired else "troef"
        return Run(store, variant, n, sum(map(len, acked)), seconds, latency, retries.count, errors)
    finally:
        close(*closing)


def run_bare(store: str, env: dict[str, str], n: int, deals: int) -> Run:
    """N threads, each saving deals on its own bare aggregate through one bare application."""
    app = BareApp(env=env)
    try:
        ids = [open_bare(app, f"table {t}") for t in range(n)]
        facts = deal_facts({"1": "a", "2": "b", "3": "c", "4": "d"}, deals + WARMUP, "bare")
        counts = [0] * n
        for t in range(n):
            for f in facts[:WARMUP]:
                counts[t] += 1
                bare_deal(app, ids[t], counts[t], f)

        def worker(t: int) -> Callable[[], None]:
            def step() -> None:
                counts[t] += 1
                bare_deal(app, ids[t], counts[t], facts[counts[t] - 1])

            return step

        seconds, latency, errors = race([worker(t) for t in range(n)], deals)
        for t in range(n):
            assert app.repository.get(ids[t]).deals == counts[t] == deals + WARMUP
        return Run(store, "bare library", n, n * deals, seconds, latency, 0, errors)
    finally:
        close(app)


def run(
    store: str, env_for: EnvFor, folder: Path, threads: tuple[int, ...], deals: int
) -> list[Run]:
    """Every variant with each number of threads, each on a fresh store."""
    runs = []
    for n in threads:
        runs.append(run_bare(store, env_for(f"conc-bare-{n}"), n, deals))
        runs.append(run_troef(store, env_for(f"conc-troef-{n}"), folder, n, deals, False))
        runs.append(run_troef(store, env_for(f"conc-wired-{n}"), folder, n, deals, True))
    for r in runs:
        assert not r.errors, r.errors
    return runs


def report(runs: list[Run]) -> str:
    single = {(r.store, r.variant): r.per_second for r in runs if r.threads == 1}
    bare = {(r.store, r.threads): r.per_second for r in runs if r.variant == "bare library"}
    rows = [
        [
            r.store,
            r.variant,
            r.threads,
            r.deals,
            f"{r.seconds:.2f}",
            f"{r.per_second:.1f}",
            ratio(r.per_second, single[(r.store, r.variant)]),
            ratio(r.per_second, bare[(r.store, r.threads)]),
            ms(r.latency.median),
            ms(r.latency.p95),
            r.retries,
        ]
        for r in runs
    ]
    headers = [
        "store",
        "variant",
        "threads",
        "deals",
        "wall s",
        "deals/s",
        "× 1 thread",
        "× bare (same threads)",
        "latency median ms",
        "p95 ms",
        "retries",
    ]
    return table(headers, rows)

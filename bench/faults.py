"""Fault runs: the server SIGKILLed during pushes, the read-model worker SIGKILLed mid-batch,
and a fault proxy between the phones and the server. Each prints what it did and what was
stored; the invariants (every acknowledged deal exactly once, the chains whole, the read
models equal to a rebuild) are checked, not timed.

1. ``troef serve`` on a SQLite instance; ``--phones`` phones push ``--pushes`` deals over
   HTTP at once, one deal a push, each push sent again with the same mutation ids until it
   is answered; the server is SIGKILLed ``--kills`` times at random moments (after a random
   number of acknowledged deals, a few milliseconds later) and restarted.
2. ``troef projections follow`` SIGKILLed ``--worker-kills`` times while it holds the read
   models' write lock with work outstanding, while demo seasons are written
   (:mod:`bench.fault_worker`).
3. ``--proxied`` deals from ``--phones`` phones (1–3 deals a push) through the fault proxy
   (:mod:`bench.fault_proxy`), which duplicates pushes, drops answers and holds pushes back
   past the phone's timeout so that later ones overtake them.

``python -m bench.faults [--only 1,2,3] [--pushes 2000] [--phones 8] [--kills 20]
[--worker-kills 10] [--proxied 1000] [--seed 1] [--out report.md]``
"""

from __future__ import annotations

import argparse
import random
import statistics
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from .common import load_average, publish, table, workdir
from .fault_club import (
    Phone,
    Server,
    Tally,
    Verdict,
    check,
    evening,
    run_phones,
    share,
    tables_for,
)
from .fault_proxy import FaultProxy
from .fault_worker import WorkerRun, run_worker_kills


@dataclass
class KillRun:
    tally: Tally
    verdict: Verdict
    kills: list[tuple[int, int]]  # (deals acknowledged, requests in flight) at each SIGKILL
    restarts: list[float]  # seconds from each SIGKILL to an answer
    seconds: float
    errors: list[BaseException]


@dataclass
class ProxyRun:
    tally: Tally
    verdict: Verdict
    counts: dict[str, int]
    overtaken: int
    seconds: float
    errors: list[BaseException]


def run_kills(folder: Path, pushes: int, phones: int, kills: int, seed: int = 1) -> KillRun:
    """Push ``pushes`` deals from ``phones`` phones while the server is killed ``kills`` times."""
    club = folder / "club"
    plan = share(pushes, phones, evening(club, tables_for(pushes, phones)))
    server = Server(club, folder / "serve.log")
    server.start()
    server.wait_until_it_answers()
    tally, rng = Tally(), random.Random(seed)
    clients = [Phone(server.base, p + 1, tally) for p in range(phones)]
    killed_at: list[tuple[int, int]] = []
    restarts: list[float] = []
    done = threading.Event()
    points = sorted(rng.sample(range(1, max(2, pushes * 9 // 10)), kills))

    def killer() -> None:
        for point in points:
            while tally.deals < point and not done.is_set():
                time.sleep(0.002)
            if done.is_set():
                return
            time.sleep(rng.uniform(0, 0.03))  # somewhere in the next pushes
            in_flight = tally.in_flight
            server.kill()
            killed = time.monotonic()
            server.start()
            server.wait_until_it_answers()
            restarts.append(time.monotonic() - killed)
            killed_at.append((tally.deals, in_flight))

    start = time.monotonic()
    thread = threading.Thread(target=killer)
    thread.start()
    try:
        errors = run_phones(clients, plan)
    finally:
        done.set()
        thread.join()
        seconds = time.monotonic() - start
        server.stop()
    return KillRun(tally, check(club, tally), killed_at, restarts, seconds, errors)


def run_proxy(folder: Path, deals: int, phones: int, seed: int = 1) -> ProxyRun:
    """Push ``deals`` deals from ``phones`` phones through the fault proxy."""
    club = folder / "club"
    plan = share(deals, phones, evening(club, tables_for(deals, phones)))
    server = Server(club, folder / "serve.log")
    server.start()
    server.wait_until_it_answers()
    proxy = FaultProxy(("127.0.0.1", server.port), seed=seed).start()
    tally = Tally()
    base = f"http://127.0.0.1:{proxy.port}"
    # the phone waits 1 s for an answer; a held push is kept back 1.2–2 s
    clients = [Phone(base, p + 1, tally, timeout=1.0, batch=3) for p in range(phones)]
    start = time.monotonic()
    try:
        errors = run_phones(clients, plan)
    finally:
        seconds = time.monotonic() - start
        proxy.stop()  # after the last held pushes and copies reached the server
        server.stop()
    verdict = check(club, tally)
    return ProxyRun(tally, verdict, dict(proxy.counts), proxy.overtaken(), seconds, errors)


def median_max(values: list[float]) -> str:
    if not values:
        return "—"
    return f"{statistics.median(values):.1f} / {max(values):.1f}"


def kills_report(run: KillRun, pushes: int, phones: int) -> str:
    t, v = run.tally, run.verdict
    rows = [
        ["deals pushed / acknowledged", f"{pushes} / {t.deals}"],
        [
            "SIGKILLs (with a push in flight)",
            f"{len(run.kills)} ({sum(f > 0 for _, f in run.kills)})",
        ],
        ["kill → server answering again, median / max s", median_max(run.restarts)],
        ["requests sent (every attempt), distinct pushes", f"{t.requests}, {t.pushes}"],
        ["requests sent again (no answer)", str(t.retried)],
        ["answers: applied / duplicate", f"{t.statuses['applied']} / {t.statuses['duplicate']}"],
        ["refused or in conflict; phone errors", f"{len(t.refusals)}; {len(run.errors)}"],
        [
            "second devices (a join sent again with its key after its answer was lost)",
            str(v.second_devices),
        ],
        ["stored", str(v)],
        ["wall time", f"{run.seconds:.0f} s"],
    ]
    notes = "".join(f"\n- {n}" for n in v.notes[:10])
    shown = table(["what", "measured"], rows)
    return f"### 1. troef serve SIGKILLed, {phones} phones\n\n{shown}\n{notes}"


def worker_report(run: WorkerRun) -> str:
    rows = [
        ["demo seasons written (events)", f"{run.seasons} ({run.events})"],
        [
            "SIGKILLs holding the write lock / with work outstanding",
            f"{len(run.kills)} / {run.mid_batch}",
        ],
        [
            "at the kills: events applied of those in the log, competitions due",
            "; ".join(f"{k.applied}/{k.logged}, {k.due}" for k in run.kills) or "—",
        ],
        ["caught up after the last season written", f"{run.caught_up_after:.1f} s"],
        ["PRAGMA integrity_check", run.integrity],
        ["standings rows, equal to a rebuild", f"{run.standings_rows}, {run.standings_equal}"],
        ["differences from a rebuild (every read model)", str(len(run.differences))],
        [
            "failures recorded; troef projections check exit",
            f"{run.failures}; {run.projections_check}",
        ],
        ["wall time", f"{run.seconds:.0f} s"],
    ]
    return "### 2. troef projections follow SIGKILLed mid-batch\n\n" + table(
        ["what", "measured"], rows
    )


def proxy_report(run: ProxyRun, phones: int) -> str:
    t, v, c = run.tally, run.verdict, run.counts
    pushed = c.get("duplicate", 0) + c.get("drop", 0) + c.get("hold", 0) + c.get("pass", 0)
    faulty = pushed - c.get("pass", 0)
    rows = [
        ["requests through the proxy (pushes)", f"{c.get('requests', 0)} ({pushed})"],
        [
            "pushes duplicated / answers dropped / held back",
            f"{c.get('duplicate', 0)} / {c.get('drop', 0)} / {c.get('hold', 0)} "
            f"({faulty} of {pushed})",
        ],
        ["pushes that reached the server after a later one of the same phone", str(run.overtaken)],
        ["deals acknowledged", str(t.deals)],
        ["answers: applied / duplicate", f"{t.statuses['applied']} / {t.statuses['duplicate']}"],
        ["refused, in conflict or gap; phone errors", f"{len(t.refusals)}; {len(run.errors)}"],
        ["stored", str(v)],
        ["wall time", f"{run.seconds:.0f} s"],
    ]
    notes = "".join(f"\n- {n}" for n in v.notes[:10])
    return f"### 3. fault proxy, {phones} phones\n\n{table(['what', 'measured'], rows)}\n{notes}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", default="1,2,3")
    parser.add_argument("--pushes", type=int, default=2000)
    parser.add_argument("--phones", type=int, default=8)
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--worker-kills", type=int, default=10)
    parser.add_argument("--proxied", type=int, default=1000, help="deals through the proxy")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    only = {int(n) for n in args.only.split(",")}
    parts = [f"Load average at the start: {load_average()}."]
    ok = True
    if 1 in only:
        with workdir() as folder:
            kill = run_kills(folder, args.pushes, args.phones, args.kills, args.seed)
        parts.append(kills_report(kill, args.pushes, args.phones))
        ok &= kill.verdict.exactly_once and kill.verdict.intact and not kill.errors
        parts.append(f"Load average: {load_average()}.")
    if 2 in only:
        with workdir() as folder:
            worker = run_worker_kills(folder, args.worker_kills, args.seed)
        parts.append(worker_report(worker))
        ok &= worker.standings_equal and not worker.differences and worker.projections_check == 0
        parts.append(f"Load average: {load_average()}.")
    if 3 in only:
        with workdir() as folder:
            proxied = run_proxy(folder, args.proxied, args.phones, args.seed)
        parts.append(proxy_report(proxied, args.phones))
        ok &= proxied.verdict.exactly_once and proxied.verdict.intact and not proxied.errors
        parts.append(f"Load average: {load_average()}.")
    publish("Troef fault runs", "\n\n".join(parts), args.out)
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())

"""Benchmarks of Troef's history layer, each against a baseline measured in the same run.

``python -m bench.history [--quick] [--only 1,2,3,4,5] [--no-postgres] [--out FILE]``

1. a deal through ``Troef.record_deal`` against the bare eventsourcing library (SQLite,
   PostgreSQL), with its parts: the rules, loading the list and device, the read models;
2. the read models caught up from scratch against reading (and decoding) the log;
3. a 500-event list replayed and loaded at past versions against a raw ``SELECT`` and the
   library's ``Repository.get`` without snapshots;
4. N threads recording deals on different lists at once (SQLite, PostgreSQL);
5. probes of costs that grow with use (a device's mutations, a season's evenings).

The report is Markdown on stdout (and in ``--out``); docs/performance.md quotes a full run.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from . import catchup, concurrency, deals, probes, replaying
from .common import load_average, machine, postgres_problem, postgres_status, table, workdir


@dataclass(frozen=True)
class Plan:
    """The sizes of one run."""

    tables: int  # benchmark 1: lists per store
    deals: int  # benchmark 1: deals per list
    demo: str  # benchmark 2: the demo club's size
    catchups: int  # benchmark 2: catch-ups from scratch
    events: int  # benchmark 3: events on the replayed list
    replays: int  # benchmark 3: repetitions of each read
    threads: tuple[int, ...]  # benchmark 4
    thread_deals: int  # benchmark 4: deals per thread
    devices: tuple[int, ...]  # probe: mutations on a device
    evenings: tuple[int, ...]  # probe: evenings played


FULL = Plan(6, 36, "full", 5, 500, 30, (1, 2, 4), 36, (40, 400, 1600, 4000), (1, 4, 8, 15))
QUICK = Plan(2, 6, "small", 1, 120, 3, (1, 2), 4, (40, 200), (1,))


class Report:
    """Print as we go, and keep the text for ``--out``."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def __call__(self, text: str = "") -> None:
        print(text, flush=True)
        self.parts.append(text)

    def text(self) -> str:
        return "\n".join(self.parts) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.history", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="small sizes: about a minute")
    parser.add_argument("--only", default="1,2,3,4,5", help="which benchmarks, e.g. 1,3")
    parser.add_argument("--no-postgres", action="store_true", help="SQLite only")
    parser.add_argument("--out", type=Path, help="also write the report to this file")
    args = parser.parse_args(argv)
    plan = QUICK if args.quick else FULL
    only = {int(x) for x in args.only.split(",") if x.strip()}
    out = Report()
    started = time.perf_counter()
    pg = None if args.no_postgres else postgres_status()
    out(f"# Troef history benchmarks ({'quick' if args.quick else 'full'} run)\n")
    out(f"Started {datetime.now(UTC):%Y-%m-%d %H:%M} UTC.")
    out(f"Load average at the start: {load_average()}.\n")
    rows = [*machine(), ("PostgreSQL", f"{pg} at 127.0.0.1:5432" if pg else "not used")]
    out(table(["", ""], rows) + "\n")
    if not pg and not args.no_postgres:
        out(f"**PostgreSQL is not reachable** ({postgres_problem()}): its runs are skipped.\n")
    sections: dict[int, Callable[[Path], None]] = {
        1: lambda d: _deals(out, d, plan, pg is not None),
        2: lambda d: _catchup(out, d, plan),
        3: lambda d: _replay(out, d, plan),
        4: lambda d: _concurrency(out, d, plan, pg is not None),
        5: lambda d: _probes(out, d, plan),
    }
    for number, section in sections.items():
        if number in only:
            with workdir() as folder:
                section_start = time.perf_counter()
                section(folder)
                out(f"_({time.perf_counter() - section_start:.0f} s)_\n")
    out(f"Load average at the end: {load_average()}.")
    out(f"Total: {time.perf_counter() - started:.0f} s.")
    if args.out:
        args.out.write_text(out.text(), encoding="utf-8")
    return 0


def _deals(out: Report, folder: Path, plan: Plan, pg: bool) -> None:
    out("## 1. A deal recorded through the application, against the bare library\n")
    with deals.sqlite_stores(folder) as env_for:
        out(deals.report(deals.run("SQLite", env_for, folder, plan.tables, plan.deals)) + "\n")
    if pg:
        with deals.pg_stores() as env_for:
            result = deals.run("PostgreSQL", env_for, folder, plan.tables, plan.deals)
        out(deals.report(result) + "\n")


def _catchup(out: Report, folder: Path, plan: Plan) -> None:
    out("## 2. Read-model catch-up from scratch, against reading the log\n")
    result = catchup.run(folder, plan.demo, plan.catchups)
    out(catchup.report(result) + "\n")
    out(
        "Inside the catch-up (medians of up to 3 more catch-ups, timed apart from those above: "
        "the parts are timed by wrapping them, which costs time on every event):\n"
    )
    out(catchup.report_parts(result) + "\n")


def _replay(out: Report, folder: Path, plan: Plan) -> None:
    out(f"## 3. Replay of a {plan.events}-event list\n")
    result = replaying.run(folder, plan.replays, plan.events)
    out(replaying.report(result) + "\n")
    out(
        "While the list was built (one command per event, through the application, no read "
        "models), by the snapshots each save took (the baseline is a command with none):\n"
    )
    out(replaying.report_snapshots(result) + "\n")


def _concurrency(out: Report, folder: Path, plan: Plan, pg: bool) -> None:
    out("## 4. Concurrent tables: N threads, one list each\n")
    with deals.sqlite_stores(folder) as env_for:
        runs = concurrency.run("SQLite", env_for, folder, plan.threads, plan.thread_deals)
    if pg:
        with deals.pg_stores() as env_for:
            runs += concurrency.run("PostgreSQL", env_for, folder, plan.threads, plan.thread_deals)
    out(
        f"{plan.thread_deals} deals per thread after {concurrency.WARMUP} warm-up deals per "
        "list; a fresh store per line. Every acknowledged deal was checked to be on its list "
        "exactly once (rows, `DealRecorded` events, the device's mutations).\n"
    )
    out(concurrency.report(runs) + "\n")


def _probes(out: Report, folder: Path, plan: Plan) -> None:
    out("## 5. Costs that grow with use\n")
    out("A phone's device, loaded at the start of every command it sends:\n")
    out(probes.report_device(probes.device_growth(folder, plan.devices, 21)) + "\n")
    out(
        "The read models' catch-up after one deal as a wiezen season (12 players, 3 tables, "
        "10 deals per list) plays more evenings:\n"
    )
    out(probes.report_season(probes.season_growth(folder, plan.evenings, 10)) + "\n")


if __name__ == "__main__":
    sys.exit(main())

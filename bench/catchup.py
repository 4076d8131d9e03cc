"""Benchmark 2: the read models caught up from scratch, against reading the log.

The store is the demo club (:func:`backend.demo.season.build_demo`), built through the
application without read models. Each repetition catches a fresh read-model file up from
position 0 (the file and its tables are made before the clock starts). The baselines read
the same notifications in the same pages of 200 with ``app.recorder.select_notifications``,
then also decode each with ``app.mapper.to_domain_event`` (the baseline of the goal). A
third row decodes with the catch-up's own decoder (``orjson``; the same events), to show
how much of the catch-up's gain is its reading and how much its writing.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from backend.application import Troef
from backend.demo.season import build_demo
from backend.projections import ReadModels
from backend.projections.decoding import Decoder
from backend.projections.models import BATCH

from .common import Series, close, ms, rate, ratio, sqlite_env, table, timed
from .instrument import NESTED, PARTS, Parts, count_sql, schema_share


@dataclass
class CatchUpResult:
    size: str
    events: int
    build_seconds: float
    runs: dict[str, Series] = field(default_factory=dict)
    parts: dict[str, Series] = field(default_factory=dict)
    sql: Counter[str] = field(default_factory=Counter)


def read_log(app: Troef, decode: bool, ours: bool = False) -> int:
    """Read every notification in pages of ``BATCH`` (optionally decoding each, with the
    library's mapper or, with ``ours``, the catch-up's own decoder); return the count."""
    count, start = 0, None
    to_event = Decoder(app) if ours else app.mapper.to_domain_event
    while True:
        page = app.recorder.select_notifications(
            start=start, limit=BATCH, inclusive_of_start=start is None
        )
        if decode:
            for n in page:
                to_event(n)
        count += len(page)
        if len(page) < BATCH:
            return count
        start = page[-1].id


def catch_up_fresh(
    app: Troef, path: Path, series: Series, kinds: Counter[str] | None = None
) -> int:
    """Catch a new read-model file up from scratch, timed into ``series``; return the count.

    With ``kinds``, also count the statements of the catch-up (not of making the file); the
    count costs time on every statement, so the timed catch-ups go without it.
    """
    if kinds is None:
        views = ReadModels(path)
    else:
        with count_sql(kinds):
            views = ReadModels(path)
        kinds.clear()
    try:
        return int(series.measure(lambda: views.catch_up(app)))
    finally:
        views.close()
        for suffix in ("", "-wal", "-shm"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)


def run(folder: Path, size: str, repeats: int, seed: int = 3) -> CatchUpResult:
    """Build the demo club, then time catch-up and the two ways of reading the log."""
    app = Troef(env=sqlite_env(folder / "catchup-events.sqlite"))
    try:
        build_seconds, _ = timed(lambda: build_demo(app, seed=seed, size=size))
        events = app.recorder.max_notification_id() or 0
        result = CatchUpResult(size, events, build_seconds)
        read = result.runs.setdefault("read", Series("read"))
        decode = result.runs.setdefault("decode", Series("decode"))
        ours = result.runs.setdefault("ours", Series("ours"))
        catch = result.runs.setdefault("catch_up", Series("catch_up"))
        read_log(app, False), read_log(app, True)  # warm-up
        catch_up_fresh(app, folder / "catchup-warm.sqlite", Series("warm-up"), result.sql)
        for i in range(repeats):
            for _ in range(3):  # the reads are short: more samples of them
                assert read.measure(lambda: read_log(app, False)) == events
                assert decode.measure(lambda: read_log(app, True)) == events
                assert ours.measure(lambda: read_log(app, True, ours=True)) == events
            count = catch_up_fresh(app, folder / f"catchup-{i}.sqlite", catch)
            assert count == events, (count, events)
        # The parts in catch-ups of their own: their wrappers cost time on every event.
        whole = result.runs.setdefault("instrumented", Series("instrumented"))
        with Parts() as parts:
            for i in range(min(repeats, 3)):
                parts.discard()
                catch_up_fresh(app, folder / f"catchup-parts-{i}.sqlite", whole)
                parts.flush()
        result.parts = parts.series
        return result
    finally:
        close(app)


def report(result: CatchUpResult) -> str:
    base = result.runs["read"].median
    rows: list[list[Any]] = []
    labels = {
        "read": "read the log: `select_notifications`, pages of 200 (baseline)",
        "decode": "read + `mapper.to_domain_event` for each",
        "ours": "read + the catch-up's own decoder (`projections.decoding`, orjson) for each",
        "catch_up": "`ReadModels.catch_up` from scratch (fresh file)",
    }
    for key, label in labels.items():
        s = result.runs[key]
        rows.append(
            [
                label,
                len(s),
                ms(s.median),
                ms(s.p95),
                ms(s.cpu_median),
                rate(result.events, s.median),
                ratio(s.median, base),
                ratio(s.cpu_median, result.runs["read"].cpu_median),
            ]
        )
    head = (
        f"Store: the demo club, size `{result.size}`, {result.events} events on a SQLite "
        f"file (built through the application in {result.build_seconds:.1f} s, without "
        "read models)."
    )
    return (
        head
        + "\n\n"
        + table(
            [
                "over all events",
                "n",
                "median ms",
                "p95 ms",
                "CPU ms",
                "events/s",
                "× baseline",
                "CPU × baseline",
            ],
            rows,
        )
    )


def report_parts(result: CatchUpResult) -> str:
    """Where a catch-up from scratch spends its time, and the SQL it runs per event."""
    whole = result.runs["instrumented"].median
    rows = [
        [
            PARTS[name],
            ms(s.median),
            f"{s.median / whole:.0%}",
            f"{s.median / result.events * 1e6:.0f}",
        ]
        for name, s in result.parts.items()
    ]
    rows.append(
        [
            "the rest: reading, decoding, tracking, commits, the loop",
            ms(whole - sum(result.parts[k].median for k in PARTS if k not in NESTED)),
            "",
            "",
        ]
    )
    total, schema = schema_share(result.sql)
    kinds = ", ".join(f"{k} {n}" for k, n in result.sql.most_common())
    return (
        table(["part of the catch-up", "median ms", "share", "µs per event"], rows)
        + f"\n\nSQL statements in one catch-up of {result.events} events: {total} "
        f"({total / result.events:.1f} per event), of which {schema} "
        f"({schema / result.events:.1f} per event) only look up the schema. By kind: {kinds}."
    )

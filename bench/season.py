"""A federation season through the application, then rebuilt: time and ratio to the log read.

The season is ``--clubs`` demo clubs (:func:`backend.demo.season.build_demo`, each a season
of wiezen, klaverjas, schafkopf and bridge, about 2,500 events) written into one event store
through ``Troef.handle``, with a different seed per club. The store is kept (``--store``) so
a later run can rebuild it again without generating it; ``--add`` generates more clubs into
it. Then, in the same run and on the same file:

- baseline: reading the whole log in pages (``select_notifications``) and decoding every
  event (``mapper.to_domain_event``), as the rebuild must;
- ``ReadModels.rebuild``: a new read-model file beside the live one, built from position 0
  in batches, results settled once per competition, swapped in.

``python -m bench.season [--clubs N] [--store FILE] [--repeats R] [--out FILE]``
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from backend.application import Troef
from backend.demo.season import build_demo
from backend.projections import ReadModels
from backend.projections.generations import generations, remove

from .catchup import read_log
from .common import Series, close, load_average, publish, sqlite_env, table, workdir


def generate(app: Troef, clubs: int, first: int) -> float:
    """Write ``clubs`` demo clubs (seeds ``first``…) through the application; return seconds."""
    start = time.perf_counter()
    for club in range(first, first + clubs):
        build_demo(app, seed=1000 + club)
        print(f"club {club + 1}: {app.recorder.max_notification_id()} events", flush=True)
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clubs", type=int, default=20, help="demo clubs in the season")
    parser.add_argument("--store", type=Path, help="keep the event store in this file")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    with workdir() as folder:
        store = args.store or folder / "season-events.sqlite"
        app = Troef(env=sqlite_env(store))
        try:
            have = app.recorder.max_notification_id() or 0
            made = (have + 2499) // 2500
            seconds = generate(app, max(0, args.clubs - made), made) if args.clubs > made else 0
            events = app.recorder.max_notification_id() or 0
            report = measure(app, events, folder, args.repeats)
        finally:
            close(app)
    head = (
        f"Store: {events:,} events on one SQLite file, {args.clubs} demo clubs of all four "
        f"games written through `Troef.handle`"
        + (f" in {seconds:.0f} s ({events / seconds:,.0f} events/s)" if seconds else "")
        + ". Load average at the end: "
        + load_average()
        + "."
    )
    publish("Troef benchmark: a federation season rebuilt", head + "\n\n" + report, args.out)
    return 0


def measure(app: Troef, events: int, folder: Path, repeats: int) -> str:
    """Time the log read, the read + decode and the rebuild, alternating; return the table."""
    read, decode, rebuild = Series("read"), Series("decode"), Series("rebuild")
    live = folder / "views.sqlite"
    views = ReadModels(live)
    for _ in range(repeats):
        assert read.measure(lambda: read_log(app, False)) == events
        assert decode.measure(lambda: read_log(app, True)) == events
        assert rebuild.measure(lambda: views.rebuild(app)) == events
    views.close()
    for path in [live, *generations(live)]:
        remove(path)
    rows = []
    for label, series in (
        ("read the log (`select_notifications`)", read),
        ("read + decode every event (baseline)", decode),
        ("`ReadModels.rebuild` (beside, then swap)", rebuild),
    ):
        rows.append(
            [
                label,
                len(series),
                f"{series.median:.2f}",
                f"{series.cpu_median:.2f}",
                f"{events / series.median:,.0f}",
                f"{decode.median / series.median:.2f}×",
            ]
        )
    per_million = rebuild.median / events * 1e6
    return (
        table(
            ["over all events", "n", "median s", "CPU s", "events/s", "speed × baseline"],
            rows,
        )
        + f"\n\nAt this rate a rebuild of 1,000,000 events takes about {per_million:.0f} s "
        "(extrapolated linearly from this run, not measured)."
    )


if __name__ == "__main__":
    raise SystemExit(main())

"""Profile what dominates a benchmark: ``python -m bench.profile deal|catchup|replay [N]``.

Runs one workload under cProfile and prints the top N functions by cumulative and by own
time (wall clock, as cProfile measures it). ``catchup`` also counts the SQL statements the
read models execute per event, and how many of them only look up the schema.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
from collections import Counter
from pathlib import Path

from backend.application import Troef
from backend.demo.season import build_demo
from backend.projections import ReadModels

from .common import close, sqlite_env, workdir
from .fixtures import Wired, deal_facts, open_lists
from .instrument import count_sql, schema_share
from .replaying import play_list

Profiled = tuple[cProfile.Profile, str]


def profile_deal(folder: Path) -> Profiled:
    """Record 3 × 30 deals through the wired application (as ``Instance.open`` wires it)."""
    wired = Wired.open(sqlite_env(folder / "e.sqlite"), str(folder / "v.sqlite"))
    try:
        lists = open_lists(wired.app, 3, seed="profile")
        facts = [deal_facts(lst.seats, 35, f"profile-{t}") for t, lst in enumerate(lists)]
        for t, lst in enumerate(lists):
            for f in facts[t][:5]:
                lst.record(wired.app, f)
        prof = cProfile.Profile()
        prof.enable()
        for n in range(5, 35):
            for t, lst in enumerate(lists):
                lst.record(wired.app, facts[t][n])
        prof.disable()
        return prof, "90 deals recorded with read models caught up after each save"
    finally:
        close(wired.app, wired.views)


def profile_catchup(folder: Path) -> Profiled:
    """Catch up the read models of the full demo club from scratch."""
    app = Troef(env=sqlite_env(folder / "e.sqlite"))
    kinds: Counter[str] = Counter()
    with count_sql(kinds):
        views = ReadModels(folder / "v.sqlite")
    try:
        build_demo(app, seed=3, size="full")
        events = app.recorder.max_notification_id() or 0
        kinds.clear()
        prof = cProfile.Profile()
        prof.enable()
        views.catch_up(app)
        prof.disable()
        total, schema = schema_share(kinds)
        note = (
            f"catch-up from scratch of {events} events; {total} SQL statements "
            f"({total / events:.1f} per event), of which {schema} "
            f"({schema / events:.1f} per event) only look up the schema; "
            f"by kind: {dict(kinds.most_common())}"
        )
        return prof, note
    finally:
        close(app, views)


def profile_replay(folder: Path) -> Profiled:
    """Replay a 500-event list 10 times with ``Troef.replay``."""
    app = Troef(env=sqlite_env(folder / "e.sqlite"))
    try:
        lst = open_lists(app, 1, seed="profile-replay")[0]
        play_list(app, lst)
        prof = cProfile.Profile()
        prof.enable()
        for _ in range(10):
            app.replay(lst.list_id)
        prof.disable()
        return prof, "Troef.replay of a 500-event list, 10 times"
    finally:
        close(app)


WORKLOADS = {"deal": profile_deal, "catchup": profile_catchup, "replay": profile_replay}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("workload", choices=sorted(WORKLOADS))
    parser.add_argument("top", nargs="?", type=int, default=30)
    args = parser.parse_args()
    with workdir() as folder:
        prof, note = WORKLOADS[args.workload](folder)
    print(f"# {note}\n")
    stats = pstats.Stats(prof)
    for key in ("cumulative", "tottime"):
        print(f"## by {key}\n")
        stats.sort_stats(key).print_stats(args.top)


if __name__ == "__main__":
    main()

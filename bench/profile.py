"""Profile what dominates a benchmark:
``python -m bench.profile deal|catchup|replay|push|batch [N]``.

Runs one workload under cProfile and prints the top N functions by cumulative and by own
time (wall clock, as cProfile measures it). ``catchup`` also counts the SQL statements the
read models execute per event, and how many of them only look up the schema. ``push`` and
``batch`` send ``POST /api/sync/push`` to the web app on an instance folder through Flask's
test client (no HTTP, no worker), so that the request's whole path runs in the profiled
thread: 120 one-deal pushes by 4 phones, or 3 pushes of 40 offline deals.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from backend import instance
from backend.api import create_app
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


def _phones(web: Any, count: int) -> list[Callable[[int, list[Any]], None]]:
    """``count`` phones joined to their tables; each pushes (first id, [(name, args)])."""
    from .push import evening  # the same evening as bench.push

    phones = []
    for t, (list_id, code) in enumerate(evening(web, count)):
        client = web.test_client()
        joined = client.post("/api/join", json={"code": code, "name": f"phone-{t}"})
        headers = {"Authorization": f"Bearer {joined.json['token']}"}

        def push(first: int, mutations: list[Any], c=client, h=headers, t=t, lid=list_id) -> None:
            body = {
                "client_id": f"phone-{t}",
                "mutations": [
                    {"id": first + i, "name": name, "list": lid, "args": args}
                    for i, (name, args) in enumerate(mutations)
                ],
            }
            answer = c.post("/api/sync/push", json=body, headers=h)
            assert answer.status_code == 200, answer.json
            assert all(r["status"] == "applied" for r in answer.json["results"]), answer.json

        push(1, [("join", {})])
        phones.append(push)
    return phones


def _pushes(folder: Path, batch: bool) -> Profiled:
    from .push import vraag

    instance.init(folder / "club", "Bench", "anna", "geheim-genoeg")
    web = create_app({"TROEF_INSTANCE": str(folder / "club"), "TROEF_WORKER": False})
    try:
        phones = _phones(web, 4)
        prof = cProfile.Profile()
        if batch:
            offline = [("record_deal", {"deal_no": n, "record": vraag(n)}) for n in range(1, 41)]
            phones[0](2, offline)  # warm-up
            prof.enable()
            for push in phones[1:]:
                push(2, offline)
            prof.disable()
            return prof, "3 pushes of 40 offline deals, each on its own list (Flask test client)"
        for n in range(1, 36):
            if n == 6:
                prof.enable()
            for push in phones:
                push(n + 1, [("record_deal", {"deal_no": n, "record": vraag(n)})])
        prof.disable()
        return prof, "120 pushes of one deal, 4 phones in turn (Flask test client)"
    finally:
        web.extensions["troef"].close()


def profile_push(folder: Path) -> Profiled:
    """One deal a push through the web app, as ``bench.push`` measures it over HTTP."""
    return _pushes(folder, batch=False)


def profile_batch(folder: Path) -> Profiled:
    """40 offline deals in one push through the web app."""
    return _pushes(folder, batch=True)


WORKLOADS = {
    "deal": profile_deal,
    "catchup": profile_catchup,
    "replay": profile_replay,
    "push": profile_push,
    "batch": profile_batch,
}


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

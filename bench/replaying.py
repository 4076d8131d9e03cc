"""Benchmark 3: a list of 500 events read back, replayed and loaded at past versions.

The list is played through the application in play mode (wiezen: the play is started, two
bids, every card, then the deal recorded: 56 events a deal), which is how a list grows past
a few dozen events; it stops at exactly 500 events, in the middle of the ninth deal. The
application snapshots a list every 50 events, so ``get_list`` reads a snapshot and at most
49 events. Baselines: a raw SQLite ``SELECT`` of the 500 rows, and the library's
``Repository.get`` on the same event store without snapshots (its default projector).
"""

from __future__ import annotations

import contextlib
import random
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from uuid import UUID

from eventsourcing.application import Repository

from backend.application import Command, Troef
from backend.application.troef import mutate_all

from .common import Series, close, ms, ratio, sqlite_env, table
from .fixtures import TableList, deal_facts, open_lists

EVENTS = 500
SUITS, RANKS = "SHDC", ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def versions(events: int) -> list[int]:
    """The past versions loaded: early, just before a snapshot, quarters, the one before last."""
    return sorted({2, 49, events // 4, events // 2, 3 * events // 4, events - 1})


class _Full(Exception):
    """The list holds the events it should."""


def play_list(app: Troef, lst: TableList, target: int = EVENTS, seed: int = 5) -> dict[str, Series]:
    """Play wiezen deals card by card on ``lst`` until it holds ``target`` events.

    Returns the time of each command, grouped by the snapshots its save took: none, the
    list's (every 50th list event), or the list's and the device's (every 100th; the
    phone's device has as many events as the list here).
    """
    rng = random.Random(seed)
    timing = {kind: Series(kind) for kind in ("none", "list", "list+device")}
    facts = deal_facts(lst.seats, 40, f"replay-{seed}")
    version = app.get_list(lst.list_id).version

    def command(name: str, **args: Any) -> Any:
        """Send one list command from the phone; each appends one event."""
        nonlocal version
        if version >= target:
            raise _Full
        kind = "none" if (version + 1) % 50 else "list" if (version + 1) % 100 else "list+device"
        out = timing[kind].measure(
            lambda: app.handle(lst.phone(), Command(name, lst.list_id, args))
        )
        version += 1
        return out

    with contextlib.suppress(_Full):
        for deal_no in range(1, len(facts) + 1):
            deck = [s + r for s in SUITS for r in RANKS]
            rng.shuffle(deck)
            hands = {str(seat): deck[13 * (seat - 1) : 13 * seat] for seat in range(1, 5)}
            context = {"hands": hands, "leader": "1", "trump": "H", "declarers": ["1", "3"]}
            turn = command("start_play", deal_no=deal_no, context=context)["turn"]
            command("make_bid", deal_no=deal_no, seat="1", bid="vraag")
            command("make_bid", deal_no=deal_no, seat="3", bid="meegaan")
            led = None
            while turn is not None:
                hand = hands[turn]
                card = next((c for c in hand if led and c[0] == led), hand[0])
                hand.remove(card)
                out = command("play_card", deal_no=deal_no, seat=turn, card=card)
                led = None if out["winner"] else (led or card[0])
                turn = out["turn"]
            command("record_deal", deal_no=deal_no, record=facts[deal_no - 1])
    return timing


@dataclass
class ReplayResult:
    events: int
    runs: dict[str, Series] = field(default_factory=dict)
    build: dict[str, Series] = field(default_factory=dict)

    def measure(self, name: str, call: Callable[[], Any]) -> None:
        self.runs.setdefault(name, Series(name)).measure(call)


def run(folder: Path, repeats: int, events: int = EVENTS) -> ReplayResult:
    """Build the 500-event list, then time each way of reading it, interleaved."""
    path = folder / "replay-events.sqlite"
    app = Troef(env=sqlite_env(path))
    raw = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        lst = open_lists(app, 1, seed="bench-replay")[0]
        build = play_list(app, lst, events)
        uid = UUID(lst.list_id)
        assert app.get_list(lst.list_id).version == events
        bare_repo = Repository(event_store=app.events)  # no snapshot store, no cache
        sql = (
            "SELECT originator_version, topic, state FROM stored_events "
            "WHERE originator_id = ? ORDER BY originator_version"
        )
        calls: dict[str, Callable[[], Any]] = {
            "sql": lambda: raw.execute(sql, [uid.hex]).fetchall(),
            "decode": lambda: list(app.events.get(uid)),
            "repo": lambda: bare_repo.get(uid),
            "repo_fast": lambda: bare_repo.get(uid, projector_func=mutate_all),
            "get_list": lambda: app.get_list(lst.list_id),
            "replay": lambda: app.replay(lst.list_id),
            "replay_deal": lambda: app.replay(lst.list_id, deal_no=1),
        }
        for v in versions(events):
            calls[f"v{v}"] = lambda v=v: app.get_list(lst.list_id, version=v)
        assert len(calls["sql"]()) == events
        assert len(calls["replay"]()) == events
        assert calls["repo"]().version == events
        for call in calls.values():  # warm-up
            call()
        result = ReplayResult(events, build=build)
        for _ in range(repeats):
            for name, call in calls.items():
                result.measure(name, call)
        return result
    finally:
        raw.close()
        close(app)


LABELS = {
    "sql": "raw SQLite `SELECT` of the list's rows (baseline)",
    "decode": "library: `app.events.get` (decode every event, no aggregate)",
    "repo": "library: `Repository.get` without snapshots (default projector) (baseline 2)",
    "repo_fast": "library: `Repository.get` without snapshots, `projector_func=mutate_all`",
    "get_list": "`Troef.get_list` (latest, from the last snapshot)",
    "replay": "`Troef.replay(list_id)` (every event, with the state after each)",
    "replay_deal": "`Troef.replay(list_id, deal_no=1)` (one deal's 56 steps)",
}


def report(result: ReplayResult) -> str:
    base = result.runs["sql"].median
    repo = result.runs["repo"].median
    rows: list[list[Any]] = []
    names = list(LABELS)
    names[5:5] = [f"v{v}" for v in versions(result.events)]
    for name in names:
        s = result.runs[name]
        label = LABELS.get(name)
        if label is None:
            v = int(name[1:])
            snap = v // 50 * 50
            label = (
                f"`Troef.get_list(version={v})` (snapshot {snap} + {v - snap} events)"
                if snap
                else f"`Troef.get_list(version={v})` ({v} events, no snapshot)"
            )
        rows.append(
            [
                label,
                len(s),
                ms(s.median),
                ms(s.p95),
                ms(s.cpu_median),
                ratio(s.median, base),
                ratio(s.cpu_median, result.runs["sql"].cpu_median),
                ratio(s.median, repo),
                ratio(s.cpu_median, result.runs["repo"].cpu_median),
            ]
        )
    head = (
        f"One wiezen list of {result.events} events on a SQLite file, played card by card "
        "(56 events a deal), snapshots every 50 events."
    )
    return (
        head
        + "\n\n"
        + table(
            [
                "read",
                "n",
                "median ms",
                "p95 ms",
                "CPU ms",
                "× SELECT",
                "CPU × SELECT",
                "× Repository.get",
                "CPU × Repository.get",
            ],
            rows,
        )
    )


def report_snapshots(result: ReplayResult) -> str:
    """The list's commands while it was built, by the snapshots their save took."""
    labels = {
        "none": "no snapshot",
        "list": "the list's snapshot (50th, 150th … event)",
        "list+device": "the list's and the device's snapshots (100th, 200th … event)",
    }
    base = result.build["none"].median
    rows = [
        [
            labels[k],
            len(s),
            ms(s.median),
            ms(s.p95),
            ms(s.cpu_median),
            ratio(s.median, base),
            ratio(s.cpu_median, result.build["none"].cpu_median),
        ]
        for k, s in result.build.items()
        if len(s)
    ]
    return table(
        ["command whose save took", "n", "median ms", "p95 ms", "CPU ms", "× none", "CPU × none"],
        rows,
    )

"""Probes of two costs that grow with use, measured to size the "Known costs" in the docs.

1. Loading a phone's device as its mutations add up: ``Troef.get_device`` (the library's
   default projector) against the same load with the application's ``mutate_all``, and the
   size of the device's latest snapshot (every outcome it ever stored).
2. The read models' catch-up after one deal as a wiezen season grows: the whole catch-up,
   and ``results.refresh`` (evening results and standings of the competition) alone.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from backend.aggregates.actor import director
from backend.aggregates.device import Device, digest
from backend.application import Command, Troef
from backend.application.troef import mutate_all
from backend.demo.tables import Phone
from backend.projections import ReadModels

from .common import Series, close, ms, sqlite_env, table
from .fixtures import WIEZEN, TableList, deal_facts, open_lists
from .instrument import Parts


@dataclass
class ProbeResult:
    device: list[list[Any]] = field(default_factory=list)
    season: list[list[Any]] = field(default_factory=list)


def device_growth(folder: Path, sizes: tuple[int, ...], repeats: int) -> list[list[Any]]:
    """Time loading devices holding ``sizes`` mutations (saved as the application saves them)."""
    path = folder / "probe-devices.sqlite"
    app = Troef(env=sqlite_env(path))
    try:
        lst = open_lists(app, 1, seed="probe-device")[0]
        result = lst.record(app, deal_facts(lst.seats, 1, "probe")[0])
        rows = []
        for size in sizes:
            client = f"probe-{size}"
            device = Device.register(client, lst.list_id)
            for m in range(1, size + 1):
                args = {"list": lst.list_id, "deal_no": m, "record": {}}
                device.applied(
                    client, m, "record_deal", lst.list_id, digest("record_deal", args), result
                )
            app.save(device)  # snapshots every 100 events, as the application takes them
            uid = Device.create_id(client, lst.list_id)
            default, fast = Series("default"), Series("mutate_all")
            app.get_device(client, lst.list_id)  # warm-up
            for _ in range(repeats):  # interleaved, so that a change of load hits both
                default.measure(lambda c=client: app.get_device(c, lst.list_id))
                fast.measure(lambda u=uid: app.repository.get(u, projector_func=mutate_all))
            with sqlite3.connect(path) as conn:
                found = conn.execute(
                    "SELECT originator_version, length(state) FROM stored_snapshots "
                    "WHERE originator_id = ? ORDER BY originator_version DESC LIMIT 1",
                    [uid.hex],
                ).fetchone()
            snap, snap_bytes = found if found else (0, 0)
            rows.append(
                [
                    size,
                    f"{snap} + {size + 1 - snap}",
                    f"{snap_bytes / 1024:,.0f}",
                    ms(default.median),
                    ms(default.cpu_median),
                    ms(fast.median),
                    ms(fast.cpu_median),
                ]
            )
        return rows
    finally:
        close(app)


def season_growth(folder: Path, checkpoints: tuple[int, ...], deals: int) -> list[list[Any]]:
    """Time the catch-up after one deal when a wiezen season has played more evenings."""
    app = Troef(env=sqlite_env(folder / "probe-season.sqlite"))
    views = ReadModels(folder / "probe-season-views.sqlite")
    boss = director("Probe director")
    try:
        cid = app.handle(
            boss, Command("create_competition", None, {"name": "Probe season", "rules": WIEZEN})
        )
        players = [
            app.handle(boss, Command("enrol_player", cid, {"name": f"Player {i}"}))
            for i in range(12)
        ]
        rows, played, events_before = [], 0, 0
        for evening_no in range(1, max(checkpoints) + 1):
            lists = _play_evening(app, cid, players, evening_no, deals)
            played += 1
            if evening_no not in checkpoints:
                continue
            views.catch_up(app)  # untimed: bring the read models to this point
            per_deal = Series("catch-up")
            probe = lists[0]
            with Parts() as parts:
                for f in deal_facts(probe.seats, 9, f"probe-{evening_no}-x"):
                    probe.record(app, f)
                    per_deal.measure(lambda: views.catch_up(app))
                    parts.flush()
            refresh, rows_of_list = parts.series["results.refresh"], parts.series["lists.finish"]
            events_before = app.recorder.max_notification_id() or 0
            rows.append(
                [
                    played,
                    played * len(lists),
                    events_before,
                    ms(per_deal.median),
                    ms(per_deal.cpu_median),
                    ms(refresh.median),
                    ms(rows_of_list.median),
                ]
            )
        return rows
    finally:
        close(app, views)


def _play_evening(
    app: Troef, cid: str, players: list[str], evening_no: int, deals: int
) -> list[TableList]:
    boss = director("Probe director")
    evening = app.handle(
        boss, Command("schedule_evening", cid, {"date": f"2025-09-{evening_no:02d}"})
    )
    for player in players:
        app.handle(
            boss,
            Command(
                "record_attendance",
                cid,
                {"evening": evening, "player_id": player, "status": "present"},
            ),
        )
    drawn = app.handle(
        boss, Command("draw_seating", cid, {"evening": evening, "seed": f"probe-{evening_no}"})
    )
    out = []
    for entry in drawn["lists"]:
        lst = TableList(entry["list_id"], entry["seats"], Phone(f"p{evening_no}-{entry['table']}"))
        app.handle(lst.phone(), Command("join", lst.list_id))
        for f in deal_facts(lst.seats, deals, f"season-{evening_no}-{entry['table']}"):
            lst.record(app, f)
        out.append(lst)
    return out


def report_device(rows: list[list[Any]]) -> str:
    return table(
        [
            "mutations on the device",
            "snapshot + events replayed",
            "snapshot KiB",
            "`get_device` median ms (default projector)",
            "CPU ms",
            "same with `mutate_all`: median ms",
            "CPU ms",
        ],
        rows,
    )


def report_season(rows: list[list[Any]]) -> str:
    return table(
        [
            "evenings played",
            "lists",
            "events in the store",
            "catch-up after one deal: median ms",
            "CPU ms",
            "of which `results.refresh`: median ms",
            "of which `list_state.finish`: median ms",
        ],
        rows,
    )

"""What the benchmarks are measured on: lists opened through the application, and the baseline.

The baseline is the bare eventsourcing library: :class:`BareList`, a minimal aggregate with
one ``@event`` method, saved by :class:`BareApp` (a plain ``Application``) on the same kind
of store. It records the same deal facts as the application, so both write comparable
payloads; it has no rules, no hash chain, no device and no snapshots.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

from eventsourcing.application import Application
from eventsourcing.domain import Aggregate, event

from backend.aggregates.actor import director
from backend.application import Command, Troef
from backend.demo import deal_stream
from backend.demo.tables import Phone
from backend.projections import ReadModels

from .common import Series
from .instrument import Parts

WIEZEN = "wiezen-reglement-2019"


class BareList(Aggregate):
    """The baseline: an aggregate that appends a deal's facts, and nothing else."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.deals = 0

    @event("DealRecorded")
    def record_deal(self, deal_no: int, facts: dict[str, Any]) -> None:
        self.deals += 1


class BareApp(Application[UUID]):
    """The bare library's application: save and load, nothing more."""

    name = "bare"


def bare_deal(app: BareApp, aggregate_id: UUID, deal_no: int, facts: dict[str, Any]) -> None:
    """Load, call, save: the bare library's version of what ``Troef.record_deal`` does."""
    aggregate = app.repository.get(aggregate_id)
    aggregate.record_deal(deal_no, facts)
    app.save(aggregate)


def open_bare(app: BareApp, name: str) -> UUID:
    aggregate = BareList(name)
    app.save(aggregate)
    return aggregate.id


@dataclass
class TableList:
    """A list drawn through the application, with the phone holding its pen."""

    list_id: str
    seats: dict[str, str]
    phone: Phone
    recorded: int = 0

    def record(self, app: Troef, facts: dict[str, Any]) -> dict[str, Any]:
        """Record the next deal from this list's phone (the next mutation id)."""
        self.recorded += 1
        return app.handle(
            self.phone(),
            Command("record_deal", self.list_id, {"deal_no": self.recorded, "record": facts}),
        )


def open_lists(app: Troef, tables: int, seed: str, prefix: str = "phone") -> list[TableList]:
    """Draw one wiezen evening of ``tables`` tables of four; each list's phone joins it."""
    boss = director("Bench director")
    cid = app.handle(
        boss, Command("create_competition", None, {"name": f"Bench {seed}", "rules": WIEZEN})
    )
    players = [
        app.handle(boss, Command("enrol_player", cid, {"name": f"Player {i}"}))
        for i in range(4 * tables)
    ]
    evening = app.handle(boss, Command("schedule_evening", cid, {"date": "2025-09-07"}))
    for player in players:
        app.handle(
            boss,
            Command(
                "record_attendance",
                cid,
                {"evening": evening, "player_id": player, "status": "present"},
            ),
        )
    drawn = app.handle(boss, Command("draw_seating", cid, {"evening": evening, "seed": seed}))
    out = []
    for entry in drawn["lists"]:
        table = TableList(entry["list_id"], entry["seats"], Phone(f"{prefix}-{entry['table']}"))
        app.handle(table.phone(), Command("join", table.list_id))
        out.append(table)
    assert len(out) == tables, f"the draw made {len(out)} tables, not {tables}"
    return out


def deal_facts(seats: dict[str, str], count: int, seed: str) -> list[dict[str, Any]]:
    """The facts of ``count`` deals of one table, in order (no penalty-only rows)."""
    rng = random.Random(seed)
    stream = deal_stream("wiezen", rng, seats, penalty_rate=0.0)
    return [next(stream)[1] for _ in range(count)]


@dataclass
class Wired:
    """An application whose read models catch up after every save, with that time measured.

    Wired as ``open_services`` wires the web app: the catch-up after a save leaves the
    competition's results due (``settle=False``); readers and the worker settle them.
    """

    app: Troef
    views: ReadModels
    catch_up: Series = field(default_factory=lambda: Series("catch-up"))
    parts: Parts | None = None

    @classmethod
    def open(cls, env: dict[str, str], views_path: str) -> Wired:
        app = Troef(env=env)
        views = ReadModels(views_path)
        wired = cls(app, views)
        app.after_save.append(wired._listener)
        views.catch_up(app)
        return wired

    def _listener(self, _recordings: Any) -> None:
        self.catch_up.measure(lambda: self.views.catch_up(self.app, settle=False))
        if self.parts is not None:
            self.parts.flush()

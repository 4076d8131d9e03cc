"""Verify the hash chains of every chained aggregate, from the stored bytes.

Reads the application's notification log in order (SQLite and PostgreSQL alike), groups the
events by aggregate, and recomputes each event's hash from what is stored. A change made
behind the application's back — an edited points value, a removed or reordered event —
breaks the chain at that event, and the first broken link of each aggregate is named.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

from eventsourcing.application import Application
from eventsourcing.persistence import Notification

from .aggregates.chain import GENESIS, event_hash

PAGE = 500
CHAINED = ("ScoreList", "Competition")


@dataclass
class ChainReport:
    """The result of verifying one aggregate's chain."""

    aggregate_id: str
    kind: str
    events: int = 0
    head: str = GENESIS
    broken_at: int | None = None
    problem: str = ""

    @property
    def ok(self) -> bool:
        return self.broken_at is None

    def as_dict(self) -> dict[str, Any]:
        return {
            "aggregate_id": self.aggregate_id,
            "kind": self.kind,
            "events": self.events,
            "head": self.head,
            "ok": self.ok,
            "broken_at": self.broken_at,
            "problem": self.problem,
        }


@dataclass
class AuditReport:
    chains: list[ChainReport] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return all(c.ok for c in self.chains)

    @property
    def broken(self) -> list[ChainReport]:
        return [c for c in self.chains if not c.ok]


def notifications(app: Application[Any]) -> Iterator[Notification]:
    """Every notification of the application, in log order."""
    start: int | None = None
    while True:
        page = app.recorder.select_notifications(
            start=start, limit=PAGE, inclusive_of_start=start is None
        )
        if not page:
            return
        yield from page
        start = page[-1].id


def verify(app: Application[Any]) -> AuditReport:
    """Recompute every chain; name the first broken link of each broken one."""
    reports: dict[UUID, ChainReport] = {}
    expected_version: dict[UUID, int] = {}
    for n in notifications(app):
        kind, _, name = n.topic.partition(":")[2].rpartition(".")
        if kind not in CHAINED:
            continue  # devices are not chained
        report = reports.setdefault(n.originator_id, ChainReport(str(n.originator_id), kind))
        state = readable(app, n.state)
        if state is None:
            report.events += 1
            if report.ok:
                report.broken_at, report.problem = (
                    n.originator_version,
                    "its stored bytes are unreadable",
                )
            continue
        check_event(report, n, name, state, expected_version.get(n.originator_id, 1))
        expected_version[n.originator_id] = n.originator_version + 1
    return AuditReport(sorted(reports.values(), key=lambda r: (r.kind, r.aggregate_id)))


def readable(app: Application[Any], state: Any) -> dict[str, Any] | None:
    """The stored state decoded, or None when it was damaged beyond reading."""
    try:
        data = state.encode("utf-8") if isinstance(state, str) else bytes(state)
        decoded = app.mapper.transcoder.decode(data)
    except (ValueError, TypeError, KeyError):
        return None
    return decoded if isinstance(decoded, dict) and "timestamp" in decoded else None


def _recomputed(name: str, n: Notification, state: dict[str, Any]) -> str | None:
    try:
        return event_hash(name, n.originator_id, n.originator_version, state["timestamp"], state)
    except (TypeError, AttributeError):
        return None  # a field of a type no event ever had: changed behind our back


def check_event(
    report: ChainReport, n: Notification, name: str, state: dict[str, Any], expected_version: int
) -> None:
    report.events += 1
    if not report.ok:
        return
    problem, at = "", n.originator_version
    if n.originator_version != expected_version:
        problem = f"event {expected_version} is missing (found {n.originator_version})"
        at = expected_version
    elif state.get("prev_hash") != report.head:
        problem = "its prev_hash does not match the hash of the event before it"
    elif _recomputed(name, n, state) != state.get("hash"):
        problem = "its content does not match its hash (changed after it was written)"
    if problem:
        report.broken_at, report.problem = at, problem
    else:
        report.head = state["hash"]

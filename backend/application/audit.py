"""Verify the hash chains of every chained aggregate, from the stored bytes.

Reads the application's notification log in order (SQLite and PostgreSQL alike), groups the
events by aggregate, and recomputes each event's hash from what is stored. A change made
behind the application's back — an edited points value, a removed or reordered event —
breaks the chain at that event, and the first broken link of each aggregate is named.

A chain shortened at its end still checks out on its own, so the close of an evening anchors
each of its lists' head and version in the competition's chain (``EveningClosed.heads``).
Every anchor of an event that verified is then checked against the list's stored chain: it
must reach that version, and its event there must have that hash.

Every other stored record is checked too: each event against its row in the seal written
with it (:mod:`.audit_seal`: deleted, moved, changed or added events, also the newest of a
list still open and events that are not chained) and each snapshot against the events it
stands for (:mod:`.audit_snapshots`). Their findings name the aggregate, the version and
what differs.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

from eventsourcing.application import Application
from eventsourcing.persistence import Notification

from ..aggregates.chain import GENESIS, event_hash
from .audit_seal import Finding, SealCheck
from .audit_snapshots import SnapshotCheck, snapshot_ids

PAGE = 500
# Chained from their first event. Other aggregates (a Device) may begin with events stored
# before they were chained: those are counted as ``unchained`` and covered by the seal.
CHAINED = ("ScoreList", "Competition", "Receipt")


@dataclass
class ChainReport:
    """The result of verifying one aggregate's chain."""

    aggregate_id: str
    kind: str
    events: int = 0
    head: str = GENESIS
    broken_at: int | None = None
    problem: str = ""
    unchained: int = 0  # events stored before this kind of aggregate was chained

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
            "unchained": self.unchained,
        }


@dataclass
class AuditReport:
    chains: list[ChainReport] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)  # the seal's and the snapshots'
    sealed: bool = True  # False: a store in memory, which keeps no seal

    @property
    def ok(self) -> bool:
        return all(c.ok for c in self.chains) and not self.findings

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


@dataclass(frozen=True)
class Anchor:
    """A list's head and version as the close of its evening recorded them."""

    list_id: str
    head: str
    version: int
    place: str  # "list … of 'Zondagen', evening 2, round 1, table 3"


@dataclass
class Anchors:
    """What the competitions' chains say about their lists, gathered while verifying."""

    names: dict[UUID, str] = field(default_factory=dict)  # competition: its name
    places: dict[str, tuple[Any, Any]] = field(default_factory=dict)  # list: (round, table)
    anchors: list[Anchor] = field(default_factory=list)

    def read(self, report: ChainReport, n: Notification, name: str, state: dict[str, Any]) -> None:
        """Take the names, the draws' tables and the closes' anchors of a verified event."""
        if name == "Created":
            self.names[n.originator_id] = str(state.get("name", ""))
        elif name == "SeatingDrawn":
            for entry in state.get("lists") or []:
                if isinstance(entry, dict):
                    self.places[str(entry.get("list_id"))] = (
                        entry.get("round"),
                        entry.get("table"),
                    )
        elif name == "EveningClosed":  # version 1 anchored nothing: no ``heads``
            heads = state.get("heads") or {}
            if not isinstance(heads, dict):  # only a hand-made event, hashed by hand, has this
                report.broken_at = n.originator_version
                report.problem = "its anchored heads are not a list id: head and version each"
                return
            for list_id, anchor in heads.items():
                if not _well_formed(anchor):
                    report.broken_at = n.originator_version
                    report.problem = f"its anchor of list {list_id} is not a head and a version"
                    return
                round_no, table = self.places.get(list_id, ("?", "?"))
                place = (
                    f"list {list_id} of {self.names.get(n.originator_id, '?')!r}, "
                    f"evening {state['evening']}, round {round_no}, table {table}"
                )
                self.anchors.append(
                    Anchor(list_id, str(anchor["head"]), int(anchor["version"]), place)
                )


def _well_formed(anchor: Any) -> bool:
    return (
        isinstance(anchor, dict)
        and isinstance(anchor.get("head"), str)
        and isinstance(anchor.get("version"), int)
        and not isinstance(anchor.get("version"), bool)
    )


def verify(app: Application[Any]) -> AuditReport:
    """Recompute every chain; name the first broken link of each broken one.

    Then check the lists' heads anchored by the close of their evening (:func:`check_anchor`).
    """
    reports: dict[UUID, ChainReport] = {}
    expected_version: dict[UUID, int] = {}
    hashes: dict[UUID, dict[int, str]] = {}  # each list's verified hash at each version
    last: dict[UUID, tuple[str, int]] = {}  # each aggregate's kind and last stored version
    anchors = Anchors()
    select_seal = getattr(app.recorder, "select_seal", None)
    seal = SealCheck(select_seal() if select_seal else None)
    for n in notifications(app):
        kind, _, name = n.topic.partition(":")[2].rpartition(".")
        seal.see(n, kind)
        last[n.originator_id] = (
            kind,
            max(n.originator_version, last.get(n.originator_id, ("", 0))[1]),
        )
        report = reports.setdefault(n.originator_id, ChainReport(str(n.originator_id), kind))
        state = readable(app, n.state)
        if (
            state is not None
            and kind not in CHAINED
            and "hash" not in state
            and report.head == GENESIS
            and report.ok
        ):
            report.unchained += 1  # stored before this kind was chained: the seal covers it
            expected_version[n.originator_id] = n.originator_version + 1
            continue
        if state is not None and report.unchained and report.events == 0:
            report.head = str(state.get("prev_hash"))  # the chain starts after the unchained
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
        if not report.ok:
            continue  # nothing after a broken link is trusted, nor used as evidence
        if kind == "Competition":
            anchors.read(report, n, name, state)
        else:
            hashes.setdefault(n.originator_id, {})[n.originator_version] = report.head
    for anchor in anchors.anchors:
        check_anchor(reports, hashes, anchor)
    snapshots = SnapshotCheck(app)
    for aid in sorted(set(last) | snapshot_ids(app), key=str):
        kind, version = last.get(aid, ("?", 0))
        snapshots.check(aid, kind, version)
    return AuditReport(
        sorted(reports.values(), key=lambda r: (r.kind, r.aggregate_id)),
        seal.finish() + snapshots.findings,
        sealed=seal.sealed,
    )


def check_anchor(
    reports: dict[UUID, ChainReport], hashes: dict[UUID, dict[int, str]], anchor: Anchor
) -> None:
    """A list's stored chain must reach the anchored version with the anchored hash there.

    Events after it would be no harm (the chain still proves them); a chain that ends before
    it lost its newest events, and a different hash there means they were replaced. A list
    already broken keeps its first broken link.
    """
    try:
        list_uuid = UUID(anchor.list_id)
    except ValueError:
        return  # not a list id: the close's own hash proves this is what was recorded
    report = reports.setdefault(list_uuid, ChainReport(anchor.list_id, "ScoreList"))
    if not report.ok:
        return
    stored = hashes.get(list_uuid, {})
    anchored = (
        f"the evening's close anchored version {anchor.version} with head {anchor.head[:12]}…"
    )
    last = max(stored, default=0)
    if anchor.version not in stored:
        report.broken_at = last + 1
        ends = f"ends at version {last}" if last else "has no events"
        report.problem = f"{anchor.place}: {anchored}, the stored chain {ends}"
    elif stored[anchor.version] != anchor.head:
        report.broken_at = anchor.version
        report.problem = (
            f"{anchor.place}: {anchored}, the stored event at that version has head "
            f"{stored[anchor.version][:12]}…"
        )


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

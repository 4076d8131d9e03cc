"""Check every stored snapshot against the events it stands for.

A snapshot is a shortcut: the state of an aggregate at a version, so that loading it need not
replay every event. Loading trusts it, so a snapshot changed behind the application's back
would change what the list says without touching a single event. Each snapshot is therefore
compared with the state obtained by replaying the aggregate's events from the first up to its
version (after both are read by today's code, upcasters included); the first field that
differs is named. A snapshot the interval calls for and that is not stored is named too, as
is a snapshot of an aggregate with no events, or one beyond its last event.

The time a snapshot was taken is not part of the state and is not compared.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import Any
from uuid import UUID

from eventsourcing.application import Application
from eventsourcing.postgres import PostgresAggregateRecorder
from eventsourcing.sqlite import SQLiteAggregateRecorder
from psycopg.sql import SQL, Identifier

from .audit_seal import Finding

SKIPPED = ("_pending_events",)


def snapshot_ids(app: Application[Any]) -> set[UUID]:
    """Every aggregate that has a stored snapshot (also one with no events)."""
    if app.snapshots is None:
        return set()
    recorder = app.snapshots.recorder
    if isinstance(recorder, SQLiteAggregateRecorder):
        with recorder.datastore.transaction(commit=False) as c:
            c.execute(f"SELECT DISTINCT originator_id FROM {recorder.events_table_name}")
            return {UUID(r[0]) for r in c.fetchall()}
    if isinstance(recorder, PostgresAggregateRecorder):
        with recorder.datastore.transaction(commit=False) as curs:
            curs.execute(
                SQL("SELECT DISTINCT originator_id FROM {0}.{1}").format(
                    Identifier(recorder.datastore.schema), Identifier(recorder.events_table_name)
                )
            )
            return {UUID(str(r["originator_id"])) for r in curs.fetchall()}
    return set()


def first_difference(stored: Any, replayed: Any, path: str = "") -> str | None:
    """Where two states first differ, and how (None when they are equal)."""
    if isinstance(stored, dict) and isinstance(replayed, dict):
        for key in sorted(set(stored) | set(replayed), key=str):
            here = f"{path}.{key}" if path else str(key)
            if key not in stored:
                return f"{here} is missing from the snapshot"
            if key not in replayed:
                return f"{here} is in the snapshot, not in the events"
            found = first_difference(stored[key], replayed[key], here)
            if found:
                return found
        return None
    if isinstance(stored, list) and isinstance(replayed, list):
        if len(stored) != len(replayed):
            return f"{path} has {len(stored)} entries in the snapshot, {len(replayed)} replayed"
        for i, (a, b) in enumerate(zip(stored, replayed, strict=True)):
            found = first_difference(a, b, f"{path}[{i}]")
            if found:
                return found
        return None
    if stored != replayed or type(stored) is not type(replayed):
        return f"{path}: the snapshot has {_short(stored)}, the events give {_short(replayed)}"
    return None


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "…"


class SnapshotCheck:
    """Compares the snapshots of one application with its events."""

    def __init__(self, app: Application[Any]) -> None:
        self.app = app
        self.intervals = {cls.__name__: n for cls, n in app.snapshotting_intervals.items()}
        self.findings: list[Finding] = []

    def _plain(self, aggregate: Any) -> Any:
        state = {k: v for k, v in vars(aggregate).items() if k not in SKIPPED}
        transcoder = self.app.mapper.transcoder
        return transcoder.decode(transcoder.encode(state))

    def _find(self, aid: UUID, kind: str, version: int | None, problem: str) -> None:
        self.findings.append(Finding(str(aid), kind, version, problem, "snapshot"))

    def check(self, aid: UUID, kind: str, last_version: int) -> None:
        """Check the snapshots of one aggregate whose events end at ``last_version``."""
        assert self.app.snapshots is not None
        stored = list(self.app.snapshots.recorder.select_events(aid))
        wanted = {s.originator_version: s for s in stored}
        interval = self.intervals.get(kind)
        for v in range(interval or last_version + 1, last_version + 1, interval or 1):
            if v not in wanted:
                self._find(
                    aid,
                    kind,
                    v,
                    f"the snapshot at version {v} (one every {interval} events) is not stored: "
                    "deleted, or never taken (the server stopped between saving and taking it)",
                )
        for v in sorted(wanted):
            if v > last_version:
                self._find(
                    aid,
                    kind,
                    v,
                    f"a snapshot at version {v}, but the events end at version {last_version}",
                )
        due = sorted(v for v in wanted if v <= last_version)
        if due:
            self._compare(aid, kind, due, wanted)

    def _compare(self, aid: UUID, kind: str, due: list[int], wanted: dict[int, Any]) -> None:
        try:
            events: Iterable[Any] = self.app.events.get(aid, lte=due[-1])
            replayed: dict[int, Any] = {}
            aggregate: Any = None
            for event in events:
                aggregate = event.mutate(aggregate)
                if event.originator_version in wanted:
                    replayed[event.originator_version] = copy.deepcopy(aggregate)
        except Exception as exc:  # a damaged event: its chain names it
            for v in due:
                self._find(aid, kind, v, f"cannot be compared: its events do not load ({exc})")
            return
        for v in due:
            self._one(aid, kind, v, wanted[v], replayed.get(v))

    def _one(self, aid: UUID, kind: str, v: int, stored: Any, replayed: Any) -> None:
        try:
            snapshot: Any = self.app.mapper.to_domain_event(stored)
            loaded = snapshot.mutate(None)
        except Exception as exc:  # unreadable bytes, an unknown class, a failing upcast
            self._find(aid, kind, v, f"the snapshot at version {v} does not load ({exc})")
            return
        if replayed is None:
            self._find(aid, kind, v, f"the events have no version {v} for the snapshot")
        elif type(loaded) is not type(replayed):
            self._find(
                aid,
                kind,
                v,
                f"the snapshot at version {v} is of a {type(loaded).__name__}, "
                f"the events of a {type(replayed).__name__}",
            )
        else:
            diff = first_difference(self._plain(loaded), self._plain(replayed))
            if diff:
                self._find(aid, kind, v, f"the snapshot at version {v} differs: {diff}")

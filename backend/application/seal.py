"""The seal: a running hash over the whole notification log, written with the events.

Every event the store records gets a row in the seal table, in the same transaction as the
event itself: its notification id, its aggregate and version, the SHA-256 of its stored
topic and bytes (``digest``), and ``running``, a hash over the seal row before it and this
one. The seal is the second witness that a hash chain cannot be on its own: a chain shortened
at its end (the newest deals of a list still open, a device's last mutation) still checks
out, but its seal rows remain, so ``troef audit verify`` names the missing event. It also
covers events that are not chained (a device's events stored before they were), and the
order of the log (rows moved to other notification ids).

Writes to the event table are serialised (SQLite has one writer; PostgreSQL's recorder locks
the table), so the seal is appended in the order of the log. Notification ids need not be
dense (PostgreSQL's sequence skips the ids of rolled-back inserts): the seal keys on them.
A store whose seal table is empty when the application starts (the history written before the
seal existed) is sealed as it is then, at once.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from eventsourcing.persistence import ApplicationRecorder, InfrastructureFactory, StoredEvent
from eventsourcing.postgres import PostgresApplicationRecorder, PostgresFactory
from eventsourcing.sqlite import SQLiteApplicationRecorder, SQLiteCursor, SQLiteFactory
from psycopg import Cursor
from psycopg.rows import DictRow
from psycopg.sql import SQL, Identifier

GENESIS = "0" * 64
PAGE = 1000


@dataclass(frozen=True)
class SealRow:
    """One sealed notification."""

    notification_id: int
    originator_id: str  # 32 hex digits
    originator_version: int
    digest: str
    running: str


def digest(topic: str, state: Any) -> str:
    """The SHA-256 of an event as stored: its topic and its bytes."""
    data = state.encode("utf-8") if isinstance(state, str) else bytes(state)
    return hashlib.sha256(topic.encode("utf-8") + b"\n" + data).hexdigest()


def running(previous: str, nid: int, originator_id: str, version: int, event_digest: str) -> str:
    """The seal's running hash after the notification ``nid``."""
    line = f"{previous}\n{nid}\n{originator_id}\n{version}\n{event_digest}"
    return hashlib.sha256(line.encode("utf-8")).hexdigest()


def _hex(originator_id: UUID | str) -> str:
    return originator_id.hex if isinstance(originator_id, UUID) else str(originator_id)


def seal_rows(
    previous: str, ids: Sequence[int], events: Sequence[StoredEvent]
) -> list[tuple[int, str, int, str, str]]:
    """The seal rows of newly inserted events, continuing from ``previous``."""
    rows = []
    for nid, e in zip(ids, events, strict=True):
        d = digest(e.topic, e.state)
        oid = _hex(e.originator_id)
        previous = running(previous, nid, oid, e.originator_version, d)
        rows.append((nid, oid, e.originator_version, d, previous))
    return rows


class SealedSQLiteRecorder(SQLiteApplicationRecorder):
    """SQLite's event table with its seal (table ``<events>_seal``)."""

    def __init__(self, datastore: Any, events_table_name: str = "stored_events") -> None:
        self.seal_table = f"{events_table_name}_seal"
        super().__init__(datastore, events_table_name)

    def construct_create_table_statements(self) -> list[str]:
        return [
            *super().construct_create_table_statements(),
            f"CREATE TABLE IF NOT EXISTS {self.seal_table} (notification_id INTEGER PRIMARY KEY,"
            " originator_id TEXT NOT NULL, originator_version INTEGER NOT NULL,"
            " digest TEXT NOT NULL, running TEXT NOT NULL)",
        ]

    def create_table(self) -> None:
        super().create_table()
        with self.datastore.transaction(commit=True) as c:
            c.execute(f"SELECT 1 FROM {self.seal_table} LIMIT 1")
            if c.fetchone() is None:  # the history written before the seal existed
                c.execute(f"SELECT rowid, * FROM {self.events_table_name} ORDER BY rowid")
                old = c.fetchall()
                events = [
                    StoredEvent(r["originator_id"], r["originator_version"], r["topic"], r["state"])
                    for r in old
                ]
                self._append(c, [r["rowid"] for r in old], events)

    def _insert_events(
        self, c: SQLiteCursor, stored_events: Sequence[StoredEvent], **kwargs: Any
    ) -> Sequence[int] | None:
        ids = super()._insert_events(c, stored_events, **kwargs)
        self._append(c, list(ids or []), stored_events)
        return ids

    def _append(self, c: SQLiteCursor, ids: list[int], events: Sequence[StoredEvent]) -> None:
        c.execute(f"SELECT running FROM {self.seal_table} ORDER BY notification_id DESC LIMIT 1")
        last = c.fetchone()
        rows = seal_rows(last[0] if last else GENESIS, ids, events)
        c.executemany(f"INSERT INTO {self.seal_table} VALUES (?,?,?,?,?)", rows)

    def select_seal(self) -> Iterator[SealRow]:
        """The seal, in the order of the log."""
        after = -1
        while True:
            with self.datastore.transaction(commit=False) as c:
                c.execute(
                    f"SELECT * FROM {self.seal_table} WHERE notification_id > ? "
                    "ORDER BY notification_id LIMIT ?",
                    (after, PAGE),
                )
                page = [SealRow(*tuple(r)) for r in c.fetchall()]
            if not page:
                return
            yield from page
            after = page[-1].notification_id


class SealedPostgresRecorder(PostgresApplicationRecorder):
    """PostgreSQL's event table with its seal (table ``<events>_seal``)."""

    def __init__(self, datastore: Any, *, events_table_name: str = "stored_events") -> None:
        super().__init__(datastore, events_table_name=events_table_name)
        self.seal_table = f"{events_table_name}_seal"
        self.check_identifier_length(self.seal_table)
        self.sql_create_statements.append(
            SQL(
                "CREATE TABLE IF NOT EXISTS {0}.{1} (notification_id bigint PRIMARY KEY, "
                "originator_id text NOT NULL, originator_version bigint NOT NULL, "
                "digest text NOT NULL, running text NOT NULL)"
            ).format(Identifier(self.datastore.schema), Identifier(self.seal_table))
        )

    def _seal(self) -> Any:
        return SQL("{0}.{1}").format(Identifier(self.datastore.schema), Identifier(self.seal_table))

    def _events(self) -> Any:
        return SQL("{0}.{1}").format(
            Identifier(self.datastore.schema), Identifier(self.events_table_name)
        )

    def create_table(self) -> None:
        super().create_table()
        with self.datastore.transaction(commit=True) as curs:
            curs.execute(SQL("SELECT 1 FROM {0} LIMIT 1").format(self._seal()))
            if curs.fetchone() is not None:
                return
            self._lock_table(curs)
            curs.execute(SQL("SELECT * FROM {0} ORDER BY notification_id").format(self._events()))
            old = curs.fetchall()
            events = [
                StoredEvent(r["originator_id"], r["originator_version"], r["topic"], r["state"])
                for r in old
            ]
            self._append(curs, [r["notification_id"] for r in old], events)

    def _fetch_ids_after_insert_events(
        self, curs: Cursor[DictRow], stored_events: Sequence[StoredEvent], **kwargs: Any
    ) -> Sequence[int] | None:
        ids = super()._fetch_ids_after_insert_events(curs, stored_events, **kwargs)
        self._append(curs, list(ids or []), stored_events)
        return ids

    def _append(self, curs: Cursor[DictRow], ids: list[int], events: Sequence[StoredEvent]) -> None:
        if not ids:
            return
        curs.execute(
            SQL("SELECT running FROM {0} ORDER BY notification_id DESC LIMIT 1").format(
                self._seal()
            )
        )
        last = curs.fetchone()
        rows = seal_rows(last["running"] if last else GENESIS, ids, events)
        curs.executemany(
            SQL("INSERT INTO {0} VALUES (%s, %s, %s, %s, %s) ON CONFLICT DO NOTHING").format(
                self._seal()
            ),
            rows,
        )

    def select_seal(self) -> Iterator[SealRow]:
        """The seal, in the order of the log."""
        after = -1
        while True:
            with self.datastore.transaction(commit=False) as curs:
                curs.execute(
                    SQL(
                        "SELECT * FROM {0} WHERE notification_id > %s "
                        "ORDER BY notification_id LIMIT %s"
                    ).format(self._seal()),
                    (after, PAGE),
                )
                page = [
                    SealRow(
                        r["notification_id"],
                        r["originator_id"],
                        r["originator_version"],
                        r["digest"],
                        r["running"],
                    )
                    for r in curs.fetchall()
                ]
            if not page:
                return
            yield from page
            after = page[-1].notification_id


def sealed_recorder(factory: InfrastructureFactory[Any]) -> ApplicationRecorder:
    """The application recorder of ``factory``'s store, sealed where the store is a database."""
    recorder: ApplicationRecorder
    if isinstance(factory, SQLiteFactory):
        recorder = SealedSQLiteRecorder(factory.datastore)
    elif isinstance(factory, PostgresFactory):
        prefix = factory.env.name.lower() or "stored"
        recorder = SealedPostgresRecorder(factory.datastore, events_table_name=f"{prefix}_events")
    else:
        return factory.application_recorder()  # in memory: nothing to seal
    if factory.env_create_table():
        recorder.create_table()
    return recorder

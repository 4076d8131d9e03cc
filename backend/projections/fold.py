"""A batch of events folded in memory, then written with one statement per table.

The handlers of :mod:`.lists`, :mod:`.competitions` and :mod:`.audit` read and change rows
through a :class:`Fold`: a row is read from the read models at most once per batch, changed
in memory by every event of the batch that touches it, and written once at the end
(:meth:`Fold.flush`), in the batch's transaction with its tracking position.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from operator import itemgetter
from typing import Any

from sqlite_utils import Database

from .sql import insert_all

Row = dict[str, Any]

KEYS: dict[str, tuple[str, ...]] = {
    "competitions": ("competition_id",),
    "players": ("competition_id", "player_id"),
    "evenings": ("competition_id", "evening"),
    "attendance": ("competition_id", "evening", "player_id"),
    "standing_adjustments": ("competition_id", "position"),
    "lists": ("list_id",),
    "list_seats": ("list_id", "seat"),
    "deal_rows": ("list_id", "deal_no"),
    "adjustments": ("list_id", "position"),
    "disputes": ("list_id", "dispute_no"),
    "audit_trail": ("position",),
}


def _key_of(columns: tuple[str, ...]) -> Callable[[Row], tuple[Any, ...]]:
    """A function giving a row's primary key as a tuple (an ``itemgetter`` when it can)."""
    if len(columns) == 1:
        (column,) = columns
        return lambda row: (row[column],)
    return itemgetter(*columns)


KEY_OF = {table: _key_of(columns) for table, columns in KEYS.items()}


class Fold:
    """The rows one batch of events reads and writes, kept in memory until :meth:`flush`."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.cache: dict[str, dict[tuple[Any, ...], Row | None]] = {t: {} for t in KEYS}
        self.changed: dict[str, dict[tuple[Any, ...], Row]] = {t: {} for t in KEYS}
        self.added: dict[str, list[Row]] = {t: [] for t in KEYS}
        self.deleted: dict[str, list[Row]] = {t: [] for t in KEYS}
        self.lines: dict[tuple[str, str, tuple[str, ...]], list[tuple[Any, ...]]] = {}
        self.states: dict[tuple[str, str], Any] = {}
        self.due: set[str] = set()
        self.finishers: dict[tuple[str, str], Callable[[], None]] = {}
        self.event: Any = None  # the event being folded (:meth:`begin`)
        self._aggregate_id: str | None = None
        self.at = ""  # its time, ISO 8601

    def begin(self, event: Any, at: str) -> None:
        """Fold ``event`` next; ``at`` is its time in ISO 8601 (as stored: not formatted
        again). Its aggregate's id is made once, when a handler first asks (it costs
        microseconds; a deal asked for it seven times)."""
        self.event, self._aggregate_id, self.at = event, None, at

    @property
    def aggregate_id(self) -> str:
        if self._aggregate_id is None:
            self._aggregate_id = str(self.event.originator_id)
        return self._aggregate_id

    def get(self, table: str, *key: Any) -> Row | None:
        """The row with this primary key as the batch has it so far (None when there is none)."""
        rows = self.cache[table]
        if key not in rows:
            where = " AND ".join(f"[{k}] = ?" for k in KEYS[table])
            cursor = self.db.execute(f"SELECT * FROM [{table}] WHERE {where}", list(key))
            found = cursor.fetchone()
            rows[key] = (
                None
                if found is None
                else dict(zip([d[0] for d in cursor.description], found, strict=True))
            )
        return rows[key]

    def need(self, table: str, *key: Any) -> Row:
        """The row with this primary key; :class:`LookupError` when there is none."""
        row = self.get(table, *key)
        if row is None:
            raise LookupError(f"{table} has no row {key}")
        return row

    def put(self, table: str, row: Row) -> Row:
        """Insert the row, or replace the one with its primary key, when the batch is written."""
        key = KEY_OF[table](row)
        self.cache[table][key] = row
        self.changed[table][key] = row
        return row

    def update(self, table: str, key: tuple[Any, ...], changes: Mapping[str, Any]) -> Row:
        """Change some columns of an existing row."""
        row = self.need(table, *key)
        row.update(changes)
        self.changed[table][key] = row  # in ``cache`` under this key already
        return row

    def add(self, table: str, row: Row) -> None:
        """Insert a row nothing in the batch reads back (the audit trail, a list's seats)."""
        self.added[table].append(row)

    def add_values(
        self,
        table: str,
        columns: tuple[str, ...],
        values: tuple[Any, ...],
        *,
        replace: bool = False,
    ) -> None:
        """Insert a row given as its values, in the order of ``columns``: a line per event
        that nothing in the batch reads back or deletes (the audit trail, a device's
        mutations), without making a dict of it first. With ``replace``, it replaces the row
        with its primary key (written in the order added: the batch's last one stays)."""
        verb = "INSERT OR REPLACE" if replace else "INSERT"
        self.lines.setdefault((verb, table, columns), []).append(values)

    def delete(self, table: str, **where: Any) -> None:
        """Delete the rows whose columns have these values (an enrolment undone), when the
        batch is written: before its inserts, so the batch's own rows go too."""

        def match(row: Row | None) -> bool:
            return row is not None and all(row.get(k) == v for k, v in where.items())

        for key in [k for k, row in self.cache[table].items() if match(row)]:
            self.cache[table][key] = None
        for key in [k for k, row in self.changed[table].items() if match(row)]:
            del self.changed[table][key]
        self.added[table] = [row for row in self.added[table] if not match(row)]
        self.deleted[table].append(dict(where))

    def state(self, kind: str, key: str, load: Callable[[], Any]) -> Any:
        """A handler's own per-batch state (loaded once, by ``load``)."""
        if (kind, key) not in self.states:
            self.states[(kind, key)] = load()
        return self.states[(kind, key)]

    def finish(self, kind: str, key: str, finisher: Callable[[], None]) -> None:
        """Run ``finisher`` once before the batch is written (what many events changed)."""
        self.finishers[(kind, key)] = finisher

    def flush(self) -> int:
        """Write every added and changed row: one statement per table (and column set)."""
        for finisher in self.finishers.values():
            finisher()
        self.finishers.clear()
        statements = 0
        for table in KEYS:
            for where in self.deleted[table]:
                clause = " AND ".join(f"[{k}] = ?" for k in where)
                self.db.conn.execute(f"DELETE FROM [{table}] WHERE {clause}", list(where.values()))
                statements += 1
            self.deleted[table].clear()
            statements += insert_all(self.db, table, self.added[table])
            statements += insert_all(self.db, table, self.changed[table].values(), replace=True)
        for (verb, table, columns), values in self.lines.items():
            names, marks = ", ".join(f"[{c}]" for c in columns), ", ".join("?" for _ in columns)
            self.db.conn.executemany(f"{verb} INTO [{table}] ({names}) VALUES ({marks})", values)
            statements += 1
        self.lines.clear()
        return statements


Handler = Callable[[Fold, Any, Any], None]

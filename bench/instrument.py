"""Look inside the read models' catch-up without changing it: time its parts, count its SQL.

:class:`Parts` wraps module functions of the read models for as long as it is installed
(they are looked up by module attribute at call time, so the wrappers are the ones called)
and sums their time; :meth:`Parts.flush` closes one measurement (one catch-up). The
handlers are wrapped in ``store.HANDLERS`` itself; sqlite-utils' schema look-ups are
wrapped on its classes (the outermost call only, as ``columns`` calls ``table_names``).
:func:`count_sql` counts the statements every new read-model connection executes, by kind.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import sqlite_utils.db as sqlite_db

from backend.projections import audit, lists, results, store

from .common import Series

PARTS = {
    "handlers": "event handlers (`lists.py`, `competitions.py`), all together",
    "lists.finish": "`list_state.finish` (a list's running totals, counts and totals, once "
    "per list and batch)",
    "audit.record": "`audit.record` (audit trail; a device's mutations)",
    "results.refresh": "`results.refresh` (a competition's evening results and standings)",
    "schema": "across all of these: sqlite-utils reading the schema (`table_names`, "
    "`view_names`, `columns`)",
}
NESTED = ("schema",)  # parts inside other parts


class Parts:
    """Sum the time spent in the catch-up's parts; one value per :meth:`flush`."""

    def __init__(self) -> None:
        self.series = {name: Series(name) for name in PARTS}
        self._now = dict.fromkeys(PARTS, 0.0)
        self._depth = dict.fromkeys(PARTS, 0)
        self._undo: list[Callable[[], None]] = []

    def _wrap(self, name: str, func: Callable[..., Any]) -> Callable[..., Any]:
        """Time ``func`` into part ``name``, counting only the outermost of nested calls."""

        def timed_call(*args: Any, **kwargs: Any) -> Any:
            self._depth[name] += 1
            start = time.perf_counter()
            try:
                return func(*args, **kwargs)
            finally:
                self._depth[name] -= 1
                if not self._depth[name]:
                    self._now[name] += time.perf_counter() - start

        return timed_call

    def _patch(self, owner: Any, attr: str, name: str) -> None:
        original = getattr(owner, attr)
        setattr(owner, attr, self._wrap(name, original))
        self._undo.append(lambda: setattr(owner, attr, original))

    def __enter__(self) -> Parts:
        self._patch(lists, "finish", "lists.finish")
        self._patch(audit, "record", "audit.record")
        self._patch(results, "refresh", "results.refresh")
        self._patch(sqlite_db.Database, "table_names", "schema")
        self._patch(sqlite_db.Database, "view_names", "schema")
        columns = sqlite_db.Queryable.__dict__["columns"]
        sqlite_db.Queryable.columns = property(self._wrap("schema", columns.fget))  # type: ignore[method-assign]
        self._undo.append(lambda: setattr(sqlite_db.Queryable, "columns", columns))
        for event_name, handler in list(store.HANDLERS.items()):
            store.HANDLERS[event_name] = self._wrap("handlers", handler)
            self._undo.append(
                lambda n=event_name, h=handler: store.HANDLERS.__setitem__(n, h)  # type: ignore[misc]
            )
        return self

    def __exit__(self, *exc: Any) -> None:
        for undo in reversed(self._undo):
            undo()
        self._undo.clear()

    def flush(self) -> None:
        """End one measurement: add the sums to the series and start again from zero."""
        for name, seconds in self._now.items():
            self.series[name].add(seconds)
            self._now[name] = 0.0

    def discard(self) -> None:
        """Forget what was summed since the last flush (a warm-up)."""
        self._now = dict.fromkeys(PARTS, 0.0)


@contextmanager
def count_sql(kinds: Counter[str]) -> Iterator[None]:
    """Count, by kind, the SQL of every read-model connection opened inside the block."""
    original = store._ViewPool._create_connection

    def traced(pool: Any) -> Any:
        connection = original(pool)
        connection._sqlite_conn.set_trace_callback(lambda sql: kinds.update([kind_of(sql)]))
        return connection

    store._ViewPool._create_connection = traced  # type: ignore[method-assign]
    try:
        yield
    finally:
        store._ViewPool._create_connection = original  # type: ignore[method-assign]


def kind_of(sql: str) -> str:
    """A statement's kind; schema look-ups (sqlite_master, PRAGMA) get their own."""
    text = sql.lstrip().upper()
    if "SQLITE_MASTER" in text:
        return "schema: sqlite_master"
    if text.startswith("PRAGMA"):
        return "schema: PRAGMA"
    return text.split(" ", 1)[0]


def schema_share(kinds: Counter[str]) -> tuple[int, int]:
    """(all statements, schema look-ups) of a count."""
    total = sum(kinds.values())
    return total, sum(n for k, n in kinds.items() if k.startswith("schema:"))

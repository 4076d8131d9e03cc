"""Plain parameterised writes for the hot paths of the catch-up.

sqlite-utils' table helpers read the table's schema and open a savepoint on every call,
which was a third of a catch-up; these write the row directly.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from sqlite_utils import Database


def insert(db: Database, table: str, row: Mapping[str, Any], *, replace: bool = False) -> None:
    """Insert one row (or replace the row with the same primary key)."""
    names = ", ".join(f"[{name}]" for name in row)
    marks = ", ".join("?" for _ in row)
    verb = "INSERT OR REPLACE" if replace else "INSERT"
    db.execute(f"{verb} INTO [{table}] ({names}) VALUES ({marks})", list(row.values()))


def update(db: Database, table: str, key: Mapping[str, Any], changes: Mapping[str, Any]) -> None:
    """Update the row whose key columns equal ``key``."""
    sets = ", ".join(f"[{name}] = ?" for name in changes)
    where = " AND ".join(f"[{name}] = ?" for name in key)
    db.execute(f"UPDATE [{table}] SET {sets} WHERE {where}", [*changes.values(), *key.values()])


def insert_all(
    db: Database, table: str, rows: Iterable[Mapping[str, Any]], *, replace: bool = False
) -> int:
    """Insert the rows with one ``executemany`` per set of columns; return the statements."""
    groups: dict[tuple[str, ...], list[tuple[Any, ...]]] = {}
    for row in rows:
        groups.setdefault(tuple(row), []).append(tuple(row.values()))
    verb = "INSERT OR REPLACE" if replace else "INSERT"
    for names, values in groups.items():
        columns = ", ".join(f"[{name}]" for name in names)
        marks = ", ".join("?" for _ in names)
        db.conn.executemany(f"{verb} INTO [{table}] ({columns}) VALUES ({marks})", values)
    return len(groups)

"""Which errors mean "the store cannot write", named in words for the 503 and for health."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from eventsourcing.persistence import OperationalError

from backend.instance.storage import StorageHealth, storage_problem


def raised(statement: str, connection: sqlite3.Connection) -> BaseException:
    with pytest.raises(sqlite3.Error) as caught:
        connection.execute(statement)
    return caught.value


def test_sqlite_full_and_read_only_are_storage_problems_even_wrapped(tmp_path: Path) -> None:
    full = sqlite3.connect(tmp_path / "full.sqlite")
    full.execute("CREATE TABLE t (x BLOB)")
    full.execute("PRAGMA max_page_count = 3")  # SQLite's own SQLITE_FULL past 3 pages
    error = raised("INSERT INTO t VALUES (zeroblob(100000))", full)
    try:
        raise OperationalError(error) from error  # as eventsourcing wraps it
    except OperationalError as wrapped:
        assert storage_problem(wrapped) == "the disk is full: database or disk is full"
    read_only = sqlite3.connect(f"file:{tmp_path / 'full.sqlite'}?mode=ro", uri=True)
    error = raised("INSERT INTO t VALUES (1)", read_only)
    assert storage_problem(error) == (
        "the database file is read-only: attempt to write a readonly database"
    )


def test_other_errors_are_not_storage_problems(tmp_path: Path) -> None:
    connection = sqlite3.connect(tmp_path / "db.sqlite")
    assert storage_problem(raised("SELEKT 1", connection)) is None
    assert storage_problem(ValueError("no")) is None


def test_a_failure_is_kept_from_its_first_time_until_a_save_goes_through() -> None:
    health = StorageHealth()
    assert health.failures() == []
    health.failed("the disk is full: database or disk is full")
    first = health.failures()[0]
    health.failed("the disk is full: database or disk is full")
    again = health.failures()[0]
    assert again["subject"] == "storage" and again["since"] == first["since"]
    health.stored([])
    assert health.failures() == []

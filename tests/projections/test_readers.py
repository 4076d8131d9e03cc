"""Read-only connections kept between reads: never to a file a rebuild swapped out, never
after a read that failed (#14)."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from backend.application import Troef
from backend.demo.season import build_demo
from backend.projections import ReadModels
from backend.projections.readers import Readers


def _file_with(path: Path, rows: int) -> None:
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE t (n INTEGER)")
        conn.executemany("INSERT INTO t VALUES (?)", [(i,) for i in range(rows)])
    conn.close()


def test_a_connection_is_reused_and_a_swapped_file_is_read_anew(tmp_path: Path) -> None:
    live, new = tmp_path / "views.sqlite", tmp_path / "new.sqlite"
    _file_with(live, 3)
    _file_with(new, 5)
    readers = Readers(str(live))
    try:
        with readers.reading() as db:
            first = db.conn
            assert db.execute("SELECT count(*) FROM t").fetchone()[0] == 3
        with readers.reading() as db:
            assert db.conn is first  # kept for the next read
        os.replace(new, live)  # a rebuild swaps the file
        with readers.reading() as db:
            assert db.conn is not first
            assert db.execute("SELECT count(*) FROM t").fetchone()[0] == 5
    finally:
        readers.close()


def test_a_read_that_failed_does_not_lend_its_connection_again(tmp_path: Path) -> None:
    _file_with(tmp_path / "views.sqlite", 1)
    readers = Readers(str(tmp_path / "views.sqlite"))
    try:
        with pytest.raises(sqlite3.OperationalError), readers.reading() as db:
            failed = db.conn
            db.execute("SELECT * FROM no_such_table")
        with readers.reading() as db:
            assert db.conn is not failed
    finally:
        readers.close()


def test_pages_read_the_rebuilt_models_after_a_rebuild(
    sqlite_env: dict[str, str], tmp_path: Path
) -> None:
    app = Troef(env=sqlite_env)
    try:
        build_demo(app, seed=5, size="small", games=["wiezen"])
        views = ReadModels(tmp_path / "views.sqlite")
        views.catch_up(app)
        before = views.rows("SELECT count(*) AS n FROM deal_rows")[0]["n"]
        views.rebuild(app)
        # a connection kept from before would read the old file, which this does not change
        with sqlite3.connect(tmp_path / "views.sqlite") as conn:
            conn.execute("DELETE FROM deal_rows WHERE deal_no > 1")
        conn.close()
        after = views.rows("SELECT count(*) AS n FROM deal_rows")[0]["n"]
        assert before > after > 0
        views.close()
    finally:
        app.close()

"""Read-model JSON text: compact, the same values as the standard library's, every JSON
column known, and read models written in the old spaced form rewritten by migration m017
exactly as a rebuild writes them (#14)."""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from backend.application import Troef
from backend.projections import ReadModels
from backend.projections.jsontext import (
    FIELDS_IN_SUMMARY,
    JSON_COLUMNS,
    encoder,
    parse,
    recompact,
)

BEYOND_64_BITS = 2**70

values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-BEYOND_64_BITS, max_value=BEYOND_64_BITS)
    | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=12,
)


@given(values, st.booleans())
def test_the_text_is_the_standard_librarys_compact_text(value: Any, sort_keys: bool) -> None:
    try:
        expected = json.dumps(value, separators=(",", ":"), ensure_ascii=False, sort_keys=sort_keys)
    except UnicodeEncodeError:  # pragma: no cover - json.dumps writes lone surrogates as they are
        return
    assert encoder(sort_keys=sort_keys)(value) == expected


@given(values)
def test_parse_reads_what_the_standard_library_reads(value: Any) -> None:
    for written in (json.dumps(value), json.dumps(value, ensure_ascii=False)):
        assert parse(written) == json.loads(written)


def test_default_is_asked_about_a_time_as_json_dumps_asks() -> None:
    when = datetime(2026, 12, 4, 13, 0, tzinfo=UTC)
    assert encoder(default=str)({"at": when}) == '{"at":"2026-12-04 13:00:00+00:00"}'


@pytest.fixture(scope="module")
def club(small_club: tuple[Troef, Path]) -> tuple[Troef, Path]:
    """The small club's read models caught up in ``views.sqlite``."""
    app, folder = small_club
    views = ReadModels(folder / "views.sqlite")
    views.catch_up(app)
    views.close()
    return app, folder / "views.sqlite"


def _looks_like_json(value: Any) -> bool:
    if not isinstance(value, str) or value[:1] not in ("{", "["):
        return False
    try:
        json.loads(value)
    except ValueError:
        return False
    return True


def test_every_column_that_holds_json_is_listed(club: tuple[Troef, Path]) -> None:
    _, path = club
    with sqlite3.connect(path) as conn:
        for table, columns in JSON_COLUMNS.items():
            have = {row[1] for row in conn.execute(f"PRAGMA table_info([{table}])")}
            assert set(columns) <= have, f"{table} has no column {set(columns) - have}"
        found = set()
        for (table,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'"):
            cursor = conn.execute(f"SELECT * FROM [{table}]")
            names = [d[0] for d in cursor.description]
            for row in cursor:
                pairs = zip(names, row, strict=True)
                found |= {(table, n) for n, v in pairs if _looks_like_json(v)}
    listed = {(t, c) for t, columns in JSON_COLUMNS.items() for c in columns}
    assert found - listed == set()
    assert len(found) >= 15  # the demo fills most of them: the check looks at real rows


def test_spaced_json_written_before_is_rewritten_as_a_rebuild_writes_it(
    club: tuple[Troef, Path], tmp_path: Path
) -> None:
    _, built = club
    path = tmp_path / "views.sqlite"
    path.write_bytes(built.read_bytes())
    views = ReadModels(path)
    fresh = views.dump()
    views.close()
    with sqlite3.connect(path) as conn:  # every JSON value as the version before m017 wrote it
        spaced = 0
        for table, columns in JSON_COLUMNS.items():
            for rowid, *texts in conn.execute(
                f"SELECT rowid, {', '.join(columns)} FROM [{table}]"
            ).fetchall():
                old = [None if t is None else json.dumps(json.loads(t)) for t in texts]
                spaced += sum(o != t for o, t in zip(old, texts, strict=True))
                sets = ", ".join(f"[{c}] = ?" for c in columns)
                conn.execute(f"UPDATE [{table}] SET {sets} WHERE rowid = ?", [*old, rowid])
        for rowid, summary in conn.execute(
            f"SELECT rowid, summary FROM audit_trail WHERE {FIELDS_IN_SUMMARY}"
        ).fetchall():
            name, _, fields = summary.partition(" ")
            old_summary = f"{name} {json.dumps(json.loads(fields), sort_keys=True)}"
            conn.execute("UPDATE audit_trail SET summary = ? WHERE rowid = ?", [old_summary, rowid])
            spaced += old_summary != summary
        assert spaced > 500
        conn.execute("DELETE FROM _sqlite_migrations WHERE name LIKE 'm017_%'")
    reopened = ReadModels(path)
    try:
        assert reopened.dump() == fresh
    finally:
        reopened.close()


def test_a_value_that_is_not_json_is_left_as_it_is(tmp_path: Path) -> None:
    ReadModels(tmp_path / "views.sqlite").close()
    with sqlite3.connect(tmp_path / "views.sqlite") as conn:
        conn.execute(
            "INSERT INTO audit_trail (position, aggregate_id, kind, version, summary) "
            "VALUES (1, 'a', 'Device', 1, 'Registered by hand'), "
            "(2, 'a', 'Device', 2, 'Registered {\"name\": \"Zoë\"}')"
        )
        conn.execute("INSERT INTO mutations (client_id, mutation_id, args) VALUES ('c', 1, 'x')")
        assert recompact(conn) == 1
        assert conn.execute("SELECT summary FROM audit_trail ORDER BY position").fetchall() == [
            ("Registered by hand",),
            ('Registered {"name":"Zoë"}',),
        ]
        assert conn.execute("SELECT args FROM mutations").fetchall() == [("x",)]

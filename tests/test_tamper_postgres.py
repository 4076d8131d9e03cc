"""The tamper test's kinds of change on PostgreSQL: each made, found, and put back."""

from __future__ import annotations

import psycopg

from backend.application import Troef

from .history_builder import build
from .test_tamper import KINDS, _close


def test_on_postgresql_changes_of_each_kind_are_found_too(pg_env: dict[str, str]) -> None:
    """A field of an event of each aggregate, of a snapshot, the last event of an open list."""
    app = Troef(env=pg_env)
    history = build(app, players=99, deals=50)
    assert app.verify().ok
    schema = pg_env["POSTGRES_SCHEMA"]
    events, snaps = f"{schema}.troef_events", f"{schema}.troef_snapshots"
    conn = psycopg.connect(
        host=pg_env["POSTGRES_HOST"],
        port=pg_env["POSTGRES_PORT"],
        dbname=pg_env["POSTGRES_DBNAME"],
        user=pg_env["POSTGRES_USER"],
        password=pg_env["POSTGRES_PASSWORD"],
        autocommit=True,
    )
    last_open = (
        f"originator_id = '{history.open_list}' AND originator_version = (SELECT "
        f"MAX(originator_version) FROM {events} WHERE originator_id = '{history.open_list}')"
    )
    cases = [(events, f"topic LIKE '%:{kind}.%'", "state", kind) for kind in KINDS] + [
        (snaps, "TRUE", "state", "snapshot"),
        (events, last_open, None, "open list's last"),
    ]
    found = 0
    for table, where, column, what in cases:
        row = conn.execute(
            f"SELECT originator_id, originator_version, state FROM {table} WHERE {where} "
            "ORDER BY originator_version DESC LIMIT 1"
        ).fetchone()
        oid, version, state = row
        key = "originator_id = %s AND originator_version = %s"
        if column is None:
            conn.execute(f"DELETE FROM {table} WHERE {key}", [oid, version])
        else:
            conn.execute(
                f"UPDATE {table} SET state = %s WHERE {key}",
                [
                    bytes(state).replace(b'"actor"', b'"actoR"', 1)
                    if b'"actor"' in bytes(state)
                    else bytes(state).replace(b"1", b"2", 1),
                    oid,
                    version,
                ],
            )
        report = app.verify()
        named = {c.aggregate_id for c in report.broken} | {f.aggregate_id for f in report.findings}
        found += not report.ok and str(oid) in named
        if column is None:
            break  # the deleted row stays deleted: it is the last case
        conn.execute(f"UPDATE {table} SET state = %s WHERE {key}", [state, oid, version])
        assert app.verify().ok, what
    conn.close()
    _close(app)
    assert found == len(cases)

"""Every change made to the stored history behind the application's back is found.

A seeded random series of one-field changes, deletions and reorderings, made directly in the
database: a field of an event of each aggregate (list, competition, receipt, device), a field
of a snapshot, a deleted event, snapshot or seal row, the last event of a list still open,
two events swapped in the log, two versions of an aggregate swapped. After each, ``verify``
must report something, and name the aggregate and the version it concerns. The seed is
printed; ``TROEF_TAMPER_SEED`` replays a run.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import sqlite3
import tempfile
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from backend.application import Troef

from .history_builder import History, build

SEED = int(os.environ.get("TROEF_TAMPER_SEED", "20261202"))
KINDS = ("ScoreList", "Competition", "Receipt", "Device")
Tamper = Callable[[sqlite3.Connection, random.Random], str]  # returns the aggregate (hex)


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, History]:
    path = tmp_path_factory.mktemp("tamper") / "events.sqlite"
    app = Troef(env={"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(path)})
    history = build(app)
    assert app.verify().ok
    _close(app)
    return path, history


def _close(app: Troef) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        app.close()


def leaves(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The path of every single value inside a stored JSON state."""
    if isinstance(value, dict):
        if set(value) == {"_type_", "_data_"}:  # a transcoded value: its data is one field
            yield (*path, "_data_")
            return
        for key in value:
            yield from leaves(value[key], (*path, key))
    elif isinstance(value, list) and value:
        for i, item in enumerate(value):
            yield from leaves(item, (*path, i))
    else:
        yield path


def changed(value: Any, rnd: random.Random) -> Any:
    """``value`` with one digit, letter or flag changed."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + rnd.choice((-1, 1, 10))
    if isinstance(value, str):
        digits = [i for i, ch in enumerate(value) if ch.isdigit()]
        if digits:
            i = rnd.choice(digits)
            return value[:i] + str((int(value[i]) + 1) % 10) + value[i + 1 :]
        return value + "x" if not value else value[:-1] + chr(ord(value[-1]) ^ 1)
    if value is None:
        return 0
    return [value, value] if isinstance(value, list) else {"x": value}


def edit_field(conn: sqlite3.Connection, table: str, rowid_sql: str, rnd: random.Random) -> str:
    """Change one field of one stored state; the aggregate it belongs to."""
    oid, version, raw = conn.execute(
        f"SELECT originator_id, originator_version, state FROM {table} WHERE {rowid_sql}"
    ).fetchone()
    state = json.loads(raw)
    path = rnd.choice(list(leaves(state)))
    holder = state
    for key in path[:-1]:
        holder = holder[key]
    holder[path[-1]] = changed(holder[path[-1]], rnd)
    conn.execute(
        f"UPDATE {table} SET state = ? WHERE originator_id = ? AND originator_version = ?",
        [json.dumps(state, separators=(",", ":")).encode(), oid, version],
    )
    return f"{oid}/{version} {'.'.join(map(str, path))}"


def event_of(kind: str) -> Tamper:
    def tamper(conn: sqlite3.Connection, rnd: random.Random) -> str:
        rows = conn.execute(
            "SELECT rowid FROM stored_events WHERE topic LIKE ?", [f"%:{kind}.%"]
        ).fetchall()
        return edit_field(conn, "stored_events", f"rowid = {rnd.choice(rows)[0]}", rnd)

    return tamper


def snapshot_field(conn: sqlite3.Connection, rnd: random.Random) -> str:
    oid, version = rnd.choice(
        conn.execute("SELECT originator_id, originator_version FROM stored_snapshots").fetchall()
    )
    raw = conn.execute(
        "SELECT state FROM stored_snapshots WHERE originator_id = ? AND originator_version = ?",
        [oid, version],
    ).fetchone()[0]
    state = json.loads(raw)
    # the aggregate's state and class; the time the snapshot was taken is no part of it
    path = rnd.choice([p for p in leaves(state) if p[0] != "timestamp"])
    holder = state
    for key in path[:-1]:
        holder = holder[key]
    holder[path[-1]] = changed(holder[path[-1]], rnd)
    conn.execute(
        "UPDATE stored_snapshots SET state = ? WHERE originator_id = ? AND originator_version = ?",
        [json.dumps(state).encode(), oid, version],
    )
    return f"{oid}/{version} {'.'.join(map(str, path))}"


def delete_event(conn: sqlite3.Connection, rnd: random.Random) -> str:
    rowid, oid, v = rnd.choice(
        conn.execute(
            "SELECT rowid, originator_id, originator_version FROM stored_events"
        ).fetchall()
    )
    conn.execute("DELETE FROM stored_events WHERE rowid = ?", [rowid])
    return f"{oid}/{v} deleted"


def delete_snapshot(conn: sqlite3.Connection, rnd: random.Random) -> str:
    oid, v = rnd.choice(
        conn.execute("SELECT originator_id, originator_version FROM stored_snapshots").fetchall()
    )
    conn.execute(
        "DELETE FROM stored_snapshots WHERE originator_id = ? AND originator_version = ?", [oid, v]
    )
    return f"{oid}/{v} snapshot deleted"


def delete_seal_row(conn: sqlite3.Connection, rnd: random.Random) -> str:
    nid, oid, v = rnd.choice(
        conn.execute(
            "SELECT notification_id, originator_id, originator_version FROM stored_events_seal"
        ).fetchall()
    )
    conn.execute("DELETE FROM stored_events_seal WHERE notification_id = ?", [nid])
    return f"{oid}/{v} seal row deleted"


def swap_in_log(conn: sqlite3.Connection, rnd: random.Random) -> str:
    """Two events change places in the log (their notification ids are swapped)."""
    (a, oid, v), (b, _, _) = rnd.sample(
        conn.execute(
            "SELECT rowid, originator_id, originator_version FROM stored_events"
        ).fetchall(),
        2,
    )
    conn.execute("UPDATE stored_events SET rowid = -1 WHERE rowid = ?", [a])
    conn.execute("UPDATE stored_events SET rowid = ? WHERE rowid = ?", [a, b])
    conn.execute("UPDATE stored_events SET rowid = ? WHERE rowid = -1", [b])
    return f"{oid}/{v} swapped with notification {b}"


def swap_versions(conn: sqlite3.Connection, rnd: random.Random) -> str:
    """Two events of one aggregate change places (their contents are swapped)."""
    oid = rnd.choice(
        conn.execute(
            "SELECT originator_id FROM stored_events GROUP BY originator_id HAVING COUNT(*) > 1"
        ).fetchall()
    )[0]
    rows = conn.execute(
        "SELECT originator_version, topic, state FROM stored_events WHERE originator_id = ?", [oid]
    ).fetchall()
    (va, ta, sa), (vb, tb, sb) = rnd.sample(rows, 2)
    for v, t, s in ((va, tb, sb), (vb, ta, sa)):
        conn.execute(
            "UPDATE stored_events SET topic = ?, state = ? "
            "WHERE originator_id = ? AND originator_version = ?",
            [t, s, oid, v],
        )
    return f"{oid}/{va}<->{vb}"


def last_event_of_open_list(history: History) -> Tamper:
    def tamper(conn: sqlite3.Connection, rnd: random.Random) -> str:
        oid = history.open_list.replace("-", "")
        conn.execute(
            "DELETE FROM stored_events WHERE originator_id = ? AND originator_version = "
            "(SELECT MAX(originator_version) FROM stored_events WHERE originator_id = ?)",
            [oid, oid],
        )
        return f"{oid} last event deleted"

    return tamper


def last_of_log(conn: sqlite3.Connection, rnd: random.Random) -> str:
    oid, v = conn.execute(
        "SELECT originator_id, originator_version FROM stored_events ORDER BY rowid DESC LIMIT 1"
    ).fetchone()
    conn.execute("DELETE FROM stored_events WHERE rowid = (SELECT MAX(rowid) FROM stored_events)")
    return f"{oid}/{v} (the newest event of the log) deleted"


def plan(history: History) -> list[tuple[str, Tamper]]:
    """The series: at least 100 changes across every kind of stored record."""
    series: list[tuple[str, Tamper]] = []
    for kind in KINDS:
        series += [(f"{kind} event field", event_of(kind))] * 12
    series += [("snapshot field", snapshot_field)] * 24
    series += [("event deleted", delete_event)] * 8
    series += [("snapshot deleted", delete_snapshot)] * 3
    series += [("seal row deleted", delete_seal_row)] * 3
    series += [("events swapped in the log", swap_in_log)] * 5
    series += [("versions swapped", swap_versions)] * 5
    series += [("last event of an open list deleted", last_event_of_open_list(history))] * 2
    series += [("newest event of the log deleted", last_of_log)] * 2
    return series


@pytest.fixture
def scratch(tmp_path: Path) -> Iterator[Path]:
    """A folder for the tampered copies: in memory where the system has one (many fsyncs)."""
    shm = Path("/dev/shm")
    if shm.is_dir() and os.access(shm, os.W_OK):
        folder = Path(tempfile.mkdtemp(dir=shm, prefix="troef-tamper-"))
        yield folder
        shutil.rmtree(folder, ignore_errors=True)
    else:
        yield tmp_path


def test_every_change_to_the_stored_history_is_found(
    base: tuple[Path, History], scratch: Path
) -> None:
    path, history = base
    rnd = random.Random(SEED)
    series = plan(history)
    missed: list[str] = []
    for i, (what, tamper) in enumerate(series):
        copy = scratch / f"t{i}.sqlite"
        shutil.copyfile(path, copy)
        conn = sqlite3.connect(copy)
        detail = tamper(conn, rnd)
        conn.commit()
        conn.close()
        app = Troef(env={"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(copy)})
        report = app.verify()
        _close(app)
        named = {c.aggregate_id.replace("-", "") for c in report.broken} | {
            f.aggregate_id.replace("-", "") for f in report.findings
        }
        if report.ok or detail.split("/")[0].split(" ")[0] not in named:
            missed.append(f"{what}: {detail}")
        copy.unlink()
    print(f"\ntamper test (seed {SEED}): {len(series) - len(missed)}/{len(series)} detected")
    assert len(series) >= 100
    assert missed == [], missed

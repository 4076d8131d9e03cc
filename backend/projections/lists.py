"""The score list as on paper: rows, points per seat, running totals, marks, disputes."""

from __future__ import annotations

import json
from typing import Any

from sqlite_utils import Database

from ..aggregates.list_policy import list_points
from .sql import insert, update


def _j(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def opened(db: Database, n: Any, e: Any, dirty: set[str]) -> None:
    db["lists"].insert(
        {
            "list_id": str(e.originator_id),
            "competition_id": e.competition_id,
            "evening": e.evening,
            "round": e.round,
            "table_no": e.table,
            "game": e.game,
            "rules_ref": e.rules["ref"],
            "seats": _j(e.seats),
            "boards": _j(e.boards),
            "planned_deals": e.planned_deals,
            "counted_deals": 0,
            "rows": 0,
            "totals": _j(dict.fromkeys(e.seats, 0)),
            "pen": None,
            "status": "open",
            "closed_short": None,
            "open_disputes": 0,
            "head": e.hash,
            "submitted_head": None,
            "submitted_at": None,
            "last_event_at": e.timestamp.isoformat(),
            "version": e.originator_version,
        }
    )
    db["list_seats"].insert_all(
        {"list_id": str(e.originator_id), "seat": s, "player_id": p} for s, p in e.seats.items()
    )
    dirty.add(e.competition_id)


def pen(db: Database, n: Any, e: Any, dirty: set[str]) -> None:
    touch(db, e, pen=e.device)


def deal(db: Database, n: Any, e: Any, dirty: set[str]) -> None:
    record, score = e.record, e.score
    insert(
        db,
        "deal_rows",
        {
            "list_id": str(e.originator_id),
            "deal_no": e.deal_no,
            "kind": "penalty" if type(e).__name__ == "PenaltyRecorded" else "deal",
            "counts": int(bool(score["counts"])),
            "counted_no": None,
            "dealer": _opt(record.get("dealer")),
            "summary": describe(record),
            "record": _j(record),
            "points": _j(score["points"]),
            "running": None,
            "markers": _j(score.get("markers", [])),
            "explain": _j(score.get("explain", [])),
            "voided": None,
            "corrected": 0,
            "recorded_at": e.timestamp.isoformat(),
            "actor": _j(e.actor),
        },
    )
    refresh(db, e, dirty)


def voided(db: Database, n: Any, e: Any, dirty: set[str]) -> None:
    db["deal_rows"].update((str(e.originator_id), e.deal_no), {"voided": e.reason})
    refresh(db, e, dirty)


def dispute(db: Database, n: Any, e: Any, dirty: set[str]) -> None:
    db["disputes"].insert(
        {
            "list_id": str(e.originator_id),
            "dispute_no": e.dispute_no,
            "deal_no": e.deal_no,
            "reason": e.reason,
            "raised_at": e.timestamp.isoformat(),
            "ruling": None,
            "ruling_reason": None,
            "article": None,
            "ruled_at": None,
        }
    )
    refresh(db, e, dirty)


def ruling(db: Database, n: Any, e: Any, dirty: set[str]) -> None:
    key = (str(e.originator_id), e.deal_no)
    if e.decision == "corrected":
        db["deal_rows"].update(
            key,
            {
                "record": _j(e.record),
                "points": _j(e.score["points"]),
                "summary": describe(e.record),
                "counts": int(bool(e.score["counts"])),
                "markers": _j(e.score.get("markers", [])),
                "explain": _j(e.score.get("explain", [])),
                "corrected": 1,
            },
        )
    elif e.decision == "voided":
        db["deal_rows"].update(key, {"voided": e.reason})
    elif e.decision == "adjusted":
        position = (
            db.execute("SELECT COUNT(*) FROM adjustments WHERE list_id = ?", [key[0]]).fetchone()[0]
            + 1
        )
        db["adjustments"].insert(
            {
                "list_id": key[0],
                "position": position,
                "deal_no": e.deal_no,
                "points": _j(e.adjustment),
                "reason": e.reason,
                "article": e.article,
            }
        )
    db.execute(
        "UPDATE disputes SET ruling = ?, ruling_reason = ?, article = ?, ruled_at = ? "
        "WHERE list_id = ? AND deal_no = ? AND ruling IS NULL",
        [e.decision, e.reason, e.article, e.timestamp.isoformat(), key[0], e.deal_no],
    )
    refresh(db, e, dirty)


def closed_short(db: Database, n: Any, e: Any, dirty: set[str]) -> None:
    touch(db, e, closed_short=e.reason)
    dirty.add(competition_of(db, e))


def cancelled(db: Database, n: Any, e: Any, dirty: set[str]) -> None:
    touch(db, e, status="cancelled")
    dirty.add(competition_of(db, e))


def submitted(db: Database, n: Any, e: Any, dirty: set[str]) -> None:
    touch(db, e, status="submitted", submitted_head=e.head, submitted_at=e.timestamp.isoformat())
    dirty.add(competition_of(db, e))


def touch(db: Database, e: Any, **changes: Any) -> None:
    update(
        db,
        "lists",
        {"list_id": str(e.originator_id)},
        {
            **changes,
            "head": e.hash,
            "last_event_at": e.timestamp.isoformat(),
            "version": e.originator_version,
        },
    )


def competition_of(db: Database, e: Any) -> str:
    return db.execute(
        "SELECT competition_id FROM lists WHERE list_id = ?", [str(e.originator_id)]
    ).fetchone()[0]


def refresh(db: Database, e: Any, dirty: set[str]) -> None:
    """Carry the running totals and counted numbers forward from the deal the event changed.

    Rows before that deal keep their stored values; the running totals of the row just
    before it are the starting point, so appending a deal reads and writes one row.
    """
    list_id = str(e.originator_id)
    game, seats_json, competition_id = db.execute(
        "SELECT game, seats, competition_id FROM lists WHERE list_id = ?", [list_id]
    ).fetchone()
    start = getattr(e, "deal_no", None) or 1
    before = db.execute(
        "SELECT running, (SELECT MAX(counted_no) FROM deal_rows WHERE list_id = ? AND "
        "deal_no < ?) FROM deal_rows WHERE list_id = ? AND deal_no < ? "
        "ORDER BY deal_no DESC LIMIT 1",
        [list_id, start, list_id, start],
    ).fetchone()
    running = json.loads(before[0]) if before else dict.fromkeys(json.loads(seats_json), 0)
    counted = (before[1] or 0) if before else 0
    changes, rows = [], start - 1
    for deal_no, points, was_voided, counts in db.execute(
        "SELECT deal_no, points, voided, counts FROM deal_rows WHERE list_id = ? AND "
        "deal_no >= ? ORDER BY deal_no",
        [list_id, start],
    ).fetchall():
        number = None
        if not was_voided:
            for seat, pts in list_points(game, json.loads(points)).items():
                running[seat] = running.get(seat, 0) + pts
            if counts:
                counted += 1
                number = counted
        changes.append((_j(running), number, list_id, deal_no))
        rows = deal_no
    db.conn.executemany(
        "UPDATE deal_rows SET running = ?, counted_no = ? WHERE list_id = ? AND deal_no = ?",
        changes,
    )
    totals = dict(running)
    for (adj,) in db.execute("SELECT points FROM adjustments WHERE list_id = ?", [list_id]):
        for seat, pts in json.loads(adj).items():
            totals[seat] = totals.get(seat, 0) + pts
    open_disputes = db.execute(
        "SELECT COUNT(*) FROM disputes WHERE list_id = ? AND ruling IS NULL", [list_id]
    ).fetchone()[0]
    touch(db, e, totals=_j(totals), counted_deals=counted, rows=rows, open_disputes=open_disputes)
    dirty.add(competition_id)


def describe(record: dict[str, Any]) -> str:
    """A short, paper-like description of a deal's contract."""
    parts = []
    for key in ("contract", "type", "playing", "trump"):
        value = record.get(key)
        if isinstance(value, dict):
            value = "".join(str(value.get(k, "")) for k in ("level", "strain")) + (
                "x" * int(value.get("dbl", 0) or 0)
            )
        if value not in (None, ""):
            parts.append(str(value))
    for key in ("declarers", "declarer"):
        if record.get(key) not in (None, []):
            parts.append(f"{key}: {record[key]}")
    return " ".join(parts)


def _opt(value: Any) -> str | None:
    return None if value is None else str(value)


HANDLERS = {
    "ScoreList.Opened": opened,
    "ScoreList.PenTaken": pen,
    "ScoreList.PenMoved": pen,
    "ScoreList.DealRecorded": deal,
    "ScoreList.PenaltyRecorded": deal,
    "ScoreList.DealVoided": voided,
    "ScoreList.DisputeRaised": dispute,
    "ScoreList.RulingGiven": ruling,
    "ScoreList.ListClosedShort": closed_short,
    "ScoreList.ListCancelled": cancelled,
    "ScoreList.ListSubmitted": submitted,
}

"""Competitions, players, evenings, attendance and draws, as plain tables."""

from __future__ import annotations

import json
from typing import Any

from sqlite_utils import Database


def _j(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def _cid(e: Any) -> str:
    return str(e.originator_id)


def created(db: Database, n: Any, e: Any, dirty: set[str]) -> None:
    db["competitions"].insert(
        {
            "competition_id": _cid(e),
            "name": e.name,
            "game": e.game,
            "rules_ref": e.rules["ref"],
            "rules": _j(e.rules),
            "counting": _j(e.counting),
            "created_at": e.timestamp.isoformat(),
            "head": e.hash,
        }
    )


def enrolled(db: Database, n: Any, e: Any, dirty: set[str]) -> None:
    db["players"].insert(
        {"competition_id": _cid(e), "player_id": e.player_id, "name": e.name, "withdrawn": None}
    )
    _head(db, e, dirty)


def renamed(db: Database, n: Any, e: Any, dirty: set[str]) -> None:
    db["players"].update((_cid(e), e.player_id), {"name": e.name})
    _head(db, e, dirty)


def withdrawn(db: Database, n: Any, e: Any, dirty: set[str]) -> None:
    db["players"].update((_cid(e), e.player_id), {"withdrawn": e.reason})
    _head(db, e, dirty)


def scheduled(db: Database, n: Any, e: Any, dirty: set[str]) -> None:
    db["evenings"].insert(
        {
            "competition_id": _cid(e),
            "evening": e.evening,
            "date": e.date,
            "closed": 0,
            "draw_no": None,
            "seed": None,
            "draw": None,
        }
    )
    _head(db, e, dirty)


def attendance(db: Database, n: Any, e: Any, dirty: set[str]) -> None:
    db["attendance"].upsert(
        {
            "competition_id": _cid(e),
            "evening": e.evening,
            "player_id": e.player_id,
            "status": e.status,
        },
        pk=("competition_id", "evening", "player_id"),
    )
    _head(db, e, dirty)


def drawn(db: Database, n: Any, e: Any, dirty: set[str]) -> None:
    db["evenings"].update(
        (_cid(e), e.evening), {"draw_no": e.draw_no, "seed": e.seed, "draw": _j(e.draw)}
    )
    _head(db, e, dirty)


def closed(db: Database, n: Any, e: Any, dirty: set[str]) -> None:
    db["evenings"].update((_cid(e), e.evening), {"closed": 1})
    _head(db, e, dirty)


def adjusted(db: Database, n: Any, e: Any, dirty: set[str]) -> None:
    position = (
        db.execute(
            "SELECT COUNT(*) FROM standing_adjustments WHERE competition_id = ?", [_cid(e)]
        ).fetchone()[0]
        + 1
    )
    db["standing_adjustments"].insert(
        {
            "competition_id": _cid(e),
            "position": position,
            "player_id": e.player_id,
            "points": e.points,
            "reason": e.reason,
            "article": e.article,
            "timestamp": e.timestamp.isoformat(),
        }
    )
    _head(db, e, dirty)


def _head(db: Database, e: Any, dirty: set[str]) -> None:
    db["competitions"].update(_cid(e), {"head": e.hash})
    dirty.add(_cid(e))


HANDLERS = {
    "Competition.Created": created,
    "Competition.PlayerEnrolled": enrolled,
    "Competition.PlayerRenamed": renamed,
    "Competition.PlayerWithdrawn": withdrawn,
    "Competition.EveningScheduled": scheduled,
    "Competition.AttendanceRecorded": attendance,
    "Competition.SeatingDrawn": drawn,
    "Competition.EveningClosed": closed,
    "Competition.StandingAdjusted": adjusted,
}

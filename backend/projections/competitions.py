"""Competitions, players, evenings, attendance and draws, as plain tables."""

from __future__ import annotations

from typing import Any

from .fold import Fold
from .jsontext import sorted_text as _j


def created(fold: Fold, n: Any, e: Any) -> None:
    fold.put(
        "competitions",
        {
            "competition_id": fold.aggregate_id,
            "name": e.name,
            "game": e.game,
            "rules_ref": e.rules["ref"],
            "rules": _j(e.rules),
            "counting": _j(e.counting),
            "created_at": fold.at,
            "head": e.hash,
        },
    )
    fold.states[("adjusted", fold.aggregate_id)] = [0]


def enrolled(fold: Fold, n: Any, e: Any) -> None:
    fold.put(
        "players",
        {
            "competition_id": fold.aggregate_id,
            "player_id": e.player_id,
            "name": e.name,
            "withdrawn": None,
        },
    )
    _head(fold, e)


def renamed(fold: Fold, n: Any, e: Any) -> None:
    fold.update("players", (fold.aggregate_id, e.player_id), {"name": e.name})
    _head(fold, e)


def numbered(fold: Fold, n: Any, e: Any) -> None:
    fold.update(
        "players", (fold.aggregate_id, e.player_id), {"numbers": ", ".join(e.numbers) or None}
    )
    _head(fold, e)


def withdrawn(fold: Fold, n: Any, e: Any) -> None:
    fold.update("players", (fold.aggregate_id, e.player_id), {"withdrawn": e.reason})
    _head(fold, e)


def unenrolled(fold: Fold, n: Any, e: Any) -> None:
    """An enrolment undone: the player and their attendance leave the read models."""
    fold.delete("players", competition_id=fold.aggregate_id, player_id=e.player_id)
    fold.delete("attendance", competition_id=fold.aggregate_id, player_id=e.player_id)
    _head(fold, e)


def scheduled(fold: Fold, n: Any, e: Any) -> None:
    fold.put(
        "evenings",
        {
            "competition_id": fold.aggregate_id,
            "evening": e.evening,
            "date": e.date,
            "closed": 0,
            "draw_no": None,
            "seed": None,
            "draw": None,
        },
    )
    _head(fold, e)


def attendance(fold: Fold, n: Any, e: Any) -> None:
    fold.put(
        "attendance",
        {
            "competition_id": fold.aggregate_id,
            "evening": e.evening,
            "player_id": e.player_id,
            "status": e.status,
        },
    )
    _head(fold, e)


def drawn(fold: Fold, n: Any, e: Any) -> None:
    fold.update(
        "evenings",
        (fold.aggregate_id, e.evening),
        {"draw_no": e.draw_no, "seed": e.seed, "draw": _j(e.draw)},
    )
    _head(fold, e)


def closed(fold: Fold, n: Any, e: Any) -> None:
    fold.update("evenings", (fold.aggregate_id, e.evening), {"closed": 1})
    _head(fold, e)


def adjusted(fold: Fold, n: Any, e: Any) -> None:
    count = fold.state(
        "adjusted",
        fold.aggregate_id,
        lambda: [
            fold.db.execute(
                "SELECT COUNT(*) FROM standing_adjustments WHERE competition_id = ?",
                [fold.aggregate_id],
            ).fetchone()[0]
        ],
    )
    count[0] += 1
    fold.put(
        "standing_adjustments",
        {
            "competition_id": fold.aggregate_id,
            "position": count[0],
            "player_id": e.player_id,
            "points": e.points,
            "reason": e.reason,
            "article": e.article,
            "timestamp": fold.at,
        },
    )
    _head(fold, e)


def competition_renamed(fold: Fold, n: Any, e: Any) -> None:
    fold.update("competitions", (fold.aggregate_id,), {"name": e.name})
    _head(fold, e)


def archived(fold: Fold, n: Any, e: Any) -> None:
    fold.update("competitions", (fold.aggregate_id,), {"archived": e.reason})
    _head(fold, e)


def _head(fold: Fold, e: Any) -> None:
    fold.update("competitions", (fold.aggregate_id,), {"head": e.hash})
    fold.due.add(fold.aggregate_id)


HANDLERS = {
    "Competition.Created": created,
    "Competition.CompetitionRenamed": competition_renamed,
    "Competition.CompetitionArchived": archived,
    "Competition.PlayerEnrolled": enrolled,
    "Competition.PlayerRenamed": renamed,
    "Competition.PlayerNumbered": numbered,
    "Competition.PlayerWithdrawn": withdrawn,
    "Competition.PlayerUnenrolled": unenrolled,
    "Competition.EveningScheduled": scheduled,
    "Competition.AttendanceRecorded": attendance,
    "Competition.SeatingDrawn": drawn,
    "Competition.EveningClosed": closed,
    "Competition.StandingAdjusted": adjusted,
}

"""Read-model lookups by id, shared by the JSON API and the pages.

Each takes the read models (:class:`~backend.projections.ReadModels`) and answers a row, or
raises :class:`Missing` naming the field: the API answers it with a 404 in its error shape
(:mod:`backend.api.lookups`), the public pages with their own 404 page.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any
from uuid import UUID

from .models import ReadModels

SEAT_ORDER = {"NS": 0, "EW": 1, "N": 0, "E": 1, "S": 2, "W": 3}


class Missing(LookupError):
    """Raised when the read models hold no row of that id."""

    def __init__(self, message: str, field: str) -> None:
        super().__init__(message)
        self.message, self.field = message, field


def canonical(value: str, word: str) -> str:
    """The id as the read models store it; :class:`Missing` for anything that is not a UUID."""
    try:
        return str(UUID(value))
    except ValueError:
        raise Missing(f"there is no {word} {value[:80]!r}", f"{word}_id") from None


def one(views: ReadModels, sql: str, params: list[Any]) -> dict[str, Any] | None:
    """The first row the query gives, or None."""
    rows = views.rows(sql, params)
    return rows[0] if rows else None


def competition(views: ReadModels, competition_id: str) -> dict[str, Any]:
    """The competition's row."""
    cid = canonical(competition_id, "competition")
    row = one(views, "SELECT * FROM competitions WHERE competition_id = ?", [cid])
    if row is None:
        raise Missing(f"there is no competition {cid}", "competition_id")
    return row


def evening(views: ReadModels, competition_id: str, number: int) -> dict[str, Any]:
    """The evening's row (:class:`Missing` when the competition or the evening is not there)."""
    cid = competition(views, competition_id)["competition_id"]
    row = one(
        views, "SELECT * FROM evenings WHERE competition_id = ? AND evening = ?", [cid, number]
    )
    if row is None:
        raise Missing(f"there is no evening {number} in this competition", "evening")
    return row


def score_list(views: ReadModels, list_id: str) -> dict[str, Any]:
    """The list's row."""
    lid = canonical(list_id, "list")
    row = one(views, "SELECT * FROM lists WHERE list_id = ?", [lid])
    if row is None:
        raise Missing(f"there is no list {lid}", "list_id")
    return row


def names(views: ReadModels, competition_id: str) -> dict[str, str]:
    """Player id → name for one competition."""
    return {
        r["player_id"]: r["name"]
        for r in views.rows(
            "SELECT player_id, name FROM players WHERE competition_id = ?", [competition_id]
        )
    }


def seat_order(seat: str) -> tuple[int, str]:
    """Sort key of a seat: N, E, S, W (or NS, EW), then numbered seats, then the rest."""
    if seat in SEAT_ORDER:
        return SEAT_ORDER[seat], seat
    return (int(seat), seat) if seat.isdigit() else (99, seat)


def seated(seats: Mapping[str, str] | str, who: Mapping[str, str]) -> list[dict[str, str]]:
    """Seats in table order, each with its player's id and name."""
    plain = json.loads(seats) if isinstance(seats, str) else seats
    return [
        {"seat": s, "player_id": p, "name": who.get(p, p)}
        for s, p in sorted(plain.items(), key=lambda item: seat_order(item[0]))
    ]


def player(player_id: str, who: Mapping[str, str]) -> dict[str, str]:
    """A player as the API shows one: id and name."""
    return {"player_id": player_id, "name": who.get(player_id, player_id)}

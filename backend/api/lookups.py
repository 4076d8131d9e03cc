"""Read-model lookups shared by the resource endpoints: a row by its id, or a 404 naming it."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any
from uuid import UUID

from ..aggregates.errors import NotFound
from .services import services

SEAT_ORDER = {"NS": 0, "EW": 1, "N": 0, "E": 1, "S": 2, "W": 3}


def canonical(value: str, word: str) -> str:
    """The id as the read models store it; 404 for anything that is not a UUID."""
    try:
        return str(UUID(value))
    except ValueError:
        raise NotFound(f"there is no {word} {value[:80]!r}", f"{word}_id") from None


def one(sql: str, params: list[Any]) -> dict[str, Any] | None:
    rows = services().views.rows(sql, params)
    return rows[0] if rows else None


def competition(competition_id: str) -> dict[str, Any]:
    """The competition's row (404 when there is none)."""
    cid = canonical(competition_id, "competition")
    row = one("SELECT * FROM competitions WHERE competition_id = ?", [cid])
    if row is None:
        raise NotFound(f"there is no competition {cid}", "competition_id")
    return row


def evening(competition_id: str, number: int) -> dict[str, Any]:
    """The evening's row (404 when the competition or the evening does not exist)."""
    cid = competition(competition_id)["competition_id"]
    row = one("SELECT * FROM evenings WHERE competition_id = ? AND evening = ?", [cid, number])
    if row is None:
        raise NotFound(f"there is no evening {number} in this competition", "evening")
    return row


def score_list(list_id: str) -> dict[str, Any]:
    """The list's row (404 when there is none)."""
    lid = canonical(list_id, "list")
    row = one("SELECT * FROM lists WHERE list_id = ?", [lid])
    if row is None:
        raise NotFound(f"there is no list {lid}", "list_id")
    return row


def names(competition_id: str) -> dict[str, str]:
    """Player id → name for one competition."""
    return {
        r["player_id"]: r["name"]
        for r in services().views.rows(
            "SELECT player_id, name FROM players WHERE competition_id = ?", [competition_id]
        )
    }


def seat_order(seat: str) -> tuple[int, str]:
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
    return {"player_id": player_id, "name": who.get(player_id, player_id)}

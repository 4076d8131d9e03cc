"""Read-model lookups shared by the resource endpoints: a row by its id, or a 404 naming it.

The queries live with the read models (:mod:`backend.projections.queries`); here they read
this app's read models and answer a missing row with :class:`NotFound` (404).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import wraps
from typing import Any, TypeVar

from ..application.interface import NotFound
from ..projections import queries
from ..projections.queries import player, seat_order, seated
from .services import services

__all__ = [
    "canonical",
    "competition",
    "evening",
    "names",
    "names_of",
    "one",
    "player",
    "score_list",
    "seat_order",
    "seated",
]

T = TypeVar("T")


def _not_found(query: Callable[..., T]) -> Callable[..., T]:
    """``query`` with a missing row raised as :class:`NotFound`."""

    @wraps(query)
    def answered(*args: Any) -> T:
        try:
            return query(*args)
        except queries.Missing as exc:
            raise NotFound(exc.message, exc.field) from None

    return answered


canonical = _not_found(queries.canonical)


@_not_found
def competition(competition_id: str) -> dict[str, Any]:
    """The competition's row (404 when there is none)."""
    return queries.competition(services().views, competition_id)


@_not_found
def evening(competition_id: str, number: int) -> dict[str, Any]:
    """The evening's row (404 when the competition or the evening does not exist)."""
    return queries.evening(services().views, competition_id, number)


@_not_found
def score_list(list_id: str) -> dict[str, Any]:
    """The list's row (404 when there is none)."""
    return queries.score_list(services().views, list_id)


def one(sql: str, params: list[Any]) -> dict[str, Any] | None:
    """The first row the query gives, or None."""
    return queries.one(services().views, sql, params)


def names(competition_id: str) -> dict[str, str]:
    """Player id → name for one competition."""
    return queries.names(services().views, competition_id)


def names_of(competition_id: str, player_ids: Iterable[str]) -> dict[str, str]:
    """Player id → name of these players only (a list's four, not a hall's 800)."""
    wanted = sorted(set(player_ids))
    if not wanted:
        return {}
    rows = services().views.rows(
        "SELECT player_id, name FROM players WHERE competition_id = ? "
        f"AND player_id IN ({', '.join('?' * len(wanted))})",
        [competition_id, *wanted],
    )
    return {r["player_id"]: r["name"] for r in rows}

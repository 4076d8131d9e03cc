"""What a live client follows, read from the read models: marks to spot changes, and payloads.

The clock is the read models' position (the last event of the log they have applied). A
channel's *mark* is the position of the last event that touched it, found through the
audit trail's (aggregate, version) index: the standings move with any event of the
competition or of its lists, a list with its own events, the room with the events of the
evening's lists (and the competition's, which open and close evenings) and with the number
of refused mutations, which have no position of their own in the read models.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database

from ..projections import ReadModels
from ..rules.play_revokes import established_revokes

CHANNELS = ("standings", "list", "room")
_LATEST = (
    "(SELECT a.position FROM audit_trail a WHERE a.aggregate_id = {0} "
    "ORDER BY a.version DESC LIMIT 1)"
)
_EVENING_LISTS = "SELECT list_id FROM lists WHERE competition_id = ? AND evening = ?"


class Clock:
    """The read models' position, shared by every live client of the process.

    Streams look every ``interval`` seconds; the position is read again when the last read
    is half an interval old, so a change shows within about one interval, however many
    streams there are (they tend to wake in step and would otherwise all see a stale value).
    """

    def __init__(self, read: Callable[[], int], interval: float) -> None:
        self._read, self.interval = read, interval
        self._lock = threading.Lock()
        self._value, self._at = 0, float("-inf")

    def now(self) -> int:
        with self._lock:
            started = time.monotonic()
            if started - self._at >= self.interval / 2:
                self._value, self._at = self._read(), started
            return self._value


@dataclass(frozen=True)
class Watch:
    """The channels one client follows: a competition's standings, a list, an evening's room."""

    views: ReadModels
    competition_id: str
    standings: bool = True
    list_id: str | None = None
    evening: int | None = None
    # a list's play as the history holds it (the read models keep no cards): the room's revokes
    plays: Callable[[str], tuple[dict[str, Any], int]] | None = None

    def settle(self) -> None:
        """Recompute the standings first if the competition has new events (they wait for
        their first reader: ``ReadModels.settle``)."""
        if self.standings:
            self.views.settle(self.competition_id)

    @property
    def channels(self) -> tuple[str, ...]:
        wanted = {"standings": self.standings, "list": self.list_id, "room": self.evening}
        return tuple(name for name in CHANNELS if wanted[name])

    def marks(self, db: Database) -> dict[str, tuple[int, ...]]:
        """Each channel's mark: it differs from an earlier one when the channel changed."""
        out: dict[str, tuple[int, ...]] = {}
        for name in self.channels:
            if name == "room":
                out[name] = (self._room_position(db), self._refused(db))
            else:
                out[name] = (self._position(db, name),)
        return out

    def changed_since(self, db: Database, since: int) -> list[str]:
        """The channels with something new after ``since`` (a position)."""
        changed = []
        for name in self.channels:
            if name == "room":
                if self._room_position(db) > since or self._refused(db, after=since):
                    changed.append(name)
            elif self._position(db, name) > since:
                changed.append(name)
        return changed

    def payload(self, db: Database, name: str) -> dict[str, Any]:
        return {"standings": self._standings, "list": self._list, "room": self._room}[name](db)

    # ---- marks ------------------------------------------------------------------------

    def _position(self, db: Database, name: str) -> int:
        if name == "list":
            return _one(db, "SELECT " + _LATEST.format("?"), [self.list_id])
        sql = (
            f"SELECT MAX(p) FROM (SELECT {_LATEST.format('?')} AS p UNION ALL "
            f"SELECT {_LATEST.format('l.list_id')} FROM lists l WHERE l.competition_id = ?)"
        )
        return _one(db, sql, [self.competition_id, self.competition_id])

    def _room_position(self, db: Database) -> int:
        sql = (
            f"SELECT MAX(p) FROM (SELECT {_LATEST.format('?')} AS p UNION ALL "
            f"SELECT {_LATEST.format('l.list_id')} FROM lists l "
            "WHERE l.competition_id = ? AND l.evening = ?)"
        )
        return _one(db, sql, [self.competition_id, self.competition_id, self.evening])

    def _refused(self, db: Database, after: int | None = None) -> int:
        """How many mutations on the evening's lists were refused (after position ``after``).

        Refusals are events of the device, which the audit trail leaves out; "after a
        position" is taken as "later than the audit trail's event at that position". At
        worst that sends the room once more than needed.
        """
        sql = (
            "SELECT COUNT(*) FROM mutations WHERE status = 'refused' "
            f"AND target IN ({_EVENING_LISTS})"
        )
        params: list[Any] = [self.competition_id, self.evening]
        if after is not None:
            sql += (
                " AND timestamp > COALESCE((SELECT timestamp FROM audit_trail "
                "WHERE position <= ? ORDER BY position DESC LIMIT 1), '')"
            )
            params.append(after)
        return _one(db, sql, params)

    # ---- payloads ---------------------------------------------------------------------

    def _standings(self, db: Database) -> dict[str, Any]:
        comp = _row(
            db, "SELECT * FROM competitions WHERE competition_id = ?", [self.competition_id]
        )
        lines = _rows(
            db,
            "SELECT rank, player_id, name, total FROM standings WHERE competition_id = ? "
            "ORDER BY rank = 0, rank, name, player_id",
            [self.competition_id],
        )
        evenings = _rows(
            db,
            "SELECT e.evening, e.date, e.closed, e.draw_no IS NOT NULL AS drawn, EXISTS("
            "SELECT 1 FROM lists l WHERE l.competition_id = e.competition_id "
            "AND l.evening = e.evening AND l.status = 'open') AS provisional, "
            "(SELECT COUNT(*) FROM lists l WHERE l.competition_id = e.competition_id "
            "AND l.evening = e.evening AND l.status = 'submitted') AS submitted, "
            "(SELECT COUNT(*) FROM lists l WHERE l.competition_id = e.competition_id "
            "AND l.evening = e.evening AND l.status != 'cancelled') AS lists "
            "FROM evenings e WHERE e.competition_id = ? ORDER BY e.evening",
            [self.competition_id],
        )
        return {
            "competition_id": self.competition_id,
            "name": comp.get("name") or "",
            "game": comp.get("game") or "",
            "head": comp.get("head"),
            "standings": lines,
            "evenings": [_evening(e) for e in evenings],
        }

    def _list(self, db: Database) -> dict[str, Any]:
        row = _row(db, "SELECT * FROM lists WHERE list_id = ?", [self.list_id])
        seats = json.loads(row.get("seats") or "{}")
        names = {
            r["player_id"]: r["name"]
            for r in _rows(
                db,
                "SELECT player_id, name FROM players WHERE competition_id = ?",
                [row.get("competition_id")],
            )
        }
        return {
            **{k: row.get(k) for k in _LIST_FIELDS},
            "table": row.get("table_no"),
            "seats": seats,
            "players": {seat: names.get(pid, pid) for seat, pid in seats.items()},
            "totals": json.loads(row.get("totals") or "{}"),
        }

    def _room(self, db: Database) -> dict[str, Any]:
        evening = _row(
            db,
            "SELECT * FROM evenings WHERE competition_id = ? AND evening = ?",
            [self.competition_id, self.evening],
        )
        refused = {
            r["target"]: r["n"]
            for r in _rows(
                db,
                "SELECT target, COUNT(*) AS n FROM mutations WHERE status = 'refused' "
                f"AND target IN ({_EVENING_LISTS}) GROUP BY target",
                [self.competition_id, self.evening],
            )
        }
        tables = _rows(
            db,
            "SELECT list_id, round, table_no AS [table], status, status = 'submitted' AS "
            "submitted, pen, rows, counted_deals, planned_deals, open_disputes, "
            "last_event_at, version FROM lists WHERE competition_id = ? AND evening = ? "
            "ORDER BY round, table_no",
            [self.competition_id, self.evening],
        )
        for t in tables:
            t["submitted"] = bool(t["submitted"])
            t["refused"] = refused.get(t["list_id"], 0)
            t["revokes"] = established_revokes(*self.plays(t["list_id"])) if self.plays else []
        return {
            "competition_id": self.competition_id,
            "evening": self.evening,
            "date": evening.get("date") or "",
            "closed": bool(evening.get("closed")),
            "tables": tables,
        }


_LIST_FIELDS = (
    "list_id",
    "competition_id",
    "evening",
    "round",
    "game",
    "version",
    "head",
    "status",
    "pen",
    "rows",
    "counted_deals",
    "planned_deals",
    "open_disputes",
    "last_event_at",
    "submitted_at",
)


def _evening(row: dict[str, Any]) -> dict[str, Any]:
    return {
        "evening": row["evening"],
        "date": row["date"] or "",
        "closed": bool(row["closed"]),
        "drawn": bool(row["drawn"]),
        "provisional": bool(row["provisional"]),
        "submitted": int(row["submitted"]),
        "lists": int(row["lists"]),
    }


def _one(db: Database, sql: str, params: list[Any]) -> int:
    value = db.execute(sql, params).fetchone()[0]
    return int(value or 0)


def _row(db: Database, sql: str, params: list[Any]) -> dict[str, Any]:
    found = db.execute(sql, params).fetchone()
    return dict(found) if found is not None else {}


def _rows(db: Database, sql: str, params: list[Any]) -> list[dict[str, Any]]:
    return [dict(r) for r in db.execute(sql, params).fetchall()]

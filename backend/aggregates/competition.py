"""Competition: one game, one rule set, one counting rule, its players and its evenings.

Also chained (see :mod:`.chain`), so the draw and the attendance are as auditable as the
deals. The draw itself is computed by :mod:`backend.rules.seating` from a recorded seed;
this aggregate records it and the lists that were opened for it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any
from uuid import UUID, uuid4

from ..rules.games import ruleset_from_stored
from ..rules.ruleset import RuleSet
from .actor import Actor
from .chain import Chained
from .errors import Conflict, Forbidden, InvalidInput, NotFound

ATTENDANCE = ("present", "absent_notice", "absent")
MAX_ADJUSTMENT = 1_000_000  # points; far beyond any real ruling, well inside SQLite's integers
DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
COUNTING = {
    # Wiezen TS: 15 Sundays, best 9 count, absences discarded first (W-D4).
    "wiezen": {"evenings": 15, "best": 9},
    # Klaverjas K-D12: cumulative totals; SB-7 4200 absent with notice; SB-8 1600 sat out.
    # (the number of partijen per evening is the rule set's option partijen_per_evening)
    "klaverjas": {"evenings": 0},
    # Schafkopf Nr. 9: two Durchgänge added, tie-breaks Touts, won solos, played solos, lot.
    "schafkopf": {"evenings": 1, "durchgaenge": 2},
    # Bridge: session percentages (matchpoints), summed over sessions.
    # Movements: Mitchell or Howell with a number of boards per round (standard practice).
    "bridge": {
        "evenings": 0,
        "method": "matchpoints",
        "movement": "mitchell",
        "boards_per_round": 3,
    },
}


class Competition(Chained):
    """A season or tournament of one game."""

    class Created(Chained.Created):
        name: str
        game: str
        rules: dict[str, Any]
        counting: dict[str, Any]
        actor: dict[str, Any]

        def apply(self, agg: Any) -> None:
            super().apply(agg)
            agg.name, agg.game, agg.rules, agg.counting = (
                self.name,
                self.game,
                self.rules,
                self.counting,
            )
            agg.players, agg.evenings, agg.adjustments = {}, [], []

    class PlayerEnrolled(Chained.Event):
        player_id: str
        name: str
        actor: dict[str, Any]

        def apply(self, agg: Any) -> None:
            super().apply(agg)
            agg.players[self.player_id] = {"name": self.name, "withdrawn": None}

    class PlayerRenamed(Chained.Event):
        player_id: str
        name: str
        actor: dict[str, Any]

        def apply(self, agg: Any) -> None:
            super().apply(agg)
            agg.players[self.player_id]["name"] = self.name

    class PlayerWithdrawn(Chained.Event):
        player_id: str
        reason: str
        actor: dict[str, Any]

        def apply(self, agg: Any) -> None:
            super().apply(agg)
            agg.players[self.player_id]["withdrawn"] = self.reason

    class EveningScheduled(Chained.Event):
        evening: int
        date: str
        actor: dict[str, Any]

        def apply(self, agg: Any) -> None:
            super().apply(agg)
            agg.evenings.append(
                {
                    "evening": self.evening,
                    "date": self.date,
                    "attendance": {},
                    "draw": None,
                    "closed": False,
                }
            )

    class AttendanceRecorded(Chained.Event):
        evening: int
        player_id: str
        status: str
        actor: dict[str, Any]

        def apply(self, agg: Any) -> None:
            super().apply(agg)
            agg.evenings[self.evening - 1]["attendance"][self.player_id] = self.status

    class SeatingDrawn(Chained.Event):
        evening: int
        draw_no: int
        seed: str
        draw: dict[str, Any]
        lists: list[dict[str, Any]]
        actor: dict[str, Any]

        def apply(self, agg: Any) -> None:
            super().apply(agg)
            agg.evenings[self.evening - 1]["draw"] = {
                "draw_no": self.draw_no,
                "seed": self.seed,
                "draw": self.draw,
                "lists": self.lists,
            }

    class EveningClosed(Chained.Event):
        evening: int
        actor: dict[str, Any]

        def apply(self, agg: Any) -> None:
            super().apply(agg)
            agg.evenings[self.evening - 1]["closed"] = True

    class StandingAdjusted(Chained.Event):
        player_id: str
        points: int
        reason: str
        article: str
        actor: dict[str, Any]

        def apply(self, agg: Any) -> None:
            super().apply(agg)
            agg.adjustments.append(
                {
                    "player_id": self.player_id,
                    "points": self.points,
                    "reason": self.reason,
                    "article": self.article,
                }
            )

    @classmethod
    def create(
        cls, name: str, rules: RuleSet, actor: Actor, counting: Mapping[str, Any] | None = None
    ) -> Competition:
        """Create a competition of ``rules.game`` with its counting rule (defaults per game)."""
        check_director(actor, "create a competition")
        settings = dict(COUNTING[rules.game])
        for key, value in (counting or {}).items():
            if key not in settings:
                raise InvalidInput(
                    f"is not a setting of {rules.game}'s counting rule", f"counting.{key}"
                )
            if type(value) is not type(settings[key]) or (isinstance(value, int) and value < 0):
                raise InvalidInput(f"must be like {settings[key]!r}", f"counting.{key}")
            settings[key] = value
        return cls._start(
            cls.Created,
            id=uuid4(),
            name=_name(name, "name"),
            game=rules.game,
            rules=rules.as_dict(),
            counting=settings,
            actor=actor.as_dict(),
        )

    def enrol(self, name: str, actor: Actor) -> str:
        """Enrol a player; returns the new player id (``p1``, ``p2`` …)."""
        check_director(actor, "enrol players")
        player_id = f"p{len(self.players) + 1}"
        self._record(
            self.PlayerEnrolled,
            player_id=player_id,
            name=_name(name, "name"),
            actor=actor.as_dict(),
        )
        return player_id

    def rename(self, player_id: str, name: str, actor: Actor) -> None:
        check_director(actor, "edit players")
        self.player(player_id)
        self._record(
            self.PlayerRenamed, player_id=player_id, name=_name(name, "name"), actor=actor.as_dict()
        )

    def withdraw(self, player_id: str, reason: str, actor: Actor) -> None:
        check_director(actor, "withdraw players")
        if self.player(player_id)["withdrawn"] is not None:
            raise Conflict(f"{player_id} has already withdrawn", "player_id")
        self._record(
            self.PlayerWithdrawn,
            player_id=player_id,
            reason=_name(reason, "reason"),
            actor=actor.as_dict(),
        )

    def schedule(self, date: str, actor: Actor) -> int:
        """Schedule the next evening on a date (YYYY-MM-DD); returns its number."""
        check_director(actor, "schedule evenings")
        if not isinstance(date, str) or not DATE.match(date):
            raise InvalidInput("must be a date as YYYY-MM-DD", "date")
        number = len(self.evenings) + 1
        self._record(self.EveningScheduled, evening=number, date=date, actor=actor.as_dict())
        return number

    def record_attendance(self, evening: int, player_id: str, status: str, actor: Actor) -> None:
        check_director(actor, "record attendance")
        ev = self.open_evening(evening)
        if self.player(player_id)["withdrawn"] is not None and status == "present":
            raise Conflict(f"{player_id} has withdrawn from this competition", "player_id")
        if status not in ATTENDANCE:
            raise InvalidInput(f"must be one of {', '.join(ATTENDANCE)}", "status")
        if ev["draw"] is not None:
            raise Conflict("the tables are drawn; draw again after changing attendance", "evening")
        self._record(
            self.AttendanceRecorded,
            evening=evening,
            player_id=player_id,
            status=status,
            actor=actor.as_dict(),
        )

    def record_draw(
        self,
        evening: int,
        seed: str,
        draw: Mapping[str, Any],
        lists: list[dict[str, Any]],
        actor: Actor,
    ) -> int:
        """Record a draw computed from ``seed`` and the lists opened for it."""
        check_director(actor, "draw the tables")
        ev = self.open_evening(evening)
        number = 1 if ev["draw"] is None else ev["draw"]["draw_no"] + 1
        self._record(
            self.SeatingDrawn,
            evening=evening,
            draw_no=number,
            seed=seed,
            draw=dict(draw),
            lists=lists,
            actor=actor.as_dict(),
        )
        return number

    def close_evening(self, evening: int, actor: Actor) -> None:
        check_director(actor, "close an evening")
        self.open_evening(evening)
        self._record(self.EveningClosed, evening=evening, actor=actor.as_dict())

    def adjust_standing(
        self, player_id: str, points: int, reason: str, article: str, actor: Actor
    ) -> None:
        """Record a ruling on the standings (the lists stay as submitted), as its own line.

        Klaverjas SB-2/SB-9 (K-D16): after hand-in a list never changes; the board's ruling
        is a separate adjustment with its reason, shown as its own line in the standings.
        """
        check_director(actor, "adjust the standings")
        self.player(player_id)
        if isinstance(points, bool) or not isinstance(points, int) or points == 0:
            raise InvalidInput("must be a whole number of points other than 0", "points")
        if abs(points) > MAX_ADJUSTMENT:
            raise InvalidInput(f"must be at most {MAX_ADJUSTMENT} points either way", "points")
        if not isinstance(article, str) or len(article) > 200:
            raise InvalidInput("must be a short text", "article")
        self._record(
            self.StandingAdjusted,
            player_id=player_id,
            points=points,
            reason=_name(reason, "reason"),
            article=article.strip(),
            actor=actor.as_dict(),
        )

    @property
    def ruleset(self) -> RuleSet:
        return ruleset_from_stored(self.rules)

    def present(self, evening: int) -> list[str]:
        attendance = self.evening(evening)["attendance"]
        return [p for p, status in attendance.items() if status == "present"]

    def evening(self, evening: Any) -> dict[str, Any]:
        if (
            isinstance(evening, bool)
            or not isinstance(evening, int)
            or not (1 <= evening <= len(self.evenings))
        ):
            raise NotFound(f"there is no evening {evening!r}", "evening")
        return self.evenings[evening - 1]

    def open_evening(self, evening: Any) -> dict[str, Any]:
        ev = self.evening(evening)
        if ev["closed"]:
            raise Conflict(f"evening {evening} is closed", "evening")
        return ev

    def player(self, player_id: Any) -> dict[str, Any]:
        if player_id not in self.players:
            raise NotFound(f"there is no player {player_id!r}", "player_id")
        return self.players[player_id]


def check_director(actor: Actor, what: str) -> None:
    if not actor.is_director:
        raise Forbidden(f"only the director can {what}", "role")


def _name(value: Any, field: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise InvalidInput("must be a non-empty text", field)
    if len(value) > 200:
        raise InvalidInput("must be at most 200 characters", field)
    return value.strip()


def competition_uuid(value: str) -> UUID:
    try:
        return UUID(value)
    except (ValueError, TypeError, AttributeError):
        raise NotFound(f"there is no competition {value!r}", "competition_id") from None

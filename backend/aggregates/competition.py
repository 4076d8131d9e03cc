"""Competition: one game, one rule set, one counting rule, its players and its evenings.

Also chained (see :mod:`.chain`), so the draw and the attendance are as auditable as the
deals. The draw itself is computed by :mod:`backend.rules.seating` from a recorded seed;
this aggregate records it and the lists that were opened for it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any
from uuid import UUID, uuid4

from ..rules import bridge_season
from ..rules.games import ruleset_from_stored
from ..rules.ruleset import RuleSet
from .actor import Actor
from .chain import Chained
from .errors import Conflict, Forbidden, InvalidInput, NotFound

ATTENDANCE = ("present", "absent_notice", "absent")
MAX_ADJUSTMENT = 1_000_000  # points; far beyond any real ruling, well inside SQLite's integers
DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
COUNTING = {
    # Wiezen TS: 15 Sundays, best 9 count, absences discarded first (W-D4). A new competition
    # takes the season's length and its best from the rule set (season_sundays, season_best);
    # from then on the counting rule is what the standings use (see counting_defaults).
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
# The words a counting setting may take; anything else would draw or count something else.
CHOICES: dict[str, tuple[str, ...]] = {
    "method": tuple(bridge_season.METHODS),  # Bridge §B7, §B8
    "movement": ("mitchell", "howell"),
}
MAX_EVENINGS = 366  # one a day for a year: far beyond any club's season
# (least, most) of each whole-number setting; ``evenings`` 0 means "not fixed in advance".
LIMITS: dict[str, tuple[int, int]] = {
    "evenings": (0, MAX_EVENINGS),
    "best": (1, MAX_EVENINGS),
    "durchgaenge": (1, 10),  # what the schafkopf draw can seat (docs/seating.md)
    "boards_per_round": (1, 10),  # what a Mitchell or Howell can hold (docs/seating.md)
}
# Wiezen counts "the best 9 of 15 Sundays": a season of no Sundays has nothing to count.
LEAST_WIEZEN_EVENINGS = 1


def counting_defaults(rules: RuleSet) -> dict[str, Any]:
    """The counting rule a new competition of ``rules`` gets unless the director sets it.

    Wiezen's season length and best results are also options of its rule set (the rulebook's
    15 and 9, or a club's own); the competition copies them into its counting rule, which is
    the one source the standings read. The other games' counting rules have no rule-set twin.
    """
    settings = dict(COUNTING[rules.game])
    if rules.game == "wiezen":
        settings["evenings"] = rules["season_sundays"]
        settings["best"] = rules["season_best"]
    return settings


def checked_counting(rules: RuleSet, counting: Mapping[str, Any] | None) -> dict[str, Any]:
    """The game's counting rule with the director's settings, each checked before it is stored.

    Refused here rather than later: an unknown movement would silently draw a Mitchell, an
    unknown method would fail only in the standings, and a wiezen season whose best exceeds
    its evenings could never be counted.
    """
    settings = counting_defaults(rules)
    if counting is not None and not isinstance(counting, Mapping):
        raise InvalidInput("must be an object of counting settings", "counting")
    for key, value in (counting or {}).items():
        field = f"counting.{key}"
        if key not in settings:
            raise InvalidInput(
                f"is not a setting of {rules.game}'s counting rule "
                f"(it has {', '.join(sorted(settings))})",
                field,
            )
        if key in CHOICES:
            if not isinstance(value, str) or value not in CHOICES[key]:
                raise InvalidInput(f"must be one of {', '.join(CHOICES[key])}", field)
        else:
            least, most = LIMITS[key]
            if rules.game == "wiezen" and key == "evenings":
                least = LEAST_WIEZEN_EVENINGS
            if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
                raise InvalidInput(f"must be a whole number from {least} to {most}", field)
        settings[key] = value
    if rules.game == "wiezen" and settings["best"] > settings["evenings"]:
        raise InvalidInput(
            f"must be at most the season's {settings['evenings']} evenings (counting.evenings)",
            "counting.best",
        )
    return settings


def upcast_counting(state: dict[str, Any]) -> None:
    """Give a competition stored before the counting rule was the one source its true values.

    Until then the wiezen standings read the rule set's ``season_sundays`` and ``season_best``
    and ignored the counting rule, which was filled with the defaults 15 and 9 unless the
    director set it. A value still at that default is replaced by the rule set's (what the
    standings used); a value the director set stays (what the director asked for).
    """
    if state.get("game") != "wiezen":
        return
    options = (state.get("rules") or {}).get("options") or {}
    counting = dict(state.get("counting") or {})
    for key, option in (("evenings", "season_sundays"), ("best", "season_best")):
        if counting.get(key) == COUNTING["wiezen"][key] and isinstance(options.get(option), int):
            counting[key] = options[option]
    evenings, best = counting.get("evenings"), counting.get("best")
    if isinstance(best, int) and isinstance(evenings, int) and evenings >= 1:
        counting["best"] = min(best, evenings)  # a best above the season: creation refuses it
    state["counting"] = counting


class Competition(Chained):
    """A season or tournament of one game.

    Version 2: the counting rule is the one source of the season's settings (a snapshot of
    version 1 is upcast like its ``Created`` event), and an evening knows whether its draw is
    stale (the attendance changed after it).
    """

    class_version = 2

    @staticmethod
    def upcast_v1_v2(state: dict[str, Any]) -> None:
        upcast_counting(state)
        for ev in state.get("evenings") or []:
            ev.setdefault("draw_stale", False)

    class Created(Chained.Created):
        """Version 2: a wiezen counting rule holds the values the standings use."""

        class_version = 2

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            upcast_counting(state)

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
                    "draw_stale": False,
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
            ev = agg.evenings[self.evening - 1]
            ev["attendance"][self.player_id] = self.status
            if ev["draw"] is not None:  # the tables no longer match who is there (docs/seating.md)
                ev["draw_stale"] = True

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
            agg.evenings[self.evening - 1]["draw_stale"] = False

    class EveningClosed(Chained.Event):
        """The evening is closed. Version 2 anchors each list's final state in this chain.

        ``heads`` maps each list of the evening's draw to its ``head`` and ``version`` when the
        evening closed, so deleting a list's newest events (its ``ListSubmitted``, its last
        deals) breaks the competition's record of it: ``troef audit verify`` compares them
        (:mod:`backend.audit`). An evening closed before version 2 anchored nothing.
        """

        class_version = 2

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            state["heads"] = {}

        evening: int
        heads: dict[str, dict[str, Any]]
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
        """Create a competition of ``rules.game`` with its counting rule.

        The settings the director leaves out come from :func:`counting_defaults`.

        :raises InvalidInput: naming ``counting.<key>`` for a setting the game's counting rule
            does not have, or a value it cannot count or draw with.
        """
        check_director(actor, "create a competition")
        return cls._start(
            cls.Created,
            id=uuid4(),
            name=_name(name, "name"),
            game=rules.game,
            rules=rules.as_dict(),
            counting=checked_counting(rules, counting),
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

    def record_attendance(
        self,
        evening: int,
        player_id: str,
        status: str,
        actor: Actor,
        started: Sequence[int] = (),
    ) -> bool:
        """Record a player's attendance; returns whether the evening's draw is now stale.

        After a draw the attendance may still change as long as no table has started
        (``started``: the tables of the draw that recorded a deal or closed their list, the
        condition of a new draw). The draw then no longer matches who is there: the caller
        cancels its lists and the director draws again (docs/seating.md). The same status
        again changes nothing and leaves the draw as it is.
        """
        check_director(actor, "record attendance")
        ev = self.open_evening(evening)
        if self.player(player_id)["withdrawn"] is not None and status == "present":
            raise Conflict(f"{player_id} has withdrawn from this competition", "player_id")
        if status not in ATTENDANCE:
            raise InvalidInput(f"must be one of {', '.join(ATTENDANCE)}", "status")
        if ev["draw"] is not None:
            if started:
                raise Conflict(
                    f"play has started (table(s) {', '.join(map(str, sorted(set(started))))} "
                    "recorded deals or closed their list); the attendance stays as drawn, "
                    "since a new draw would move players who have already played",
                    "evening",
                )
            if ev["attendance"].get(player_id) == status:
                return bool(ev["draw_stale"])
        self._record(
            self.AttendanceRecorded,
            evening=evening,
            player_id=player_id,
            status=status,
            actor=actor.as_dict(),
        )
        return bool(ev["draw_stale"])

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

    def close_evening(
        self, evening: int, actor: Actor, heads: Mapping[str, Mapping[str, Any]] | None = None
    ) -> None:
        """Close an evening, anchoring its lists' ``heads`` (list id: head and version)."""
        check_director(actor, "close an evening")
        self.open_evening(evening)
        self._record(
            self.EveningClosed,
            evening=evening,
            heads={
                list_id: {"head": str(anchor["head"]), "version": int(anchor["version"])}
                for list_id, anchor in (heads or {}).items()
            },
            actor=actor.as_dict(),
        )

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

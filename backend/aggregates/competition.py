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
from ..rules.counting import COUNTING, counting_defaults
from ..rules.games import ruleset_from_stored
from ..rules.ruleset import RuleSet
from .actor import Actor
from .chain import Chained
from .errors import Conflict, Forbidden, InvalidInput, NotFound
from .federation import checked_numbers
from .hand_records import CompetitionHandRecords
from .play_mode import CompetitionPlayMode

ATTENDANCE = ("present", "absent_notice", "absent")
MAX_NAME = 200
"""Longest name (of the competition, a player) or reason, before its spaces are stripped."""
MAX_ADJUSTMENT = 1_000_000  # points; far beyond any real ruling, well inside SQLite's integers
DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
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
    "rounds": (0, 59),  # 0: the whole movement; fewer rounds curtail it (docs/seating.md)
}
# Wiezen counts "the best 9 of 15 Sundays": a season of no Sundays has nothing to count.
LEAST_WIEZEN_EVENINGS = 1


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


class Competition(CompetitionPlayMode, CompetitionHandRecords, Chained):
    """A season or tournament of one game.

    Version 2: the counting rule is the one source of the season's settings (a snapshot of
    version 1 is upcast like its ``Created`` event), and an evening knows whether its draw is
    stale (the attendance changed after it).
    """

    class_version = 2

    @staticmethod
    def upcast_v1_v2(state: dict[str, Any]) -> None:
        upcast_counting(state)
        state.setdefault("adjustments", [])  # snapshots older than the standings' adjustments
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

    class PlayerNumbered(Chained.Event):
        player_id: str
        numbers: list[str]  # federation numbers, one a person, in the order of the name
        actor: dict[str, Any]

        def apply(self, agg: Any) -> None:
            super().apply(agg)
            agg.players[self.player_id]["numbers"] = list(self.numbers)

    class PlayerWithdrawn(Chained.Event):
        player_id: str
        reason: str
        actor: dict[str, Any]

        def apply(self, agg: Any) -> None:
            super().apply(agg)
            agg.players[self.player_id]["withdrawn"] = self.reason

    class PlayerUnenrolled(Chained.Event):
        """An enrolment made by mistake, undone (#16): the player leaves the competition's
        list. History is never changed: the enrolment stays an event, this is a new fact, and
        the player's id is not given again."""

        player_id: str
        name: str  # as enrolled: the trail names whom the undoing was about
        reason: str
        actor: dict[str, Any]

        def apply(self, agg: Any) -> None:
            super().apply(agg)
            player = agg.players.pop(self.player_id)
            gone = dict(getattr(agg, "unenrolled", None) or {})  # older snapshots have none
            gone[self.player_id] = {**player, "reason": self.reason}
            agg.unenrolled = gone
            for ev in agg.evenings:
                ev["attendance"].pop(self.player_id, None)

    class CompetitionRenamed(Chained.Event):
        name: str
        actor: dict[str, Any]

        def apply(self, agg: Any) -> None:
            super().apply(agg)
            agg.name = self.name

    class CompetitionArchived(Chained.Event):
        """Taken off the club's list with a reason; its history stays (#16: nothing is deleted)."""

        reason: str
        actor: dict[str, Any]

        def apply(self, agg: Any) -> None:
            super().apply(agg)
            agg.archived = self.reason

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
        self.check_name_free(_name(name, "name"))
        # an unenrolled player's id is never given again
        player_id = f"p{len(self.players) + len(getattr(self, 'unenrolled', None) or {}) + 1}"
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
        self.check_name_free(_name(name, "name"), player_id)
        self._record(
            self.PlayerRenamed, player_id=player_id, name=_name(name, "name"), actor=actor.as_dict()
        )

    def set_numbers(self, player_id: str, numbers: Sequence[str], actor: Actor) -> None:
        """Record a player's federation numbers (one a person; "" for one not known)."""
        check_director(actor, "edit players")
        numbers = checked_numbers(numbers)
        if numbers == self.player(player_id).get("numbers", []):
            return
        self._record(
            self.PlayerNumbered, player_id=player_id, numbers=numbers, actor=actor.as_dict()
        )

    def rename_competition(self, name: str, actor: Actor) -> None:
        """Correct the competition's name; the history keeps the old one."""
        check_director(actor, "rename a competition")
        self._record(self.CompetitionRenamed, name=_name(name, "name"), actor=actor.as_dict())

    def archive(self, reason: str, actor: Actor) -> None:
        """Take a competition made by mistake off the club's list, with the reason.

        Its events stay (history is never deleted): it keeps its id, its audit trail and its
        public pages; the club's list of competitions leaves it out.
        """
        check_director(actor, "remove a competition from the list")
        if getattr(self, "archived", None) is not None:
            raise Conflict("this competition is already off the club's list", "competition_id")
        self._record(
            self.CompetitionArchived, reason=_name(reason, "reason"), actor=actor.as_dict()
        )

    def check_name_free(self, name: str, player_id: str | None = None) -> None:
        """Refuse a name another player has, case and spacing aside (as the import does)."""
        key = name_key(name)
        for other, player in self.players.items():
            if other != player_id and name_key(player["name"]) == key:
                raise Conflict(f"{name} is already enrolled ({other})", "name")

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

    def unenrol(self, player_id: str, reason: str, actor: Actor) -> None:
        """Undo an enrolment made by mistake, as a new event (the enrolment stays in history).

        Allowed while no drawn evening counts the player (seated as present, or absent with
        notice, which scores in klaverjas) and no adjustment of the standings names them: a
        player with a seat or a result stays enrolled, and can be withdrawn instead.
        """
        check_director(actor, "undo an enrolment")
        name = self.player(player_id)["name"]
        for ev in self.evenings:
            status = ev["attendance"].get(player_id)
            if ev["draw"] is not None and status in ("present", "absent_notice"):
                counted = "has a seat" if status == "present" else "is absent with notice"
                raise Conflict(
                    f"{player_id} {counted} in evening {ev['evening']}, which is drawn: an "
                    "enrolment can be undone only while the player has no seat or result in "
                    "a drawn evening (withdraw the player instead)",
                    "player_id",
                )
        if any(adj["player_id"] == player_id for adj in self.adjustments):
            raise Conflict(
                f"{player_id} has an adjustment of the standings: an enrolment can be undone "
                "only while the player has no result (withdraw the player instead)",
                "player_id",
            )
        if not isinstance(reason, str) or len(reason) > MAX_NAME:
            raise InvalidInput(f"must be a text of at most {MAX_NAME} characters", "reason")
        self._record(
            self.PlayerUnenrolled,
            player_id=player_id,
            name=name,
            reason=reason.strip(),
            actor=actor.as_dict(),
        )

    def schedule(self, date: str, actor: Actor) -> int:
        """Schedule the next evening on a date (YYYY-MM-DD); returns its number."""
        check_director(actor, "schedule evenings")
        if not isinstance(date, str) or not DATE.match(date):
            raise InvalidInput("must be a date as YYYY-MM-DD", "date")
        number = len(self.evenings) + 1
        season = int(self.counting.get("evenings") or 0)
        if self.game == "wiezen" and season and number > season:
            # W-D29: a wiezen season has its Sundays (15 in the rulebook); more are refused.
            raise Conflict(
                f"the season has its {season} Sundays (counting.evenings); "
                "a wiezen season of more Sundays is not counted by the rules (W-D29)",
                "date",
            )
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
        if self.player(player_id)["withdrawn"] is not None and status != "absent":
            # A withdrawn player plays no more evenings, and has none to miss with notice:
            # klaverjas SB-7's 4200 is for a player who cancelled one evening in time.
            raise Conflict(
                f"{player_id} has withdrawn from this competition: only 'absent' can be "
                "recorded (an absence with notice, SB-7, is for a player still playing)",
                "player_id",
            )
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


def name_key(name: str) -> str:
    """Names are the same player when they differ only in case or spacing."""
    return re.sub(r"\s+", " ", name).strip().casefold()


def _name(value: Any, field: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise InvalidInput("must be a non-empty text", field)
    if len(value) > MAX_NAME:
        raise InvalidInput(f"must be at most {MAX_NAME} characters", field)
    return value.strip()


def competition_uuid(value: str) -> UUID:
    try:
        return UUID(value)
    except (ValueError, TypeError, AttributeError):
        raise NotFound(f"there is no competition {value!r}", "competition_id") from None

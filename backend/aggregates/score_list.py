"""ScoreList: one table's list for one evening (one partij, Durchgang or round of boards).

Verbs in, past-tense events out. Every event records who did it (``actor``) and links to
the previous one by hash (:mod:`.chain`). Deals store their facts and the points the rules
gave at that moment, with the rule set; later rule fixes never rewrite a list. After
*list submitted* every command is refused, for every role, and nothing is appended.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from uuid import UUID, uuid5

from ..rules import RecordError, score_record
from ..rules.games import ruleset_from_stored
from ..rules.ruleset import RuleSet
from .actor import Actor
from .chain import Chained
from .competition import MAX_ADJUSTMENT
from .errors import (
    Conflict,
    DealNumberTaken,
    Forbidden,
    InvalidInput,
    ListSubmittedError,
    NotFound,
    PenHeldElsewhere,
)
from .list_policy import (
    check_board,
    complete_record,
    envelope,
    list_points,
    live_rows,
    same_side,
)
from .score_list_devices import CONSOLE_ROLES, DevicesMixin
from .score_list_play import PlayMixin

LIST_NAMESPACE = UUID("6f1d6c1e-6a43-4c59-9a57-2f3e1b1c0a11")
RULINGS = ("upheld", "corrected", "voided", "adjusted")
MAX_TEXT = 500


class ScoreList(PlayMixin, DevicesMixin, Chained):
    """A table's score list, as a chain of events.

    Version 2 (of the class, that is of its snapshots): a snapshot stored before a field
    existed gets it on load, as the events of that time would have set it: ``boards`` (the
    bridge round's boards) none, ``play`` (play mode) empty.
    """

    class_version = 3

    @staticmethod
    def upcast_v1_v2(state: dict[str, Any]) -> None:
        state.setdefault("boards", None)
        state.setdefault("play", {})

    @staticmethod
    def upcast_v2_v3(state: dict[str, Any]) -> None:
        """Version 3: the devices that joined (none before), the table card's generation and
        expiry, and whether the director's console holds the pen (its client id)."""
        state.setdefault("devices", {})
        state.setdefault("code_generation", 0)
        state.setdefault("code_expires", None)
        state.setdefault("pen_console", state.get("pen") == "console")

    class Opened(Chained.Created):
        """The list is opened. Version 2 made ``boards`` (bridge: the round's boards) part of
        every ``Opened``; lists stored before that carry it or not, and keep what they carry."""

        class_version = 2

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            state.setdefault("boards", None)

        competition_id: str
        evening: int
        round: int
        table: int
        game: str
        rules: dict[str, Any]
        seats: dict[str, str]
        planned_deals: int
        boards: list[int] | None
        actor: dict[str, Any]

        def apply(self, agg: Any) -> None:
            super().apply(agg)
            agg.boards = self.boards
            agg.competition_id, agg.evening, agg.round = (
                self.competition_id,
                self.evening,
                self.round,
            )
            agg.table, agg.game, agg.rules = self.table, self.game, self.rules
            agg.seats, agg.planned_deals = self.seats, self.planned_deals
            agg.pen, agg.rows, agg.disputes, agg.adjustments = None, [], [], []
            agg.devices, agg.code_generation, agg.code_expires = {}, 0, None
            agg.pen_console = False
            agg.submitted, agg.closed_short, agg.cancelled = None, None, None
            agg.play = {}

    class PenTaken(Chained.Event):
        """The pen is taken (or moved). Version 2 added ``name``: the name the device joined
        with, which every reader sees instead of its id; "" before devices had names."""

        class_version = 2

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            state.setdefault("name", "")

        device: str
        name: str
        actor: dict[str, Any]

        def apply(self, agg: Any) -> None:
            super().apply(agg)
            agg.pen = self.device
            by = self.actor
            agg.pen_console = by.get("role") in CONSOLE_ROLES and self.device == by.get("client_id")

    class PenMoved(PenTaken):
        pass

    class DealRecorded(Chained.Event):
        deal_no: int
        record: dict[str, Any]
        score: dict[str, Any]
        actor: dict[str, Any]

        def apply(self, agg: Any) -> None:
            super().apply(agg)
            agg.rows.append(_row("deal", self))

    class PenaltyRecorded(DealRecorded):
        def apply(self, agg: Any) -> None:
            Chained.Event.apply(self, agg)
            agg.rows.append(_row("penalty", self))

    class DealVoided(Chained.Event):
        deal_no: int
        reason: str
        actor: dict[str, Any]

        def apply(self, agg: Any) -> None:
            super().apply(agg)
            agg.rows[self.deal_no - 1]["voided"] = self.reason

    class DisputeRaised(Chained.Event):
        dispute_no: int
        deal_no: int
        reason: str
        actor: dict[str, Any]
        at_card: int | None = None  # the card of the play it is about (events before: none)

        def apply(self, agg: Any) -> None:
            super().apply(agg)
            dispute = {
                "dispute_no": self.dispute_no,
                "deal_no": self.deal_no,
                "reason": self.reason,
                "ruling": None,
            }
            if self.at_card is not None:
                dispute["at_card"] = self.at_card
            agg.disputes.append(dispute)

    class RulingGiven(Chained.Event):
        dispute_no: int | None
        deal_no: int
        decision: str
        reason: str
        article: str
        record: dict[str, Any] | None
        score: dict[str, Any] | None
        adjustment: dict[str, int] | None
        actor: dict[str, Any]
        at_card: int | None = None  # the card of the play it rules on (events before: none)
        override_play: bool = False  # a correction that departs from the recorded play

        def apply(self, agg: Any) -> None:
            super().apply(agg)
            row = agg.rows[self.deal_no - 1]
            if self.decision == "corrected":
                row["record"], row["score"] = self.record, self.score
                row["corrected"] = True
            elif self.decision == "voided":
                row["voided"] = self.reason
            elif self.decision == "adjusted":
                agg.adjustments.append(
                    {
                        "deal_no": self.deal_no,
                        "points": self.adjustment,
                        "reason": self.reason,
                        "article": self.article,
                    }
                )
            for dispute in agg.disputes:
                if dispute["deal_no"] == self.deal_no and dispute["ruling"] is None:
                    dispute["ruling"] = self.decision

    class ListClosedShort(Chained.Event):
        reason: str
        actor: dict[str, Any]

        def apply(self, agg: Any) -> None:
            super().apply(agg)
            agg.closed_short = self.reason

    class ListCancelled(Chained.Event):
        reason: str
        actor: dict[str, Any]

        def apply(self, agg: Any) -> None:
            super().apply(agg)
            agg.cancelled = self.reason

    class ListSubmitted(Chained.Event):
        head: str
        totals: dict[str, int]
        scorer: str
        confirmed_by: str
        actor: dict[str, Any]

        def apply(self, agg: Any) -> None:
            super().apply(agg)
            agg.submitted = {
                "head": self.head,
                "scorer": self.scorer,
                "confirmed_by": self.confirmed_by,
            }

    # ---- creation ---------------------------------------------------------------------

    @staticmethod
    def create_id(competition_id: str, evening: int, round: int, table: int, draw: int) -> UUID:
        return uuid5(LIST_NAMESPACE, f"{competition_id}/{evening}/{round}/{table}/{draw}")

    @classmethod
    def open(
        cls,
        *,
        competition_id: str,
        evening: int,
        round: int,
        table: int,
        draw: int,
        rules: RuleSet,
        seats: Mapping[str, str],
        planned_deals: int,
        actor: Actor,
        boards: list[int] | None = None,
    ) -> ScoreList:
        """Open a list for a table with its seats, rule set and planned number of deals."""
        return cls._start(
            cls.Opened,
            id=cls.create_id(competition_id, evening, round, table, draw),
            competition_id=competition_id,
            evening=evening,
            round=round,
            table=table,
            game=rules.game,
            rules=rules.as_dict(),
            seats=dict(seats),
            planned_deals=planned_deals,
            boards=list(boards) if boards else None,
            actor=actor.as_dict(),
        )

    # ---- the pen ----------------------------------------------------------------------

    def take_pen(self, device: str, actor: Actor) -> bool:
        """Give the pen to the device that asks while it is free (see ``pen_is_free``); True
        when ``device`` holds it."""
        self.check_open()
        if self.pen_is_free() and self.pen != device:
            name = self.device_name(device) or actor.name
            self._record(self.PenTaken, device=device, name=name, actor=actor.as_dict())
        return self.pen == device

    def move_pen(self, device: str, actor: Actor) -> None:
        """Move the pen to another device that joined the list (the director only).

        :raises NotFound: naming the device, when it never joined or was withdrawn.
        """
        self.check_open()
        self.check_director(actor, "move the pen")
        if not self.is_active_device(device):
            raise InvalidInput(
                f"{device!r} is not a device that joined this list; the pen moves only to a "
                "phone that joined with the table card",
                "device",
            )
        if self.pen != device:
            self._record(
                self.PenMoved, device=device, name=self.device_name(device), actor=actor.as_dict()
            )

    # ---- deals ------------------------------------------------------------------------

    def record_deal(self, deal_no: int, facts: Mapping[str, Any], actor: Actor) -> dict[str, Any]:
        """Score a deal with the list's rules and record its facts and points."""
        self.check_can_write(actor)
        self.check_next_deal_no(deal_no)
        facts = self.with_play_lead(deal_no, facts)
        record, score = self._score(deal_no, facts, "record")
        self.check_against_play(deal_no, record)
        if score["counts"] and self.closed_short is not None:
            raise Conflict("the director closed this list early; no more deals", "deal_no")
        if score["counts"] and self.planned_deals and self.counted_deals >= self.planned_deals:
            raise Conflict(
                f"the list is complete: {self.planned_deals} counted deals are recorded",
                "deal_no",
            )
        self._record(
            self.DealRecorded, deal_no=deal_no, record=record, score=score, actor=actor.as_dict()
        )
        return score

    def record_penalty(
        self, deal_no: int, facts: Mapping[str, Any], actor: Actor
    ) -> dict[str, Any]:
        """Record a penalty row (a record with penalties and no contract) on the list."""
        self.check_can_write(actor)
        self.check_next_deal_no(deal_no)
        record, score = self._score(deal_no, facts, "record")
        if score["counts"]:
            raise InvalidInput(
                "a penalty row must not be a played deal; record it as a deal", "record"
            )
        self._record(
            self.PenaltyRecorded, deal_no=deal_no, record=record, score=score, actor=actor.as_dict()
        )
        return score

    def void_deal(self, deal_no: int, reason: str, actor: Actor) -> None:
        """Void a recorded deal; its row stays on the list, struck through."""
        self.check_can_write(actor)
        row = self.row(deal_no)
        if row.get("voided"):
            raise Conflict(f"deal {deal_no} is already voided", "deal_no")
        self._record(
            self.DealVoided, deal_no=deal_no, reason=_text(reason, "reason"), actor=actor.as_dict()
        )

    def raise_dispute(
        self, deal_no: int, reason: str, actor: Actor, at_card: int | None = None
    ) -> int:
        """Flag a deal for the director (at a card of its play: ``at_card``, 1 = the opening
        lead); returns the dispute number."""
        self.check_open()
        self.row(deal_no)
        card = self.check_at_card(deal_no, at_card)
        number = len(self.disputes) + 1
        self._record(
            self.DisputeRaised,
            dispute_no=number,
            deal_no=deal_no,
            reason=_text(reason, "reason"),
            actor=actor.as_dict(),
            at_card=card,
        )
        return number

    def give_ruling(
        self,
        deal_no: int,
        decision: str,
        reason: str,
        actor: Actor,
        *,
        article: str = "",
        facts: Mapping[str, Any] | None = None,
        adjustment: Mapping[str, int] | None = None,
        at_card: int | None = None,
        override_play: bool = False,
    ) -> None:
        """Rule on a deal (the director only): uphold, correct, void or adjust by points.

        A correction of a deal played card by card is checked against the recorded play as
        ``record_deal`` checks it, unless the director overrides the play (``override_play``:
        the ruling deliberately gives another result than the cards, docs/play-mode.md).
        ``at_card`` names the card of the play the ruling is about (1 = the opening lead).
        """
        self.check_open()
        self.check_director(actor, "give a ruling")
        row = self.row(deal_no)
        if decision not in RULINGS:
            raise InvalidInput(f"must be one of {', '.join(RULINGS)}", "decision")
        card = self.check_at_card(deal_no, at_card)
        if not isinstance(override_play, bool):
            raise InvalidInput("must be true or false", "override_play")
        record = score = points = None
        if decision == "corrected":
            if facts is None:
                raise InvalidInput("a correction needs the corrected deal record", "record")
            record, score = self._score(deal_no, facts, "record", before=deal_no - 1)
            if not override_play:
                self.check_ruling_against_play(deal_no, record)
        elif decision == "voided" and row.get("voided"):
            raise Conflict(f"deal {deal_no} is already voided", "deal_no")
        elif decision == "adjusted":
            points = self._adjustment(adjustment)
        open_no = next(
            (
                d["dispute_no"]
                for d in self.disputes
                if d["deal_no"] == deal_no and d["ruling"] is None
            ),
            None,
        )
        self._record(
            self.RulingGiven,
            dispute_no=open_no,
            deal_no=deal_no,
            decision=decision,
            reason=_text(reason, "reason"),
            article=_text(article, "article", empty=True),
            record=record,
            score=score,
            adjustment=points,
            actor=actor.as_dict(),
            at_card=card,
            override_play=override_play,
        )

    # ---- closing ----------------------------------------------------------------------

    def close_short(self, reason: str, actor: Actor) -> None:
        """Close a list before its planned deals are played (the director only, with a reason)."""
        self.check_open()
        self.check_director(actor, "close a list early")
        if self.closed_short is not None:
            raise Conflict("this list is already closed early", "reason")
        self._record(self.ListClosedShort, reason=_text(reason, "reason"), actor=actor.as_dict())

    def cancel(self, reason: str, actor: Actor) -> None:
        """Cancel a list that has no deals (a new draw replaces it)."""
        self.check_open()
        self.check_director(actor, "cancel a list")
        if self.rows:
            raise Conflict("a list with deals cannot be cancelled; void deals instead", "list")
        self._record(self.ListCancelled, reason=_text(reason, "reason"), actor=actor.as_dict())

    def submit(self, scorer: str, confirmed_by: str, actor: Actor) -> str:
        """Submit the list: signed by the scorer, confirmed by a player of the other side."""
        self.check_can_write(actor)
        for name, seat in (("scorer", scorer), ("confirmed_by", confirmed_by)):
            if seat not in self.seats:
                raise InvalidInput(f"must be a seat of this list ({', '.join(self.seats)})", name)
        if scorer == confirmed_by or same_side(self.game, scorer, confirmed_by):
            raise InvalidInput("must be a player of the other side than the scorer", "confirmed_by")
        open_disputes = [d["deal_no"] for d in self.disputes if d["ruling"] is None]
        if open_disputes:
            raise Conflict(
                f"the director must first rule on the dispute(s) about deal(s) "
                f"{', '.join(map(str, open_disputes))}",
                "disputes",
            )
        if self.closed_short is None and self.counted_deals < self.planned_deals:
            raise Conflict(
                f"{self.counted_deals} of {self.planned_deals} deals are recorded; "
                "only the director can close a list early",
                "deals",
            )
        head = self.head
        self._record(
            self.ListSubmitted,
            head=head,
            totals=self.totals(),
            scorer=scorer,
            confirmed_by=confirmed_by,
            actor=actor.as_dict(),
        )
        return head

    # ---- guards and views ---------------------------------------------------------------

    def check_open(self) -> None:
        if self.submitted is not None:
            raise ListSubmittedError("this list was submitted; it can never be changed", "list")
        if self.cancelled is not None:
            raise Conflict(f"this list was cancelled ({self.cancelled})", "list")

    def check_director(self, actor: Actor, what: str) -> None:
        if not actor.is_director:
            raise Forbidden(f"only the director can {what}", "role")

    def check_can_write(self, actor: Actor) -> None:
        self.check_open()
        if actor.is_director:
            return
        if self.pen != actor.client_id:
            raise PenHeldElsewhere(
                "another device holds the pen for this list; ask the director to move it", "pen"
            )

    def check_next_deal_no(self, deal_no: int) -> None:
        expected = len(self.rows) + 1
        if isinstance(deal_no, bool) or not isinstance(deal_no, int) or deal_no < 1:
            raise InvalidInput("must be a whole number of at least 1", "deal_no")
        if deal_no < expected:
            raise DealNumberTaken(
                f"deal {deal_no} is already recorded; the next is {expected}", "deal_no"
            )
        if deal_no > expected:
            raise InvalidInput(f"deals are numbered in sequence; the next is {expected}", "deal_no")

    def row(self, deal_no: Any) -> dict[str, Any]:
        if (
            isinstance(deal_no, bool)
            or not isinstance(deal_no, int)
            or not (1 <= deal_no <= len(self.rows))
        ):
            raise NotFound(f"there is no deal {deal_no!r} on this list", "deal_no")
        return self.rows[deal_no - 1]

    @property
    def ruleset(self) -> RuleSet:
        return ruleset_from_stored(self.rules)

    @property
    def counted_deals(self) -> int:
        return sum(1 for r in live_rows(self.rows) if r["score"]["counts"])

    def totals(self) -> dict[str, int]:
        """Points per seat over the live rows and the director's adjustments."""
        totals = dict.fromkeys(self.seats, 0)
        for r in live_rows(self.rows):
            for seat, pts in list_points(self.game, r["score"]["points"]).items():
                totals[seat] = totals.get(seat, 0) + pts
        for adj in self.adjustments:
            for seat, pts in adj["points"].items():
                totals[seat] += pts
        return totals

    def _score(
        self, deal_no: int, facts: Mapping[str, Any], field: str, before: int | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        if not isinstance(facts, Mapping):
            raise InvalidInput("must be a JSON object of the deal's facts", field)
        rows = self.rows if before is None else self.rows[:before]
        record = complete_record(self.game, facts, rows)
        fixed = {"game": self.game, **envelope(self.game, self.seats), "deal": deal_no}
        for key, value in fixed.items():
            if record.get(key) is not None and record[key] != value:
                raise InvalidInput(f"must be {value!r} on this list", key)
            record[key] = value
        record.setdefault("rules", self.rules["ref"])
        check_board(self.game, record, self.boards, rows)
        try:
            return record, score_record(record, self.ruleset).as_dict()
        except RecordError as exc:
            raise InvalidInput(exc.message, exc.field) from None

    def _adjustment(self, adjustment: Mapping[str, int] | None) -> dict[str, int]:
        if self.game == "bridge":
            raise InvalidInput(
                "a bridge board gets an artificial score by correcting it with "
                '"adjusted": {"ns": "AVG+", "ew": "AVG-"} (B-D7)',
                "decision",
            )
        if not isinstance(adjustment, Mapping) or not adjustment:
            raise InvalidInput('an adjustment gives points per seat, e.g. {"1": 5}', "adjustment")
        out = {}
        for seat, pts in adjustment.items():
            if seat not in self.seats:
                raise InvalidInput(f"{seat!r} is not a seat of this list", f"adjustment.{seat}")
            if isinstance(pts, bool) or not isinstance(pts, int):
                raise InvalidInput("must be a whole number of points", f"adjustment.{seat}")
            if abs(pts) > MAX_ADJUSTMENT:
                raise InvalidInput(
                    f"must be at most {MAX_ADJUSTMENT} points either way", f"adjustment.{seat}"
                )
            out[seat] = pts
        return out


def _row(kind: str, event: ScoreList.DealRecorded) -> dict[str, Any]:
    return {
        "deal_no": event.deal_no,
        "kind": kind,
        "record": event.record,
        "score": event.score,
        "voided": None,
    }


def _text(value: Any, field: str, empty: bool = False) -> str:
    if not isinstance(value, str) or (not empty and not value.strip()):
        raise InvalidInput("must be a short text" + ("" if empty else " (not empty)"), field)
    if len(value) > MAX_TEXT:
        raise InvalidInput(f"must be at most {MAX_TEXT} characters", field)
    return value.strip()

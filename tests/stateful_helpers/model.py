"""What the stateful history test expects of a score list, and of the scores on it.

:class:`ListModel` predicts each command's refusal (the error class, in the order the
list checks) and scores facts the way a list is expected to: it completes the record from
its own rows (wiezen's pending pas-rond doubling and a misplay's number that day), fills in
the envelope, and asks the pure rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from backend.aggregates.actor import Actor
from backend.aggregates.errors import (
    Conflict,
    DealNumberTaken,
    DomainError,
    Forbidden,
    InvalidInput,
    ListSubmittedError,
    NotFound,
    PenHeldElsewhere,
)
from backend.aggregates.score_list import RULINGS
from backend.rules import RecordError, RuleSet, default_ruleset, score_record

SEAT_NAMES = {4: ("1", "2", "3", "4"), 5: ("1", "2", "3", "4", "5")}
MAX_TEXT = 500
Refusal = type[DomainError] | None
Scored = tuple[dict[str, Any], dict[str, Any]] | None  # the record and score a list stores


@dataclass
class Row:
    """A row of a list as the test expects it."""

    record: dict[str, Any]
    score: dict[str, Any]
    voided: bool = False


@dataclass
class ListModel:
    """What the test expects of one score list."""

    list_id: str
    game: str
    seats: dict[str, str]
    planned: int
    version: int = 1
    pen: str | None = None
    rows: list[Row] = field(default_factory=list)
    adjustments: list[dict[str, int]] = field(default_factory=list)
    disputes: list[list[Any]] = field(default_factory=list)  # [deal_no, ruled]
    closed_short: bool = False
    cancelled: bool = False
    submitted: dict[str, Any] | None = None  # version, head, signed (the head it signed)

    @property
    def ruleset(self) -> RuleSet:
        return default_ruleset(self.game)

    @property
    def next_deal(self) -> int:
        return len(self.rows) + 1

    @property
    def counted(self) -> int:
        return sum(1 for r in self.rows if not r.voided and r.score["counts"])

    @property
    def open_disputes(self) -> list[int]:
        return [deal for deal, ruled in self.disputes if not ruled]

    # ---- the list's guards, in the order it checks them ---------------------------------

    def refuse_closed(self) -> Refusal:
        """The refusal of any command on a submitted or cancelled list."""
        if self.submitted is not None:
            return ListSubmittedError
        return Conflict if self.cancelled else None

    def refuse_director(self, actor: Actor) -> Refusal:
        """The command table admits only the director's role, before the list is read."""
        return (None if actor.is_director else Forbidden) or self.refuse_closed()

    @staticmethod
    def refuse_shape(deal_no: Any) -> Refusal:
        """The command table refuses a deal number that is no whole number, before the list
        is read."""
        return InvalidInput if isinstance(deal_no, bool) or not isinstance(deal_no, int) else None

    def refuse_write(self, actor: Actor) -> Refusal:
        """The refusal of a write by a device without the pen (the director may write)."""
        if refused := self.refuse_closed():
            return refused
        return None if actor.is_director or self.pen == actor.client_id else PenHeldElsewhere

    def refuse_deal_no(self, deal_no: Any) -> Refusal:
        if isinstance(deal_no, bool) or not isinstance(deal_no, int) or deal_no < 1:
            return InvalidInput
        if deal_no < self.next_deal:
            return DealNumberTaken
        return InvalidInput if deal_no > self.next_deal else None

    def refuse_row(self, deal_no: Any) -> Refusal:
        if isinstance(deal_no, bool) or not isinstance(deal_no, int):
            return NotFound
        return None if 1 <= deal_no <= len(self.rows) else NotFound

    def refuse_adjustment(self, adjustment: Any) -> Refusal:
        if not isinstance(adjustment, Mapping) or not adjustment:
            return InvalidInput
        for seat, pts in adjustment.items():
            if seat not in self.seats or isinstance(pts, bool) or not isinstance(pts, int):
                return InvalidInput
        return None

    # ---- what each command should do -------------------------------------------------

    def expect_record(self, actor: Actor, deal_no: Any, facts: Any) -> tuple[Refusal, Scored]:
        """The refusal of recording ``facts`` as ``deal_no``, or the record and score."""
        refusal = (
            self.refuse_shape(deal_no)
            or (None if isinstance(facts, dict) else InvalidInput)  # the table's shape check
            or self.refuse_write(actor)
            or self.refuse_deal_no(deal_no)
        )
        scored = None if refusal else self.score(deal_no, facts)
        if refusal is None and scored is None:
            refusal = InvalidInput
        elif scored and scored[1]["counts"] and (self.closed_short or self.counted >= self.planned):
            refusal = Conflict
        return refusal, scored

    def expect_void(self, actor: Actor, deal_no: Any, reason: Any) -> Refusal:
        return (
            self.refuse_shape(deal_no)
            or self.refuse_write(actor)
            or self.refuse_row(deal_no)
            or (Conflict if self.rows[deal_no - 1].voided else None)
            or (InvalidInput if bad_text(reason) else None)
        )

    def expect_dispute(self, deal_no: Any, reason: Any) -> Refusal:
        return (
            self.refuse_shape(deal_no)
            or self.refuse_closed()
            or self.refuse_row(deal_no)
            or (InvalidInput if bad_text(reason) else None)
        )

    def expect_ruling(
        self, actor: Actor, deal_no: Any, decision: str, reason: Any, facts: Any, adjustment: Any
    ) -> tuple[Refusal, Scored]:
        """The refusal of a ruling, or (for a correction) the corrected record and score."""
        refusal = (
            (None if actor.is_director else Forbidden)
            or self.refuse_shape(deal_no)
            or (InvalidInput if facts is not None and not isinstance(facts, dict) else None)
            or self.refuse_closed()
            or self.refuse_row(deal_no)
            or (InvalidInput if decision not in RULINGS else None)
        )
        scored = None
        if refusal is None and decision == "corrected":
            scored = None if facts is None else self.score(deal_no, facts, before=deal_no - 1)
            refusal = InvalidInput if scored is None else None
        elif refusal is None and decision == "voided":
            refusal = Conflict if self.rows[deal_no - 1].voided else None
        elif refusal is None and decision == "adjusted":
            refusal = self.refuse_adjustment(adjustment)
        return refusal or (InvalidInput if bad_text(reason) else None), scored

    def rule(self, deal_no: int, decision: str, scored: Scored, adjustment: Any) -> None:
        """Apply a ruling the list accepted; it settles the deal's open disputes."""
        row = self.rows[deal_no - 1]
        if scored is not None:
            row.record, row.score = scored
        elif decision == "voided":
            row.voided = True
        elif decision == "adjusted":
            self.adjustments.append(dict(adjustment))
        for dispute in self.disputes:
            dispute[1] = dispute[1] or dispute[0] == deal_no

    def expect_close_short(self, actor: Actor, reason: Any) -> Refusal:
        return (
            self.refuse_director(actor)
            or (Conflict if self.closed_short else None)
            or (InvalidInput if bad_text(reason) else None)
        )

    def expect_submit(self, actor: Actor, scorer: str, confirmer: str) -> Refusal:
        wrong = scorer not in self.seats or confirmer not in self.seats or scorer == confirmer
        return (
            self.refuse_write(actor)
            or (InvalidInput if wrong else None)
            or (Conflict if self.open_disputes else None)
            or (Conflict if not self.closed_short and self.counted < self.planned else None)
        )

    # ---- totals and scores ------------------------------------------------------------

    def totals(self) -> dict[str, int]:
        """Points per seat: the live rows' points and the adjustments."""
        totals = dict.fromkeys(self.seats, 0)
        for row in self.rows:
            if not row.voided:
                for seat, pts in row.score["points"].items():
                    totals[seat] += pts
        for adjustment in self.adjustments:
            for seat, pts in adjustment.items():
                totals[seat] += pts
        return totals

    def score(self, deal_no: int, facts: Any, before: int | None = None) -> Scored:
        """The record and score a list should store for ``facts``, or None if refused."""
        if not isinstance(facts, Mapping):
            return None
        rows = self.rows if before is None else self.rows[:before]
        live = [r for r in rows if not r.voided]
        record = dict(facts)
        if self.game == "wiezen":
            if not _fill(record, "after_pas_rond", _pas_rond_pending(live)):
                return None
            misplay = record.get("misplay")
            if isinstance(misplay, Mapping) and misplay.get("offender") is not None:
                misplay = dict(misplay)
                earlier = sum(
                    1
                    for r in live
                    if isinstance(r.record.get("misplay"), Mapping)
                    and r.record["misplay"].get("offender") == misplay["offender"]
                )
                if not _fill(misplay, "fault_no_today", earlier + 1):
                    return None
                record["misplay"] = misplay
        for key, value in (("game", self.game), ("seats", self.seats), ("deal", deal_no)):
            if record.get(key) is not None and record[key] != value:
                return None
            record[key] = value
        record.setdefault("rules", self.ruleset.ref)
        try:
            return record, score_record(record, self.ruleset).as_dict()
        except RecordError:
            return None


def bad_text(value: Any, empty: bool = False) -> bool:
    """True when a reason (or, with ``empty``, an article) would be refused."""
    if not isinstance(value, str) or (not empty and not value.strip()):
        return True
    return len(value) > MAX_TEXT


def _fill(record: dict[str, Any], name: str, value: Any) -> bool:
    if record.get(name) is None:
        record[name] = value
        return True
    return record[name] == value


def _pas_rond_pending(live: list[Row]) -> bool:
    """Wiezen ART 9: the last deal with a contract was a pas rond."""
    for row in reversed(live):
        contract = row.record.get("contract")
        if contract == "PAS_ROND":
            return True
        if contract is not None:
            return False
    return False

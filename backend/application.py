"""Troef's application service: the one way in.

Every command loads its aggregate, calls one verb on it and saves, in one transaction.
A command carrying a client's mutation id is applied exactly once: the client's
:class:`Device` is saved in the same transaction, a repeat returns the stored outcome,
and a refusal is kept on the device for the director. Concurrent saves of one list are
retried from a fresh load, and refused clearly when retries run out.
"""

from __future__ import annotations

import logging
import random
import secrets
import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError, Application
from eventsourcing.domain import Aggregate
from eventsourcing.persistence import IntegrityError

from . import mutations
from .aggregates.actor import Actor
from .aggregates.competition import Competition, competition_uuid
from .aggregates.device import Device, digest
from .aggregates.errors import ConcurrentChange, Conflict, DomainError, InvalidInput, NotFound
from .aggregates.list_policy import planned_deals
from .aggregates.score_list import ScoreList
from .audit import AuditReport, verify
from .draws import draw_for
from .replay import replay
from .roster import Line, enrol_lines
from .rules import RuleError, RuleSet, find_ruleset, ruleset_from_dict

RETRIES = 20
log = logging.getLogger(__name__)


class Troef(Application[UUID]):
    """Competitions, score lists and the devices that write them."""

    name = "troef"
    snapshotting_intervals = {ScoreList: 50, Competition: 100, Device: 100}  # noqa: RUF012
    snapshotting_projectors = {  # noqa: RUF012  (the fast projector for snapshots too)
        ScoreList: lambda agg, events: mutate_all(agg, events),
        Competition: lambda agg, events: mutate_all(agg, events),
        Device: lambda agg, events: mutate_all(agg, events),
    }

    def __init__(self, env: Mapping[str, str] | None = None) -> None:
        super().__init__(env=env)
        self.after_save: list[Callable[[list[Any]], None]] = []

    def save(self, *objs: Any, **kwargs: Any) -> list[Any]:
        """Save, then tell the listeners (read models catching up: read-your-writes)."""
        recordings = super().save(*objs, **kwargs)
        for listener in self.after_save:
            try:
                listener(recordings)
            except Exception:  # the events are stored; the background worker will retry
                log.exception("a listener failed after a save; the events are stored")
        return recordings

    # ---- competitions -------------------------------------------------------------------

    def create_competition(
        self, actor: Actor, name: str, rules: Any, counting: Mapping[str, Any] | None = None
    ) -> str:
        """Create a competition with a shipped rule set (id) or a club's own (a dict)."""
        competition = Competition.create(name, self.resolve_rules(rules), actor, counting)
        self.save(competition)
        return str(competition.id)

    def enrol_player(self, actor: Actor, competition_id: str, name: str) -> str:
        return self._on_competition(competition_id, lambda c: c.enrol(name, actor))

    def import_players(
        self, actor: Actor, competition_id: str, lines: list[Line], dry_run: bool = False
    ) -> list[dict[str, Any]]:
        """Enrol the names of an imported file in one save; per line, taken or refused."""
        if dry_run:
            return enrol_lines(self.get_competition(competition_id), lines, actor)
        return self._on_competition(competition_id, lambda c: enrol_lines(c, lines, actor))

    def rename_player(self, actor: Actor, competition_id: str, player_id: str, name: str) -> None:
        self._on_competition(competition_id, lambda c: c.rename(player_id, name, actor))

    def withdraw_player(
        self, actor: Actor, competition_id: str, player_id: str, reason: str
    ) -> None:
        self._on_competition(competition_id, lambda c: c.withdraw(player_id, reason, actor))

    def schedule_evening(self, actor: Actor, competition_id: str, date: str) -> int:
        return self._on_competition(competition_id, lambda c: c.schedule(date, actor))

    def record_attendance(
        self, actor: Actor, competition_id: str, evening: int, player_id: str, status: str
    ) -> bool:
        """Record a player's attendance; returns whether the evening must be drawn again.

        After a draw and before any table has started, a change makes the draw stale: its
        lists are cancelled in the same transaction, so no table plays a seating that leaves
        out a late player, and the director draws again (docs/seating.md).
        """
        for _attempt in range(RETRIES):
            competition = self.get_competition(competition_id)
            drawn = competition.open_evening(evening)["draw"]
            old = [self.get_list(e["list_id"]) for e in (drawn or {}).get("lists", [])]
            stale = competition.record_attendance(
                evening, player_id, status, actor, started=started_tables(old)
            )
            cancelled = [sl for sl in old if stale and sl.cancelled is None]
            for sl in cancelled:
                sl.cancel(
                    f"the attendance changed after draw {drawn['draw_no']}; "
                    "the director draws again",
                    actor,
                )
            try:
                self.save(competition, *cancelled)
            except IntegrityError:
                backoff(_attempt)
                continue
            return stale
        raise ConcurrentChange("the competition kept changing; try again", "competition_id")

    def draw_seating(
        self, actor: Actor, competition_id: str, evening: int, seed: str | None = None
    ) -> dict[str, Any]:
        """Draw the tables by lot from a recorded seed and open a list per table and round.

        The draw can be made again until the first deal of the evening is recorded; the
        lists of the earlier draw are then cancelled in the same transaction.
        """
        for _attempt in range(RETRIES):
            competition = self.get_competition(competition_id)
            ev = competition.open_evening(evening)
            old = [self.get_list(entry["list_id"]) for entry in (ev["draw"] or {}).get("lists", [])]
            started = started_tables(old)
            if started:
                raise Conflict(
                    "play has started (table(s) "
                    f"{', '.join(map(str, sorted(set(started))))} recorded deals or closed "
                    "their list); the draw stands",
                    "evening",
                )
            seed = seed if seed is not None else secrets.token_hex(4)
            draw = draw_for(competition, competition.present(evening), seed)
            draw_no = 1 if ev["draw"] is None else ev["draw"]["draw_no"] + 1
            rules = competition.ruleset
            lists = [
                ScoreList.open(
                    competition_id=competition_id,
                    evening=evening,
                    round=rnd["round"],
                    table=table["table"],
                    draw=draw_no,
                    rules=rules,
                    seats=table["seats"],
                    planned_deals=len(table.get("boards") or [])
                    or planned_deals(rules.game, table["seats"]),
                    actor=actor,
                    boards=table.get("boards"),
                )
                for rnd in draw["rounds"]
                for table in rnd["tables"]
            ]
            for sl in old:
                if sl.cancelled is None:  # a change of attendance may have cancelled it already
                    sl.cancel("a new draw replaced this table", actor)
            entries = [
                {
                    "list_id": str(sl.id),
                    "round": sl.round,
                    "table": sl.table,
                    "seats": sl.seats,
                    "boards": sl.boards,
                }
                for sl in lists
            ]
            competition.record_draw(evening, str(seed), draw, entries, actor)
            try:
                self.save(competition, *lists, *old)
            except IntegrityError:
                backoff(_attempt)
                continue
            return {"draw_no": draw_no, "seed": str(seed), "draw": draw, "lists": entries}
        raise ConcurrentChange("the competition kept changing; try again", "competition_id")

    def close_evening(self, actor: Actor, competition_id: str, evening: int) -> None:
        """Close an evening once every list of it is submitted (or cancelled).

        The close anchors each list's head and version in the competition's chain: a
        submitted or cancelled list never changes again, so ``verify`` can later prove that
        none of its events was removed from the end.
        """
        competition = self.get_competition(competition_id)
        entries = (competition.evening(evening)["draw"] or {}).get("lists", [])
        lists = [self.get_list(e["list_id"]) for e in entries]
        still_open = [
            str(sl.table) for sl in lists if sl.submitted is None and sl.cancelled is None
        ]
        if still_open:
            raise Conflict(
                f"table(s) {', '.join(still_open)} have not submitted their list; "
                "close a short list first if needed",
                "evening",
            )
        heads = {str(sl.id): {"head": sl.head, "version": sl.version} for sl in lists}
        self._on_competition(competition_id, lambda c: c.close_evening(evening, actor, heads))

    def adjust_standing(
        self,
        actor: Actor,
        competition_id: str,
        player_id: str,
        points: int,
        reason: str,
        article: str = "",
    ) -> None:
        """A director's ruling on the standings, as its own line (submitted lists stay)."""
        self._on_competition(
            competition_id, lambda c: c.adjust_standing(player_id, points, reason, article, actor)
        )

    def get_competition(self, competition_id: str) -> Competition:
        return self._get(competition_uuid(competition_id), Competition, "competition")

    # ---- lists --------------------------------------------------------------------------

    def join_list(self, actor: Actor, list_id: str) -> dict[str, Any]:
        """Join a list from a device; the first device to join holds the pen."""
        return self._on_list(
            actor, list_id, "join", {}, lambda sl: {"pen": sl.take_pen(actor.client_id, actor)}
        )

    def move_pen(self, actor: Actor, list_id: str, device: str) -> dict[str, Any]:
        return self._on_list(
            actor,
            list_id,
            "move_pen",
            {"device": device},
            lambda sl: (sl.move_pen(device, actor), {"pen": device})[1],
        )

    def record_deal(
        self, actor: Actor, list_id: str, deal_no: int, record: Mapping[str, Any]
    ) -> dict[str, Any]:
        """Score and record a deal; returns the rules' score (points, explain …)."""
        return self._on_list(
            actor,
            list_id,
            "record_deal",
            {"deal_no": deal_no, "record": record},
            lambda sl: sl.record_deal(deal_no, record, actor),
        )

    def record_penalty(
        self, actor: Actor, list_id: str, deal_no: int, record: Mapping[str, Any]
    ) -> dict[str, Any]:
        return self._on_list(
            actor,
            list_id,
            "record_penalty",
            {"deal_no": deal_no, "record": record},
            lambda sl: sl.record_penalty(deal_no, record, actor),
        )

    def void_deal(self, actor: Actor, list_id: str, deal_no: int, reason: str) -> dict[str, Any]:
        return self._on_list(
            actor,
            list_id,
            "void_deal",
            {"deal_no": deal_no, "reason": reason},
            lambda sl: (sl.void_deal(deal_no, reason, actor), {})[1],
        )

    def raise_dispute(
        self, actor: Actor, list_id: str, deal_no: int, reason: str
    ) -> dict[str, Any]:
        return self._on_list(
            actor,
            list_id,
            "raise_dispute",
            {"deal_no": deal_no, "reason": reason},
            lambda sl: {"dispute_no": sl.raise_dispute(deal_no, reason, actor)},
        )

    def give_ruling(
        self,
        actor: Actor,
        list_id: str,
        deal_no: int,
        decision: str,
        reason: str,
        *,
        article: str = "",
        record: Mapping[str, Any] | None = None,
        adjustment: Mapping[str, int] | None = None,
    ) -> dict[str, Any]:
        args = {
            "deal_no": deal_no,
            "decision": decision,
            "reason": reason,
            "article": article,
            "record": record,
            "adjustment": adjustment,
        }
        return self._on_list(
            actor,
            list_id,
            "give_ruling",
            args,
            lambda sl: (
                sl.give_ruling(
                    deal_no,
                    decision,
                    reason,
                    actor,
                    article=article,
                    facts=record,
                    adjustment=adjustment,
                ),
                {},
            )[1],
        )

    def close_list_short(self, actor: Actor, list_id: str, reason: str) -> dict[str, Any]:
        return self._on_list(
            actor,
            list_id,
            "close_short",
            {"reason": reason},
            lambda sl: (sl.close_short(reason, actor), {})[1],
        )

    def start_play(
        self, actor: Actor, list_id: str, deal_no: int, context: Mapping[str, Any]
    ) -> dict[str, Any]:
        """Start the play mode of the next deal: its dealt hands, leader and trump/contract."""
        return self._on_list(
            actor,
            list_id,
            "start_play",
            {"deal_no": deal_no, "context": context},
            lambda sl: sl.start_play(deal_no, context, actor),
        )

    def make_bid(
        self, actor: Actor, list_id: str, deal_no: int, seat: Any, bid: Any
    ) -> dict[str, Any]:
        """Record a bid of a deal in play, in order."""
        return self._on_list(
            actor,
            list_id,
            "make_bid",
            {"deal_no": deal_no, "seat": seat, "bid": bid},
            lambda sl: sl.make_bid(deal_no, seat, bid, actor),
        )

    def play_card(
        self, actor: Actor, list_id: str, deal_no: int, seat: Any, card: Any
    ) -> dict[str, Any]:
        """Record a card of a deal in play; returns the trick, revoke, winner and next turn."""
        return self._on_list(
            actor,
            list_id,
            "play_card",
            {"deal_no": deal_no, "seat": seat, "card": card},
            lambda sl: sl.play_card(deal_no, seat, card, actor),
        )

    def submit_list(
        self, actor: Actor, list_id: str, scorer: str, confirmed_by: str
    ) -> dict[str, Any]:
        """Submit a list; returns the head of its hash chain as submitted."""
        return self._on_list(
            actor,
            list_id,
            "submit",
            {"scorer": scorer, "confirmed_by": confirmed_by},
            lambda sl: {"head": sl.submit(scorer, confirmed_by, actor)},
        )

    def apply_mutation(self, actor: Actor, name: Any, list_id: str, args: Any) -> dict[str, Any]:
        """Apply one synced mutation (see :mod:`.mutations`), exactly once per mutation id.

        Its shape is checked inside the command, so a malformed mutation is refused (and kept
        on the device) like any other refusal.
        """
        plain = dict(args) if isinstance(args, Mapping) else {"args": args}

        def call(score_list: ScoreList) -> dict[str, Any]:
            mutation = mutations.find(name)
            return mutation.run(score_list, mutation.check(args), actor)

        return self._on_list(actor, str(list_id), str(name), plain, call)

    def get_list(self, list_id: str, version: int | None = None) -> ScoreList:
        """The list as it is now, or as it was at ``version``."""
        return self._get(list_uuid(list_id), ScoreList, "list", version)

    def get_device(self, client_id: str) -> Device | None:
        try:
            return self.repository.get(Device.create_id(client_id), projector_func=mutate_all)
        except AggregateNotFoundError:
            return None

    def replay(self, list_id: str, deal_no: int | None = None) -> list[dict[str, Any]]:
        """Each event of a list (or of one deal) with the list's state after it."""
        self.get_list(list_id)
        return replay(self, list_uuid(list_id), deal_no)

    def verify(self) -> AuditReport:
        """Recompute every hash chain from the stored events, and check the heads that the
        close of each evening anchored for its lists (a list shortened at its end)."""
        return verify(self)

    # ---- rule sets ----------------------------------------------------------------------

    @staticmethod
    def resolve_rules(rules: Any) -> RuleSet:
        """A rule set from a preset reference or a club's own definition."""
        try:
            if isinstance(rules, RuleSet):
                return rules
            if isinstance(rules, str):
                return find_ruleset(rules)
            return ruleset_from_dict(rules)
        except RuleError as exc:
            raise InvalidInput(exc.message, exc.field) from None

    # ---- machinery ----------------------------------------------------------------------

    def _get(self, uid: UUID, kind: type[Aggregate], word: str, version: int | None = None) -> Any:
        try:
            agg = self.repository.get(uid, version=version, projector_func=mutate_all)
        except AggregateNotFoundError:
            raise NotFound(f"there is no {word} {uid}", f"{word}_id") from None
        if not isinstance(agg, kind):
            raise NotFound(f"there is no {word} {uid}", f"{word}_id")
        return agg

    def _on_competition(self, competition_id: str, call: Callable[[Competition], Any]) -> Any:
        for _attempt in range(RETRIES):
            competition = self.get_competition(competition_id)
            result = call(competition)
            try:
                self.save(competition)
            except IntegrityError:
                backoff(_attempt)
                continue
            return result
        raise ConcurrentChange("the competition kept changing; try again", "competition_id")

    def _on_list(
        self,
        actor: Actor,
        list_id: str,
        name: str,
        args: dict[str, Any],
        call: Callable[[ScoreList], dict[str, Any]],
    ) -> dict[str, Any]:
        """Load a list, run one command on it, save it — exactly once per mutation id."""
        fingerprint = digest(name, {"list": list_id, **args})
        for _attempt in range(RETRIES):
            device = self._device(actor)
            if device is not None:
                stored = device.check(actor.mutation_id, fingerprint)
                if stored is not None:
                    return replay_outcome(stored)
            try:
                score_list = self.get_list(list_id)
                result = call(score_list)
            except DomainError as exc:
                if device is None:
                    raise
                error = {**exc.as_dict(), "status": exc.status}
                device.refused(
                    actor.client_id, actor.mutation_id, name, list_id, fingerprint, args, error
                )
                try:
                    self.save(device)
                except IntegrityError:
                    continue
                raise
            if device is not None:
                device.applied(
                    actor.client_id, actor.mutation_id, name, list_id, fingerprint, result
                )
            try:
                self.save(score_list, *([device] if device is not None else []))
            except IntegrityError:
                backoff(_attempt)
                continue
            return result
        raise ConcurrentChange("the list kept changing while saving; try again", "list")

    def _device(self, actor: Actor) -> Device | None:
        if actor.mutation_id is None:
            return None
        if not actor.client_id:
            raise InvalidInput("a mutation needs the client id of its device", "client_id")
        if (
            isinstance(actor.mutation_id, bool)
            or not isinstance(actor.mutation_id, int)
            or actor.mutation_id < 1
        ):
            raise InvalidInput("must be a whole number of at least 1", "mutation_id")
        return self.get_device(actor.client_id) or Device(client_id=actor.client_id)


def backoff(attempt: int) -> None:
    """Wait a little, longer after each clash, so that concurrent writers spread out."""
    time.sleep(random.uniform(0, 0.002 * (attempt + 1)))


def started_tables(lists: Iterable[ScoreList]) -> list[int]:
    """The tables of a draw where play has started: a deal recorded, or the list closed.

    Until then the draw may be made again and the attendance may change.
    """
    return [sl.table for sl in lists if sl.rows or sl.submitted or sl.closed_short is not None]


def mutate_all(aggregate: Any, events: Iterable[Any]) -> Any:
    """Apply events in order (the library's projector without its slow per-event check)."""
    for domain_event in events:
        aggregate = domain_event.mutate(aggregate)
    return aggregate


def replay_outcome(stored: Mapping[str, Any]) -> dict[str, Any]:
    """The result of a repeated mutation: the stored result, or the stored refusal again."""
    if stored["status"] == "applied":
        return {**stored["result"], "duplicate": True}
    raise StoredRefusal(stored["error"])


class StoredRefusal(DomainError):
    """A repeated mutation that was refused the first time: the same refusal again."""

    def __init__(self, error: Mapping[str, Any]) -> None:
        fields = error.get("fields") or {}
        super().__init__(str(error.get("message", "refused")), next(iter(fields), None))
        self.kind = str(error.get("error", "refused"))
        self.status = int(error.get("status", 400))
        self.duplicate = True


def list_uuid(value: str) -> UUID:
    try:
        return UUID(str(value))
    except ValueError:
        raise NotFound(f"there is no list {value!r}", "list_id") from None

"""Troef's application service: the one way in.

:meth:`Troef.handle` runs every command of the command table (:mod:`.commands`): it loads
the aggregates, calls their verbs and saves, in one transaction. A command is applied
exactly once per idempotency key: a device's mutation id (its :class:`Device` is saved in
the same transaction) or the caller's key (a :class:`Receipt`). A repeat returns the first
answer; a device's refusal is kept for the director. Concurrent saves are retried from a
fresh load, and refused clearly when retries run out.
"""

from __future__ import annotations

import json
import logging
import random
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError, Application
from eventsourcing.domain import Aggregate
from eventsourcing.persistence import IntegrityError

from ..aggregates.actor import TABLE, Actor, director
from ..aggregates.competition import Competition, competition_uuid
from ..aggregates.device import Device, digest
from ..aggregates.errors import (
    ConcurrentChange,
    DomainError,
    InvalidInput,
    MutationGap,
    NotFound,
)
from ..aggregates.receipt import MAX_KEY, Receipt
from ..aggregates.score_list import ScoreList
from ..rules import RuleError, RuleSet, find_ruleset, ruleset_from_dict
from .audit import AuditReport, verify
from .commands import COMMANDS, Command, declared
from .kept import Kept
from .replay import replay
from .roster import enrol_lines, read_names
from .seal import sealed_recorder
from .unit import Unit, running
from .unit import current as current_unit
from .values import check_plain, check_text

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
        self.kept = Kept((ScoreList, Competition, Device))

    def save(self, *objs: Any, **kwargs: Any) -> list[Any]:
        """Save, keep what was saved for the next load (:mod:`.kept`), then tell the listeners
        (read models catching up: read-your-writes)."""
        recordings = super().save(*objs, **kwargs)
        self.kept.keep(objs)
        for listener in self.after_save:
            try:
                listener(recordings)
            except Exception:  # the events are stored; the background worker will retry
                log.exception("a listener failed after a save; the events are stored")
        return recordings

    def construct_recorder(self) -> Any:
        """The store's recorder, which seals every event it writes (:mod:`.seal`)."""
        return sealed_recorder(self.factory)

    # ---- the one way in -------------------------------------------------------------------

    def handle(self, actor: Actor, command: Command) -> Any:
        """Run one command of the table (:mod:`.commands`), exactly once per idempotency key.

        The command's sender and arguments are checked against its declaration, its handler
        loads and changes the aggregates, and everything it changed is saved in one
        transaction with the command's idempotency record: the device's numbered mutation
        (sync) or a :class:`Receipt` for the caller's key (the console). A repeat returns the
        first answer and records nothing; the same key with other content is refused.
        A device's refused mutation is kept on the device for the director, and its id is used
        up, so the mutations queued behind it go on.

        :returns: the command's answer (an id, a number, a JSON object, or None).
        :raises DomainError: for every refusal, named by field and rule.
        """
        if actor.mutation_id is not None:  # a device's numbered mutation: a batch of one
            outcome = self.handle_batch([(actor, command)])[0]
            if outcome.error is not None:
                raise outcome.error
            return outcome.result
        fingerprint = _fingerprint(command)
        for _attempt in range(RETRIES):
            receipt_id = self._receipt_id(actor, command)
            if receipt_id is not None:
                receipt = self._get_receipt(receipt_id)
                if receipt is not None:
                    return receipt.answer(fingerprint)
            try:
                spec = declared(command.name)
                done = spec.run(self, actor, command.target, spec.check(actor, command))
            except DomainError:
                if receipt_id is not None and (done_by := self._get_receipt(receipt_id)):
                    # the same key was applied while this ran: refused only because of it
                    return done_by.answer(fingerprint)
                raise
            memo = self._memo(actor, command, fingerprint, done.result, None, receipt_id)
            try:
                self.save(*done.changed, *memo)
            except IntegrityError:
                backoff(_attempt)
                continue
            return done.result
        raise _kept_changing(command)

    def handle_batch(
        self,
        mutations: Sequence[tuple[Actor, Command]],
        look: Callable[[Any], Any] | None = None,
    ) -> list[Outcome]:
        """Run a device's numbered mutations in order, all saved in ONE transaction.

        Each mutation is exactly what :meth:`handle` would make of it on its own: applied,
        a duplicate (the first answer, nothing recorded), or refused (kept on the device,
        its id used up, the ones behind it go on); a gap stops the batch there (the rest is
        not run). The aggregates are loaded once for the batch (:mod:`.unit`), each command
        sees what the ones before it did, and everything is saved together; when another
        writer got there first, the whole batch runs again from a fresh load. A batch that
        keeps clashing is run one mutation at a time, as separate transactions.

        :param mutations: (actor, command) pairs; every actor carries a mutation id.
        :param look: called after each mutation with the aggregate of its target as it now
            stands (None when there is none); what it returns is the outcome's ``state``.
        :returns: one :class:`Outcome` per mutation run, in order (shorter after a gap).
        """
        for attempt in range(RETRIES):
            unit = Unit(self._stored_at)
            outcomes = self._run_batch(unit, mutations, look)
            if not unit.events:  # only duplicates, or refusals before a device was found
                return outcomes
            try:
                self.save(*unit.to_save())
            except IntegrityError:
                backoff(attempt)
                continue
            return outcomes
        if len(mutations) == 1:
            return [Outcome(error=_kept_changing(mutations[0][1]))]
        outcomes = []
        for mutation in mutations:
            outcomes += self.handle_batch([mutation], look)
            if outcomes[-1].gap:
                break
        return outcomes

    def _run_batch(
        self,
        unit: Unit,
        mutations: Sequence[tuple[Actor, Command]],
        look: Callable[[Any], Any] | None,
    ) -> list[Outcome]:
        outcomes = []
        with running(unit):
            for actor, command in mutations:
                outcome = self._run_mutation(unit, actor, command)
                if look is not None:
                    outcome.state = look(self._held_target(unit, command))
                outcomes.append(outcome)
                if outcome.gap:
                    break
        return outcomes

    def _run_mutation(self, unit: Unit, actor: Actor, command: Command) -> Outcome:
        """One mutation of a batch, its changes and records taken into ``unit``."""
        fingerprint = _fingerprint(command)
        before = unit.mark()  # a device new to the batch brings its registration
        device = None
        try:
            device = self._device(actor, command)
            if device is None:
                raise InvalidInput("a batch holds numbered mutations only", "mutation_id")
            stored = device.check(actor.mutation_id, fingerprint)
            if stored is not None:
                return Outcome(result=replay_outcome(stored), counted=device.last_mutation_id)
        except DomainError as exc:
            counted = device.last_mutation_id if device is not None else None
            return Outcome(error=exc, counted=counted)
        marks = unit.mark()
        try:
            spec = declared(command.name)
            done = spec.run(self, actor, command.target, spec.check(actor, command))
        except DomainError as exc:
            unit.roll_back(marks)
            self._refuse(device, actor, command, fingerprint, exc)
            unit.commit(before)
            return Outcome(error=exc, counted=device.last_mutation_id)
        for changed in done.changed:
            unit.hold(changed)
        self._memo(actor, command, fingerprint, done.result, device, None)
        unit.commit(before, first=done.changed)
        return Outcome(result=done.result, counted=device.last_mutation_id)

    def _held_target(self, unit: Unit, command: Command) -> Any:
        """The aggregate a command acts on, as the batch holds it (None: there is none)."""
        try:
            uid = UUID(str(command.target))
        except ValueError:
            return None
        held = unit.get(uid)
        if held is not None:
            return held
        try:
            return unit.hold(self._latest(uid))
        except AggregateNotFoundError:
            return None

    def _stored_at(self, uid: UUID, version: int) -> Any:
        return self.repository.get(uid, version=version, projector_func=mutate_all)

    def preview_import(self, competition_id: str, csv: str) -> dict[str, Any]:
        """What importing ``csv`` would enrol and refuse, line by line; records nothing."""
        column, lines = read_names(csv)
        competition = self.get_competition(competition_id)
        return {"column": column, "lines": enrol_lines(competition, lines, director())}

    def get_competition(self, competition_id: str) -> Competition:
        return self._get(competition_uuid(competition_id), Competition, "competition")

    def get_list(self, list_id: str, version: int | None = None) -> ScoreList:
        """The list as it is now, or as it was at ``version``."""
        return self._get(list_uuid(list_id), ScoreList, "list", version)

    def get_device(self, client_id: str, list_id: str | None = None) -> Device | None:
        """A device's numbered mutations on a list (on every list: version 1's devices)."""
        try:
            return self._latest(Device.create_id(client_id, list_id))
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
        unit = current_unit() if version is None else None
        agg = unit.get(uid) if unit is not None else None
        if agg is None:
            try:
                agg = (
                    self._latest(uid)
                    if version is None
                    else self.repository.get(uid, version=version, projector_func=mutate_all)
                )
            except AggregateNotFoundError:
                raise NotFound(f"there is no {word} {uid}", f"{word}_id") from None
        if not isinstance(agg, kind):
            raise NotFound(f"there is no {word} {uid}", f"{word}_id")
        return unit.hold(agg) if unit is not None else agg

    def put_back(self, *aggregates: Aggregate) -> None:
        """Aggregates the caller loaded and did not change (the list a device's secret was
        checked against), for the next load to take instead of reading the store again. The
        caller must not use them afterwards: another command may be changing them."""
        self.kept.keep(aggregates)

    def _latest(self, uid: UUID) -> Any:
        """The aggregate as stored now: the one kept from this process's last save of it,
        brought up to date with the events stored since, or else loaded from the store (also
        when the store no longer holds the kept version: a store put back from a copy)."""
        kept = self.kept.take(uid)
        if kept is not None:
            stored = self.recorder.select_events(uid, gt=kept.version - 1)
            if stored and stored[0].originator_version == kept.version:
                newer = (self.mapper.to_domain_event(s) for s in stored[1:])
                try:
                    return mutate_all(kept, newer)
                except Exception:  # cannot apply them to it: load it whole
                    log.exception("a kept aggregate could not be brought up to date; loading it")
        return self.repository.get(uid, projector_func=mutate_all)

    def _receipt_id(self, actor: Actor, command: Command) -> UUID | None:
        """The receipt of the caller's idempotency key (None: the command carries none)."""
        if command.key is None:
            return None
        if not isinstance(command.key, str) or not 1 <= len(command.key) <= MAX_KEY:
            raise InvalidInput(f"must be 1 to {MAX_KEY} characters", "Idempotency-Key")
        check_text(command.key, "Idempotency-Key")
        return Receipt.create_id(f"{actor.role}/{actor.client_id}", command.key)

    def _get_receipt(self, receipt_id: UUID) -> Receipt | None:
        try:
            return self.repository.get(receipt_id, projector_func=mutate_all)
        except AggregateNotFoundError:
            return None

    def _memo(
        self,
        actor: Actor,
        command: Command,
        fingerprint: str,
        result: Any,
        device: Device | None,
        receipt_id: UUID | None,
    ) -> tuple[Any, ...]:
        """The idempotency record to save with what the command changed."""
        if device is not None:
            device.applied(
                actor.client_id,
                actor.mutation_id,
                command.name,
                str(command.target),
                fingerprint,
                result,
                device_name=_shown_name(actor),
            )
            return (device,)
        if receipt_id is not None:
            receipt = Receipt.issue(
                scope=f"{actor.role}/{actor.client_id}",
                key=str(command.key),
                command=command.name,
                target=command.target,
                digest=fingerprint,
                result=result,
                actor=actor.as_dict(),
            )
            return (receipt,)
        return ()

    @staticmethod
    def _refuse(
        device: Device, actor: Actor, command: Command, fingerprint: str, exc: DomainError
    ) -> None:
        """Keep a device's refused mutation, with what it sent as far as it can be stored."""
        device.refused(
            actor.client_id,
            actor.mutation_id,
            storable_text(command.name),
            storable_text(command.target),
            fingerprint,
            storable(_plain(command.args)),
            {**exc.as_dict(), "status": exc.status},
            device_name=_shown_name(actor),
        )

    def _device(self, actor: Actor, command: Command) -> Device | None:
        """The actor's device on the command's list (counted per device and list)."""
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
        target = str(command.target or "")
        unit = current_unit()
        held = unit.get(Device.create_id(actor.client_id, target)) if unit is not None else None
        if held is not None:
            return held
        device = self.get_device(actor.client_id, target) or Device.register(
            actor.client_id, target
        )
        return unit.hold(device) if unit is not None else device


@dataclass
class Outcome:
    """What became of one mutation of a batch: its answer or its refusal, what the batch's
    ``look`` saw of its target after it, and the device's last mutation id after it (None
    when no device was found: the mutation was refused before)."""

    result: Any = None
    error: DomainError | None = None
    state: Any = None
    counted: int | None = None

    @property
    def gap(self) -> bool:
        """The mutation skipped ids: the batch stops here (resend from the last applied)."""
        return isinstance(self.error, MutationGap)


def _fingerprint(command: Command) -> str:
    return digest(str(command.name), {"list": command.target, **_plain(command.args)})


def _kept_changing(command: Command) -> ConcurrentChange:
    spec = COMMANDS.get(command.name) if isinstance(command.name, str) else None
    word = spec.aggregate if spec is not None else "list"
    return ConcurrentChange(f"the {word} kept changing while saving; try again", "target")


def _shown_name(actor: Actor) -> str:
    """The name a table's device is shown by (its id stays on the server)."""
    return actor.name if actor.role == TABLE else ""


def backoff(attempt: int) -> None:
    """Wait a little, longer after each clash, so that concurrent writers spread out."""
    time.sleep(random.uniform(0, 0.002 * (attempt + 1)))


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


def _plain(args: Any) -> dict[str, Any]:
    """A command's arguments as an object, for its fingerprint (a non-object is wrapped)."""
    return dict(args) if isinstance(args, Mapping) else {"args": args}


def storable_text(value: Any) -> str:
    """``value`` as text that can be stored: a lone surrogate is written as its escape."""
    return str(value).encode("utf-8", "backslashreplace").decode("utf-8")


def storable(value: Any) -> Any:
    """``value`` if it is plain JSON that can be stored, else its JSON text with escapes."""
    try:
        check_plain(value, "args")
    except InvalidInput:
        return {"unstorable": json.dumps(value, default=repr)[:2000]}
    return value


def list_uuid(value: str) -> UUID:
    try:
        return UUID(str(value))
    except ValueError:
        raise NotFound(f"there is no list {value!r}", "list_id") from None

"""Device: a phone's (or console's) numbered mutations on one list, for exactly-once commands.

Each device numbers its commands on a list 1, 2, 3 …; the device aggregate is saved in the
same transaction as the list the command changed, so a command is applied once or not at all.
A repeated mutation id returns the stored outcome; a gap is refused with the last applied
id. Refused commands are kept here too, where the director can see them.

A device is counted per device **and** list (:meth:`Device.create_id`), so nothing one table
does can use up another's ids. Its events form a hash chain (:mod:`.chain`), as a list's do.
Version 2 chained them: events stored before (version 1, one counter per client id across
lists, unchained) still load, with ``prev_hash`` and ``hash`` empty; ``troef audit verify``
cannot check such events by hash and must say so, not count them as broken.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any
from uuid import UUID, uuid5

from .chain import Chained
from .errors import Conflict, MutationGap

DEVICE_NAMESPACE = UUID("0d9b1c55-3a55-4f6e-8d8c-5c0e8b7a9d21")
# Outcomes kept for repeats. A phone's outbox holds its unacknowledged mutations only, so a
# repeat further back than this cannot come from a working phone; it is answered as applied
# without its result (the list has it), and the device stays small for a whole season.
KEPT_OUTCOMES = 256


def digest(name: str, args: Any) -> str:
    """A short fingerprint of a command, to catch a mutation id reused for other content."""
    blob = json.dumps([name, args], sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()[:16]


UNCHAINED = ""  # prev_hash and hash of an event stored before devices were chained


def _unchained(state: dict[str, Any]) -> None:
    state.setdefault("prev_hash", UNCHAINED)
    state.setdefault("hash", UNCHAINED)


def _unchained_unnamed(state: dict[str, Any]) -> None:
    _unchained(state)
    state.setdefault("device_name", "")


class Device(Chained):
    """The mutations one device has sent on one list, applied or refused."""

    class_version = 2

    @staticmethod
    def upcast_v1_v2(state: dict[str, Any]) -> None:
        """A snapshot of a device of version 1: one client id across lists, unchained."""
        state.setdefault("list_id", None)
        state.setdefault("head", UNCHAINED)

    @staticmethod
    def create_id(client_id: str, list_id: str | None = None) -> UUID:
        """The device's id: per client id and list (per client id alone for version 1)."""
        key = client_id if list_id is None else f"{list_id}/{client_id}"
        return uuid5(DEVICE_NAMESPACE, key)

    class Registered(Chained.Created):
        class_version = 2
        client_id: str
        list_id: str | None

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            _unchained(state)
            state.setdefault("list_id", None)

        def apply(self, agg: Any) -> None:
            super().apply(agg)
            agg.client_id = self.client_id
            agg.list_id = self.list_id
            agg.last_mutation_id = 0
            agg.outcomes = {}

    class MutationApplied(Chained.Event):
        class_version = 2
        upcast_v1_v2 = staticmethod(_unchained_unnamed)
        client_id: str
        device_name: str
        mutation_id: int
        name: str
        target: str
        digest: str
        result: dict[str, Any]

        def apply(self, agg: Any) -> None:
            super().apply(agg)
            agg.keep(
                self.mutation_id,
                {
                    "status": "applied",
                    "name": self.name,
                    "target": self.target,
                    "digest": self.digest,
                    "result": self.result,
                },
            )

    class MutationRefused(Chained.Event):
        class_version = 2
        upcast_v1_v2 = staticmethod(_unchained_unnamed)
        client_id: str
        device_name: str
        mutation_id: int
        name: str
        target: str
        digest: str
        args: Any
        error: dict[str, Any]

        def apply(self, agg: Any) -> None:
            super().apply(agg)
            agg.keep(
                self.mutation_id,
                {
                    "status": "refused",
                    "name": self.name,
                    "target": self.target,
                    "digest": self.digest,
                    "args": self.args,
                    "error": self.error,
                },
            )

    @classmethod
    def register(cls, client_id: str, list_id: str) -> Device:
        """A new device of ``client_id`` on ``list_id``, with no mutations yet."""
        return cls._start(
            cls.Registered,
            id=cls.create_id(client_id, list_id),
            client_id=client_id,
            list_id=list_id,
        )

    def keep(self, mutation_id: int, outcome: dict[str, Any]) -> None:
        self.last_mutation_id = mutation_id
        self.outcomes[str(mutation_id)] = outcome
        self.outcomes.pop(str(mutation_id - KEPT_OUTCOMES), None)

    def check(self, mutation_id: int, fingerprint: str) -> dict[str, Any] | None:
        """The stored outcome of a repeated mutation, or None for the next one.

        :raises MutationGap: when ``mutation_id`` skips ids.
        :raises Conflict: when a repeated id carries a different command.
        """
        if mutation_id > self.last_mutation_id + 1:
            raise MutationGap(
                f"mutation {mutation_id} skips ids; the last applied is {self.last_mutation_id}",
                self.last_mutation_id,
            )
        if mutation_id <= self.last_mutation_id - KEPT_OUTCOMES:
            return {"status": "applied", "result": {"note": "applied long ago"}}
        if mutation_id <= self.last_mutation_id:
            stored = self.outcomes.get(str(mutation_id))
            if stored is None or stored["digest"] != fingerprint:
                raise Conflict(
                    f"mutation id {mutation_id} was already used for another command", "mutation_id"
                )
            return stored
        return None

    def applied(
        self,
        client_id: str,
        mutation_id: int,
        name: str,
        target: str,
        digest: str,
        result: dict[str, Any],
        device_name: str = "",
    ) -> None:
        """Record an applied mutation and its result (``device_name``: what readers see)."""
        self._record(
            self.MutationApplied,
            client_id=client_id,
            device_name=device_name,
            mutation_id=mutation_id,
            name=name,
            target=target,
            digest=digest,
            result=result,
        )

    def refused(
        self,
        client_id: str,
        mutation_id: int,
        name: str,
        target: str,
        digest: str,
        args: Any,
        error: dict[str, Any],
        device_name: str = "",
    ) -> None:
        """Record a refused mutation, what it sent and why it was refused."""
        self._record(
            self.MutationRefused,
            client_id=client_id,
            device_name=device_name,
            mutation_id=mutation_id,
            name=name,
            target=target,
            digest=digest,
            args=args,
            error=error,
        )

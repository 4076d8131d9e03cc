"""Device: a phone's (or console's) numbered mutations, for exactly-once commands.

Each client numbers its commands 1, 2, 3 …; the device aggregate is saved in the same
transaction as the list the command changed, so a command is applied once or not at all.
A repeated mutation id returns the stored outcome; a gap is refused with the last applied
id. Refused commands are kept here too, where the director can see them.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any
from uuid import UUID, uuid5

from eventsourcing.domain import Aggregate, event

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


class Device(Aggregate):
    """The mutations one client has sent, applied or refused."""

    @staticmethod
    def create_id(client_id: str) -> UUID:
        return uuid5(DEVICE_NAMESPACE, client_id)

    @event("Registered")
    def __init__(self, client_id: str) -> None:
        self.client_id = client_id
        self.last_mutation_id = 0
        self.outcomes: dict[str, dict[str, Any]] = {}

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

    @event("MutationApplied")
    def applied(
        self,
        client_id: str,
        mutation_id: int,
        name: str,
        target: str,
        digest: str,
        result: dict[str, Any],
    ) -> None:
        self.last_mutation_id = mutation_id
        self.outcomes[str(mutation_id)] = {
            "status": "applied",
            "name": name,
            "target": target,
            "digest": digest,
            "result": result,
        }
        self.outcomes.pop(str(mutation_id - KEPT_OUTCOMES), None)

    @event("MutationRefused")
    def refused(
        self,
        client_id: str,
        mutation_id: int,
        name: str,
        target: str,
        digest: str,
        args: Any,
        error: dict[str, Any],
    ) -> None:
        self.last_mutation_id = mutation_id
        self.outcomes[str(mutation_id)] = {
            "status": "refused",
            "name": name,
            "target": target,
            "digest": digest,
            "args": args,
            "error": error,
        }
        self.outcomes.pop(str(mutation_id - KEPT_OUTCOMES), None)

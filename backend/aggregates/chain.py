"""Hash chains: each event of a chained aggregate stores the previous event's hash and its own.

The hash is SHA-256 over canonical JSON (sorted keys, no spaces, UTF-8) of the event's
stored content: its name, the aggregate id, the version, the timestamp, ``prev_hash`` and
every field except ``hash`` itself. ``troef audit verify`` recomputes it from the stored
bytes, so a change made behind the application's back breaks the chain at that event.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Mapping
from datetime import datetime
from typing import Any, TypeVar
from uuid import UUID

from eventsourcing.domain import Aggregate

GENESIS = "0" * 64
# Not hashed: the hash itself, what is hashed apart (id, version, time), and the library's
# bookkeeping (the aggregate's topic, and the class version the mapper adds for upcasting).
EXCLUDED = frozenset(
    {
        "hash",
        "originator_id",
        "originator_version",
        "timestamp",
        "originator_topic",
        "class_version",
    }
)


def _default(value: Any) -> Any:
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, UUID):
        return value.hex
    raise TypeError(f"cannot hash a {type(value).__name__}")


def canonical(
    name: str, originator_id: UUID, version: int, timestamp: datetime, fields: Mapping[str, Any]
) -> bytes:
    """The bytes an event's hash is computed over."""
    body = {k: v for k, v in fields.items() if k not in EXCLUDED and not k.startswith("_")}
    doc = {
        "event": name,
        "aggregate": originator_id.hex,
        "version": version,
        "timestamp": timestamp.isoformat(),
        "fields": body,
    }
    return json.dumps(
        doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=_default
    ).encode("utf-8")


def later_defaults(event_class: type, given: Mapping[str, Any]) -> dict[str, Any]:
    """The defaults of an event's fields that ``given`` leaves out (fields added later)."""
    if not dataclasses.is_dataclass(event_class):
        return {}
    return {
        f.name: f.default
        for f in dataclasses.fields(event_class)
        if f.name not in given and f.default is not dataclasses.MISSING
    }


def event_hash(
    name: str, originator_id: UUID, version: int, timestamp: datetime, fields: Mapping[str, Any]
) -> str:
    return hashlib.sha256(canonical(name, originator_id, version, timestamp, fields)).hexdigest()


T = TypeVar("T", bound="Chained")


class Chained(Aggregate):
    """An aggregate whose events form a hash chain; ``head`` is the last event's hash."""

    class Event(Aggregate.Event):
        prev_hash: str
        hash: str

        def apply(self, aggregate: Any) -> None:
            aggregate.head = self.hash

    class Created(Aggregate.Created):
        prev_hash: str
        hash: str

        def apply(self, aggregate: Any) -> None:
            aggregate.head = self.hash

    @classmethod
    def _start(cls: type[T], event_class: type, id: UUID, **fields: Any) -> T:
        """Create the aggregate with its first, chained event."""
        timestamp = event_class.create_timestamp()
        fields["prev_hash"] = GENESIS
        h = event_hash(event_class.__name__, id, cls.INITIAL_VERSION, timestamp, fields)
        return cls._create(event_class, id=id, timestamp=timestamp, hash=h, **fields)

    def _record(self, event_class: type, **fields: Any) -> None:
        """Trigger the next event of the chain.

        A field added to an event later has a default (older events were stored without it);
        a caller that leaves it out stores the default, so the hash covers it too.
        """
        timestamp = event_class.create_timestamp()
        fields = {**later_defaults(event_class, fields), **fields}
        fields["prev_hash"] = self.head
        h = event_hash(event_class.__name__, self.id, self.version + 1, timestamp, fields)
        self.trigger_event(event_class, timestamp=timestamp, hash=h, **fields)

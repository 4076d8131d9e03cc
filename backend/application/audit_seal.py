"""Compare the notification log with its seal (:mod:`.seal`), row by row.

Each stored event must have its seal row (same aggregate, version and digest of its stored
bytes), each seal row its event, and each seal row's running hash must follow from the row
before it. What differs is named with the aggregate and version it concerns: an event
deleted (also the newest of a list still open, which its own chain cannot show), changed,
moved to another place in the log, or added behind the application's back.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

from eventsourcing.persistence import Notification

from .seal import GENESIS, SealRow, digest, running


@dataclass(frozen=True)
class Finding:
    """Something stored that is not as it was written: which aggregate, which version, what."""

    aggregate_id: str
    kind: str
    version: int | None
    problem: str
    record: str = "event"  # "event", "seal" or "snapshot"

    def as_dict(self) -> dict[str, Any]:
        return {
            "aggregate_id": self.aggregate_id,
            "kind": self.kind,
            "version": self.version,
            "record": self.record,
            "problem": self.problem,
        }


def _uuid_text(hex32: str) -> str:
    h = hex32.replace("-", "")
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}" if len(h) == 32 else hex32


class SealCheck:
    """Walks the seal beside the log (both in notification order) and keeps the findings."""

    def __init__(self, seal: Iterator[SealRow] | None) -> None:
        self.rows = seal
        self.sealed = seal is not None
        self.next: SealRow | None = None
        self.previous = GENESIS
        self.findings: list[Finding] = []
        self.kinds: dict[str, str] = {}  # aggregate (hex): its kind, for rows without an event
        self._advance()

    def _advance(self) -> None:
        self.next = next(self.rows, None) if self.rows is not None else None

    def _check_row(self, row: SealRow) -> None:
        expected = running(
            self.previous,
            row.notification_id,
            row.originator_id,
            row.originator_version,
            row.digest,
        )
        if expected != row.running:
            self.findings.append(
                Finding(
                    _uuid_text(row.originator_id),
                    self.kinds.get(row.originator_id, "?"),
                    row.originator_version,
                    f"the seal of notification {row.notification_id} was changed "
                    "(its running hash does not follow from the seal before it)",
                    "seal",
                )
            )
        self.previous = row.running

    def _missing(self, row: SealRow) -> None:
        self._check_row(row)
        self.findings.append(
            Finding(
                _uuid_text(row.originator_id),
                self.kinds.get(row.originator_id, "?"),
                row.originator_version,
                f"event {row.originator_version} (notification {row.notification_id}) "
                "was sealed when written and is no longer stored (deleted or moved)",
            )
        )

    def see(self, n: Notification, kind: str) -> None:
        """Check one notification of the log against its seal row."""
        if not self.sealed:
            return
        oid = n.originator_id.hex if hasattr(n.originator_id, "hex") else str(n.originator_id)
        self.kinds[oid] = kind
        while self.next is not None and self.next.notification_id < n.id:
            self._missing(self.next)
            self._advance()
        row = self.next
        where = f"event {n.originator_version} (notification {n.id})"
        if row is None or row.notification_id != n.id:
            self.findings.append(
                Finding(
                    str(n.originator_id),
                    kind,
                    n.originator_version,
                    f"{where} is not in the seal: added behind the application's back, "
                    "or its seal row was removed",
                )
            )
            return
        self._check_row(row)
        self._advance()
        if (row.originator_id, row.originator_version) != (oid, n.originator_version):
            problem = (
                f"notification {n.id} holds event {n.originator_version}, where the seal has "
                f"event {row.originator_version} of {_uuid_text(row.originator_id)} "
                "(the log was reordered, or rows were moved)"
            )
        elif row.digest != digest(n.topic, n.state):
            problem = f"{where}: its stored bytes differ from what was sealed when it was written"
        else:
            return
        self.findings.append(Finding(str(n.originator_id), kind, n.originator_version, problem))

    def finish(self) -> list[Finding]:
        """The findings, once the log has been read to its end."""
        while self.next is not None:
            self._missing(self.next)
            self._advance()
        kinds = {_uuid_text(oid): kind for oid, kind in self.kinds.items()}
        return [
            f if f.kind != "?" else replace(f, kind=kinds.get(f.aggregate_id, "?"))
            for f in self.findings
        ]

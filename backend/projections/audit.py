"""The audit trail: every event with its actor, device, time and hash; and refused mutations."""

from __future__ import annotations

import json
from typing import Any

from sqlite_utils import Database

from ..replay import details, summary
from .sql import insert


def record(db: Database, n: Any, e: Any, name: str) -> None:
    """Add one event to the audit trail (and device mutations to the mutations table)."""
    kind, _, event_name = name.rpartition(".")
    actor = getattr(e, "actor", None) or {}
    if kind == "Device":
        _mutation(db, e, event_name)
        return
    insert(
        db,
        "audit_trail",
        {
            "position": n.id,
            "aggregate_id": str(e.originator_id),
            "kind": kind,
            "version": e.originator_version,
            "event": event_name,
            "timestamp": e.timestamp.isoformat(),
            "role": actor.get("role"),
            "client_id": actor.get("client_id"),
            "mutation_id": actor.get("mutation_id"),
            "actor_name": actor.get("name"),
            "hash": getattr(e, "hash", None),
            "prev_hash": getattr(e, "prev_hash", None),
            "summary": _summary(kind, e),
            "details": _details(kind, e),
        },
    )


def _details(kind: str, e: Any) -> str | None:
    """A list event's own fields (and its deal), as JSON: what the summary says, as data."""
    if kind != "ScoreList":
        return None
    about = {"deal_no": getattr(e, "deal_no", None), **details(e)}
    # not sort_keys: a deal's points keep the seats' order (N, E, S, W; 1, 2, 3, 4)
    return json.dumps(about, ensure_ascii=False, default=str)


def _summary(kind: str, e: Any) -> str:
    if kind == "ScoreList":
        return summary(e)
    fields = {
        k: v
        for k, v in vars(e).items()
        if k
        not in (
            "originator_id",
            "originator_version",
            "timestamp",
            "hash",
            "prev_hash",
            "actor",
            "originator_topic",
            "rules",
            "draw",
            "lists",
        )
    }
    return f"{type(e).__name__} " + json.dumps(
        fields, ensure_ascii=False, sort_keys=True, default=str
    )


def _mutation(db: Database, e: Any, event_name: str) -> None:
    if event_name not in ("MutationApplied", "MutationRefused"):
        return
    insert(
        db,
        "mutations",
        {
            "client_id": e.client_id,
            "mutation_id": e.mutation_id,
            "status": "applied" if event_name == "MutationApplied" else "refused",
            "name": e.name,
            "target": e.target,
            "args": json.dumps(getattr(e, "args", None), ensure_ascii=False, default=str),
            "error": json.dumps(getattr(e, "error", None), ensure_ascii=False),
            "timestamp": e.timestamp.isoformat(),
        },
        replace=True,
    )

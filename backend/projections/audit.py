"""The audit trail: every event with its actor, device, time and hash; and refused mutations."""

from __future__ import annotations

from typing import Any

from ..aggregates.wording import competition_details, competition_summary, details, summary
from .fold import Fold
from .jsontext import compact, encoder, text

COLUMNS = (
    "position", "aggregate_id", "kind", "version", "event", "timestamp", "role", "client_id",
    "mutation_id", "actor_name", "hash", "prev_hash", "summary", "details",
)  # fmt: skip
"""An audit line's columns, in the order :func:`record` gives their values."""

_fields_text = encoder(sort_keys=True, default=str)


def record(fold: Fold, n: Any, e: Any, name: str) -> None:
    """Add one event to the audit trail (and device mutations to the mutations table)."""
    kind, _, event_name = name.rpartition(".")
    if kind == "Device":
        _mutation(fold, e, event_name)
        return
    actor = getattr(e, "actor", None) or {}
    fold.add_values(
        "audit_trail",
        COLUMNS,
        (
            n.id,
            fold.aggregate_id,
            kind,
            e.originator_version,
            event_name,
            fold.at,
            actor.get("role"),
            actor.get("client_id"),
            actor.get("mutation_id"),
            actor.get("name"),
            getattr(e, "hash", None),
            getattr(e, "prev_hash", None),
            *_words(kind, e),
        ),
    )


def _words(kind: str, e: Any) -> tuple[str, str | None]:
    """The audit line's summary, and the event's own fields (and a list event's deal) as
    JSON details: what the summary says, as data, so the console says it in the
    director's language. A competition event's fields are read once for both."""
    if kind == "ScoreList":
        about = {"deal_no": getattr(e, "deal_no", None), **details(e)}
        # not sort_keys: a deal's points keep the seats' order (N, E, S, W; 1, 2, 3, 4)
        return summary(e), text(about)
    if kind == "Competition":
        about = competition_details(e)
        return competition_summary(e, about), text(about)
    return _summary(e), None


def _summary(e: Any) -> str:
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
    return f"{type(e).__name__} " + _fields_text(fields)


MUTATION_COLUMNS = (
    "client_id", "mutation_id", "status", "name", "target", "args", "error", "timestamp",
)  # fmt: skip
_STATUS = {"MutationApplied": "applied", "MutationRefused": "refused"}


def _mutation(fold: Fold, e: Any, event_name: str) -> None:
    status = _STATUS.get(event_name)
    if status is None:
        return
    fold.add_values(
        "mutations",
        MUTATION_COLUMNS,
        (
            e.client_id,
            e.mutation_id,
            status,
            e.name,
            e.target,
            text(getattr(e, "args", None)),
            compact(getattr(e, "error", None)),
            fold.at,
        ),
        replace=True,
    )

"""What the read models are current up to, and what failed: per competition and for the
catch-up, in the table ``read_model_status`` that health, the API and the pages read."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlite_utils import Database

from .migrations import LOG, STATUS

# A failure message is kept short: the log has the traceback.
MESSAGE = 500


def now() -> str:
    """The time as the status rows store it (UTC, ISO 8601, seconds)."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def describe(exc: BaseException) -> str:
    """One line naming the error's type and message."""
    return f"{type(exc).__name__}: {exc}"[:MESSAGE]


def settled(db: Database, subject: str, position: int) -> None:
    """Record that ``subject`` is current up to event ``position``, with nothing failing."""
    db.execute(
        f"INSERT INTO [{STATUS}] (subject, settled_to, settled_at) VALUES (?, ?, ?) "
        "ON CONFLICT (subject) DO UPDATE SET settled_to = excluded.settled_to, "
        "settled_at = excluded.settled_at, failing_since = NULL, failed_at = NULL, "
        "position = NULL, error = NULL",
        [subject, position, now()],
    )


def failed(db: Database, subject: str, error: str, position: int | None = None) -> None:
    """Record that ``subject`` failed (keeping the time it first failed since it last worked)."""
    stamp = now()
    db.execute(
        f"INSERT INTO [{STATUS}] (subject, failing_since, failed_at, position, error) "
        "VALUES (?, ?, ?, ?, ?) ON CONFLICT (subject) DO UPDATE SET "
        "failing_since = COALESCE(failing_since, excluded.failing_since), "
        "failed_at = excluded.failed_at, position = excluded.position, error = excluded.error",
        [subject, stamp, stamp, position, error],
    )


def failures(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The failing subjects among status rows, as health reports them."""
    return [
        {
            "subject": "catch-up" if r["subject"] == LOG else "results",
            "competition_id": None if r["subject"] == LOG else r["subject"],
            "since": r["failing_since"],
            "last": r["failed_at"],
            "position": r["position"],
            "error": r["error"],
        }
        for r in rows
        if r["failing_since"] is not None
    ]

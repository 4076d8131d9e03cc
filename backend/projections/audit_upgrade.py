"""The audit trail's details of four list events, read back from their stored summaries.

A table card re-issued, play mode switched and a claim made or answered keep their fields in
``details`` since migration m016 (:data:`backend.aggregates.wording.DETAILS`). Rows written
before kept only the server's English summary, which :func:`~backend.aggregates.wording.summary`
wrote from the same fields; reading them back gives the rows a fresh rebuild writes, without
emptying the read models (a rebuild needs the event store, which a migration does not have).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from sqlite_utils import Database

from ..aggregates.wording import DETAILS
from .jsontext import text

Fields = Callable[[re.Match[str]], dict[str, Any]]

SUMMARIES: dict[str, tuple[re.Pattern[str], Fields]] = {
    "TableCodeReissued": (
        re.compile(r"^table card re-issued \(card (\d+)\)(?:, good until (.+))?$"),
        lambda m: {"generation": int(m[1]) - 1, "expires": m[2]},
    ),
    "PlayModeSet": (
        re.compile(r"^play mode switched (on|off)\b"),
        lambda m: {"on": m[1] == "on"},
    ),
    "ClaimMade": (
        re.compile(r"^seat (\S+) claimed (\d+) of the (\d+) tricks still to play$"),
        lambda m: {"tricks": int(m[2]), "remaining": int(m[3])},
    ),
    "ClaimAnswered": (
        re.compile(r"^claim (\d+) (accepted|disputed)\b"),
        lambda m: {"claim_no": int(m[1]), "accepted": m[2] == "accepted"},
    ),
}


def details_from_summaries(db: Database) -> None:
    """Fill in the details of the four events' rows that were written without them."""
    claims: dict[tuple[str, Any], int] = {}  # a claim's number counts per list and deal
    rows = db.query(
        "SELECT position, aggregate_id, event, summary, details FROM audit_trail "
        f"WHERE kind = 'ScoreList' AND event IN ({', '.join('?' for _ in SUMMARIES)}) "
        "ORDER BY aggregate_id, version",
        list(SUMMARIES),
    )
    for row in list(rows):
        pattern, fields = SUMMARIES[row["event"]]
        found = pattern.match(row["summary"] or "")
        old = json.loads(row["details"] or "{}")
        if found is None:
            continue
        new = {**old, **fields(found)}
        if row["event"] == "ClaimMade":
            key = (row["aggregate_id"], old.get("deal_no"))
            claims[key] = new["claim_no"] = claims.get(key, 0) + 1
        ordered = {"deal_no": old.get("deal_no"), **{k: new[k] for k in DETAILS if k in new}}
        db.execute(
            "UPDATE audit_trail SET details = ? WHERE position = ?",
            [text(ordered), row["position"]],
        )

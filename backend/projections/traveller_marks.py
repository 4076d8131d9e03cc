"""What a traveller marks on a board's result besides the score: a revoke (its penalty is in
the score), and a director's ruling (a corrected result, or a dispute ruled on that board).

Read from the read models' own rows (``deal_rows``, ``disputes``), so the travellers table
needs no column of its own: ``marks(rows, competition_id, evening)`` gives, per
``(list_id, deal_no)``, the words ``"revoke"`` and ``"ruling"`` that apply.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

Rows = Callable[[str, list[Any]], list[dict[str, Any]]]


def marks(rows: Rows, competition_id: str, evening: int) -> dict[tuple[str, int], list[str]]:
    """The marks of an evening's bridge results, by list and deal (only those with a mark)."""
    found: dict[tuple[str, int], list[str]] = {}
    lists = "SELECT list_id FROM lists WHERE competition_id = ? AND evening = ?"
    for r in rows(
        f"SELECT list_id, deal_no, markers, corrected, record FROM deal_rows "
        f"WHERE voided IS NULL AND list_id IN ({lists})",
        [competition_id, evening],
    ):
        record = json.loads(r["record"] or "{}")
        if "revoke" in json.loads(r["markers"] or "[]") or record.get("revokes"):
            found.setdefault((r["list_id"], r["deal_no"]), []).append("revoke")
        if r["corrected"]:
            found.setdefault((r["list_id"], r["deal_no"]), []).append("ruling")
    for r in rows(
        f"SELECT DISTINCT list_id, deal_no FROM disputes WHERE ruling IS NOT NULL "
        f"AND list_id IN ({lists})",
        [competition_id, evening],
    ):
        words = found.setdefault((r["list_id"], r["deal_no"]), [])
        if "ruling" not in words:
            words.append("ruling")
    return found

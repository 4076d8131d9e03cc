"""The score list as on paper: rows, points per seat, running totals, marks, disputes."""

from __future__ import annotations

from typing import Any

from .fold import Fold, Row
from .list_state import Deals, deals_of, encode, finish, per_list, reach


def _j(value: Any) -> str:
    return encode(value)


def opened(fold: Fold, n: Any, e: Any) -> None:
    list_id = fold.aggregate_id
    fold.put(
        "lists",
        {
            "list_id": list_id,
            "competition_id": e.competition_id,
            "evening": e.evening,
            "round": e.round,
            "table_no": e.table,
            "game": e.game,
            "rules_ref": e.rules["ref"],
            "seats": _j(e.seats),
            "boards": _j(e.boards),
            "planned_deals": e.planned_deals,
            "counted_deals": 0,
            "rows": 0,
            "totals": _j(dict.fromkeys(e.seats, 0)),
            "pen": None,
            "status": "open",
            "closed_short": None,
            "open_disputes": 0,
            "head": e.hash,
            "submitted_head": None,
            "submitted_at": None,
            "last_event_at": fold.at,
            "version": e.originator_version,
        },
    )
    for seat, player in e.seats.items():
        fold.add("list_seats", {"list_id": list_id, "seat": seat, "player_id": player})
    fold.states[("deals", list_id)] = Deals(floor=1, below=(None, 0))
    fold.states[("adjustments", list_id)] = []
    fold.states[("disputes", list_id)] = []
    fold.due.add(e.competition_id)


def pen(fold: Fold, n: Any, e: Any) -> None:
    touch(fold, e, pen=e.name or e.device)  # the device's name ("" before devices had names)


def device_withdrawn(fold: Fold, n: Any, e: Any) -> None:
    """A withdrawn device that held the pen leaves it free."""
    row = fold.get("lists", fold.aggregate_id)
    if row is not None and row.get("pen") == e.name:
        touch(fold, e, pen=None)
    else:
        touch(fold, e)


def deal(fold: Fold, n: Any, e: Any) -> None:
    record, score, list_id = e.record, e.score, fold.aggregate_id
    row = {
        "list_id": list_id,
        "deal_no": e.deal_no,
        "kind": "penalty" if type(e).__name__ == "PenaltyRecorded" else "deal",
        "counts": int(bool(score["counts"])),
        "counted_no": None,
        "dealer": _opt(record.get("dealer")),
        "summary": describe(record),
        "record": _j(record),
        "points": _j(score["points"]),
        "running": None,
        "markers": _j(score.get("markers", [])),
        "explain": _j(score.get("explain", [])),
        "voided": None,
        "corrected": 0,
        "recorded_at": fold.at,
        "actor": _j(e.actor),
    }
    deals = deals_of(fold, list_id)
    deals.keep(fold.put("deal_rows", row))
    deals.points[e.deal_no] = dict(score["points"])  # as its JSON reads back: no parsing
    refresh(fold, e)


def _deal_row(fold: Fold, list_id: str, deal_no: int) -> Row:
    row = reach(fold, list_id, deal_no).rows.get(deal_no)
    if row is None:
        raise LookupError(f"list {list_id} has no deal {deal_no}")
    return row


def voided(fold: Fold, n: Any, e: Any) -> None:
    row = _deal_row(fold, fold.aggregate_id, e.deal_no)
    row["voided"] = e.reason
    fold.put("deal_rows", row)
    refresh(fold, e)


def dispute(fold: Fold, n: Any, e: Any) -> None:
    list_id = fold.aggregate_id
    per_list(fold, "disputes", list_id).append(
        fold.put(
            "disputes",
            {
                "list_id": list_id,
                "dispute_no": e.dispute_no,
                "deal_no": e.deal_no,
                "reason": e.reason,
                "raised_at": fold.at,
                "ruling": None,
                "ruling_reason": None,
                "article": None,
                "ruled_at": None,
            },
        )
    )
    refresh(fold, e)


def ruling(fold: Fold, n: Any, e: Any) -> None:
    list_id = fold.aggregate_id
    if e.decision == "corrected":
        row = _deal_row(fold, list_id, e.deal_no)
        deals_of(fold, list_id).points.pop(e.deal_no, None)
        row.update(
            {
                "record": _j(e.record),
                "points": _j(e.score["points"]),
                "summary": describe(e.record),
                "counts": int(bool(e.score["counts"])),
                "markers": _j(e.score.get("markers", [])),
                "explain": _j(e.score.get("explain", [])),
                "corrected": 1,
            }
        )
        fold.put("deal_rows", row)
    elif e.decision == "voided":
        row = _deal_row(fold, list_id, e.deal_no)
        row["voided"] = e.reason
        fold.put("deal_rows", row)
    elif e.decision == "adjusted":
        adjustments = per_list(fold, "adjustments", list_id)
        adjustments.append(
            fold.put(
                "adjustments",
                {
                    "list_id": list_id,
                    "position": len(adjustments) + 1,
                    "deal_no": e.deal_no,
                    "points": _j(e.adjustment),
                    "reason": e.reason,
                    "article": e.article,
                },
            )
        )
    for row in per_list(fold, "disputes", list_id):
        if row["deal_no"] == e.deal_no and row["ruling"] is None:
            row.update(
                ruling=e.decision,
                ruling_reason=e.reason,
                article=e.article,
                ruled_at=fold.at,
            )
            fold.put("disputes", row)
    refresh(fold, e)


def closed_short(fold: Fold, n: Any, e: Any) -> None:
    fold.due.add(touch(fold, e, closed_short=e.reason)["competition_id"])


def cancelled(fold: Fold, n: Any, e: Any) -> None:
    fold.due.add(touch(fold, e, status="cancelled")["competition_id"])


def submitted(fold: Fold, n: Any, e: Any) -> None:
    row = touch(fold, e, status="submitted", submitted_head=e.head, submitted_at=fold.at)
    fold.due.add(row["competition_id"])


def touch(fold: Fold, e: Any, **changes: Any) -> Row:
    """Change the list's row and move its head, time and version to the event's."""
    return fold.update(
        "lists",
        (fold.aggregate_id,),
        {
            **changes,
            "head": e.hash,
            "last_event_at": fold.at,
            "version": e.originator_version,
        },
    )


def refresh(fold: Fold, e: Any) -> None:
    """Move the list's head to the event and mark its running totals and counted numbers to
    be carried forward from the deal the event changed, once the batch's events are folded
    (:func:`.list_state.carry`): a batch of 40 deals of a list walks its rows once."""
    list_id = fold.aggregate_id
    lst = touch(fold, e)
    deals_of(fold, list_id).mark(getattr(e, "deal_no", None) or 1)
    fold.finish("list", list_id, lambda: finish(fold, list_id))
    fold.due.add(lst["competition_id"])


def describe(record: dict[str, Any]) -> str:
    """A short, paper-like description of a deal's contract."""
    parts = []
    for key in ("contract", "type", "playing", "trump"):
        value = record.get(key)
        if isinstance(value, dict):
            value = "".join(str(value.get(k, "")) for k in ("level", "strain")) + (
                "x" * int(value.get("dbl", 0) or 0)
            )
        if value not in (None, ""):
            parts.append(str(value))
    for key in ("declarers", "declarer"):
        if record.get(key) not in (None, []):
            parts.append(f"{key}: {record[key]}")
    return " ".join(parts)


def _opt(value: Any) -> str | None:
    return None if value is None else str(value)


HANDLERS = {
    "ScoreList.Opened": opened,
    "ScoreList.PenTaken": pen,
    "ScoreList.PenMoved": pen,
    "ScoreList.DeviceWithdrawn": device_withdrawn,
    "ScoreList.DeviceJoined": lambda fold, n, e: touch(fold, e),
    "ScoreList.TableCodeReissued": lambda fold, n, e: touch(fold, e),
    "ScoreList.DealRecorded": deal,
    "ScoreList.PenaltyRecorded": deal,
    "ScoreList.DealVoided": voided,
    "ScoreList.DisputeRaised": dispute,
    "ScoreList.RulingGiven": ruling,
    "ScoreList.ListClosedShort": closed_short,
    "ScoreList.ListCancelled": cancelled,
    "ScoreList.ListSubmitted": submitted,
}

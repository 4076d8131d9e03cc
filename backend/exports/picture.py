"""One competition as plain data, read from the read models: the source of every export.

The picture holds what a club secretary needs to check or rebuild the season by hand: the
players, the evenings with attendance, every list with every deal and its points, the
standings with what counts and what is dropped, the director's adjustments, the bridge
travellers, the audit trail of the competition's events and the head of every hash chain.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any

Rows = Callable[[str, list[Any]], list[dict[str, Any]]]
"""Run one SQL query on the read models and return its rows as dicts."""

FORMAT = "troef-export"
VERSION = 1


def _json(value: Any, default: Any = None) -> Any:
    return json.loads(value) if isinstance(value, str) and value else default


def competition_picture(
    rows: Rows,
    competition_id: str,
    *,
    club: str = "",
    club_id: str = "",
    chains: Iterable[Mapping[str, Any]] = (),
    evening: int | None = None,
    trail: bool = True,
) -> dict[str, Any]:
    """The whole competition (or one evening of it, ``evening``) as one JSON-ready dict.

    ``chains`` are the recomputed hash chains of the event store (``Troef.verify()``); only
    those of the competition and its lists are kept. ``trail=False`` leaves the audit trail
    out (the standings and the lists do not need it).
    """
    (comp,) = rows("SELECT * FROM competitions WHERE competition_id = ?", [competition_id])
    cid = comp["competition_id"]
    players = [
        {"player_id": p["player_id"], "name": p["name"], "withdrawn": p["withdrawn"]}
        | {"national_ids": _numbers(p["numbers"])}
        for p in rows(
            "SELECT player_id, name, withdrawn, numbers FROM players WHERE competition_id = ? "
            "ORDER BY CAST(substr(player_id, 2) AS INTEGER), player_id",
            [cid],
        )
    ]
    who = {p["player_id"]: p["name"] for p in players}
    evenings = _evenings(rows, cid, evening)
    numbers = [e["evening"] for e in evenings]
    lists = [_list(rows, row, who) for row in _list_rows(rows, cid, numbers)]
    ids = {cid} | {entry["list_id"] for entry in lists}
    return {
        "format": FORMAT,
        "version": VERSION,
        "club": club,
        "club_id": club_id,
        "competition": {
            "competition_id": cid,
            "name": comp["name"],
            "game": comp["game"],
            "rules_ref": comp["rules_ref"],
            "rules": _json(comp["rules"], {}),
            "counting": _json(comp["counting"], {}),
            "created_at": comp["created_at"],
            "head": comp["head"],
        },
        "evening": evening,
        "players": players,
        "evenings": evenings,
        "lists": lists,
        "standings": _standings(rows, cid),
        "standing_adjustments": _standing_adjustments(rows, cid, who),
        "evening_results": _evening_results(rows, cid, numbers, who),
        "travellers": _travellers(rows, cid, numbers, who),
        "audit": _audit(rows, ids) if trail else [],
        "chains": [dict(c) for c in chains if c["aggregate_id"] in ids],
    }


def _numbers(text: str | None) -> list[str]:
    """The read model's "12345, 67890" → the federation numbers, one a person ("" unknown)."""
    return [n.strip() for n in text.split(",")] if text else []


def _evenings(rows: Rows, cid: str, only: int | None) -> list[dict[str, Any]]:
    found = rows(
        "SELECT evening, date, closed, draw_no, seed, draw FROM evenings "
        "WHERE competition_id = ? ORDER BY evening",
        [cid],
    )
    attendance = rows(
        "SELECT evening, player_id, status FROM attendance WHERE competition_id = ? "
        "ORDER BY evening, CAST(substr(player_id, 2) AS INTEGER), player_id",
        [cid],
    )
    out = []
    for e in found:
        if only is not None and e["evening"] != only:
            continue
        draw = _json(e["draw"])
        out.append(
            {
                "evening": e["evening"],
                "date": e["date"],
                "closed": bool(e["closed"]),
                "draw_no": e["draw_no"],
                "seed": e["seed"],
                "draw_explain": (draw or {}).get("explain", []),
                "attendance": {
                    a["player_id"]: a["status"] for a in attendance if a["evening"] == e["evening"]
                },
            }
        )
    return out


def _list_rows(rows: Rows, cid: str, evenings: list[int]) -> list[dict[str, Any]]:
    if not evenings:
        return []
    marks = ", ".join("?" for _ in evenings)
    return rows(
        f"SELECT * FROM lists WHERE competition_id = ? AND evening IN ({marks}) "
        "ORDER BY evening, round, table_no, list_id",
        [cid, *evenings],
    )


def seat_key(seat: str) -> tuple[int, str]:
    """Seats in table order: 1, 2, 3 … or N, E, S, W (or NS, EW for bridge pairs)."""
    order = {"N": 0, "E": 1, "S": 2, "W": 3, "NS": 0, "EW": 1}
    if seat in order:
        return order[seat], seat
    return (int(seat), seat) if seat.isdigit() else (99, seat)


def seat_value(values: Mapping[str, Any] | None, seat: str) -> Any:
    """A seat's number in a deal's points: a bridge list has the pairs NS and EW as its seats
    while a deal's points are per player (N, E, S, W), the same for both partners."""
    if not values:
        return None
    if seat in values:
        return values[seat]
    return values.get(seat[0]) if seat in ("NS", "EW") else None


def deal_text(deal: Mapping[str, Any]) -> str:
    """What a deal was, in a line: its summary, with the board and an artificial score for
    bridge ("board 6: adjusted NS AVG+, EW AVG-")."""
    record = deal.get("record") or {}
    text = deal.get("summary") or ""
    adjusted = record.get("adjusted")
    if isinstance(adjusted, dict):
        marks = ", ".join(
            f"{side.upper()} {adjusted[side]}" for side in ("ns", "ew") if side in adjusted
        )
        text = f"adjusted {marks}".strip()
    if "board" in record:
        text = f"board {record['board']}: {text}"
    return text


def _list(rows: Rows, row: dict[str, Any], who: Mapping[str, str]) -> dict[str, Any]:
    lid = row["list_id"]
    seats = _json(row["seats"], {})
    deals = rows("SELECT * FROM deal_rows WHERE list_id = ? ORDER BY deal_no", [lid])
    return {
        "list_id": lid,
        "evening": row["evening"],
        "round": row["round"],
        "table": row["table_no"],
        "game": row["game"],
        "rules_ref": row["rules_ref"],
        "seats": [
            {"seat": s, "player_id": p, "name": who.get(p, p)}
            for s, p in sorted(seats.items(), key=lambda item: seat_key(item[0]))
        ],
        "boards": _json(row["boards"]),
        "planned_deals": row["planned_deals"],
        "counted_deals": row["counted_deals"],
        "status": row["status"],
        "closed_short": row["closed_short"],
        "head": row["head"],
        "submitted_head": row["submitted_head"],
        "submitted_at": row["submitted_at"],
        "version": row["version"],
        "totals": _json(row["totals"], {}),
        "deals": [
            {
                "deal_no": d["deal_no"],
                "kind": d["kind"],
                "counts": bool(d["counts"]),
                "counted_no": d["counted_no"],
                "dealer": d["dealer"],
                "summary": d["summary"],
                "record": _json(d["record"], {}),
                "points": _json(d["points"], {}),
                "running": _json(d["running"]),
                "markers": _json(d["markers"], []),
                "explain": _json(d["explain"], []),
                "voided": d["voided"],
                "corrected": bool(d["corrected"]),
                "recorded_at": d["recorded_at"],
                "actor": _json(d["actor"]),
            }
            for d in deals
        ],
        "adjustments": [
            {**a, "points": _json(a["points"], {})}
            for a in rows(
                "SELECT position, deal_no, points, reason, article FROM adjustments "
                "WHERE list_id = ? ORDER BY position",
                [lid],
            )
        ],
        "disputes": rows(
            "SELECT dispute_no, deal_no, reason, raised_at, ruling, ruling_reason, article, "
            "ruled_at FROM disputes WHERE list_id = ? ORDER BY dispute_no",
            [lid],
        ),
    }


def _standings(rows: Rows, cid: str) -> list[dict[str, Any]]:
    return [
        {
            "rank": r["rank"],
            "player_id": r["player_id"],
            "name": r["name"],
            "total": r["total"],
            "tiebreak": _json(r["tiebreak"], []),
            "results": _json(r["results"], []),
            "details": _json(r["details"], {}),
            "explain": _json(r["explain"], []),
        }
        for r in rows(
            "SELECT * FROM standings WHERE competition_id = ? "
            "ORDER BY rank = 0, rank, name, player_id",
            [cid],
        )
    ]


def _standing_adjustments(rows: Rows, cid: str, who: Mapping[str, str]) -> list[dict[str, Any]]:
    return [
        {**a, "name": who.get(a["player_id"], a["player_id"])}
        for a in rows(
            "SELECT position, player_id, points, reason, article, timestamp "
            "FROM standing_adjustments WHERE competition_id = ? ORDER BY position",
            [cid],
        )
    ]


def _in(numbers: list[int]) -> str:
    return ", ".join("?" for _ in numbers) or "NULL"


def _evening_results(
    rows: Rows, cid: str, numbers: list[int], who: Mapping[str, str]
) -> list[dict[str, Any]]:
    return [
        {
            **r,
            "name": who.get(r["player_id"], r["player_id"]),
            "provisional": bool(r["provisional"]),
        }
        for r in rows(
            "SELECT evening, player_id, status, points, provisional, detail, field "
            "FROM evening_results "
            f"WHERE competition_id = ? AND evening IN ({_in(numbers)}) "
            "ORDER BY evening, points DESC, player_id",
            [cid, *numbers],
        )
    ]


def _travellers(
    rows: Rows, cid: str, numbers: list[int], who: Mapping[str, str]
) -> list[dict[str, Any]]:
    return [
        {
            "evening": r["evening"],
            "board": r["board"],
            "table": r["table_no"],
            "list_id": r["list_id"],
            "deal_no": r["deal_no"],
            "ns": r["ns"],
            "ns_name": who.get(r["ns"], r["ns"]),
            "ew": r["ew"],
            "ew_name": who.get(r["ew"], r["ew"]),
            "contract": r["contract"],
            "declarer": r["declarer"],
            "tricks": r["tricks"],
            "score": r["score"],
            "adjusted": _json(r["adjusted"]),
            "ns_mp": r["ns_mp"],
            "ew_mp": r["ew_mp"],
            "top": r["top"],
            "ns_pct": r["ns_pct"],
            "lead": r["lead"],
        }
        for r in rows(
            "SELECT t.*, json_extract(d.record, '$.lead') AS lead FROM travellers t "
            "LEFT JOIN deal_rows d ON d.list_id = t.list_id AND d.deal_no = t.deal_no "
            f"WHERE t.competition_id = ? AND t.evening IN ({_in(numbers)}) "
            "ORDER BY t.evening, t.board, t.table_no, t.deal_no",
            [cid, *numbers],
        )
    ]


# The audit trail as exported (format 1): the console's `details` stay out of the files.
TRAIL_COLUMNS = (
    "position, aggregate_id, kind, version, event, timestamp, role, client_id, mutation_id, "
    "actor_name, hash, prev_hash, summary"
)


def _audit(rows: Rows, ids: set[str]) -> list[dict[str, Any]]:
    if not ids:
        return []
    marks = ", ".join("?" for _ in ids)
    return rows(
        f"SELECT {TRAIL_COLUMNS} FROM audit_trail WHERE aggregate_id IN ({marks}) "
        "ORDER BY position",
        sorted(ids),
    )


def in_hundredths(picture: Mapping[str, Any]) -> bool:
    """Whether the competition's results are kept in hundredths: bridge matchpoints (MP %,
    centi-MP) and cross-IMPs (centi-IMPs); Butler IMPs are whole, like every other game's."""
    competition = picture["competition"]
    if competition["game"] != "bridge":
        return False
    return competition["counting"].get("method", "matchpoints") != "butler"

"""The competition as CSV files, one per table, for a spreadsheet.

A club secretary opens these in Excel or LibreOffice set to Dutch or German: so the files
are UTF-8 with a byte order mark (Excel then reads é, ë, ü, ß right), the separator is ``;``
and numbers with decimals (matchpoints, percentages) use a decimal comma, as those
spreadsheets expect. Whole numbers stay whole. One file per table keeps every sheet
rectangular; ``zip_all`` bundles them with the JSON document.

Text that a spreadsheet would take for a formula (a name starting with ``=``, ``+``, ``-``,
``@``, a tab or a carriage return: OWASP's list) starts with an invisible ZERO WIDTH SPACE
(U+200B), so its first character is no formula sign and the cell stays text. OWASP's own
advice, a leading ``'``, is shown when LibreOffice opens a CSV file (and, by the reports we
found, Excel); the zero-width space is not. Numbers, negative ones too (``-5``, ``-0,50``),
are written plainly and stay numbers (``tests/api/test_export_spreadsheet.py`` opens the
files in LibreOffice Calc).
"""

from __future__ import annotations

import csv
import io
import json
import re
import zipfile
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from .picture import deal_text, in_hundredths, seat_key, seat_value

BOM = "\ufeff"
SEPARATOR = ";"
YES, NO = "ja", "nee"
FORMULA = ("=", "+", "-", "@", "\t", "\r")
GUARD = "\u200b"  # ZERO WIDTH SPACE: not shown, and no formula starts with it
NUMBER = re.compile(r"[-+]?\d+(,\d+)?")
Table = tuple[list[str], list[list[Any]]]


def hundredths(value: int | None) -> str:
    """1234 → ``12,34``: a value kept in hundredths, written with a decimal comma."""
    if value is None:
        return ""
    sign = "-" if value < 0 else ""
    whole, cents = divmod(abs(int(value)), 100)
    return f"{sign}{whole},{cents:02d}"


def _yes(flag: Any) -> str:
    return YES if flag else NO


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return _yes(value)
    if isinstance(value, list | dict):
        return json.dumps(value, ensure_ascii=False, sort_keys=True)
    text = str(value)
    if isinstance(value, str) and text[:1] in FORMULA and not NUMBER.fullmatch(text):
        return GUARD + text  # a name like "=HYPERLINK(…)" stays text in a spreadsheet
    return text


def write(headers: list[str], rows: Iterable[list[Any]]) -> str:
    """One CSV file as text (with the BOM): headers first, then the rows."""
    out = io.StringIO()
    out.write(BOM)
    writer = csv.writer(out, delimiter=SEPARATOR, lineterminator="\r\n")
    writer.writerow(headers)
    for row in rows:
        writer.writerow([_text(cell) for cell in row])
    return out.getvalue()


def _dates(picture: Mapping[str, Any]) -> dict[int, str]:
    return {e["evening"]: e["date"] for e in picture["evenings"]}


def players(picture: Mapping[str, Any]) -> Table:
    return ["player_id", "name", "withdrawn"], [
        [p["player_id"], p["name"], p["withdrawn"]] for p in picture["players"]
    ]


def evenings(picture: Mapping[str, Any]) -> Table:
    names = {p["player_id"]: p["name"] for p in picture["players"]}
    headers = ["evening", "date", "closed", "draw_no", "seed", "player_id", "name", "attendance"]
    rows = []
    for e in picture["evenings"]:
        head = [e["evening"], e["date"], _yes(e["closed"]), e["draw_no"], e["seed"]]
        if not e["attendance"]:
            rows.append([*head, "", "", ""])
        for pid, status in e["attendance"].items():
            rows.append([*head, pid, names.get(pid, pid), status])
    return headers, rows


def _seats(picture: Mapping[str, Any]) -> list[str]:
    found = {s["seat"] for lst in picture["lists"] for s in lst["seats"]}
    return sorted(found, key=seat_key)


def lists(picture: Mapping[str, Any]) -> Table:
    seats = _seats(picture)
    dates = _dates(picture)
    headers = [
        "list_id",
        "evening",
        "date",
        "round",
        "table",
        "status",
        "planned_deals",
        "counted_deals",
        "closed_short",
        "submitted_at",
        "submitted_head",
        "head",
    ]
    headers += [f"{s} player" for s in seats] + [f"{s} total" for s in seats]
    rows = []
    for lst in picture["lists"]:
        by_seat = {s["seat"]: s["name"] for s in lst["seats"]}
        rows.append(
            [
                lst["list_id"], lst["evening"], dates.get(lst["evening"]), lst["round"],
                lst["table"], lst["status"], lst["planned_deals"], lst["counted_deals"],
                lst["closed_short"], lst["submitted_at"], lst["submitted_head"], lst["head"],
                *[by_seat.get(s, "") for s in seats],
                *[lst["totals"].get(s, "") for s in seats],
            ]
        )  # fmt: skip
    return headers, rows


def deals(picture: Mapping[str, Any]) -> Table:
    """Every deal of every list: what was played, whether it counts, each seat's points."""
    seats = _seats(picture)
    dates = _dates(picture)
    headers = [
        "evening",
        "date",
        "round",
        "table",
        "list_id",
        "deal",
        "kind",
        "counts",
        "counted_no",
        "dealer",
        "board",
        "summary",
        "markers",
        "voided",
        "corrected",
        "recorded_at",
    ]
    headers += [f"{s} player" for s in seats] + [f"{s} points" for s in seats]
    rows = []
    for lst in picture["lists"]:
        by_seat = {s["seat"]: s["name"] for s in lst["seats"]}
        for d in lst["deals"]:
            rows.append(
                [
                    lst["evening"], dates.get(lst["evening"]), lst["round"], lst["table"],
                    lst["list_id"], d["deal_no"], d["kind"], _yes(d["counts"]),
                    d["counted_no"], d["dealer"], d["record"].get("board"), deal_text(d),
                    " ".join(d["markers"]),
                    d["voided"], _yes(d["corrected"]), d["recorded_at"],
                    *[by_seat.get(s, "") for s in seats],
                    *[seat_value(d["points"], s) for s in seats],
                ]
            )  # fmt: skip
    return headers, rows


def _total(picture: Mapping[str, Any], value: int | None) -> Any:
    return hundredths(value) if in_hundredths(picture) else value


def standings(picture: Mapping[str, Any]) -> Table:
    """One line per player: rank, total, how many results count and how many are dropped."""
    headers = ["rank", "player_id", "name", "total", "counted", "dropped", "explain"]
    rows = [
        [
            line["rank"] or "",
            line["player_id"],
            line["name"],
            _total(picture, line["total"]),
            sum(1 for r in line["results"] if r.get("counts")),
            sum(1 for r in line["results"] if not r.get("counts")),
            " | ".join(line["explain"]),
        ]
        for line in picture["standings"]
    ]
    return headers, rows


def results(picture: Mapping[str, Any]) -> Table:
    """Each result behind the standings: counted or dropped, and why."""
    headers = ["rank", "player_id", "name", "result", "value", "counts", "reason"]
    rows = [
        [
            line["rank"] or "",
            line["player_id"],
            line["name"],
            r.get("key"),
            _total(picture, r.get("value")),
            _yes(r.get("counts")),
            r.get("reason"),
        ]
        for line in picture["standings"]
        for r in line["results"]
    ]
    return headers, rows


def evening_results(picture: Mapping[str, Any]) -> Table:
    dates = _dates(picture)
    headers = [
        "evening", "date", "player_id", "name", "status", "points", "provisional", "detail",
        "field",
    ]  # fmt: skip
    rows = [
        [
            r["evening"], dates.get(r["evening"]), r["player_id"], r["name"], r["status"],
            _total(picture, r["points"]), _yes(r["provisional"]), r["detail"], r.get("field"),
        ]
        for r in picture["evening_results"]
    ]  # fmt: skip
    return headers, rows


def adjustments(picture: Mapping[str, Any]) -> Table:
    """The director's adjustments: on a list (a deal's points) and on the standings."""
    headers = [
        "scope", "evening", "table", "list_id", "deal", "player_id", "name", "seat", "points",
        "reason", "article", "timestamp",
    ]  # fmt: skip
    rows: list[list[Any]] = []
    for lst in picture["lists"]:
        by_seat = {s["seat"]: s for s in lst["seats"]}
        for a in lst["adjustments"]:
            for seat, points in sorted(a["points"].items(), key=lambda i: seat_key(i[0])):
                who = by_seat.get(seat, {"player_id": "", "name": ""})
                rows.append(
                    [
                        "list", lst["evening"], lst["table"], lst["list_id"], a["deal_no"],
                        who["player_id"], who["name"], seat, points, a["reason"], a["article"],
                        "",
                    ]
                )  # fmt: skip
    for a in picture["standing_adjustments"]:
        rows.append(
            [
                "standings", "", "", "", "", a["player_id"], a["name"], "", a["points"],
                a["reason"], a["article"], a["timestamp"],
            ]
        )  # fmt: skip
    return headers, rows


def travellers(picture: Mapping[str, Any]) -> Table:
    """Bridge: every board's result per table, matchpoints and percentages with decimals."""
    headers = [
        "evening", "board", "table", "ns_pair", "ns", "ew_pair", "ew", "contract", "declarer",
        "lead", "tricks", "score_ns", "adjusted", "mp_ns", "mp_ew", "top", "pct_ns",
    ]  # fmt: skip
    rows = [
        [
            t["evening"], t["board"], t["table"], t["ns"], t["ns_name"], t["ew"], t["ew_name"],
            t["contract"], t["declarer"], t["lead"], t["tricks"], t["score"],
            " ".join(f"{k} {v}" for k, v in (t["adjusted"] or {}).items()),
            _total(picture, t["ns_mp"]), _total(picture, t["ew_mp"]), hundredths(t["top"]),
            hundredths(t["ns_pct"]),
        ]
        for t in picture["travellers"]
    ]  # fmt: skip
    return headers, rows


def audit(picture: Mapping[str, Any]) -> Table:
    where = _places(picture)
    headers = [
        "position", "timestamp", "kind", "aggregate_id", "where", "version", "event", "role",
        "actor", "client_id", "mutation_id", "summary", "hash", "prev_hash",
    ]  # fmt: skip
    rows = [
        [
            e["position"], e["timestamp"], e["kind"], e["aggregate_id"],
            where.get(e["aggregate_id"], ""), e["version"], e["event"], e["role"],
            e["actor_name"], e["client_id"], e["mutation_id"], e["summary"], e["hash"],
            e["prev_hash"],
        ]
        for e in picture["audit"]
    ]  # fmt: skip
    return headers, rows


def chains(picture: Mapping[str, Any]) -> Table:
    where = _places(picture)
    headers = ["aggregate_id", "kind", "where", "events", "head", "intact", "broken_at", "problem"]
    rows = [
        [
            c["aggregate_id"], c["kind"], where.get(c["aggregate_id"], ""), c["events"],
            c["head"], _yes(c["ok"]), c["broken_at"], c["problem"],
        ]
        for c in picture["chains"]
    ]  # fmt: skip
    return headers, rows


def _places(picture: Mapping[str, Any]) -> dict[str, str]:
    """Aggregate id → "competition" or "evening 2, round 1, table 3"."""
    out = {picture["competition"]["competition_id"]: "competition"}
    for lst in picture["lists"]:
        out[lst["list_id"]] = (
            f"evening {lst['evening']}, round {lst['round']}, table {lst['table']}"
        )
    return out


TABLES: dict[str, Callable[[Mapping[str, Any]], Table]] = {
    "players": players,
    "evenings": evenings,
    "lists": lists,
    "deals": deals,
    "standings": standings,
    "results": results,
    "evening_results": evening_results,
    "adjustments": adjustments,
    "travellers": travellers,
    "audit": audit,
    "chains": chains,
}
"""Every CSV table by name, in the order a reader would open them."""


def table(picture: Mapping[str, Any], name: str) -> str:
    """One table of the picture as a CSV file."""
    headers, rows = TABLES[name](picture)
    return write(headers, rows)


def zip_all(picture: Mapping[str, Any], stem: str, document: str) -> bytes:
    """Every table as ``<stem>/<table>.csv`` and the JSON document, in one zip file."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in TABLES:
            archive.writestr(f"{stem}/{name}.csv", table(picture, name).encode("utf-8"))
        archive.writestr(f"{stem}/{stem}.json", document.encode("utf-8"))
    return out.getvalue()

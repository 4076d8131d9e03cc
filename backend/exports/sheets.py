"""What a printed page shows, worked out once for the HTML page and the PDF: the standings
lines and the score lists, with every number already written as the reader expects it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .picture import deal_text, in_hundredths, seat_key, seat_value
from .words import words


def number(value: Any, picture: Mapping[str, Any], lang: str) -> str:
    """A total as printed: bridge percentages are kept in hundredths (6111 → 61,11)."""
    if value is None:
        return ""
    if not in_hundredths(picture):
        return str(value)
    sign = "-" if value < 0 else ""
    whole, cents = divmod(abs(int(value)), 100)
    point = "." if lang == "en" else ","
    return f"{sign}{whole}{point}{cents:02d}"


def standings_sheet(picture: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """The standings: one line per player with the results that count and those dropped."""
    w = words(lang)
    provisional = any(r["provisional"] for r in picture["evening_results"])
    lines = []
    for line in picture["standings"]:
        shown = [
            number(r.get("value"), picture, lang)
            if r.get("counts")
            else f"({number(r.get('value'), picture, lang)})"
            for r in line["results"]
        ]
        lines.append(
            {
                "rank": line["rank"] or "",
                "name": line["name"],
                "total": number(line["total"], picture, lang),
                "counted": sum(1 for r in line["results"] if r.get("counts")),
                "dropped": sum(1 for r in line["results"] if not r.get("counts")),
                "results": " · ".join(shown),
            }
        )
    return {
        "w": w,
        "lang": lang,
        "title": f"{picture['competition']['name']} — {w['standings']}",
        "club": picture["club"],
        "rules": picture["competition"]["rules_ref"],
        "provisional": provisional,
        "lines": lines,
    }


def lists_sheet(picture: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """The score lists of the picture (one evening, or all), each as on paper."""
    w = words(lang)
    dates = {e["evening"]: e["date"] for e in picture["evenings"]}
    blocks = []
    for lst in picture["lists"]:
        seats = sorted((s for s in lst["seats"]), key=lambda s: seat_key(s["seat"]))
        labels = [s["seat"] for s in seats]
        rows = []
        for d in lst["deals"]:
            note = w["voided"] if d["voided"] else ("" if d["counts"] else w["not_counted"])
            rows.append(
                {
                    "deal": d["deal_no"],
                    "dealer": d["dealer"] or "",
                    "what": deal_text(d) + (f" ({note})" if note else ""),
                    "points": [_signed(seat_value(d["points"], label)) for label in labels],
                    "running": [_signed(seat_value(d["running"], label)) for label in labels],
                    "counts": d["counts"],
                }
            )
        blocks.append(
            {
                "heading": (
                    f"{w['evening']} {lst['evening']} · {dates.get(lst['evening']) or ''} · "
                    f"{w['round']} {lst['round']} · {w['table']} {lst['table']}"
                ),
                "seats": [{"seat": s["seat"], "name": s["name"]} for s in seats],
                "rows": rows,
                "totals": [_signed(lst["totals"].get(label)) for label in labels],
                "status": w["submitted"] if lst["status"] == "submitted" else w["open"],
                "submitted_at": lst["submitted_at"] or "",
                "head": lst["submitted_head"] or lst["head"] or "",
                "closed_short": lst["closed_short"] or "",
                "adjustments": [
                    f"{w['deal']} {a['deal_no']}: {a['reason']} ({a['article'] or ''})"
                    for a in lst["adjustments"]
                ],
            }
        )
    evening = picture.get("evening")
    title = picture["competition"]["name"] + " — " + w["lists"]
    if evening is not None:
        title += f" — {w['evening']} {evening} ({dates.get(evening) or ''})"
    return {"w": w, "lang": lang, "title": title, "club": picture["club"], "lists": blocks}


def _signed(value: Any) -> str:
    if value is None:
        return ""
    return f"+{value}" if isinstance(value, int) and value > 0 else str(value)

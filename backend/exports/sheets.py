"""What a printed page shows, worked out once for the HTML page and the PDF: the standings
lines and the score lists, with every number already written as the reader expects it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .dates import written
from .deal_words import deal_line, dealer, seat
from .picture import in_hundredths, seat_key, seat_value
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
    decided = deciding_tiebreaks(picture["standings"])
    for line, tiebreak in zip(picture["standings"], decided, strict=True):
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
                "decided_by": (
                    f"{w['tb_' + tiebreak]} {line['details'].get(tiebreak)}" if tiebreak else ""
                ),
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
        "fields": fields(picture["standings"], lines, w),
        "tiebreaks": picture["competition"].get("game") == "schafkopf",
        "notes": corrections(picture, w),  # public: without the director's free text
    }


FIELDS = ("NS", "EW")  # a bridge Mitchell's two directions


def fields(
    standings: list[dict[str, Any]], lines: list[dict[str, Any]], w: Mapping[str, str]
) -> list[dict[str, Any]]:
    """The lines as one field (heading ""), or for a bridge Mitchell (every pair sat one
    direction: ``details.field_rank``) as two, North-South and East-West, each with its
    own places: the Mitchell has two winners."""
    if not standings or any("field_rank" not in s["details"] for s in standings):
        return [{"key": None, "heading": "", "lines": lines}]
    out = []
    for side in FIELDS:
        own = [
            {**line, "rank": s["details"]["field_rank"]}
            for s, line in zip(standings, lines, strict=True)
            if s["details"].get("direction") == side
        ]
        own.sort(key=lambda line: line["rank"])
        out.append({"key": side, "heading": w[f"field_{side}"], "lines": own})
    return out


def corrections(picture: Mapping[str, Any], w: Mapping[str, str]) -> list[str]:
    """What changed the lists behind the standings, one line each: a list closed early, a
    deal corrected or voided by the director's ruling, an adjustment by points. The
    standings are public: the director's reasons stay in the lists (director only)."""
    out = []
    for lst in picture.get("lists", []):
        where = (
            f"{w['evening']} {lst['evening']} · {w['round']} {lst['round']} · "
            f"{w['table']} {lst['table']}"
        )
        if lst.get("closed_short"):
            out.append(f"{where}: {w['closed_short']}")
        ruled = _rulings(lst)
        for d in lst["deals"]:
            note = _ruling_note(d, ruled, w, reasons=False)
            if note:
                out.append(f"{where} · {w['deal']} {d['deal_no']}: {note}")
        labels = [s["seat"] for s in lst["seats"]]
        out.extend(
            f"{where} · {_adjustment(a, labels, w, reasons=False)}"
            for a in lst.get("adjustments", [])
        )
    return out


def _rulings(lst: Mapping[str, Any]) -> dict[int, dict[str, Any]]:
    """The director's last ruling on each deal of a list that was ruled on."""
    return {d["deal_no"]: d for d in lst.get("disputes", []) if d.get("ruling")}


def _ruling_note(
    deal: Mapping[str, Any], ruled: Mapping[int, Any], w: Mapping[str, str], reasons: bool = True
) -> str:
    """ "corrected by the director (reason)", "voided by the director (reason)" or ""."""
    ruling = ruled.get(deal["deal_no"])
    given = reasons and ruling and ruling.get("ruling_reason")
    reason = f": {ruling['ruling_reason']}" if given else ""
    if deal.get("corrected"):
        return w["corrected"] + reason
    if deal.get("voided") and ruling and ruling.get("ruling") == "voided":
        return w["voided_by_ruling"] + reason
    return ""


def _adjustment(
    a: Mapping[str, Any], labels: list[str], w: Mapping[str, str], reasons: bool = True
) -> str:
    """An adjustment by points as printed: "Adjustment, deal 3: 1 -5, 2 +5 · reason (art.)"."""
    points = ", ".join(
        f"{label} {_signed(seat_value(a['points'], label))}"
        for label in labels
        if seat_value(a["points"], label) not in (None, 0)
    )
    article = f" ({a['article']})" if a.get("article") else ""
    why = f" · {a['reason']}{article}" if reasons else article
    return f"{w['adjustment']}, {w['deal']} {a['deal_no']}: {points}{why}"


TIEBREAK_ORDER = ("touts", "solos_won", "solos_played", "lot")  # Schafkopf Nr. 9


def deciding_tiebreaks(lines: list[dict[str, Any]]) -> list[str | None]:
    """Per line (in rank order), the tie-break that decided its place against a neighbour on
    the same total: the first of Nr. 9's in which the two differ (None: level with nobody)."""
    out: list[str | None] = [None] * len(lines)
    for i in range(1, len(lines)):
        a, b = lines[i - 1], lines[i]
        if not a["rank"] or not b["rank"] or a["total"] != b["total"]:
            continue
        for name in TIEBREAK_ORDER:
            if a.get("details", {}).get(name) != b.get("details", {}).get(name):
                out[i - 1] = out[i - 1] or name
                out[i] = name
                break
    return out


def lists_sheet(picture: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """The score lists of the picture (one evening, or all), each as on paper."""
    w = words(lang)
    dates = {e["evening"]: written(e["date"], lang) for e in picture["evenings"]}
    blocks = []
    for lst in picture["lists"]:
        seats = sorted((s for s in lst["seats"]), key=lambda s: seat_key(s["seat"]))
        labels = [s["seat"] for s in seats]
        rows = []
        ruled = _rulings(lst)
        for d in lst["deals"]:
            # voided or ruled on: a note of its own (the PDF gives it a line); "does not
            # count" (a pas rond, a game nobody played) is short and stays beside the deal
            struck = _ruling_note(d, ruled, w) or (w["voided"] if d["voided"] else "")
            aside = "" if struck or d["counts"] else f" ({w['not_counted']})"
            rows.append(
                {
                    "deal": d["deal_no"],
                    "dealer": dealer(d, w),
                    "what": deal_line(d, w) + (f" ({struck})" if struck else aside),
                    "played": deal_line(d, w) + aside,
                    "note": struck,
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
                "seats": [{"seat": seat(s["seat"], w), "name": s["name"]} for s in seats],
                "rows": rows,
                "totals": [_signed(lst["totals"].get(label)) for label in labels],
                "status": w["submitted"] if lst["status"] == "submitted" else w["open"],
                "submitted_at": written(lst["submitted_at"], lang),
                "head": lst["submitted_head"] or lst["head"] or "",
                "closed_short": lst["closed_short"] or "",
                "adjustments": [_adjustment(a, labels, w) for a in lst["adjustments"]],
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

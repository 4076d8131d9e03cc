"""The public standings pages: ``/standings/<id>`` and ``/standings/<id>/evenings/<n>``.

No login and no script: rendered on the server from the same read models as the standings
API, into autoescaped Jinja templates (names are user input; nothing is marked safe), with
one stylesheet that also prints. Each page shows the chain heads of the submitted lists, so
a player can check that the list he signed is the one that counts. A club links to these
pages from its own site. An unknown competition or evening is a 404 page, not JSON.
"""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from itertools import groupby
from typing import Any

from flask import Response, make_response, render_template, request, url_for

from ..instance.services import services
from ..projections import queries, traveller_marks
from .app_pages import PagesBlueprint
from .public_play import played_deals
from .public_words import (
    LANGUAGES,
    WORDS,
    day,
    detail_words,
    moment,
    number,
    pick_language,
    reason_words,
    rules_title,
)

blp = PagesBlueprint(
    "public_pages",
    __name__,
    template_folder="templates",
    static_folder="static",
    static_url_path="/standings/static",
)
TIEBREAKS = ("touts", "solos_won", "solos_played", "lot")
# With ``?wall`` a page reloads itself this often (seconds): a screen on the café's wall
# follows the evening without a script. Only when asked: a page that reloads by itself
# takes a screen reader's place away (WCAG 2.2.1, axe's meta-refresh rule).
REFRESH = 60
SAT_OUT = re.compile(r"\(sat out, SB-8\)")


def _rows(sql: str, params: list[Any]) -> list[dict[str, Any]]:
    return services().views.rows(sql, params)


def _evening_of(key: str) -> int | None:
    """The evening a result key belongs to: "2025-09-07 (#1)", "Durchgang 1 (2)"."""
    dated = re.search(r"\(#(\d+)\)$", key)
    if dated:
        return int(dated.group(1))
    durchgang = re.fullmatch(r"Durchgang \d+(?: \((\d+)\))?", key)
    return int(durchgang.group(1) or 1) if durchgang else None


def _bare(key: str) -> str:
    """A result key without its evening number: "2025-09-04 (#1)" → "2025-09-04"."""
    return re.sub(r" \(#\d+\)$", "", key)


def _cell(result: dict[str, Any], unit: str, lang: str) -> dict[str, Any]:
    reason = result["reason"]
    return {
        "text": number(result["value"], unit, lang),
        "value": result["value"],
        "counts": result["counts"],
        "reason": reason_words(reason, lang),
        "notice": reason.startswith("absent with notice"),
        "sat_out": len(SAT_OUT.findall(reason)),
    }


def _submitted(cid: str, evening: int | None = None) -> list[dict[str, Any]]:
    sql = (
        "SELECT evening, round, table_no, submitted_head, submitted_at FROM lists "
        "WHERE competition_id = ? AND status = 'submitted'"
    )
    params: list[Any] = [cid]
    if evening is not None:
        sql += " AND evening = ?"
        params.append(evening)
    return _rows(sql + " ORDER BY evening, round, table_no", params)


def season(comp: dict[str, Any], lang: str) -> dict[str, Any]:
    """The season table of one competition, cell by cell, in the page's language."""
    cid = comp["competition_id"]
    lines = _rows(
        "SELECT * FROM standings WHERE competition_id = ? ORDER BY rank = 0, rank, name, player_id",
        [cid],
    )
    for line in lines:
        line["results"] = json.loads(line["results"])
        line["details"] = json.loads(line["details"])
    unit = next((line["details"].get("unit") for line in lines), None) or "points"
    keys: list[str] = []
    for line in lines:
        keys += [r["key"] for r in line["results"] if r["key"] not in keys]
    columns = sorted((k for k in keys if _evening_of(k) is not None), key=_evening_of)
    rulings = any(_evening_of(k) is None for k in keys)
    table = []
    for line in lines:
        by_key = {r["key"]: r for r in line["results"]}
        table.append(
            {
                "rank": line["rank"] or "–",
                "name": line["name"],
                "cells": [_cell(by_key[k], unit, lang) if k in by_key else None for k in columns],
                "rulings": [
                    {"text": f"{r['value']:+d}", "reason": reason_words(r["reason"], lang)}
                    for r in line["results"]
                    if _evening_of(r["key"]) is None
                ],
                "tiebreak": [line["details"].get(name) for name in TIEBREAKS],
                "total": number(line["total"], unit, lang),
            }
        )
    results = _rows(
        "SELECT status, provisional FROM evening_results WHERE competition_id = ?", [cid]
    )
    return {
        "columns": [
            {"label": day(_bare(k), lang, numeric=True), "evening": _evening_of(k)} for k in columns
        ],
        "lines": table,
        "fields": fields(lines, table),
        "rulings": rulings,
        "tiebreaks": comp["game"] == "schafkopf",
        "rule": counting_rule(comp, unit, lang),
        "dropped": any(not r["counts"] for line in lines for r in line["results"]),
        "notice": _option(comp, "absent_with_notice", 4200),
        "sit_out": _option(comp, "sit_out", 1600),
        "provisional": any(r["provisional"] for r in results if r["status"] != "error"),
    }


def fields(lines: list[dict[str, Any]], table: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The season table as one field, or, for a bridge Mitchell (every pair sat one direction:
    ``details.field_rank``), as two: North-South and East-West, each with its own places."""
    if not lines or any("field_rank" not in line["details"] for line in lines):
        return [{"key": None, "lines": table}]
    out = []
    for side in ("NS", "EW"):
        rows = [
            {**row, "rank": line["details"]["field_rank"]}
            for line, row in zip(lines, table, strict=True)
            if line["details"].get("direction") == side
        ]
        out.append({"key": side, "lines": sorted(rows, key=lambda row: row["rank"])})
    return out


def counting_rule(comp: dict[str, Any], unit: str, lang: str) -> str:
    """The competition's counting rule in words, with its numbers."""
    words, counting = WORDS[lang], json.loads(comp["counting"] or "{}")
    game = comp["game"]
    if game == "wiezen":
        best = counting.get("best") or _option(comp, "season_best", 9)
        sundays = counting.get("evenings") or _option(comp, "season_sundays", 15)
        return words["rule_wiezen"].format(best=best, sundays=sundays)
    if game == "klaverjas":
        notice, sit = _option(comp, "absent_with_notice", 4200), _option(comp, "sit_out", 1600)
        return words["rule_klaverjas"].format(notice=notice, sit=sit)
    if game == "schafkopf":
        return words["rule_schafkopf"]
    return words["rule_bridge_mp" if unit == "pct_hundredths" else "rule_bridge_imps"]


def evening_results(comp: dict[str, Any], evening: int, lang: str) -> dict[str, Any]:
    """One evening's results (places among those who played) and, for bridge, travellers."""
    cid = comp["competition_id"]
    unit = (
        next(
            (
                json.loads(r["details"]).get("unit")
                for r in _rows("SELECT details FROM standings WHERE competition_id = ?", [cid])
            ),
            None,
        )
        or "points"
    )
    who = queries.names(services().views, cid)
    rows = _rows(
        "SELECT player_id, status, points, provisional, detail, field FROM evening_results "
        "WHERE competition_id = ? AND evening = ? ORDER BY status != 'played', points DESC, "
        "player_id",
        [cid, evening],
    )
    played = [(r["field"], r["points"]) for r in rows if r["status"] == "played"]
    sit_out = _option(comp, "sit_out", 1600)
    results = [
        {
            # a place among those who played, in the pair's own direction (a Mitchell)
            "place": [p for p in played if p[0] == r["field"]].index((r["field"], r["points"])) + 1
            if r["status"] == "played"
            else "–",
            "field": r["field"],
            "name": who.get(r["player_id"], r["player_id"]),
            "status": r["status"],
            "text": number(r["points"], unit, lang),
            "provisional": bool(r["provisional"]),
            "parts": [
                {"text": str(sit_out), "sat_out": True} if part == "sat_out" else {"text": part}
                for part in r["detail"].split(" + ")
            ]
            if comp["game"] == "klaverjas" and r["status"] == "played"
            else [{"text": detail_words(r["detail"], lang)}]
            if r["status"] == "played"
            else [],  # an absence: its status says it (and klaverjas marks its value)
        }
        for r in rows
    ]
    return {
        "results": results,
        "fields": evening_fields(results),
        "provisional": any(r["provisional"] for r in results),
        "boards": _travellers(cid, evening, who, unit) if comp["game"] == "bridge" else [],
        "mp": unit == "pct_hundredths",
    }


FIELDS = ("NS", "EW")  # a bridge Mitchell's two directions, each with its own winner


def evening_fields(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """An evening's results as one field, or for a bridge Mitchell as two, North-South and
    East-West (each pair's ``field``), each with its own places."""
    if not any(r["field"] for r in results):
        return [{"key": None, "results": results}]
    fields = [
        {"key": side, "results": [r for r in results if r["field"] == side]} for side in FIELDS
    ]
    others = [r for r in results if r["field"] not in FIELDS]
    return fields + ([{"key": None, "results": others}] if others else [])


def _option(comp: dict[str, Any], name: str, default: int) -> int:
    options = json.loads(comp["rules"]).get("options", {})
    value = options.get(name, default) if isinstance(options, dict) else default
    return value if isinstance(value, int) else default


def _travellers(cid: str, evening: int, who: dict[str, str], unit: str) -> list[dict[str, Any]]:
    rows = _rows(
        "SELECT * FROM travellers WHERE competition_id = ? AND evening = ? "
        "ORDER BY board, ns_mp DESC, table_no, deal_no",
        [cid, evening],
    )
    mp = unit == "pct_hundredths"
    marked = traveller_marks.marks(_rows, cid, evening)

    def centi(value: int | None) -> str:
        return "–" if value is None else number(value, "imp_hundredths", "en")[:-4]

    boards = []
    for board, group in groupby(rows, key=lambda r: r["board"]):
        entries = list(group)
        boards.append(
            {
                "board": board,
                "top": centi(entries[0]["top"]) if mp else None,
                "results": [
                    {
                        "table": r["table_no"],
                        "ns": who.get(r["ns"], r["ns"]),
                        "ew": who.get(r["ew"], r["ew"]),
                        "contract": r["contract"],
                        "adjusted": json.loads(r["adjusted"] or "null"),
                        "declarer": r["declarer"] or "–",
                        "tricks": "–" if r["tricks"] is None else r["tricks"],
                        "score": "–" if r["score"] is None else r["score"],
                        "ns_mp": centi(r["ns_mp"]) if mp else number(r["ns_mp"], unit, "en"),
                        "ew_mp": centi(r["ew_mp"]) if mp else number(r["ew_mp"], unit, "en"),
                        "ns_pct": number(r["ns_pct"], "pct_hundredths", "en") if mp else None,
                        "lead": r["lead"] or "–",
                        "marks": marked.get((r["list_id"], r["deal_no"]), []),
                    }
                    for r in entries
                ],
            }
        )
    return boards


def _page(template: str, status: int = 200, **context: Any) -> Response:
    lang = context["lang"]
    response = make_response(
        render_template(
            template,
            w=WORDS[lang],
            languages=LANGUAGES,
            css=url_for("public_pages.static", filename="troef_public.css"),
            read_at=moment(datetime.now(UTC).astimezone(), lang),
            day=lambda iso: day(iso, lang),
            when=lambda stamp: _clock(stamp, lang),
            **context,
        ),
        status,
    )
    response.headers["Cache-Control"] = "no-cache"
    response.headers["Content-Language"] = lang
    return response


def _wall() -> int | None:
    return REFRESH if "wall" in request.args else None


def _language() -> str:
    return pick_language(request.args.get("lang"), request.accept_languages)


def _current(cid: str, lang: str) -> dict[str, str | None]:
    """Up to which event the results are current, and since when they lag, in words."""
    now = services().views.current(cid)
    words = WORDS[lang]
    return {
        "current": words["current"].format(event=now["event"], at=_clock(now["at"], lang)),
        "behind": None
        if now["behind_since"] is None
        else words["behind"].format(since=_clock(now["behind_since"], lang)),
    }


def _clock(stamp: str | None, lang: str) -> str:
    """A stored UTC time as the club's clock shows it: date and hour:minute."""
    if stamp is None:
        return "–"
    return moment(datetime.fromisoformat(stamp).astimezone(), lang)


def _missing(lang: str) -> Response:
    return _page("troef_public_missing.html", 404, lang=lang)


@blp.get("/standings/<competition_id>")
def standings_page(competition_id: str) -> Response:
    """The season table, the evenings and the chain heads (public, no script)."""
    lang = _language()
    try:
        comp = queries.competition(services().views, competition_id)
    except queries.Missing:
        return _missing(lang)
    cid = comp["competition_id"]
    services().views.settle(cid)
    evenings = _rows(
        "SELECT evening, date, closed FROM evenings WHERE competition_id = ? ORDER BY evening",
        [cid],
    )
    table = season(comp, lang)
    return _page(
        "troef_public_standings.html",
        lang=lang,
        comp=comp,
        rules_title=rules_title(
            comp["rules_ref"], json.loads(comp["rules"]).get("title", comp["rules_ref"]), lang
        ),
        season=table,
        evenings=evenings,
        lists=_submitted(cid),
        current=_current(cid, lang),
        here=request.path,
        refresh=_wall(),
    )


@blp.get("/standings/<competition_id>/evenings/<int:number>")
def evening_page(competition_id: str, number: int) -> Response:
    """One evening's results, its travellers (bridge) and its lists' chain heads."""
    lang = _language()
    try:
        comp = queries.competition(services().views, competition_id)
        row = queries.evening(services().views, comp["competition_id"], number)
    except queries.Missing:
        return _missing(lang)
    cid = comp["competition_id"]
    services().views.settle(cid)
    data = evening_results(comp, number, lang)
    return _page(
        "troef_public_evening.html",
        lang=lang,
        comp=comp,
        evening=row,
        data=data,
        lists=_submitted(cid, number),
        played=played_deals(cid, number, comp["game"], bool(row.get("closed"))),
        current=_current(cid, lang),
        here=request.path,
        refresh=_wall(),
    )

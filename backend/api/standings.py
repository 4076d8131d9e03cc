"""Standings, evening results and bridge travellers: public, straight from the read models."""

from __future__ import annotations

import json
from itertools import groupby
from typing import Any

from flask.views import MethodView
from flask_smorest import Blueprint

from ..projections import traveller_marks
from ..schemas.standings import EveningResultsSchema, StandingsSchema, TravellersSchema
from .access import refusals
from .evenings import EVENING
from .lookups import competition, names, player
from .lookups import evening as evening_row
from .services import services

blp = Blueprint(
    "standings",
    __name__,
    url_prefix="/api/competitions/<competition_id>",
    description="Standings with the working, evening results and bridge travellers (public).",
)


@blp.route("/standings")
class Standings(MethodView):
    @blp.response(200, StandingsSchema)
    @refusals(blp, 404)
    def get(self, competition_id: str) -> dict[str, Any]:
        """The standings: each line's results, counted or dropped with the reason, and the
        chain heads of the submitted lists."""
        comp = competition(competition_id)
        cid = comp["competition_id"]
        views = services().views
        views.settle(cid)
        lines = [
            {
                "rank": r["rank"],
                "player_id": r["player_id"],
                "name": r["name"],
                "total": r["total"],
                "tiebreak": json.loads(r["tiebreak"]),
                "results": json.loads(r["results"]),
                "details": json.loads(r["details"]),
                "explain": json.loads(r["explain"]),
            }
            for r in views.rows(
                "SELECT * FROM standings WHERE competition_id = ? "
                "ORDER BY rank = 0, rank, name, player_id",
                [cid],
            )
        ]
        results = views.rows(
            "SELECT status, provisional, detail FROM evening_results WHERE competition_id = ?",
            [cid],
        )
        submitted = views.rows(
            "SELECT list_id, evening, round, table_no AS 'table', submitted_head, submitted_at "
            "FROM lists WHERE competition_id = ? AND status = 'submitted' "
            "ORDER BY evening, round, table_no",
            [cid],
        )
        return {
            "competition_id": cid,
            "name": comp["name"],
            "game": comp["game"],
            "rules_ref": comp["rules_ref"],
            "unit": next((line["details"].get("unit") for line in lines), None) or "points",
            "head": comp["head"],
            "provisional": any(r["provisional"] for r in results if r["status"] != "error"),
            "problems": [r["detail"] for r in results if r["status"] == "error"],
            "lines": lines,
            "lists": submitted,
            "current": views.current(cid),
        }


@blp.route("/evenings" + EVENING + "/results")
class EveningResults(MethodView):
    @blp.response(200, EveningResultsSchema)
    @refusals(blp, 404)
    def get(self, competition_id: str, evening: int) -> dict[str, Any]:
        """Each player's result of one evening (provisional until the lists are submitted)."""
        row = evening_row(competition_id, evening)
        cid = row["competition_id"]
        services().views.settle(cid)
        who = names(cid)
        results = [
            {**player(r["player_id"], who), **r, "provisional": bool(r["provisional"])}
            for r in services().views.rows(
                "SELECT player_id, status, points, provisional, detail, field FROM evening_results "
                "WHERE competition_id = ? AND evening = ? ORDER BY points DESC, player_id",
                [cid, evening],
            )
        ]
        return {
            "competition_id": cid,
            "evening": evening,
            "date": row["date"],
            "provisional": any(r["provisional"] for r in results),
            "results": results,
        }


@blp.route("/evenings" + EVENING + "/travellers")
class Travellers(MethodView):
    @blp.response(200, TravellersSchema)
    @refusals(blp, 404)
    def get(self, competition_id: str, evening: int) -> dict[str, Any]:
        """Bridge: every board's results with matchpoints and percentages (empty for others)."""
        row = evening_row(competition_id, evening)
        cid = row["competition_id"]
        services().views.settle(cid)
        who = names(cid)
        rows = services().views.rows(
            "SELECT * FROM travellers WHERE competition_id = ? AND evening = ? "
            "ORDER BY board, ns_mp DESC, table_no, deal_no",
            [cid, evening],
        )
        marked = traveller_marks.marks(services().views.rows, cid, evening)
        boards = []
        for board, group in groupby(rows, key=lambda r: r["board"]):
            entries = list(group)
            boards.append(
                {
                    "board": board,
                    "top": entries[0]["top"],
                    "results": [
                        _traveller(r, who) | {"marks": marked.get((r["list_id"], r["deal_no"]), [])}
                        for r in entries
                    ],
                }
            )
        comp = competition(cid)
        bridge = comp["game"] == "bridge"
        method = (
            json.loads(comp["counting"] or "{}").get("method", "matchpoints") if bridge else None
        )
        return {
            "competition_id": cid,
            "evening": evening,
            "game": comp["game"],
            "method": method,
            "unit": BOARD_UNITS.get(method or "") if bridge else None,
            "boards": boards,
        }


# What a traveller row's ns_mp / ew_mp count in, by the session's scoring (Bridge §B7, §B8).
BOARD_UNITS = {"matchpoints": "centi_mp", "butler": "imps", "cross_imps": "imp_hundredths"}


def _traveller(r: dict[str, Any], who: dict[str, str]) -> dict[str, Any]:
    return {
        "table": r["table_no"],
        "list_id": r["list_id"],
        "deal_no": r["deal_no"],
        "ns": player(r["ns"], who),
        "ew": player(r["ew"], who),
        "contract": r["contract"],
        "declarer": r["declarer"],
        "tricks": r["tricks"],
        "lead": r["lead"],
        "score": r["score"],
        "adjusted": json.loads(r["adjusted"] or "null"),
        "ns_mp": r["ns_mp"],
        "ew_mp": r["ew_mp"],
        "ns_pct": r["ns_pct"],
    }

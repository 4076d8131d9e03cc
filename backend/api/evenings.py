"""Evenings: scheduling, attendance, the draw by lot, table cards, and closing."""

from __future__ import annotations

import json
from typing import Any

from flask.views import MethodView
from flask_smorest import Blueprint

from ..schemas.evenings import (
    AttendanceSchema,
    AttendanceSetSchema,
    CardsSchema,
    DrawArgsSchema,
    EveningCreateSchema,
    EveningSchema,
)
from .access import director, director_only, private, refusals
from .auth import join_code
from .commands import keyed, send
from .joining import pair_numbers
from .lookups import canonical, competition, names, player, seated
from .lookups import evening as evening_row
from .services import services
from .table_link import qr_svg, table_url

blp = Blueprint(
    "evenings",
    __name__,
    url_prefix="/api/competitions/<competition_id>/evenings",
    description="A competition's evenings: attendance, the draw, table cards, closing.",
)
EVENING = "/<int(min=1, max=9999):evening>"
CLOSED = (409, "the evening is closed (or, to close it, a list is still open)")
DRAWN = (409, "the evening is closed, or play has started (the attendance stays as drawn)")


@blp.route("")
class Evenings(MethodView):
    @director_only
    @keyed
    @blp.arguments(EveningCreateSchema)
    @blp.response(201, EveningSchema)
    @refusals(blp, 400, 401, 403, 404, 422)
    def post(self, data: dict[str, Any], competition_id: str) -> dict[str, Any]:
        """Schedule the next evening on a date (director)."""
        cid = canonical(competition_id, "competition")
        number = send(director(), "schedule_evening", cid, date=data["date"].isoformat())
        return detail(cid, number)


@blp.route(EVENING)
class Evening(MethodView):
    @blp.response(200, EveningSchema)
    @refusals(blp, 404)
    def get(self, competition_id: str, evening: int) -> dict[str, Any]:
        """An evening: who is present, the draw with its seed and tables, and its lists."""
        return detail(competition_id, evening)


@blp.route(EVENING + "/attendance/<player_id>")
class Attendance(MethodView):
    @director_only
    @keyed
    @blp.arguments(AttendanceSetSchema)
    @blp.response(200, AttendanceSchema)
    @refusals(blp, 400, 401, 403, 404, DRAWN, 422)
    def put(
        self, data: dict[str, Any], competition_id: str, evening: int, player_id: str
    ) -> dict[str, Any]:
        """Record whether a player is present, absent with notice, or absent (director)."""
        cid = canonical(competition_id, "competition")
        send(
            director(),
            "record_attendance",
            cid,
            evening=evening,
            player_id=player_id,
            status=data["status"],
        )
        return {**player(player_id, names(cid)), "status": data["status"]}


@blp.route(EVENING + "/draw")
class Draw(MethodView):
    @director_only
    @keyed
    @blp.arguments(
        DrawArgsSchema,
        required=False,
        description="optional: without a body (or a seed) a random seed is drawn and recorded",
    )
    @blp.response(200, EveningSchema)
    @refusals(
        blp,
        400,
        401,
        403,
        404,
        (409, "the first deal is recorded (the draw stands), or the evening is closed"),
        422,
    )
    def post(self, data: dict[str, Any], competition_id: str, evening: int) -> dict[str, Any]:
        """Draw the tables by lot from a recorded seed; again until the first deal (director).

        A new draw cancels the lists of the one before it.
        """
        cid = canonical(competition_id, "competition")
        send(director(), "draw_seating", cid, evening=evening, seed=data.get("seed"))
        return detail(cid, evening)


@blp.route(EVENING + "/cards")
class Cards(MethodView):
    @director_only
    @blp.response(200, CardsSchema)
    @refusals(blp, 401, 403, 404)
    def get(self, competition_id: str, evening: int) -> Any:
        """The table cards to print: table, round, seats, join code and its QR code (director)."""
        row = evening_row(competition_id, evening)
        comp = competition(row["competition_id"])
        who = names(comp["competition_id"])
        cards = [
            {
                "list_id": lst["list_id"],
                "round": lst["round"],
                "table": lst["table_no"],
                "seats": seated(lst["seats"], who),
                "boards": json.loads(lst["boards"] or "null"),
                "join_code": join_code(lst["list_id"]),
                "status": lst["status"],
            }
            for lst in lists(comp["competition_id"], evening)
        ]
        if comp["game"] == "bridge":
            cards = table_cards(cards, lists(comp["competition_id"], evening), who)
        for card in cards:
            card["join_url"] = table_url(card["join_code"])
            card["qr"] = qr_svg(card["join_url"])
        return private(
            {
                "competition_id": comp["competition_id"],
                "name": comp["name"],
                "game": comp["game"],
                "evening": evening,
                "date": row["date"],
                "cards": cards,
            }
        )


@blp.route(EVENING + "/close")
class Close(MethodView):
    @director_only
    @keyed
    @blp.response(200, EveningSchema)
    @refusals(blp, 401, 403, 404, CLOSED)
    def post(self, competition_id: str, evening: int) -> dict[str, Any]:
        """Close an evening once every list of it is submitted (director)."""
        cid = canonical(competition_id, "competition")
        send(director(), "close_evening", cid, evening=evening)
        return detail(cid, evening)


def table_cards(
    cards: list[dict[str, Any]], rows: list[dict[str, Any]], who: dict[str, str]
) -> list[dict[str, Any]]:
    """Bridge: one card per table for the whole evening, with the code of the table's first
    list (it leads to the round in play once that list is submitted: docs/seating.md) and
    the movement at that table: per round the boards and the pairs, by number and name."""
    by_table: dict[int, dict[str, Any]] = {}
    for card, row in zip(cards, rows, strict=True):
        seats = json.loads(row["seats"])
        step = {
            "round": row["round"],
            "boards": card["boards"],
            "pairs": pair_numbers(row, seats),
            "names": {side: who.get(pid, pid) for side, pid in seats.items()},
        }
        first = by_table.setdefault(card["table"], {**card, "schedule": []})
        first["schedule"].append(step)
    return [by_table[table] for table in sorted(by_table)]


def lists(cid: str, number: int) -> list[dict[str, Any]]:
    """The evening's lists of its current draw, by round and table."""
    return services().views.rows(
        "SELECT * FROM lists WHERE competition_id = ? AND evening = ? AND status != 'cancelled' "
        "ORDER BY round, table_no",
        [cid, number],
    )


def detail(competition_id: str, number: int) -> dict[str, Any]:
    """An evening as the public sees it."""
    row = evening_row(competition_id, number)
    cid = row["competition_id"]
    who = names(cid)
    open_lists = lists(cid, number)
    status = {
        r["player_id"]: r["status"]
        for r in services().views.rows(
            "SELECT player_id, status FROM attendance WHERE competition_id = ? AND evening = ?",
            [cid, number],
        )
    }
    return {
        "competition_id": cid,
        "evening": number,
        "date": row["date"],
        "closed": bool(row["closed"]),
        "attendance": [{**player(p, who), "status": status.get(p)} for p in who],
        "draw": drawn(row, who),
        # Attendance changed after the draw cancelled its lists: the director draws again.
        "draw_stale": bool(row["draw"]) and not open_lists,
        "lists": [
            {
                "list_id": lst["list_id"],
                "round": lst["round"],
                "table": lst["table_no"],
                "status": lst["status"],
                "closed_short": lst["closed_short"],
                "planned_deals": lst["planned_deals"],
                "counted_deals": lst["counted_deals"],
                "rows": lst["rows"],
                "open_disputes": lst["open_disputes"],
                "submitted_head": lst["submitted_head"],
            }
            for lst in open_lists
        ],
    }


def drawn(row: dict[str, Any], who: dict[str, str]) -> dict[str, Any] | None:
    """The evening's draw with names at the seats (None before the first draw)."""
    if not row["draw"]:
        return None
    stored = json.loads(row["draw"])
    rounds = [
        {
            "round": rnd["round"],
            "tables": [
                {
                    "table": t["table"],
                    "seats": seated(t["seats"], who),
                    "boards": t.get("boards"),
                }
                for t in rnd["tables"]
            ],
            "sitting_out": [player(p, who) for p in rnd.get("sitting_out", [])],
        }
        for rnd in stored.get("rounds", [])
    ]
    explain = stored.get("explain") or (stored.get("movement") or {}).get("explain") or []
    return {
        "draw_no": row["draw_no"],
        "seed": row["seed"],
        "rounds": rounds,
        "explain": explain,
        "recorded": stored,
    }

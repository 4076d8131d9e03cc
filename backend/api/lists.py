"""A table's list: the scoresheet as on paper, its replay, and the director's interventions.

Tables write through sync; these endpoints serve the director's console (and a table that
raises a dispute directly). Once submitted, a list is public and refuses every change.
"""

from __future__ import annotations

import json
from typing import Any

from flask.views import MethodView
from flask_smorest import Blueprint

from ..application.interface import TABLE as TABLE_ROLE
from ..schemas.lists import (
    CloseShortSchema,
    DisputeCreateSchema,
    DisputeSchema,
    PenSchema,
    ReissueCardSchema,
    ReissuedCardSchema,
    ReplayArgsSchema,
    ReplaySchema,
    RulingCreateSchema,
    ScoresheetSchema,
    SubmitSchema,
    WithdrawDeviceSchema,
)
from .access import director, director_only, private, refusals, table_or_director
from .auth import current_actor, join_code
from .commands import keyed, send
from .lookups import canonical, names_of, one, score_list, seated
from .openapi_security import ANYONE, DIRECTOR_READ, TABLE, secured
from .reading import request_list
from .services import services
from .table_link import qr_svg, table_url

blp = Blueprint(
    "lists",
    __name__,
    url_prefix="/api/lists/<list_id>",
    description="A table's list: the scoresheet, its replay, the pen, disputes and rulings.",
)
SUBMITTED = (409, "the list is submitted (list_submitted) or cancelled; it never changes")


@blp.route("")
class Scoresheet(MethodView):
    @secured(ANYONE, TABLE, DIRECTOR_READ)
    @blp.response(200, ScoresheetSchema)
    @refusals(
        blp,
        (401, "the list is not submitted yet: log in, or join it with its table code"),
        (403, "a table's token for another list"),
        404,
    )
    def get(self, list_id: str) -> Any:
        """The scoresheet as on paper (public once submitted; before that its table's and the
        director's)."""
        row = score_list(list_id)
        if row["status"] == "submitted":
            return sheet(row)
        actor = current_actor(list_id=row["list_id"])
        out = sheet(row)
        sl = request_list(row["list_id"])
        if actor.role == TABLE_ROLE:
            out["holds_pen"] = sl.pen == actor.client_id
        else:
            out["devices"] = sl.joined_devices()
        return private(out)


@blp.route("/replay")
class Replay(MethodView):
    @director_only
    @blp.arguments(ReplayArgsSchema, location="query")
    @blp.response(200, ReplaySchema)
    @refusals(blp, 401, 403, 404, 422)
    def get(self, args: dict[str, Any], list_id: str) -> Any:
        """Each event of the list (or of one deal) with the list's state after it (director)."""
        lid = canonical(list_id, "list")
        steps = services().app.replay(lid, args.get("deal"))
        return private({"list_id": lid, "deal": args.get("deal"), "steps": steps})


@blp.route("/pen")
class Pen(MethodView):
    @director_only
    @keyed
    @blp.arguments(PenSchema)
    @blp.response(200, ScoresheetSchema)
    @refusals(blp, 400, 401, 403, 404, SUBMITTED, 422)
    def post(self, data: dict[str, Any], list_id: str) -> dict[str, Any]:
        """Move the pen to another device of the table (director)."""
        lid = canonical(list_id, "list")
        send(director(), "move_pen", lid, device=data["device"])
        return sheet(score_list(lid))


@blp.route("/devices/withdraw")
class WithdrawDevice(MethodView):
    @director_only
    @keyed
    @blp.arguments(WithdrawDeviceSchema)
    @blp.response(200, ScoresheetSchema)
    @refusals(blp, 400, 401, 403, 404, SUBMITTED, 422)
    def post(self, data: dict[str, Any], list_id: str) -> dict[str, Any]:
        """Withdraw a device of the table by its name: its secret stops working at once, and
        a pen it held is free again (director)."""
        lid = canonical(list_id, "list")
        send(director(), "withdraw_device", lid, device=data["device"], reason=data.get("reason"))
        return sheet(score_list(lid)) | {"devices": request_list(lid).joined_devices()}


@blp.route("/card")
class Card(MethodView):
    @director_only
    @keyed
    @blp.arguments(ReissueCardSchema)
    @blp.response(200, ReissuedCardSchema)
    @refusals(blp, 400, 401, 403, 404, SUBMITTED, 422)
    def post(self, data: dict[str, Any], list_id: str) -> Any:
        """Re-issue the table card: a new code (the old one stops working), good until
        ``expires`` or until the list closes (director)."""
        lid = canonical(list_id, "list")
        expires = data["expires"].isoformat() if data["expires"] else None
        send(director(), "reissue_table_code", lid, expires=expires)
        code = join_code(lid)
        url = table_url(code)
        return private(
            {"list_id": lid, "join_code": code, "join_url": url, "qr": qr_svg(url)}
            | {"expires": expires}
        )


@blp.route("/close-short")
class CloseShort(MethodView):
    @director_only
    @keyed
    @blp.arguments(CloseShortSchema)
    @blp.response(200, ScoresheetSchema)
    @refusals(blp, 400, 401, 403, 404, (409, "submitted, cancelled or already closed early"), 422)
    def post(self, data: dict[str, Any], list_id: str) -> dict[str, Any]:
        """Close a list before its planned deals are played, with the reason (director)."""
        lid = canonical(list_id, "list")
        send(director(), "close_list_short", lid, reason=data["reason"])
        return sheet(score_list(lid))


@blp.route("/rulings")
class Rulings(MethodView):
    @director_only
    @keyed
    @blp.arguments(RulingCreateSchema)
    @blp.response(200, ScoresheetSchema)
    @refusals(blp, 400, 401, 403, 404, (409, "submitted or cancelled, or the deal is voided"), 422)
    def post(self, data: dict[str, Any], list_id: str) -> dict[str, Any]:
        """Rule on a deal: uphold, correct its facts, void it, or adjust by points (director).

        An open dispute about the deal is settled by the ruling.
        """
        lid = canonical(list_id, "list")
        send(
            director(),
            "give_ruling",
            lid,
            deal_no=data["deal_no"],
            decision=data["decision"],
            reason=data["reason"],
            article=data["article"],
            record=data.get("record"),
            adjustment=data.get("adjustment"),
            at_card=data.get("at_card"),
            override_play=data.get("override_play"),
        )
        return sheet(score_list(lid))


@blp.route("/disputes")
class Disputes(MethodView):
    @table_or_director
    @keyed
    @blp.arguments(DisputeCreateSchema)
    @blp.response(201, DisputeSchema)
    @refusals(blp, 400, 401, (403, "a table's token for another list"), 404, SUBMITTED, 422)
    def post(self, data: dict[str, Any], list_id: str) -> dict[str, Any]:
        """Flag a deal for the director (the list's table or the director)."""
        lid = canonical(list_id, "list")
        actor = current_actor(list_id=lid)
        done = send(
            actor,
            "raise_dispute",
            lid,
            deal_no=data["deal_no"],
            reason=data["reason"],
            at_card=data.get("at_card"),
        )
        found = one(
            "SELECT * FROM disputes WHERE list_id = ? AND dispute_no = ?", [lid, done["dispute_no"]]
        )
        assert found is not None  # the read models caught up when the list was saved
        return found


def sheet(row: dict[str, Any]) -> dict[str, Any]:
    """The list as on paper, from the read models."""
    views = services().views
    lid, cid = row["list_id"], row["competition_id"]
    context = one(
        "SELECT c.name, c.rules, e.date FROM competitions c LEFT JOIN evenings e "
        "ON e.competition_id = c.competition_id AND e.evening = ? WHERE c.competition_id = ?",
        [row["evening"], cid],
    ) or {"name": "", "date": None, "rules": None}
    rows = views.rows("SELECT * FROM deal_rows WHERE list_id = ? ORDER BY deal_no", [lid])
    return {
        "list_id": lid,
        "competition_id": cid,
        "competition": context["name"],
        "evening": row["evening"],
        "date": context["date"],
        "round": row["round"],
        "table": row["table_no"],
        "game": row["game"],
        "rules_ref": row["rules_ref"],
        "rules": list_rules(context["rules"], row["rules_ref"]),
        "seats": seated(row["seats"], names_of(cid, json.loads(row["seats"]).values())),
        "boards": json.loads(row["boards"] or "null"),
        "planned_deals": row["planned_deals"],
        "counted_deals": row["counted_deals"],
        "status": row["status"],
        "closed_short": row["closed_short"],
        "pen": row["pen"],
        "head": row["head"],
        "submitted_head": row["submitted_head"],
        "submitted_at": row["submitted_at"],
        "version": row["version"],
        "totals": json.loads(row["totals"]),
        "open_disputes": row["open_disputes"],
        "rows": [_row(r) for r in rows],
        "adjustments": [
            {**a, "points": json.loads(a["points"])}
            for a in views.rows(
                "SELECT position, deal_no, points, reason, article FROM adjustments "
                "WHERE list_id = ? ORDER BY position",
                [lid],
            )
        ],
        "disputes": views.rows(
            "SELECT * FROM disputes WHERE list_id = ? ORDER BY dispute_no", [lid]
        ),
    }


def list_rules(stored: str | None, ref: str) -> dict[str, Any] | None:
    """The list's rule set in full, so a phone scores a club's own copy as the server does.

    A list is opened with its competition's rule set, which never changes; the phone cannot
    look up a club's copy among the shipped presets by its ref.
    """
    rules = json.loads(stored) if stored else None
    if not rules or rules.get("ref") != ref:
        return None
    return {k: rules[k] for k in ("id", "version", "ref", "game", "title", "based_on", "options")}


def _row(r: dict[str, Any]) -> dict[str, Any]:
    return {
        **r,
        "counts": bool(r["counts"]),
        "corrected": bool(r["corrected"]),
        "record": json.loads(r["record"]),
        "points": json.loads(r["points"]),
        "running": json.loads(r["running"] or "null"),
        "markers": json.loads(r["markers"]),
        "explain": json.loads(r["explain"]),
    }


@blp.route("/submit")
class Submit(MethodView):
    @director_only
    @keyed
    @blp.arguments(SubmitSchema)
    @blp.response(200, ScoresheetSchema)
    @refusals(
        blp, 400, 401, 403, 404, (409, "submitted or cancelled, deals missing, disputes open"), 422
    )
    def post(self, data: dict[str, Any], list_id: str) -> dict[str, Any]:
        """Submit a list for its table, from the signed paper list (director).

        For a table whose phones are gone: the same checks as a table's submission (every
        planned deal or a list closed early, no open dispute, a scorer and a confirmer of the
        other side); the audit trail shows the director as the one who submitted it.
        """
        lid = canonical(list_id, "list")
        send(
            director(),
            "submit_list",
            lid,
            scorer=data["scorer"],
            confirmed_by=data["confirmed_by"],
        )
        return sheet(score_list(lid))

"""The director's audit: the trail of every event, the hash chains, and refused mutations.

Nothing a device sends is dropped silently: every refused or conflicting mutation is kept
on its device and listed here with the reason.
"""

from __future__ import annotations

import json
from datetime import UTC
from typing import Any

from flask.views import MethodView
from flask_smorest import Blueprint

from ..schemas.audit import (
    AuditArgsSchema,
    AuditPageSchema,
    ChainArgsSchema,
    ChainsSchema,
    MutationArgsSchema,
    MutationsPageSchema,
)
from .access import director_only, private, refusals
from .joining import name_devices
from .services import services

blp = Blueprint(
    "audit",
    __name__,
    url_prefix="/api",
    description="The audit trail, the hash chains and the devices' refused mutations (director).",
)
FILTERS = {"aggregate": "aggregate_id", "kind": "kind", "role": "role", "client": "client_id"}
CONFLICT = "CAST(json_extract(error, '$.status') AS INTEGER) = 409"
OUTCOMES = {
    "refused": "status = 'refused'",
    "conflict": f"status = 'refused' AND {CONFLICT}",
    "applied": "status = 'applied'",
    "all": "1",
}


@blp.route("/audit")
class AuditTrail(MethodView):
    @director_only
    @blp.arguments(AuditArgsSchema, location="query")
    @blp.response(200, AuditPageSchema)
    @refusals(blp, 401, 403, 422)
    def get(self, args: dict[str, Any]) -> Any:
        """Every event with its actor, device, time and hash, filtered, paged by position
        (oldest first from `since`, or newest first before `before`)."""
        where, params = ["a.position > ?"], [args["since"]]
        for arg, column in FILTERS.items():
            if arg in args:
                where.append(f"a.{column} = ?")
                params.append(str(args[arg]))
        if "client" in args:  # a table's device by its name, too
            where[-1] = "(a.client_id = ? OR (a.role = 'table' AND a.actor_name = ?))"
            params.append(str(args["client"]))
        more_where, more_params = _trail_filters(args)
        where += more_where
        params += more_params
        newest = "before" in args
        if newest and args["before"]:
            where.append("a.position < ?")
            params.append(args["before"])
        rows = services().views.rows(
            "SELECT a.*, l.evening, l.round, l.table_no AS 'table' FROM audit_trail a "
            "LEFT JOIN lists l ON l.list_id = a.aggregate_id "
            f"WHERE {' AND '.join(where)} "
            f"ORDER BY a.position {'DESC' if newest else ''} LIMIT ?",
            [*params, args["limit"] + 1],
        )
        page = [
            {**row, "details": json.loads(row["details"]) if row["details"] else None}
            | _device_shown(row)
            for row in rows[: args["limit"]]
        ]
        cursor = page[-1]["position"] if page else args.get("before", args["since"])
        return private({"entries": page, "cursor": cursor, "more": len(rows) > args["limit"]})


def _device_shown(row: dict[str, Any]) -> dict[str, Any]:
    """A table's device by its name: its id stays on the server."""
    if row.get("role") == "table" and row.get("actor_name"):
        return {"client_id": row["actor_name"]}
    return {}


def _trail_filters(args: dict[str, Any]) -> tuple[list[str], list[Any]]:
    """The director's filters by place (competition, evening, table), event, actor and time."""
    where: list[str] = []
    params: list[Any] = []
    places, place_params = [], []
    for arg, column in (
        ("competition", "competition_id"),
        ("evening", "evening"),
        ("table", "table_no"),
    ):
        if arg in args:
            places.append(f"{column} = ?")
            place_params.append(str(args[arg]) if arg == "competition" else args[arg])
    if places:
        lists = f"SELECT list_id FROM lists WHERE {' AND '.join(places)}"
        if "competition" in args and not {"evening", "table"} & set(args):
            where.append(f"(a.aggregate_id = ? OR a.aggregate_id IN ({lists}))")
            params += [str(args["competition"]), *place_params]
        else:
            where.append(f"a.aggregate_id IN ({lists})")
            params += place_params
    if "event" in args:
        where.append("a.event = ?")
        params.append(args["event"])
    if "actor" in args:
        where.append("(instr(lower(a.actor_name), ?) > 0 OR instr(lower(a.client_id), ?) > 0)")
        params += [args["actor"].lower()] * 2
    for arg, op in (("start", ">="), ("end", "<")):
        if arg in args:
            where.append(f"a.timestamp {op} ?")
            params.append(args[arg].astimezone(UTC).isoformat())
    return where, params


@blp.route("/audit/chains")
class Chains(MethodView):
    @director_only
    @blp.arguments(ChainArgsSchema, location="query")
    @blp.response(200, ChainsSchema)
    @refusals(blp, 401, 403, 422)
    def get(self, args: dict[str, Any]) -> Any:
        """Recompute every hash chain from the stored events: each chain's status and head
        (of one competition and its lists with `competition`)."""
        report = services().app.verify()
        places = {
            r["list_id"]: r
            for r in services().views.rows(
                "SELECT list_id, competition_id, evening, round, table_no FROM lists", []
            )
        }
        chains = []
        for chain in report.chains:
            place = places.get(chain.aggregate_id)
            if "competition" in args:
                cid = str(args["competition"])
                if chain.aggregate_id != cid and (place or {}).get("competition_id") != cid:
                    continue
            chains.append(
                {
                    **chain.as_dict(),
                    "evening": place["evening"] if place else None,
                    "round": place["round"] if place else None,
                    "table": place["table_no"] if place else None,
                }
            )
        findings = [
            f.as_dict()
            for f in report.findings
            if "competition" not in args or f.aggregate_id in {c["aggregate_id"] for c in chains}
        ]
        ok = all(c["ok"] for c in chains) and not findings
        return private({"ok": ok, "chains": chains, "findings": findings})


@blp.route("/mutations")
class Mutations(MethodView):
    @director_only
    @blp.arguments(MutationArgsSchema, location="query")
    @blp.response(200, MutationsPageSchema)
    @refusals(blp, 401, 403, 422)
    def get(self, args: dict[str, Any]) -> Any:
        """The devices' mutations (by default the refused and conflicting ones), with why."""
        where, params = [OUTCOMES[args["status"]], "rowid > ?"], [args["since"]]
        if "client" in args:  # a device by its name (or, for the console, its client id)
            where.append(
                "(client_id = ? OR client_id IN (SELECT client_id FROM audit_trail "
                "WHERE event = 'DeviceJoined' AND actor_name = ?))"
            )
            params += [args["client"], args["client"]]
        if "list" in args:
            where.append("target = ?")
            params.append(str(args["list"]))
        rows = services().views.rows(
            f"SELECT rowid AS cursor, * FROM mutations WHERE {' AND '.join(where)} "
            "ORDER BY rowid LIMIT ?",
            [*params, args["limit"] + 1],
        )
        page = name_devices([_mutation(r) for r in rows[: args["limit"]]])
        cursor = page[-1]["cursor"] if page else args["since"]
        return private({"mutations": page, "cursor": cursor, "more": len(rows) > args["limit"]})


def _mutation(row: dict[str, Any]) -> dict[str, Any]:
    error = json.loads(row["error"] or "null")
    outcome = row["status"]
    if outcome == "refused" and isinstance(error, dict) and error.get("status") == 409:
        outcome = "conflict"
    return {
        "cursor": row["cursor"],
        "client_id": row["client_id"],
        "mutation_id": row["mutation_id"],
        "outcome": outcome,
        "name": row["name"],
        "list_id": row["target"],
        "args": json.loads(row["args"] or "null"),
        "error": error,
        "timestamp": row["timestamp"],
    }

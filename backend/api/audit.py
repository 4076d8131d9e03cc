"""The director's audit: the trail of every event, the hash chains, and refused mutations.

Nothing a device sends is dropped silently: every refused or conflicting mutation is kept
on its device and listed here with the reason.
"""

from __future__ import annotations

import json
from typing import Any

from flask.views import MethodView
from flask_smorest import Blueprint

from ..schemas.audit import (
    AuditArgsSchema,
    AuditPageSchema,
    ChainsSchema,
    MutationArgsSchema,
    MutationsPageSchema,
)
from .access import director_only, private, refusals
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
        """Every event with its actor, device, time and hash, filtered, paged by position."""
        where, params = ["position > ?"], [args["since"]]
        for arg, column in FILTERS.items():
            if arg in args:
                where.append(f"{column} = ?")
                params.append(str(args[arg]))
        rows = services().views.rows(
            f"SELECT * FROM audit_trail WHERE {' AND '.join(where)} ORDER BY position LIMIT ?",
            [*params, args["limit"] + 1],
        )
        page = rows[: args["limit"]]
        cursor = page[-1]["position"] if page else args["since"]
        return private({"entries": page, "cursor": cursor, "more": len(rows) > args["limit"]})


@blp.route("/audit/chains")
class Chains(MethodView):
    @director_only
    @blp.response(200, ChainsSchema)
    @refusals(blp, 401, 403)
    def get(self) -> Any:
        """Recompute every hash chain from the stored events: each chain's status and head."""
        report = services().app.verify()
        return private({"ok": report.ok, "chains": [c.as_dict() for c in report.chains]})


@blp.route("/mutations")
class Mutations(MethodView):
    @director_only
    @blp.arguments(MutationArgsSchema, location="query")
    @blp.response(200, MutationsPageSchema)
    @refusals(blp, 401, 403, 422)
    def get(self, args: dict[str, Any]) -> Any:
        """The devices' mutations (by default the refused and conflicting ones), with why."""
        where, params = [OUTCOMES[args["status"]], "rowid > ?"], [args["since"]]
        if "client" in args:
            where.append("client_id = ?")
            params.append(args["client"])
        rows = services().views.rows(
            f"SELECT rowid AS cursor, * FROM mutations WHERE {' AND '.join(where)} "
            "ORDER BY rowid LIMIT ?",
            [*params, args["limit"] + 1],
        )
        page = [_mutation(r) for r in rows[: args["limit"]]]
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

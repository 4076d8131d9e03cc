"""Sync: a device pushes its numbered mutations and pulls the list's events from a cursor.

Each mutation is applied in its own transaction together with the device's last mutation
id (see :mod:`backend.application`); the answer says per mutation whether it was applied,
a duplicate of one applied before, refused or in conflict (with the reason and the list as
the server has it), or a gap (with the last applied id: resend from there).
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from flask.views import MethodView
from flask_smorest import Blueprint, abort

from ..aggregates.errors import DomainError, MutationGap, NotFound
from ..aggregates.score_list import ScoreList
from ..schemas.sync import PullArgsSchema, PulledSchema, PushedSchema, PushSchema
from .auth import bearer, current_actor, is_director, refusals
from .services import services

blp = Blueprint(
    "sync",
    __name__,
    url_prefix="/api/sync",
    description="Push a device's mutations; pull a list's events.",
)


@blp.route("/push")
class Push(MethodView):
    @blp.arguments(PushSchema)
    @blp.response(200, PushedSchema)
    @refusals(400, 401, 403, 422)
    def post(self, data: dict[str, Any]) -> dict[str, Any]:
        """Apply a device's mutations in order, each exactly once."""
        client_id = data["client_id"]
        current_actor(client_id=client_id)  # the request itself, even with an empty batch
        for m in data["mutations"]:  # authorise the whole batch before applying any of it
            current_actor(list_id=m["list"], client_id=client_id)
        app = services().app
        results, gap = [], False
        for m in data["mutations"]:
            if gap:
                results.append({"id": m["id"], "status": "skipped"})
                continue
            actor = current_actor(list_id=m["list"], mutation_id=m["id"], client_id=client_id)
            outcome: dict[str, Any] = {"id": m["id"]}
            try:
                result = app.apply_mutation(actor, m["name"], m["list"], m["args"])
                duplicate = bool(result.pop("duplicate", False))
                outcome.update(status="duplicate" if duplicate else "applied", result=result)
            except MutationGap as exc:
                gap = True
                outcome.update(
                    status="gap", error={**_error(exc), "last_mutation_id": exc.last_mutation_id}
                )
            except DomainError as exc:
                outcome.update(
                    status="conflict" if exc.status == 409 else "refused", error=_error(exc)
                )
            outcome["list"] = list_state(m["list"])
            results.append(outcome)
        device = app.get_device(client_id)
        return {
            "client_id": client_id,
            "last_mutation_id": device.last_mutation_id if device else 0,
            "results": results,
        }


@blp.route("/pull")
class Pull(MethodView):
    @blp.arguments(PullArgsSchema, location="query")
    @blp.response(200, PulledSchema)
    @refusals(401, 403, 404, 422)
    def get(self, args: dict[str, Any]) -> dict[str, Any]:
        """The list's events after ``cursor`` (a position in the event log), in order, paged."""
        list_id = args["list"]
        state = list_state(list_id)
        if state is None:
            abort(404, message=f"there is no list {list_id!r}", errors={"list": "unknown list"})
        token = bearer()
        if token is not None:
            current_actor(list_id=list_id)
        elif not is_director() and state["status"] != "submitted":
            abort(401, message="join the list with its table code to follow it")
        return pull(state["list_id"], args["cursor"], args["limit"])


def _error(exc: DomainError) -> dict[str, Any]:
    out: dict[str, Any] = {"error": exc.kind, "message": exc.message}
    if exc.field:
        out["fields"] = {exc.field: exc.message}
    return out


def list_state(list_id: str) -> dict[str, Any] | None:
    """The list as the server has it now (None for an unknown list)."""
    try:
        sl: ScoreList = services().app.get_list(list_id)
    except NotFound:
        return None
    status = "submitted" if sl.submitted else "cancelled" if sl.cancelled else "open"
    return {
        "list_id": str(sl.id),
        "version": sl.version,
        "head": sl.head,
        "status": status,
        "pen": sl.pen,
        "rows": len(sl.rows),
        "totals": sl.totals(),
    }


def pull(list_id: str, cursor: int, limit: int) -> dict[str, Any]:
    svc = services()
    positions = svc.views.rows(
        "SELECT position, version FROM audit_trail WHERE aggregate_id = ? AND position > ? "
        "ORDER BY position LIMIT ?",
        [list_id, cursor, limit + 1],
    )
    more = len(positions) > limit
    positions = positions[:limit]
    events = []
    if positions:
        by_version = {p["version"]: p["position"] for p in positions}
        stored = svc.app.repository.event_store.get(
            UUID(list_id), gt=positions[0]["version"] - 1, lte=positions[-1]["version"]
        )
        for e in stored:
            if e.originator_version in by_version:
                events.append(
                    {
                        "position": by_version[e.originator_version],
                        "version": e.originator_version,
                        "event": type(e).__name__,
                        "timestamp": e.timestamp.isoformat(),
                        "hash": e.hash,
                        "data": {k: v for k, v in vars(e).items() if k not in _HIDDEN},
                    }
                )
    return {
        "list_id": list_id,
        "events": events,
        "cursor": positions[-1]["position"] if positions else cursor,
        "more": more,
    }


_HIDDEN = frozenset(
    {"originator_id", "originator_version", "timestamp", "hash", "originator_topic"}
)

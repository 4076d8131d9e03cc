"""Sync: a device pushes its numbered mutations and pulls the list's events from a cursor.

A run of mutations on one list is applied in one transaction together with the device's
numbered mutations (``Troef.handle_batch``), each exactly as it would be on its own; the
answer says per mutation whether it was applied,
a duplicate of one applied before, refused or in conflict (with the reason and the list as
the server has it), or a gap (with the last applied id: resend from there).
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from flask.views import MethodView
from flask_smorest import Blueprint, abort

from ..application import Command
from ..application.interface import DomainError, MutationGap, NotFound, ScoreList
from ..schemas.sync import PullArgsSchema, PulledSchema, PushedSchema, PushSchema
from .auth import bearer, current_actor, is_director, refusals, table_device
from .openapi_security import ANYONE, DIRECTOR_READ, DIRECTOR_WRITE, TABLE, secured
from .reading import request_list
from .services import services

blp = Blueprint(
    "sync",
    __name__,
    url_prefix="/api/sync",
    description="Push a device's mutations; pull a list's events.",
)


@blp.route("/push")
class Push(MethodView):
    @secured(TABLE, DIRECTOR_WRITE)
    @blp.arguments(PushSchema())  # an instance: a class would be built anew for each push
    @blp.response(200, PushedSchema)
    @refusals(400, 401, 403, 422, 503)
    def post(self, data: dict[str, Any]) -> dict[str, Any]:
        """Apply a device's mutations in order, each exactly once."""
        client_id = data["client_id"]
        table = table_device()  # the request itself, even with an empty batch
        if table is None:
            current_actor(client_id=client_id)
        for m in data["mutations"]:  # authorise the whole batch before applying any of it
            current_actor(list_id=m["list"], client_id=client_id)
        app = services().app
        # the list the secret was checked against goes back for the batch to take, and the
        # device's count comes from the batch: neither is read whole from the store again
        loaded, name = ((table[0],), table[0].device_name(table[1])) if table else ((), None)
        results: list[dict[str, Any]] = []
        counted: int | None = None
        for run in runs_by_list(data["mutations"]):
            if results and results[-1]["status"] in ("gap", "skipped"):
                results += [{"id": m["id"], "status": "skipped"} for m in run]
                counted = None
                continue
            ran, counted = push_run(app, client_id, run, loaded)
            results += ran
            loaded = ()
        if counted is None:
            counted = last_mutation_id(app, client_id, table, data["mutations"])
        return {
            "client_id": client_id,
            "device": name,
            "last_mutation_id": counted,
            "results": results,
        }


@blp.route("/pull")
class Pull(MethodView):
    @secured(ANYONE, TABLE, DIRECTOR_READ)
    @blp.arguments(PullArgsSchema, location="query")
    @blp.response(200, PulledSchema)
    @refusals(401, 403, 404, 422)
    def get(self, args: dict[str, Any]) -> dict[str, Any]:
        """The list's events after ``cursor`` (a position in the event log), in order, paged."""
        list_id = args["list"]
        state = list_state(list_id)
        if state is None:
            abort(404, message=f"there is no list {list_id!r}", errors={"list": "unknown list"})
        if bearer() is not None:
            current_actor(list_id=list_id)
        elif not is_director() and state["status"] != "submitted":
            abort(401, message="join the list with its table code to follow it")
        return pull(state["list_id"], args["cursor"], args["limit"])


def runs_by_list(mutations: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """The push's mutations in runs of consecutive ones on the same list, in order."""
    runs: list[list[dict[str, Any]]] = []
    for m in mutations:
        if runs and runs[-1][0]["list"] == m["list"]:
            runs[-1].append(m)
        else:
            runs.append([m])
    return runs


def push_run(
    app: Any, client_id: str | None, run: list[dict[str, Any]], loaded: tuple[Any, ...] = ()
) -> tuple[list[dict[str, Any]], int | None]:
    """Apply one list's run of mutations in one transaction; the answer per mutation, with
    the list as it stood after it (the ones behind a gap: skipped), and the device's last
    mutation id after the run (None when the run never found its device).

    ``loaded``: aggregates read for this request and not changed (the list of a table's
    secret), put back for the batch to take; they are not used here after that."""
    actors = [
        current_actor(list_id=m["list"], mutation_id=m["id"], client_id=client_id) for m in run
    ]
    device = actors[0].client_id
    app.put_back(*loaded)
    outcomes = app.handle_batch(
        [(a, Command(m["name"], m["list"], m["args"])) for a, m in zip(actors, run, strict=True)],
        look=lambda agg: list_view(agg, device) if isinstance(agg, ScoreList) else None,
    )
    results = []
    for m, done in zip(run, outcomes, strict=False):
        outcome: dict[str, Any] = {"id": m["id"]}
        exc = done.error
        if exc is None:
            result = done.result
            duplicate = bool(result.pop("duplicate", False))
            outcome.update(status="duplicate" if duplicate else "applied", result=result)
        elif isinstance(exc, MutationGap):
            outcome.update(
                status="gap", error={**_error(exc), "last_mutation_id": exc.last_mutation_id}
            )
        else:
            outcome.update(status="conflict" if exc.status == 409 else "refused", error=_error(exc))
        outcome["list"] = done.state
        results.append(outcome)
    results += [{"id": m["id"], "status": "skipped"} for m in run[len(outcomes) :]]
    return results, outcomes[-1].counted if outcomes else None


def last_mutation_id(
    app: Any, client_id: str | None, table: tuple[ScoreList, str] | None, mutations: list
) -> int:
    """The device's last applied mutation id as stored (0 for a device that has none)."""
    if table is not None:
        sl, who = table
        counted = app.get_device(who, str(sl.id))
    else:
        last = mutations[-1]["list"] if mutations else None
        counted = app.get_device(client_id or "console", last) if last else None
    return counted.last_mutation_id if counted else 0


def _error(exc: DomainError) -> dict[str, Any]:
    out: dict[str, Any] = {"error": exc.kind, "message": exc.message}
    if exc.field:
        out["fields"] = {exc.field: exc.message}
    return out


def list_state(list_id: str, device: str | None = None) -> dict[str, Any] | None:
    """The list as the server has it now (None for an unknown list); the pen by its holder's
    name, and whether ``device`` holds it."""
    try:
        sl: ScoreList = request_list(list_id)
    except NotFound:
        return None
    return list_view(sl, device)


def list_view(sl: ScoreList, device: str | None = None) -> dict[str, Any]:
    """What a push or pull shows of a list (``device``: the phone asking, for the pen)."""
    status = "submitted" if sl.submitted else "cancelled" if sl.cancelled else "open"
    return {
        "list_id": str(sl.id),
        "version": sl.version,
        "head": sl.head,
        "status": status,
        "pen": sl.pen_name(),
        "holds_pen": device is not None and sl.pen == device,
        "rows": len(sl.rows),
        "totals": sl.totals(),
        "play_mode": sl.in_play_mode,
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
                        "data": shown(vars(e)),
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


def shown(data: dict[str, Any]) -> dict[str, Any]:
    """An event's data as a pull shows it: devices by their names, never their ids."""
    out = {k: v for k, v in data.items() if k not in _HIDDEN and k != "device"}
    if isinstance(out.get("actor"), dict):
        out["actor"] = {k: v for k, v in out["actor"].items() if k != "client_id"}
    return out

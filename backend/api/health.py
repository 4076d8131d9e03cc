"""Health: is the event store reachable, are the read models current, has anything failed."""

from __future__ import annotations

import time
from typing import Any

from flask.views import MethodView
from flask_smorest import Blueprint
from marshmallow import Schema, fields

from .services import services

blp = Blueprint("health", __name__, url_prefix="/api", description="Is Troef up?")

STALE = 10.0  # seconds the read models may stand still behind the log before it is a failure


class FailureSchema(Schema):
    subject = fields.String(
        required=True,
        metadata={"description": "catch-up, results, or storage (a write this process failed)"},
    )
    competition_id = fields.String(required=True, allow_none=True)
    since = fields.String(required=True, metadata={"description": "failing since (UTC)"})
    last = fields.String(required=True, metadata={"description": "the last failure (UTC)"})
    position = fields.Integer(required=True, allow_none=True)
    error = fields.String(required=True)


class HealthSchema(Schema):
    status = fields.String(required=True, metadata={"description": "ok or failing"})
    events = fields.Integer(required=True, metadata={"description": "events in the log"})
    read_models = fields.Integer(required=True, metadata={"description": "events applied"})
    behind = fields.Integer(required=True)
    worker = fields.String(
        required=True, metadata={"description": "running, stopped, or off (not in this process)"}
    )
    reasons = fields.List(fields.String(), required=True, metadata={"description": "why failing"})
    failures = fields.List(fields.Nested(FailureSchema), required=True)


@blp.route("/health")
class Health(MethodView):
    @blp.response(200, HealthSchema)
    @blp.alt_response(503, schema=HealthSchema, description="something is failing: see reasons")
    def get(self) -> tuple[dict[str, Any], int]:
        """Report the log's length, the read models' position and what fails: 503 when the
        catch-up worker is stopped, the read models stand behind the log, one failed, or
        storage refused a write since the last save that went through."""
        svc = services()
        events = svc.app.recorder.max_notification_id() or 0
        applied = svc.views.position(svc.app.name)
        worker = "off" if svc.worker is None else "running" if svc.worker.alive else "stopped"
        reasons = []
        if worker == "stopped":
            reasons.append("the catch-up worker is stopped")
        since = svc.views.behind_since(events, applied)
        if since is not None and time.monotonic() - since > STALE:
            waited = time.monotonic() - since
            reasons.append(
                f"the read models are {events - applied} events behind for {waited:.0f} s"
            )
        failures = svc.storage.failures() + svc.views.failures()
        for failure in failures:
            if failure["subject"] == "storage":
                reasons.append(f"writing fails since {failure['since']}: {failure['error']}")
                continue
            what = (
                "the catch-up"
                if failure["competition_id"] is None
                else f"the results of competition {failure['competition_id']}"
            )
            reasons.append(f"{what} fail since {failure['since']}: {failure['error']}")
        body = {
            "status": "failing" if reasons else "ok",
            "events": events,
            "read_models": applied,
            "behind": events - applied,
            "worker": worker,
            "reasons": reasons,
            "failures": failures,
        }
        return body, 503 if reasons else 200

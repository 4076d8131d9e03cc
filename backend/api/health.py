"""Health: is the event store reachable, and how far behind are the read models."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView
from flask_smorest import Blueprint
from marshmallow import Schema, fields

from .services import services

blp = Blueprint("health", __name__, url_prefix="/api", description="Is Troef up?")


class HealthSchema(Schema):
    status = fields.String(required=True)
    events = fields.Integer(required=True, metadata={"description": "events in the log"})
    read_models = fields.Integer(required=True, metadata={"description": "events applied"})
    behind = fields.Integer(required=True)


@blp.route("/health")
class Health(MethodView):
    @blp.response(200, HealthSchema)
    def get(self) -> dict[str, Any]:
        """Report the event log's length and the read models' position."""
        svc = services()
        events = svc.app.recorder.max_notification_id() or 0
        applied = svc.views.position(svc.app.name)
        return {
            "status": "ok",
            "events": events,
            "read_models": applied,
            "behind": events - applied,
        }

"""The HTTP API: ``create_app(config)`` builds everything; nothing connects at import time."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from datetime import timedelta
from typing import Any

from flask import Flask

from . import errors, json_input, openapi_security, reading, security
from .services import attach, open_services

DEFAULTS: dict[str, Any] = {
    "API_TITLE": "Troef",
    "API_VERSION": "1",
    "OPENAPI_VERSION": "3.0.3",
    "OPENAPI_URL_PREFIX": "/api",
    "OPENAPI_JSON_PATH": "openapi.json",
    "SESSION_COOKIE_HTTPONLY": True,
    "SESSION_COOKIE_SAMESITE": "Strict",
    "SESSION_COOKIE_NAME": "troef_session",
    "PERMANENT_SESSION_LIFETIME": timedelta(hours=12),  # from the login, never renewed
    "SESSION_REFRESH_EACH_REQUEST": False,
    "MAX_CONTENT_LENGTH": 2 * 1024 * 1024,
    "JSON_SORT_KEYS": False,
}


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """Build the web app for an instance (``TROEF_INSTANCE``), its API and its pages.

    Layers, later winning: built-in defaults, the instance's ``troef.toml`` (secret key,
    TLS), then ``config``.
    """
    flask_app = Flask(__name__, static_folder=None)
    flask_app.config.from_mapping(DEFAULTS)
    flask_app.config.update(config or {})
    svc = open_services(dict(flask_app.config))
    server = svc.instance.settings.get("server", {})
    flask_app.secret_key = (
        flask_app.config.get("SECRET_KEY") or server.get("secret_key") or secrets.token_hex(32)
    )
    if server.get("tls") or flask_app.config.get("TROEF_TLS"):
        flask_app.config["SESSION_COOKIE_SECURE"] = True
    attach(flask_app, svc)
    json_input.init_app(flask_app)

    from . import auth, health, sync

    api = errors.TroefApi(
        flask_app, spec_kwargs={"extra_plugins": [openapi_security.PublicUnlessMarked()]}
    )
    openapi_security.declare(
        api.spec, flask_app.config["SESSION_COOKIE_NAME"], security.CSRF_HEADER
    )
    for blueprint in (auth.blp, sync.blp, health.blp, *_more_blueprints()):
        api.register_blueprint(blueprint)
    errors.init_app(flask_app)
    security.init_app(flask_app)
    reading.init_app(flask_app)
    return flask_app


def _more_blueprints() -> list[Any]:
    """The resource blueprints (competitions, lists, standings, audit, live, docs), then the
    HTML pages of :mod:`backend.web` (left out of the OpenAPI document)."""
    from ..web import blueprints
    from .resources import BLUEPRINTS

    return [*BLUEPRINTS, *blueprints()]

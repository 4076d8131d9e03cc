"""What a running web app holds: the application, its read models, the catch-up worker, the club.

The JSON API (:mod:`backend.api`) and the pages (:mod:`backend.web`) both reach the instance
through :func:`services`; ``create_app`` opens it with :func:`open_services` and hands
it to the Flask app with :func:`attach`.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from flask import Flask, current_app

from ..application import Troef
from ..projections import ReadModels
from ..projections.worker import CatchUpWorker
from . import Instance, load
from .limits import RateLimiter
from .session_store import SessionStore
from .storage import StorageHealth


@dataclass
class Services:
    """The running parts of one Troef web app."""

    instance: Instance
    app: Troef
    views: ReadModels
    worker: CatchUpWorker | None
    sessions: SessionStore
    limiter: RateLimiter = field(default_factory=RateLimiter)
    storage: StorageHealth = field(default_factory=StorageHealth)

    @property
    def director(self) -> dict[str, str]:
        return dict(self.instance.settings.get("director", {}))

    def close(self) -> None:
        if self.worker is not None:
            self.worker.stop()
        self.views.close()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            self.app.close()


def open_services(config: dict[str, Any]) -> Services:
    """Open the instance named by ``TROEF_INSTANCE`` (and ``TROEF_EVENT_ENV``, if given)."""
    inst = load(config.get("TROEF_INSTANCE"))
    env = config.get("TROEF_EVENT_ENV") or inst.event_env()
    app, views = inst.open(env)
    worker = None
    if config.get("TROEF_WORKER", True):
        worker = CatchUpWorker(app, views, config.get("TROEF_WORKER_INTERVAL", 2.0)).start()
    lifetime = config.get("PERMANENT_SESSION_LIFETIME", timedelta(hours=12))
    sessions = SessionStore(inst.path / "sessions.sqlite", _seconds(lifetime))
    storage = StorageHealth()
    app.after_save.insert(0, storage.stored)  # a save that went through ends a failure
    return Services(inst, app, views, worker, sessions, storage=storage)


def _seconds(lifetime: timedelta | float) -> float:
    """Flask's session lifetime (a timedelta or seconds) in seconds."""
    return lifetime.total_seconds() if isinstance(lifetime, timedelta) else float(lifetime)


def services() -> Services:
    """The services of the current web app."""
    return current_app.extensions["troef"]


def attach(flask_app: Flask, svc: Services) -> None:
    """Make ``svc`` the services of ``flask_app``."""
    flask_app.extensions["troef"] = svc

"""What the web app holds: the application, its read models, the catch-up worker, the club."""

from __future__ import annotations

import warnings
from dataclasses import dataclass, field
from typing import Any

from flask import Flask, current_app

from ..application import Troef
from ..instance import Instance, load
from ..projections import ReadModels
from ..projections.worker import CatchUpWorker
from .limits import RateLimiter


@dataclass
class Services:
    """The running parts of one Troef web app."""

    instance: Instance
    app: Troef
    views: ReadModels
    worker: CatchUpWorker | None
    limiter: RateLimiter = field(default_factory=RateLimiter)

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
    app = Troef(env=env)
    views = ReadModels(inst.path / "views.sqlite")
    app.after_save.append(lambda _recordings: views.catch_up(app, settle=False))
    views.catch_up(app)
    worker = None
    if config.get("TROEF_WORKER", True):
        worker = CatchUpWorker(app, views, config.get("TROEF_WORKER_INTERVAL", 2.0)).start()
    return Services(inst, app, views, worker)


def services() -> Services:
    """The services of the current web app."""
    return current_app.extensions["troef"]


def attach(flask_app: Flask, svc: Services) -> None:
    flask_app.extensions["troef"] = svc

"""The background catch-up worker: follows the event log when other processes write to it."""

from __future__ import annotations

import logging
import threading
from typing import Any

from eventsourcing.application import Application

from .models import ReadModels

log = logging.getLogger(__name__)


class CatchUpWorker:
    """A daemon thread that catches the read models up every ``interval`` seconds.

    Saves in this process already catch up by themselves (read-your-writes); the worker is
    for events written by other processes (several server workers, ``troef`` commands) and
    for a catch-up that failed. Errors are logged, recorded in the read models' status
    (:meth:`ReadModels.failures`) and retried at the next tick; :attr:`alive` says whether
    the thread still runs, for the health check.
    """

    def __init__(self, app: Application[Any], views: ReadModels, interval: float = 2.0) -> None:
        self.app, self.views, self.interval = app, views, interval
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.applied = 0

    @property
    def alive(self) -> bool:
        """Whether the worker's thread is running."""
        return self._thread is not None and self._thread.is_alive() and not self._stop.is_set()

    def start(self) -> CatchUpWorker:
        if self._thread is None:
            self._stop.clear()
            self._thread = threading.Thread(target=self._run, name="troef-catch-up", daemon=True)
            self._thread.start()
        return self

    def stop(self, timeout: float = 10.0) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None

    def tick(self) -> int:
        """Catch up once; return how many events were applied."""
        try:
            count = self.views.catch_up(self.app)
        except Exception:  # keep following: the next tick retries from the stored position
            log.exception("catching up the read models failed; retrying")
            return 0
        self.applied += count
        return count

    def _run(self) -> None:
        while not self._stop.is_set():
            self.tick()
            self._stop.wait(self.interval)

"""A small in-process rate limiter (per client address and purpose)."""

from __future__ import annotations

import threading
import time
from collections import deque


class RateLimiter:
    """Allow at most ``limit`` hits per ``window`` seconds for each key.

    It lives in the process: behind several server processes each one limits on its own,
    which still bounds guessing of join codes and passwords to a small multiple.
    """

    def __init__(self) -> None:
        self._hits: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def allow(self, key: str, limit: int, window: float) -> tuple[bool, int]:
        """Count a hit; return whether it is allowed and, if not, seconds until it is."""
        now = time.monotonic()
        with self._lock:
            hits = self._hits.setdefault(key, deque())
            while hits and hits[0] <= now - window:
                hits.popleft()
            if len(hits) >= limit:
                return False, max(1, int(hits[0] + window - now) + 1)
            hits.append(now)
            return True, 0

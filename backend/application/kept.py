"""Aggregates as this process last saved them, kept for the next command that loads them.

A table's phone pushes deal after deal to the same list, as the same device: loading both from
the store decodes every event since their last snapshot, each time. Right after a save
succeeds, the aggregates it saved are exactly what the store holds at their versions, so they
are kept here (at most ``size``, the one saved longest ago dropped first).

A load *takes* its aggregate out: no two callers ever hold the same object, and one that a
caller changed and did not save never comes back. The loader then applies the events stored
after the kept version (another process may have written some), so what it gets is what a load
from the store would give. An aggregate whose version moved after its save (changed in memory,
not saved) is not used.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable
from typing import Any
from uuid import UUID

SIZE = 512  # a federation evening's lists and their phones' devices


class Kept:
    """The last saved aggregates of some kinds, by id; each one taken at most once."""

    def __init__(self, kinds: tuple[type, ...], size: int = SIZE) -> None:
        self.kinds = kinds
        self.size = size
        self._lock = threading.Lock()
        self._kept: OrderedDict[UUID, tuple[Any, int]] = OrderedDict()

    def take(self, uid: UUID) -> Any | None:
        """The aggregate kept for ``uid`` (no longer kept), or None."""
        with self._lock:
            entry = self._kept.pop(uid, None)
        if entry is None:
            return None
        aggregate, saved_at = entry
        if aggregate.version != saved_at or aggregate.pending_events:
            return None
        return aggregate

    def keep(self, saved: Iterable[Any]) -> None:
        """Keep the aggregates a save has just stored (events and other kinds are skipped)."""
        with self._lock:
            for aggregate in saved:
                if not isinstance(aggregate, self.kinds) or aggregate.pending_events:
                    continue
                self._kept.pop(aggregate.id, None)
                self._kept[aggregate.id] = (aggregate, aggregate.version)
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()

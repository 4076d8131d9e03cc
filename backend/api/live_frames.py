"""What the live streams of one process send, read once for all of them.

Hundreds of viewers follow the same standings. Each stream wakes twice a second; when the
read models' position moved, it used to read the channels' marks and, for a changed channel,
build the whole payload (the standings of every player, validated and dumped to JSON) for
itself alone: 500 viewers, 500 times the same work a second. Here the marks of what a client
follows are read once per position, and a channel's event text is built once per position,
the first time a stream asks for it; every stream following the same channels gets the same
text, and still sends only what differs from what it sent last.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field
from typing import Any

from ..schemas.live import PAYLOADS
from .feeds import Watch

Key = tuple[str, bool, str | None, int | None]


def frame(name: str, payload: dict[str, Any]) -> str:
    """One server-sent event without its id (JSON has no raw line breaks: one data line)."""
    data = json.dumps(PAYLOADS[name]().dump(payload), ensure_ascii=False, separators=(",", ":"))
    return f"event: {name}\ndata: {data}\n\n"


@dataclass
class Shot:
    """The followed channels at one position: their marks, and the texts built so far."""

    position: int
    marks: dict[str, tuple[int, ...]]
    texts: dict[str, str] = field(default_factory=dict)


class Frames:
    """The latest :class:`Shot` of each set of followed channels, shared by the process's
    streams. A stream never gets a shot older than one already taken: positions only move on.
    """

    def __init__(self) -> None:
        self._guard = threading.Lock()
        self._locks: dict[Key, threading.Lock] = {}
        self._latest: dict[Key, Shot] = {}

    def at(self, watch: Watch, position: int) -> Shot:
        """The shot of ``watch``'s channels at ``position`` (or later), read once."""
        key = _key(watch)
        with self._lock(key):
            shot = self._latest.get(key)
            if shot is None or shot.position < position:
                watch.settle()
                with watch.views.reading() as db:
                    shot = Shot(position, watch.marks(db))
                self._latest[key] = shot
            return shot

    def text(self, watch: Watch, shot: Shot, name: str) -> str:
        """Channel ``name``'s event text in ``shot``, built by the first stream that asks."""
        with self._lock(_key(watch)):
            if name not in shot.texts:
                with watch.views.reading() as db:
                    shot.texts[name] = frame(name, watch.payload(db, name))
            return shot.texts[name]

    def _lock(self, key: Key) -> threading.Lock:
        with self._guard:
            return self._locks.setdefault(key, threading.Lock())


def _key(watch: Watch) -> Key:
    return (watch.competition_id, watch.standings, watch.list_id, watch.evening)

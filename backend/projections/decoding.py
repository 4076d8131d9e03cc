"""The catch-up's own reading of stored events: what the library's mapper gives, faster.

The library decodes an event's state with the standard ``json`` module and a hook called
for every object, to find its custom types (``{"_type_": …, "_data_": …}``); that was a
quarter of a catch-up. Troef's events hold one custom value, their time. The decoder here
parses the state with ``orjson`` (:func:`.jsontext.parse_bytes`: the standard library what
``orjson`` would read otherwise), gives the time its type itself and makes the event as the
mapper makes it. Anything else goes the library's own way: a state with any other custom
value or an older class version to upcast, an application with a transcoder, compressor or
cipher of its own. The event is always the one the library gives (a test compares both
over a whole club).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any
from uuid import UUID

from eventsourcing.application import Application
from eventsourcing.persistence import JSONTranscoder, StoredEvent, find_id_convertor
from eventsourcing.utils import resolve_topic

from .jsontext import parse_bytes

_MARK = b'"_type_"'
Made = tuple[type, Callable[[Any], Any], int]


class Decoder:
    """Gives a stored event as ``app``'s mapper does, and its time as the text stored."""

    def __init__(self, app: Application[Any]) -> None:
        mapper = app.mapper
        self._library = mapper.to_domain_event
        self._fast = (
            type(mapper.transcoder) is JSONTranscoder
            and mapper.compressor is None
            and mapper.cipher is None
        )
        self._classes: dict[tuple[str, type], Made] = {}

    def __call__(self, stored: StoredEvent) -> tuple[Any, str]:
        """The event, and its time in ISO 8601 (the library stores it with ``isoformat``)."""
        if self._fast and stored.state.count(_MARK) == 1:
            made = self._made(stored.topic, type(stored.originator_id))
            try:
                state = parse_bytes(stored.state)
            except ValueError:  # not JSON: the library says so, in its words
                state = None
            time = state.get("timestamp") if type(state) is dict else None
            if (
                type(time) is dict
                and len(time) == 2
                and time.get("_type_") == "datetime_iso"
                and type(text := time.get("_data_")) is str
                and state.pop("class_version", 1) == made[2]  # type: ignore[union-attr]
            ):  # written at the class's version: nothing to upcast
                cls, convert, _ = made
                state["timestamp"] = datetime.fromisoformat(text)  # type: ignore[index]
                state["originator_id"] = convert(stored.originator_id)  # type: ignore[index]
                state["originator_version"] = stored.originator_version  # type: ignore[index]
                event = object.__new__(cls)
                object.__setattr__(event, "__dict__", state)
                return event, text
        event = self._library(stored)
        return event, event.timestamp.isoformat()

    def _made(self, topic: str, id_type: type[UUID | str]) -> Made:
        """The event class of ``topic``, its id's conversion and its class version."""
        key = (topic, id_type)
        made = self._classes.get(key)
        if made is None:
            cls = resolve_topic(topic)
            made = (cls, find_id_convertor(cls, id_type), getattr(cls, "class_version", 1))
            self._classes[key] = made
        return made

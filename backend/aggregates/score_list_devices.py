"""The devices of a score list: the phones that joined it, by the names their players gave them.

A phone joins a list with the code on its table card; the server then records
``DeviceJoined`` with a device id it chose itself and the phone's name ("Anna's phone"),
unique on the list. The id stays on the server (it is in the device's signed secret); every
reader outside sees the name. The director can withdraw a device (its secret stops working
and, if it held the pen, the pen is free again) and re-issue the table card: a new code for
the list, the old one stops working, optionally until a time the director sets.

The pen is *free* when no device holds it, when a withdrawn device holds it, or when it is
held by an id that never joined this list as a device while the list has devices (a phone
of a release before devices were registered): the next device that asks takes it. A
director who took the pen from the console keeps it.

The state lives on the list as ``devices`` (``{id: {name, withdrawn}}``), ``code_generation``,
``code_expires`` and ``pen_console``: JSON only (snapshots store it); a snapshot stored
before devices existed gets them on load (``ScoreList.upcast_v2_v3``).
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from .actor import DIRECTOR, SYSTEM, TABLE, Actor
from .chain import Chained
from .errors import Conflict, InvalidInput, NotFound

EVENTS = ("DeviceJoined", "DeviceWithdrawn", "TableCodeReissued")
MAX_NAME = 60
CONSOLE_ROLES = (DIRECTOR, SYSTEM)


def devices(agg: Any) -> dict[str, dict[str, Any]]:
    """The list's devices by id (a list's snapshot of version 2 gets none: see ScoreList)."""
    found: dict[str, dict[str, Any]] = agg.__dict__.get("devices") or {}
    return found


def code_generation(agg: Any) -> int:
    """How many times the director re-issued the list's table card (0: the first card)."""
    return int(agg.__dict__.get("code_generation", 0))


def code_expires(agg: Any) -> str | None:
    """When the list's current table code stops working (ISO time, UTC), or None."""
    return agg.__dict__.get("code_expires")


class DevicesMixin:
    """Commands and events of a list's devices; a score list inherits them."""

    if TYPE_CHECKING:
        pen: str | None

        def check_open(self) -> None: ...
        def check_director(self, actor: Actor, what: str) -> None: ...
        def _record(self, event_class: type, **fields: Any) -> None: ...

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Put the device events on the aggregate class (``ScoreList.DeviceJoined``)."""
        if DevicesMixin in cls.__bases__:
            for name in EVENTS:
                if name not in cls.__dict__:
                    setattr(cls, name, getattr(DevicesMixin, name))
        super().__init_subclass__(**kwargs)

    class DeviceJoined(Chained.Event):
        device: str
        name: str
        actor: dict[str, Any]

        def apply(self, agg: Any) -> None:
            super().apply(agg)
            agg.devices = {**devices(agg), self.device: {"name": self.name, "withdrawn": None}}

    class DeviceWithdrawn(Chained.Event):
        device: str
        name: str
        reason: str
        actor: dict[str, Any]

        def apply(self, agg: Any) -> None:
            super().apply(agg)
            devices(agg)[self.device]["withdrawn"] = self.reason

    class TableCodeReissued(Chained.Event):
        generation: int
        expires: str | None
        actor: dict[str, Any]

        def apply(self, agg: Any) -> None:
            super().apply(agg)
            agg.code_generation = self.generation
            agg.code_expires = self.expires

    # ---- queries ----------------------------------------------------------------------

    def joined_devices(self) -> list[dict[str, Any]]:
        """The devices that joined, by name, in order: ``{name, withdrawn, holds_pen}``."""
        return [
            {"name": d["name"], "withdrawn": d["withdrawn"], "holds_pen": device == self.pen}
            for device, d in devices(self).items()
        ]

    def table_code(self) -> tuple[int, str | None]:
        """The generation of the list's table card and when its code expires (or None)."""
        return code_generation(self), code_expires(self)

    def device_name(self, device: str) -> str | None:
        """The name of a device of this list (None for an id that never joined it)."""
        found = devices(self).get(device)
        return found["name"] if found else None

    def is_active_device(self, device: str) -> bool:
        """Whether ``device`` joined this list and was not withdrawn."""
        found = devices(self).get(device)
        return found is not None and found["withdrawn"] is None

    def pen_name(self) -> str | None:
        """The name of the device holding the pen ("the director" for the console), or None."""
        if self.pen_is_free():
            return None
        return self.device_name(str(self.pen)) or "the director"

    def pen_is_free(self) -> bool:
        """Whether the next device that asks for the pen gets it (see the module docstring)."""
        if self.pen is None:
            return True
        found = devices(self).get(self.pen)
        if found is not None:
            return found["withdrawn"] is not None
        # An id that never joined as a device: a phone of a release before devices were
        # registered, once the list has devices of its own (the console keeps its pen).
        return bool(devices(self)) and not self.__dict__.get("pen_console", False)

    def device_by_name(self, name: str) -> str:
        """The id of the active device called ``name`` on this list.

        :raises NotFound: naming the device, when no active device of the list has it.
        """
        for device, found in devices(self).items():
            if found["name"] == name and found["withdrawn"] is None:
                return device
        raise NotFound(
            f"no device called {name!r} joined this list (or it was withdrawn); "
            "the pen moves only to a phone that joined with the table card",
            "device",
        )

    # ---- verbs ------------------------------------------------------------------------

    def join_device(self, device: str, name: str, actor: Actor) -> str:
        """Record that ``device`` joined the list; its name is made unique on the list."""
        self.check_open()
        name = " ".join(str(name).split())
        if not name or len(name) > MAX_NAME:
            raise InvalidInput(f"must be 1 to {MAX_NAME} characters", "name")
        if device in devices(self):
            raise Conflict("this device already joined the list", "device")
        taken = {d["name"] for d in devices(self).values()}
        unique, n = name, 2
        while unique in taken:
            unique, n = f"{name} ({n})", n + 1
        # the author is the device itself (the server registered it on its behalf)
        author = Actor(TABLE, client_id=device, name=unique).as_dict() | {"by": actor.role}
        self._record(self.DeviceJoined, device=device, name=unique, actor=author)
        return unique

    def withdraw_device(self, name: str, reason: str, actor: Actor) -> None:
        """Withdraw a device (the director): its secret stops working; the pen may be taken."""
        self.check_open()
        self.check_director(actor, "withdraw a device")
        device = self.device_by_name(name)
        self._record(
            self.DeviceWithdrawn, device=device, name=name, reason=reason, actor=actor.as_dict()
        )

    def reissue_code(self, expires: str | None, actor: Actor) -> int:
        """Re-issue the table card (the director): a new code; the old one stops working."""
        self.check_open()
        self.check_director(actor, "re-issue a table card")
        if expires is not None:
            try:
                when = datetime.fromisoformat(expires)
            except ValueError:
                raise InvalidInput("must be a date and time (ISO 8601)", "expires") from None
            if when.tzinfo is None:
                raise InvalidInput("must say its time zone (e.g. +01:00 or Z)", "expires")
        generation = code_generation(self) + 1
        self._record(
            self.TableCodeReissued, generation=generation, expires=expires, actor=actor.as_dict()
        )
        return generation

    def pen_taken_by_console(self, device: str, actor: Actor) -> bool:
        """Whether taking the pen as ``actor`` means the director keeps the list."""
        return actor.role in CONSOLE_ROLES and device == actor.client_id

"""A unit of work: the aggregates a batch of commands loads and changes, saved together.

While :meth:`Troef.handle_batch` runs a phone's offline batch, every load of an aggregate
(``get_list``, ``get_competition``, the device) goes through the batch's :class:`Unit`: the
first load reads the store, later ones get the same object, so that each command sees what
the commands before it did, and the list is loaded once, not once per deal. Each accepted
command's new events are taken in the order today's one-command saves would write them;
a refused command's changes are rolled back (its aggregates rebuilt from what they were
when loaded plus the events of the commands accepted before it). The whole batch is then
saved in one transaction.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any
from uuid import UUID

Marks = dict[UUID, int]
Loader = Callable[[UUID, int], Any]  # the aggregate as stored at a version

_CURRENT: ContextVar[Unit | None] = ContextVar("troef_unit_of_work", default=None)


@dataclass
class Held:
    """An aggregate in a unit, and the version it had in the store when it was loaded."""

    aggregate: Any
    base: int  # 0: created within the unit


class Unit:
    """The aggregates of one batch, by id, and the events to save, in order."""

    def __init__(self, load: Loader) -> None:
        self._load = load
        self.held: dict[UUID, Held] = {}
        self.events: list[Any] = []

    def get(self, uid: UUID) -> Any | None:
        held = self.held.get(uid)
        return None if held is None else held.aggregate

    def hold(self, aggregate: Any) -> Any:
        """Keep ``aggregate`` (loaded or new) for the rest of the batch; the one held wins."""
        held = self.held.get(aggregate.id)
        if held is None:
            base = aggregate.version - len(aggregate.pending_events)
            self.held[aggregate.id] = held = Held(aggregate, base)
        return held.aggregate

    def mark(self) -> Marks:
        """Where each held aggregate's pending events stand, before a command runs."""
        return {uid: len(h.aggregate.pending_events) for uid, h in self.held.items()}

    def commit(self, marks: Marks, first: Iterable[Any] = ()) -> None:
        """Take the events a command added: ``first``'s in their order, then any other's."""
        order = [a.id for a in first if a.id in self.held]
        order += [uid for uid in self.held if uid not in order]
        for uid in dict.fromkeys(order):
            pending = self.held[uid].aggregate.pending_events
            self.events.extend(pending[marks.get(uid, 0) :])

    def roll_back(self, marks: Marks) -> None:
        """Undo a refused command: drop what it loaded, rebuild what it changed."""
        for uid in [uid for uid in self.held if uid not in marks]:
            del self.held[uid]
        for uid, held in list(self.held.items()):
            kept = marks[uid]
            if len(held.aggregate.pending_events) != kept:
                held.aggregate = self._rebuilt(uid, held, kept)
                if held.aggregate is None:  # created by the refused command itself
                    del self.held[uid]

    def _rebuilt(self, uid: UUID, held: Held, kept: int) -> Any:
        events = list(held.aggregate.pending_events[:kept])
        aggregate = self._load(uid, held.base) if held.base else None
        for event in events:
            aggregate = event.mutate(aggregate)
        if aggregate is not None:
            aggregate._pending_events = events
        return aggregate

    def to_save(self) -> list[Any]:
        """The events in order, then the aggregates (emptied of them) for their snapshots."""
        aggregates = [h.aggregate for h in self.held.values()]
        for aggregate in aggregates:
            aggregate.collect_events()
        return [*self.events, *aggregates]


def current() -> Unit | None:
    """The unit of the batch running in this thread (None outside a batch)."""
    return _CURRENT.get()


@contextmanager
def running(unit: Unit) -> Iterator[Unit]:
    token = _CURRENT.set(unit)
    try:
        yield unit
    finally:
        _CURRENT.reset(token)

"""Play mode switched on or off: for one table's list, or for a competition's evenings.

In play mode the table app records the auction and every card (docs/play-mode.md). The
director switches it per list (a table where disputes are likely) or per competition, for
one evening or for every evening; a list of a competition in play mode is opened in it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actor import Actor
from .chain import Chained
from .errors import Forbidden, InvalidInput

ALL = "all"


def _flag(on: Any) -> bool:
    if not isinstance(on, bool):
        raise InvalidInput("must be true or false", "on")
    return on


def _adopt(cls: type, base: type, names: tuple[str, ...]) -> None:
    """Put a mixin's events on the aggregate class (see ``PlayMixin.__init_subclass__``)."""
    if base in cls.__bases__:
        for name in names:
            if name not in cls.__dict__:
                setattr(cls, name, getattr(base, name))


class ListPlayMode:
    """A list's play mode: its event and its verb (a score list inherits them)."""

    if TYPE_CHECKING:

        def check_open(self) -> None: ...
        def check_director(self, actor: Actor, what: str) -> None: ...
        def _record(self, event_class: type, **fields: Any) -> None: ...

    class PlayModeSet(Chained.Event):
        on: bool
        actor: dict[str, Any]

        def apply(self, agg: Any) -> None:
            super().apply(agg)
            agg.play_mode = self.on

    @property
    def in_play_mode(self) -> bool:
        """The table records every bid and card (lists opened before play mode: False)."""
        return bool(getattr(self, "play_mode", False))

    def set_play_mode(self, on: Any, actor: Actor) -> bool:
        """Switch the list's play mode (the director); nothing is recorded when it is so."""
        self.check_open()
        self.check_director(actor, "switch play mode")
        if _flag(on) != self.in_play_mode:
            self._record(self.PlayModeSet, on=on, actor=actor.as_dict())
        return on


class CompetitionPlayMode:
    """A competition's play mode, for every evening or for one (a competition inherits it)."""

    if TYPE_CHECKING:

        def evening(self, evening: Any) -> dict[str, Any]: ...
        def _record(self, event_class: type, **fields: Any) -> None: ...

    def __init_subclass__(cls, **kwargs: Any) -> None:
        _adopt(cls, CompetitionPlayMode, ("PlayModeSet",))
        super().__init_subclass__(**kwargs)

    class PlayModeSet(Chained.Event):
        on: bool
        evening: int | None
        actor: dict[str, Any]

        def apply(self, agg: Any) -> None:
            super().apply(agg)
            modes = dict(getattr(agg, "play_modes", {}))
            if self.evening is None:
                modes = {ALL: self.on}
            else:
                modes[str(self.evening)] = self.on
            agg.play_modes = modes

    def play_mode_for(self, evening: int) -> bool:
        """Whether the lists of ``evening`` are played in play mode."""
        modes: dict[str, bool] = getattr(self, "play_modes", {})
        return modes.get(str(evening), modes.get(ALL, False))

    def set_play_mode(self, on: Any, evening: Any, actor: Actor) -> None:
        """Switch play mode for every evening (``evening`` None) or for one (the director)."""
        if not actor.is_director:
            raise Forbidden("only the director can switch play mode", "role")
        _flag(on)
        if evening is not None:
            self.evening(evening)
        self._record(self.PlayModeSet, on=on, evening=evening, actor=actor.as_dict())

"""The result of scoring one deal record."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any


@dataclass(frozen=True)
class Score:
    """Points per seat, with the working that produced them.

    ``counts`` says whether the deal counts towards the list's planned number of deals
    (a passed-round wiezen deal, a klaverjas redeal and a schafkopf "no game" do not).
    ``markers`` are the list's marks for the row (``pas_rond``, ``rond``, ``nat``, ``pit``,
    ``solo_dot``, ...). ``extra`` holds game-specific values (bridge ``score``, klaverjas
    ``pairs``) that are written out next to ``points``.
    """

    points: Mapping[str, int]
    explain: tuple[str, ...]
    counts: bool = True
    markers: tuple[str, ...] = ()
    extra: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "points", MappingProxyType(dict(self.points)))
        object.__setattr__(self, "extra", MappingProxyType(dict(self.extra)))

    def as_dict(self) -> dict[str, Any]:
        """Return the JSON shape written by ``troef score`` and stored on events."""
        out: dict[str, Any] = {"points": dict(self.points)}
        out.update(_plain(self.extra))
        out["counts"] = self.counts
        out["markers"] = list(self.markers)
        out["explain"] = list(self.explain)
        return out


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value

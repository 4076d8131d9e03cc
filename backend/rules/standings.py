"""The shape of a standings table, shared by every game's counting rules.

Each game's counting rule (``wiezen_season``, ``klaverjas_season`` …) turns the results
of a season or tournament into :class:`Line` s: a total, the results that count and the
results that were dropped, each with the reason, so a player can see how his number
came about. :func:`rank` orders lines and gives equal keys an equal rank.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any


@dataclass(frozen=True)
class Counted:
    """One result of a player: where it came from, its value, and why it counts or not."""

    key: str  # the evening / Sunday / Durchgang / session it belongs to
    value: int
    counts: bool
    reason: str

    def as_dict(self) -> dict[str, Any]:
        return {"key": self.key, "value": self.value, "counts": self.counts, "reason": self.reason}


@dataclass(frozen=True)
class Line:
    """A player's (or pair's) line in the standings."""

    player: str
    total: int
    results: tuple[Counted, ...] = ()
    tiebreak: tuple[int, ...] = ()  # compared after ``total``, higher first
    details: Mapping[str, Any] = field(default_factory=dict)
    explain: tuple[str, ...] = ()
    rank: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "details", MappingProxyType(dict(self.details)))

    @property
    def counted(self) -> tuple[Counted, ...]:
        return tuple(r for r in self.results if r.counts)

    @property
    def dropped(self) -> tuple[Counted, ...]:
        return tuple(r for r in self.results if not r.counts)

    def as_dict(self) -> dict[str, Any]:
        return {
            "rank": self.rank,
            "player": self.player,
            "total": self.total,
            "tiebreak": list(self.tiebreak),
            "results": [r.as_dict() for r in self.results],
            "details": dict(self.details),
            "explain": list(self.explain),
        }


def rank(
    lines: Iterable[Line],
    key: Callable[[Line], Sequence[int]] = lambda line: (line.total, *line.tiebreak),
) -> list[Line]:
    """Order lines by ``key`` (highest first) and number them; equal keys share a rank.

    Lines that tie completely keep the order of their player names, so the table is stable.
    """
    ordered = sorted(lines, key=lambda line: line.player)
    ordered.sort(key=lambda line: tuple(key(line)), reverse=True)
    out: list[Line] = []
    for position, line in enumerate(ordered, start=1):
        if out and tuple(key(out[-1])) == tuple(key(line)):
            out.append(replace(line, rank=out[-1].rank))
        else:
            out.append(replace(line, rank=position))
    return out


def as_table(lines: Iterable[Line]) -> list[Mapping[str, Any]]:
    return [line.as_dict() for line in lines]

"""The director's standing adjustments: each one a result of its own, then the table re-ranked.

A ruling that gives or takes points on the standings (not on one list) is added to the
player's line as a result that always counts, with its reason and article, so the player
sees where the number came from. A player the counting rule left unranked (excluded, e.g.
Schafkopf Nr. 8) stays unranked, below the others.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from .standings import Counted, Line, rank


def adjusted(lines: Sequence[Line], adjustments: Iterable[Mapping[str, Any]]) -> list[Line]:
    """``lines`` with each adjustment (``player_id``, ``points``, ``reason``, ``article``,
    ``position``, in their order) added as a counting result, ranked again."""
    todo = list(adjustments)
    if not todo:
        return list(lines)
    by_player = {line.player: line for line in lines}
    for adj in todo:
        line = by_player.get(adj["player_id"]) or Line(adj["player_id"], 0)
        reason = "ruling: " + adj["reason"] + (f" ({adj['article']})" if adj["article"] else "")
        by_player[adj["player_id"]] = replace(
            line,
            total=line.total + adj["points"],
            results=(
                *line.results,
                Counted(f"ruling {adj['position']}", adj["points"], True, reason),
            ),
        )
    unranked = {line.player for line in lines if line.rank == 0}
    ranked = rank(line for p, line in by_player.items() if p not in unranked)
    return ranked + [line for p, line in by_player.items() if p in unranked]

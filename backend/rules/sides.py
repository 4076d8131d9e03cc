"""Who a list counts points for: each player, or in bridge each pair.

A bridge list seats pairs (NS and EW) and a board's score is the pair's; the other games'
lists count each seat's own points.
"""

from __future__ import annotations

from collections.abc import Mapping


def list_points(game: str, points: Mapping[str, int]) -> dict[str, int]:
    """A row's points per seat of the list (bridge: the NS and EW pairs' board scores)."""
    if game == "bridge":
        return {"NS": points.get("N", 0), "EW": points.get("E", 0)}
    return dict(points)

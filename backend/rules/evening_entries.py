"""What one evening gives a game's season counting rule, from the lists it played.

The read models hold each list's totals and rows; these rules say what they count as before
the season is counted (``klaverjas_season``, ``schafkopf_season``, ``bridge_season``): a
klaverjas evening with a partij sat out or missed, a schafkopf solo won, a bridge board's
result and how many tables play it. Integers only, like every rule.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .klaverjas_season import ABSENT_WITH_NOTICE, ABSENT_WITHOUT_NOTICE, SAT_OUT


def klaverjas_entry(status: str, partijen: Sequence[int | None]) -> list[int | str] | str:
    """A player's klaverjas evening: the score of each partij (:data:`SAT_OUT` where he sat
    one out, SB-8), or, when he played none and was not present, the code of his absence
    (SB-7: with notice or without)."""
    if status == "present" or any(p is not None for p in partijen):
        return [SAT_OUT if p is None else p for p in partijen]
    return ABSENT_WITH_NOTICE if status == "absent_notice" else ABSENT_WITHOUT_NOTICE


def schafkopf_won(record: Mapping[str, Any], points: Mapping[str, int]) -> bool:
    """Whether a Solo or Tout was won: its player's points for the game are positive."""
    return record.get("type") in ("SOLO", "TOUT") and points.get(str(record.get("declarer")), 0) > 0


def bridge_result(record: Mapping[str, Any], points: Mapping[str, int]) -> Any:
    """A board's result as a table scored it: the director's adjusted score if there is one,
    else North-South's score."""
    return record.get("adjusted") or points.get("N", 0)


def bridge_expected(
    scheduled: Mapping[str, int], played: Mapping[str, Sequence[Any]]
) -> dict[str, int]:
    """How many tables play each board (B-D12): as the movement schedules it, or as often as
    it was played if more."""
    return {board: max(scheduled.get(board, 0), len(rows)) for board, rows in played.items()}


def bridge_contract(record: Mapping[str, Any], result: Any) -> str:
    """A traveller's contract: level, strain and an ``x`` per double ("4Hx"); "adjusted" for
    a director's score; "passed" for a board passed out."""
    contract = record.get("contract") or {}
    if contract:
        text = "".join(str(contract.get(k, "")) for k in ("level", "strain"))
        return text + "x" * int(contract.get("dbl") or 0)
    return "adjusted" if isinstance(result, dict) else "passed"

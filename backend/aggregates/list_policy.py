"""What a score list needs to know about its game beyond the scoring rules.

The planned number of deals, which seats form sides (for the confirmation of a submitted
list), and the facts a list fills in from its own history (wiezen's pas-rond doubling and
the count of a player's misplays that Sunday).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..rules.sides import list_points as list_points  # a game rule; named here for the list
from .errors import InvalidInput

# Wiezen TS: 40 deals (50 at a five-player table); Klaverjas art. 1: 16; Schafkopf Nr. 1: 30.
PLANNED = {"wiezen": 40, "klaverjas": 16, "schafkopf": 30, "bridge": 0}
WIEZEN_FIVE_TABLE = 50
PAIR_SIDES = (frozenset({"N", "S"}), frozenset({"E", "W"}))


def planned_deals(game: str, seats: Mapping[str, str]) -> int:
    """The number of counted deals a list of this game plays (bridge: set by the movement)."""
    if game == "wiezen" and len(seats) == 5:
        return WIEZEN_FIVE_TABLE
    return PLANNED[game]


def envelope(game: str, seats: Mapping[str, str]) -> dict[str, Any]:
    """The record fields a list fills in from its seats (bridge lists seat pairs, NS and EW)."""
    if game == "bridge":
        return {"ns": seats["NS"], "ew": seats["EW"]}
    return {"seats": dict(seats)}


def check_board(
    game: str,
    record: Mapping[str, Any],
    boards: Sequence[int] | None,
    rows: Sequence[Mapping[str, Any]],
) -> None:
    """Bridge: the board must be one of this round's and not already on the list."""
    if game != "bridge" or not boards:
        return
    board = record.get("board")
    if board not in boards:
        raise InvalidInput(
            f"this table plays boards {', '.join(map(str, boards))} this round", "board"
        )
    if any(r["record"].get("board") == board for r in live_rows(rows)):
        raise InvalidInput(f"board {board} is already on this list; void it to correct it", "board")


def same_side(game: str, a: str, b: str) -> bool:
    """True when seats ``a`` and ``b`` play together for the whole list (klaverjas, bridge)."""
    if game == "klaverjas":
        return any(a in side and b in side for side in PAIR_SIDES)
    return a == b


def complete_record(
    game: str, facts: Mapping[str, Any], rows: Sequence[Mapping[str, Any]]
) -> dict[str, Any]:
    """Fill in the facts a list knows from its own history; refuse ones that contradict it."""
    record = dict(facts)
    if game == "wiezen":
        _fill(record, "after_pas_rond", _wiezen_pas_rond_pending(rows), "the list's previous deal")
        misplay = record.get("misplay")
        if isinstance(misplay, Mapping) and misplay.get("offender") is not None:
            misplay = dict(misplay)
            earlier = _wiezen_misplays(rows, misplay["offender"])
            _fill(
                misplay,
                "fault_no_today",
                earlier + 1,
                f"{earlier} earlier misplay(s) on this list",
                path="misplay.",
            )
            record["misplay"] = misplay
    return record


def _fill(record: dict[str, Any], name: str, value: Any, why: str, path: str = "") -> None:
    given = record.get(name)
    if given is None:
        record[name] = value
    elif given != value:
        raise InvalidInput(f"must be {value!r} here ({why}), got {given!r}", f"{path}{name}")


def live_rows(rows: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    return [r for r in rows if not r.get("voided")]


def _wiezen_pas_rond_pending(rows: Sequence[Mapping[str, Any]]) -> bool:
    """Wiezen ART 9: pending when a pas rond came after the last deal with a contract."""
    for row in reversed(live_rows(rows)):
        if row["kind"] != "deal":
            continue
        contract = row["record"].get("contract")
        if contract == "PAS_ROND":
            return True
        if contract is not None:
            return False
    return False


def _wiezen_misplays(rows: Sequence[Mapping[str, Any]], offender: Any) -> int:
    """Wiezen ART 10 / W-D23: established misplays of this player earlier that Sunday."""
    count = 0
    for row in live_rows(rows):
        misplay = row["record"].get("misplay")
        if isinstance(misplay, Mapping) and misplay.get("offender") == offender:
            count += 1
    return count

"""A played bridge board's auction and play as PBN sections (``[Auction]``, ``[Play]``).

From a deal's play state as a score list keeps it (docs/play-mode.md): the bids in order,
the tricks with their seats. PBN 2.1 §3.5 (Auction): the tag names the first caller, then
the calls in rows of four (``Pass``, ``X``, ``XX``, ``1C`` … ``7NT``). §3.6 (Play): the tag
names the opening leader, then one row per trick with the cards in the seats' fixed order
from that leader (not the order they were played), ``-`` for a card not played.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

SEATS = ("N", "E", "S", "W")
CALLS = {"pass": "Pass", "pas": "Pass", "x": "X", "xx": "XX"}


def call(bid: Any) -> str:
    """One call in PBN: ``1NT``, ``Pass``, ``X``, ``XX`` (``?`` for a call PBN has no word for)."""
    if isinstance(bid, Mapping):
        return f"{bid.get('level')}{bid.get('strain')}"
    return CALLS.get(str(bid).strip().lower(), "?")


def card(text: str) -> str:
    """A card in PBN: the suit and ``T`` for a ten (``H10`` → ``HT``)."""
    return text[0] + ("T" if text[1:] == "10" else text[1:])


def sections(state: Mapping[str, Any]) -> list[str]:
    """The ``[Auction]`` and ``[Play]`` lines of a bridge deal's play state."""
    lines: list[str] = []
    bids = state.get("bids") or []
    if bids:
        lines.append(f'[Auction "{bids[0]["seat"]}"]')
        calls = [call(b["bid"]) for b in bids]
        lines += [" ".join(calls[i : i + 4]) for i in range(0, len(calls), 4)]
    tricks = state.get("tricks") or []
    if tricks:
        leader = tricks[0]["leader"]
        columns = [SEATS[(SEATS.index(leader) + k) % 4] for k in range(4)]
        lines.append(f'[Play "{leader}"]')
        for trick in tricks:
            by_seat = {c["seat"]: card(c["card"]) for c in trick["cards"]}
            lines.append(" ".join(by_seat.get(seat, "-") for seat in columns))
        if len(tricks) < 13 or any(len(t["cards"]) < 4 for t in tricks):
            lines.append("*")
    return lines

"""One bridge session (an evening) as the exchange formats see it: numbered pairs with their
place and percentage, and every board's traveller lines.

Troef enrols a bridge pair as one player (``p4`` → pair number 4), so the pair numbers are
stable over the season. The opening lead is exported when the table wrote it down (the
record's optional ``lead``), with a ten as ``T`` as scoring programs write it (``HT``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..rules.bridge import board_info

VULNERABLE = {"None": "None", "NS": "NS", "EW": "EW", "Both": "All"}


def pair_number(player_id: str) -> int:
    """``p4`` → 4 (the player id's number)."""
    digits = "".join(c for c in player_id if c.isdigit())
    return int(digits) if digits else 0


@dataclass
class Pair:
    number: int
    name: str
    direction: str  # NS, EW, or "" when the pair changed direction (a Howell)
    place: int | None
    percentage: int | None  # hundredths of a percent


@dataclass
class Line:
    table: int
    ns: int
    ew: int
    contract: str  # PBN style: 4S, 3NTX, Pass; "" for an artificial score
    declarer: str
    tricks: int | None
    score: int | None  # NS score; None for an artificial score
    adjusted: dict[str, str] | None
    ns_mp: int  # centi-MP
    ew_mp: int
    ns_pct: int  # hundredths of a percent
    lead: str = ""  # the opening lead (``HK``, ``DT``), when it was written down


@dataclass
class Board:
    number: int
    dealer: str
    vulnerable: str
    top: int
    lines: list[Line] = field(default_factory=list)


@dataclass
class Session:
    event: str
    club: str
    date: str  # YYYY-MM-DD
    evening: int
    pairs: list[Pair]
    boards: list[Board]


def card_text(card: str | None) -> str:
    """A card of a record (``H10``, ``SK``) as scoring programs write it (``HT``, ``SK``)."""
    return card.replace("10", "T") if card else ""


def contract_text(contract: str | None) -> str:
    """The read model's ``3NTx`` → PBN's ``3NTX``; ``passed`` → ``Pass``."""
    if not contract or contract == "adjusted":
        return ""
    if contract == "passed":
        return "Pass"
    return contract.replace("x", "X")


def session(picture: Mapping[str, Any], evening: int) -> Session:
    """The session of one evening of a bridge competition's picture."""
    travellers = [t for t in picture["travellers"] if t["evening"] == evening]
    names = {p["player_id"]: p["name"] for p in picture["players"]}
    seen: dict[str, set[str]] = {}
    boards: dict[int, Board] = {}
    for t in travellers:
        seen.setdefault(t["ns"], set()).add("NS")
        seen.setdefault(t["ew"], set()).add("EW")
        dealer, vulnerable = board_info(t["board"])
        board = boards.setdefault(
            t["board"], Board(t["board"], dealer, VULNERABLE[vulnerable], t["top"])
        )
        board.lines.append(
            Line(
                table=t["table"],
                ns=pair_number(t["ns"]),
                ew=pair_number(t["ew"]),
                contract=contract_text(t["contract"]),
                declarer=t["declarer"] or "",
                tricks=t["tricks"],
                score=t["score"],
                adjusted={k.upper(): v for k, v in t["adjusted"].items()}
                if t["adjusted"]
                else None,
                ns_mp=t["ns_mp"],
                ew_mp=t["ew_mp"],
                ns_pct=t["ns_pct"],
                lead=card_text(t.get("lead")),
            )
        )
    results = [r for r in picture["evening_results"] if r["evening"] == evening]
    ranked = sorted(
        (r for r in results if r["status"] == "played"), key=lambda r: -int(r["points"] or 0)
    )
    places: dict[str, int] = {}
    for i, r in enumerate(ranked):
        same = i and ranked[i - 1]["points"] == r["points"]
        places[r["player_id"]] = places[ranked[i - 1]["player_id"]] if same else i + 1
    pairs = [
        Pair(
            number=pair_number(pid),
            name=names.get(pid, pid),
            direction=next(iter(directions)) if len(directions) == 1 else "",
            place=places.get(pid),
            percentage=next((r["points"] for r in results if r["player_id"] == pid), None),
        )
        for pid, directions in seen.items()
    ]
    pairs.sort(key=lambda p: (p.place or 10**6, p.number))
    date = next((e["date"] for e in picture["evenings"] if e["evening"] == evening), "") or ""
    return Session(
        event=picture["competition"]["name"],
        club=picture["club"],
        date=date,
        evening=evening,
        pairs=pairs,
        boards=[boards[n] for n in sorted(boards)],
    )


def decimal(hundredths: int | None) -> str:
    """6111 → ``61.11`` (the exchange formats use a decimal point)."""
    if hundredths is None:
        return ""
    sign = "-" if hundredths < 0 else ""
    whole, cents = divmod(abs(int(hundredths)), 100)
    return f"{sign}{whole}.{cents:02d}"

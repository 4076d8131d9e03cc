"""One bridge session (an evening) as the exchange formats see it: numbered pairs with their
place and percentage, and every board's traveller lines.

Troef enrols a bridge pair as one player (``p4`` → pair number 4), so the pair numbers are
stable over the season. The opening lead is exported when the table wrote it down (the
record's optional ``lead``), with a ten as ``T`` as scoring programs write it (``HT``).

Some facts are read from the picture only when it carries them (numbers where they are known;
hands when a caller hands them in): the club's federation number ``picture["club_id"]``, each
pair's federation numbers ``players[i]["national_ids"]`` (one per partner, in the order of the
pair's name), the dealt hands ``picture["hands"]`` (rows
``{"evening", "board", "hands": {"N": ["SA", "H10", ...]}}``: the loaded hand records) and the
play of the boards played card by card ``picture["plays"]`` (rows ``{"list_id", "deal_no",
"hands", "bids", "tricks"}`` from the list's play state, docs/play-mode.md): a played line
carries its auction and its tricks, and a board's hands come from its play when no hand
record gives them.
A table whose score is not the score of its contract and tricks (a revoke's transferred tricks
or penalty points, a ruling) carries a note saying why (:mod:`.bridge_notes`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..rules.bridge import board_info
from .bridge_notes import score_note

VULNERABLE = {"None": "None", "NS": "NS", "EW": "EW", "Both": "All"}


def pair_number(player_id: str) -> int:
    """``p4`` → 4 (the player id's number)."""
    digits = "".join(c for c in player_id if c.isdigit())
    return int(digits) if digits else 0


@dataclass
class Player:
    name: str
    national_id: str  # the federation's number; "" when not known


@dataclass
class Pair:
    number: int
    name: str
    direction: str  # NS, EW, or "" when the pair changed direction (a Howell)
    place: int | None
    percentage: int | None  # hundredths of a percent
    players: list[Player] = field(default_factory=list)


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
    note: str = ""  # why ``score`` is not the score of contract and tricks; "" when it is
    play: dict[str, Any] | None = None  # the bids and tricks, when played card by card


@dataclass
class Board:
    number: int
    dealer: str
    vulnerable: str
    top: int
    lines: list[Line] = field(default_factory=list)
    hands: dict[str, list[str]] = field(default_factory=dict)  # seat → cards, when known


@dataclass
class Session:
    event: str
    club: str
    date: str  # YYYY-MM-DD
    evening: int
    pairs: list[Pair]
    boards: list[Board]
    identifier: str = ""  # stable for the competition and evening
    club_id: str = ""  # the club's federation number; "" when not known


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


def partners(name: str) -> list[str]:
    """A pair's players as its name lists them ("Jansen – de Vries" → Jansen, de Vries)."""
    parts = [p.strip() for p in name.split(" – ") if p.strip()]
    return parts or [name]


def _players(row: Mapping[str, Any]) -> list[Player]:
    names = partners(row["name"])
    numbers = [str(n or "") for n in row.get("national_ids") or []]
    numbers += [""] * (len(names) - len(numbers))
    return [Player(name, number) for name, number in zip(names, numbers, strict=False)]


def _hands(picture: Mapping[str, Any], evening: int) -> dict[int, dict[str, list[str]]]:
    """The dealt hands of the evening's boards, when the picture carries them."""
    return {
        int(h["board"]): {seat: list(cards) for seat, cards in (h.get("hands") or {}).items()}
        for h in picture.get("hands") or []
        if h.get("evening") == evening
    }


def _plays(picture: Mapping[str, Any]) -> dict[tuple[str, int], dict[str, Any]]:
    """The play of each deal played card by card, by list and deal number."""
    return {(p["list_id"], int(p["deal_no"])): dict(p) for p in picture.get("plays") or []}


def _line(
    t: Mapping[str, Any],
    deals: Mapping[tuple[str, int], Mapping[str, Any]],
    plays: Mapping[tuple[str, int], dict[str, Any]] | None = None,
) -> Line:
    deal, disputes = deals.get((t["list_id"], t["deal_no"]), ({}, []))
    play = (plays or {}).get((t["list_id"], t["deal_no"]))
    return Line(
        table=t["table"],
        ns=pair_number(t["ns"]),
        ew=pair_number(t["ew"]),
        contract=contract_text(t["contract"]),
        declarer=t["declarer"] or "",
        tricks=t["tricks"],
        score=t["score"],
        adjusted={k.upper(): v for k, v in t["adjusted"].items()} if t["adjusted"] else None,
        ns_mp=t["ns_mp"],
        ew_mp=t["ew_mp"],
        ns_pct=t["ns_pct"],
        lead=card_text(t.get("lead")),
        note=score_note(t, deal, disputes),
        play={"bids": play.get("bids") or [], "tricks": play.get("tricks") or []} if play else None,
    )


def _deals(picture: Mapping[str, Any]) -> dict[tuple[str, int], tuple[Any, list[Any]]]:
    """Each deal of the picture's lists with the disputes about it, by list and deal number."""
    return {
        (lst["list_id"], d["deal_no"]): (
            d,
            [x for x in lst.get("disputes") or [] if x.get("deal_no") == d["deal_no"]],
        )
        for lst in picture.get("lists") or []
        for d in lst.get("deals") or []
    }


def session(picture: Mapping[str, Any], evening: int) -> Session:
    """The session of one evening of a bridge competition's picture."""
    travellers = [t for t in picture["travellers"] if t["evening"] == evening]
    rows = {p["player_id"]: p for p in picture["players"]}
    deals, hands, plays = _deals(picture), _hands(picture, evening), _plays(picture)
    seen: dict[str, set[str]] = {}
    boards: dict[int, Board] = {}
    for t in travellers:
        seen.setdefault(t["ns"], set()).add("NS")
        seen.setdefault(t["ew"], set()).add("EW")
        dealer, vulnerable = board_info(t["board"])
        board = boards.setdefault(
            t["board"],
            Board(
                t["board"],
                dealer,
                VULNERABLE[vulnerable],
                t["top"],
                hands=hands.get(t["board"], {}),
            ),
        )
        board.lines.append(_line(t, deals, plays))
        played = plays.get((t["list_id"], t["deal_no"]))
        if not board.hands and played and played.get("hands"):
            board.hands = {seat: list(cards) for seat, cards in played["hands"].items()}
    results = [r for r in picture["evening_results"] if r["evening"] == evening]
    ranked = sorted(
        (r for r in results if r["status"] == "played"), key=lambda r: -int(r["points"] or 0)
    )
    places: dict[str, int] = {}
    for side in {r.get("field") for r in ranked}:  # a Mitchell: a place in each direction
        own = [r for r in ranked if r.get("field") == side]
        for i, r in enumerate(own):
            same = i and own[i - 1]["points"] == r["points"]
            places[r["player_id"]] = places[own[i - 1]["player_id"]] if same else i + 1
    pairs = [
        Pair(
            number=pair_number(pid),
            name=rows[pid]["name"] if pid in rows else pid,
            direction=next(iter(directions)) if len(directions) == 1 else "",
            place=places.get(pid),
            percentage=next((r["points"] for r in results if r["player_id"] == pid), None),
            players=_players(rows.get(pid) or {"name": pid}),
        )
        for pid, directions in seen.items()
    ]
    fielded = any(r.get("field") for r in ranked)  # NS pairs first, then EW, each by place
    pairs.sort(key=lambda p: ((p.direction != "NS") if fielded else 0, p.place or 10**6, p.number))
    date = next((e["date"] for e in picture["evenings"] if e["evening"] == evening), "") or ""
    competition = picture["competition"]
    return Session(
        event=competition["name"],
        club=picture["club"],
        date=date,
        evening=evening,
        pairs=pairs,
        boards=[boards[n] for n in sorted(boards)],
        identifier=f"{competition['competition_id']}/{evening}",
        club_id=str(picture.get("club_id") or ""),
    )


def decimal(hundredths: int | None) -> str:
    """6111 → ``61.11`` (the exchange formats use a decimal point)."""
    if hundredths is None:
        return ""
    sign = "-" if hundredths < 0 else ""
    whole, cents = divmod(abs(int(hundredths)), 100)
    return f"{sign}{whole}.{cents:02d}"

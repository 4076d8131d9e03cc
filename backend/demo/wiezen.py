"""Random but realistic wiezen deals (Reglement ed 8/9/19) for the demo and load tests.

Most deals are vraag/mee with 7–10 tricks; some are passed (pas rond), alleen, troel,
abondance or miserie (sometimes two or three miseries at once); a solo is rare. Now and
then a player misplays (ART 10), and a shuffle or a second misdeal gives a penalty-only
row (ART 1, 2; recorded with ``record_penalty``). The list itself fills in
``after_pas_rond`` and the misplay's ``fault_no_today``, so the facts never carry them.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from .draws import chance, pick, some

KINDS = {
    "VRAAG": 62,
    "PAS_ROND": 7,
    "ALLEEN": 8,
    "TROEL": 3,
    "ABONDANCE": 7,
    "MISERIE": 12,
    "SOLO": 1,
}
VRAAG_TRICKS = {5: 2, 6: 5, 7: 13, 8: 24, 9: 25, 10: 17, 11: 8, 12: 4, 13: 2}
ALLEEN_TRICKS = {2: 2, 3: 5, 4: 16, 5: 30, 6: 25, 7: 13, 8: 6, 9: 3}
TROEL_TRICKS = {6: 3, 7: 8, 8: 20, 9: 28, 10: 22, 11: 12, 12: 5, 13: 2}
ABONDANCES = {"AB9": 40, "AB9T": 20, "AB10": 15, "AB10T": 8, "AB11": 7, "AB11T": 4}
ABONDANCES |= {"AB12": 3, "AB12T": 3}
ABONDANCE_OVER = {-2: 8, -1: 17, 0: 45, 1: 22, 2: 8}  # tricks against the number bid
MISERIES = {1: 80, 2: 17, 3: 3}
MISERIE_TRICKS = {0: 72, 1: 16, 2: 8, 3: 4}
MISPLAY_RATE = 0.015
PENALTY_RATE = 0.015
OPEN_MISERIE = 0.25


def active_seats(seats: Mapping[str, str], dealer: int) -> list[int]:
    """The seats that play this deal: all four, or all but the dealer at a 5-table (W-D2)."""
    size = len(seats)
    return [s for s in range(1, size + 1) if size == 4 or s != dealer]


def random_deal(
    rng: random.Random,
    seats: Mapping[str, str],
    dealer: int,
    *,
    misplay_rate: float = MISPLAY_RATE,
) -> dict[str, Any]:
    """Draw the facts of one wiezen deal dealt by ``dealer`` at a 4- or 5-table."""
    active = active_seats(seats, dealer)
    facts: dict[str, Any] = {"dealer": dealer}
    if len(seats) == 5:
        facts["sitting_out"] = dealer
    kind = pick(rng, KINDS)
    if kind == "PAS_ROND":
        return facts | {"contract": "PAS_ROND"}
    if kind == "MISERIE":
        return facts | _miserie(rng, active)
    if kind in ("VRAAG", "TROEL"):
        tricks = pick(rng, VRAAG_TRICKS if kind == "VRAAG" else TROEL_TRICKS)
        facts |= {"contract": kind, "declarers": some(rng, active, 2), "tricks": tricks}
    elif kind == "ALLEEN":
        tricks = pick(rng, ALLEEN_TRICKS)
        facts |= {"contract": kind, "declarers": some(rng, active, 1), "tricks": tricks}
    elif kind == "ABONDANCE":
        code = pick(rng, ABONDANCES)
        tricks = min(13, int(code[2:].rstrip("T")) + pick(rng, ABONDANCE_OVER))
        facts |= {"contract": code, "declarers": some(rng, active, 1), "tricks": tricks}
    else:
        code = "SOLOSLIM" if chance(rng, 0.3) else "SOLO"
        tricks = 13 if chance(rng, 0.8) else 12
        facts |= {"contract": code, "declarers": some(rng, active, 1), "tricks": tricks}
    if kind in ("VRAAG", "TROEL", "ALLEEN") and chance(rng, misplay_rate):
        facts = _misplayed(rng, facts, active)
    return facts


def _miserie(rng: random.Random, active: list[int]) -> dict[str, Any]:
    """One to three miseries, each open or closed, settled separately (W-D16)."""
    players = some(rng, active, min(pick(rng, MISERIES), len(active) - 1))
    entries = [
        {"seat": seat, "open": chance(rng, OPEN_MISERIE), "tricks": pick(rng, MISERIE_TRICKS)}
        for seat in sorted(players)
    ]
    code = "OMIS" if all(e["open"] for e in entries) else "MIS"
    return {"contract": code, "miserie": entries}


def _misplayed(rng: random.Random, facts: dict[str, Any], active: list[int]) -> dict[str, Any]:
    """Turn a trick game into one stopped by an established misplay (ART 10)."""
    trick = rng.randint(2, 13)
    share = facts["tricks"] / 13
    before = sum(chance(rng, share) for _ in range(trick - 1))
    misplay = {"offender": rng.choice(active), "trick": trick, "declaring_tricks_before": before}
    out = {k: v for k, v in facts.items() if k != "tricks"}
    return out | {"misplay": misplay}


def random_penalty(rng: random.Random, seats: Mapping[str, str], dealer: int) -> dict[str, Any]:
    """Draw a penalty-only row: a shuffle after the first deal, or a second misdeal."""
    if chance(rng, 0.6):
        penalty = {"type": "PEN_SHUFFLE", "offender": rng.randint(1, len(seats))}
    else:
        penalty = {"type": "PEN_MISDEAL", "dealer": dealer}
    return {"dealer": dealer, "contract": None, "penalties": [penalty]}


def next_dealer(seats: Mapping[str, str], dealer: int, facts: Mapping[str, Any]) -> int:
    """The next dealer: the same after a pas rond or a shuffle (W-D5), else the left — also
    after a second misdeal, which passes the deal on (ART 2, §4.2)."""
    misdealt = any(p.get("type") == "PEN_MISDEAL" for p in facts.get("penalties") or ())
    if facts.get("contract") in (None, "PAS_ROND") and not misdealt:
        return dealer
    return dealer % len(seats) + 1


def first_dealer(seats: Mapping[str, str]) -> int:
    """Seat 1 deals first (Wiezen TS, as the draw says)."""
    return 1


def counts(facts: Mapping[str, Any]) -> bool:
    """True for a deal that counts towards the 40 (50) deals of a list (W-D3)."""
    return facts.get("contract") not in (None, "PAS_ROND")


def disputable(facts: Mapping[str, Any]) -> bool:
    """True for a deal whose trick count a table can get wrong and the director correct."""
    return facts.get("contract") in ("VRAAG", "ALLEEN", "TROEL") and "misplay" not in facts


def miscounted(facts: Mapping[str, Any]) -> dict[str, Any]:
    """The same deal written with one trick too few (or too many, after none)."""
    tricks = facts["tricks"]
    return {**facts, "tricks": tricks - 1 if tricks else 1}

"""Random but realistic Schafkopf games (TSV Lengfeld rules) for the demo and load tests.

Mostly Rufspiele, a fair share of Solos and a rare Solo-Tout; sometimes nobody plays and
the same dealer deals again (S-D6). The declaring side's Augen follow its tricks: no trick
is 0 Augen, all 8 tricks are 120, and n tricks never hold more than the n·4 best cards
(``MAX_AUGEN``) — so Schneider and Schwarz turn up now and then, as at a real table.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..rules.schafkopf import CALLED_ACES
from ..rules.schafkopf_fault import MAX_AUGEN
from .draws import around, chance, pick

TYPES = {"RUFSPIEL": 78, "SOLO": 16.5, "TOUT": 1.5, "NO_GAME": 4}
RUFSPIEL_TRICKS = {0: 0.2, 1: 0.8, 2: 4, 3: 13, 4: 24, 5: 30, 6: 20, 7: 7, 8: 1}
SOLO_TRICKS = {2: 2, 3: 6, 4: 14, 5: 30, 6: 31, 7: 14, 8: 3}
TOUT_WON = 0.8
SEATS = (1, 2, 3, 4)


def augen_for(rng: random.Random, tricks: int) -> int:
    """Augen the declaring side can hold in ``tricks`` tricks (both sides possible)."""
    if tricks in (0, 8):
        return 0 if tricks == 0 else 120
    lo = max(120 - MAX_AUGEN[8 - tricks], 2 * tricks)
    hi = min(MAX_AUGEN[tricks], 120 - 2 * (8 - tricks))
    return around(rng, 60 + 13 * (tricks - 4), 9, lo, hi)


def random_deal(
    rng: random.Random,
    seats: Mapping[str, str],
    dealer: int,
    *,
    durchgang: int | None = None,
) -> dict[str, Any]:
    """Draw the facts of one game dealt by ``dealer`` (seat 1–4)."""
    facts: dict[str, Any] = {"dealer": dealer}
    if durchgang is not None:
        facts["durchgang"] = durchgang
    kind = pick(rng, TYPES)
    if kind == "NO_GAME":
        return facts | {"type": kind}
    declarer = rng.choice(SEATS)
    facts |= {"type": kind, "declarer": declarer}
    if kind == "RUFSPIEL":
        partner = rng.choice([s for s in SEATS if s != declarer])
        tricks = pick(rng, RUFSPIEL_TRICKS)
        facts |= {"called_ace": rng.choice(tuple(CALLED_ACES)), "partner": partner}
    elif kind == "SOLO":
        tricks = pick(rng, SOLO_TRICKS)
    else:
        tricks = 8 if chance(rng, TOUT_WON) else rng.choice((6, 7, 7))
    return facts | {"decl_augen": augen_for(rng, tricks), "decl_tricks": tricks}


def next_dealer(seats: Mapping[str, str], dealer: int, facts: Mapping[str, Any]) -> int:
    """The next dealer: the same when nobody played (S-D6), otherwise the next seat."""
    return dealer if facts.get("type") == "NO_GAME" else dealer % 4 + 1


def first_dealer(seats: Mapping[str, str]) -> int:
    """Seat 1 deals first (Schafkopf Nr. 1, as the draw says)."""
    return 1


def counts(facts: Mapping[str, Any]) -> bool:
    """True for a game that is one of the Durchgang's 30 (S-D6)."""
    return facts.get("type") != "NO_GAME"

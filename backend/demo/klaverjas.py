"""Random but realistic klaverjas deals (Amsterdams) for the demo and load tests.

The forced player (left of the dealer) chooses trump, so his pair plays (art. 3). Card
points follow the tricks (0 tricks is 0 points, 8 tricks is 162, both add up to 162), roem
is claimed per trick by a pair that won tricks, with the values of art. 4c. Most deals are
made, some go nat, pit is rare, and now and then somebody revokes (``verzaakt``) or the
forced player has no picture card and the cards are dealt again (SB-6).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..rules.klaverjas_play import PAIRS, ROEM, SEATS, SUITS, TOTAL, next_seat
from .draws import around, chance, pick

OTHER = {"NS": "EW", "EW": "NS"}
PAIR_OF = {seat: pair for pair, seats in PAIRS.items() for seat in seats}
PLAYING_TRICKS = {0: 0.3, 1: 1, 2: 3, 3: 8, 4: 19, 5: 28, 6: 24, 7: 14, 8: 2.7}
ROEM_ENTRIES = {0: 50, 1: 35, 2: 12, 3: 3}
ROEM_KINDS: dict[tuple[str, ...], int] = {
    ("driekaart",): 48,
    ("stuk",): 22,
    ("driekaart", "stuk"): 8,
    ("vierkaart",): 12,
    ("stuk", "vierkaart"): 3,
    ("vier_heren",): 2,
    ("vier_vrouwen",): 2,
    ("vier_azen",): 1,
    ("vier_tienen",): 1,
    ("vier_boeren",): 1,
}
LAST_TRICK = 10
REDEAL_RATE = 0.01
REVOKE_RATE = 0.008
NO_PICTURES = tuple(suit + rank for suit in SUITS for rank in ("7", "8", "9"))


def random_deal(
    rng: random.Random,
    seats: Mapping[str, str],
    dealer: str,
    *,
    partij: int | None = None,
    redeal_rate: float = REDEAL_RATE,
    revoke_rate: float = REVOKE_RATE,
) -> dict[str, Any]:
    """Draw the facts of one klaverjas deal dealt by ``dealer`` (N, E, S or W)."""
    facts: dict[str, Any] = {"dealer": dealer}
    if partij is not None:
        facts["partij"] = partij
    if chance(rng, redeal_rate):
        hand = sorted(rng.sample(NO_PICTURES, 8))
        return facts | {"type": "REDEAL_NO_PICTURE", "hand": hand}
    playing = PAIR_OF[next_seat(dealer)]
    facts |= {"trump": rng.choice(SUITS), "playing": playing}
    if chance(rng, revoke_rate):
        pair = rng.choice(tuple(PAIRS))
        trick = rng.randint(1, 8)
        roem = _roem(rng, {p: trick for p in PAIRS}, trick - 1)
        verzaakt = {"pair": pair, "trick": trick, "by": rng.choice(PAIRS[pair])}
        return facts | ({"roem": roem} if roem else {}) | {"verzaakt": verzaakt}
    won = pick(rng, PLAYING_TRICKS)
    tricks = {playing: won, OTHER[playing]: 8 - won}
    facts |= {"card_points": _card_points(rng, playing, tricks), "tricks": tricks}
    roem = _roem(rng, tricks, 8)
    return facts | ({"roem": roem} if roem else {})


def _card_points(rng: random.Random, playing: str, tricks: Mapping[str, int]) -> dict[str, int]:
    """Split the 162 card points in line with the tricks (art. 5, §8 checks 1 and 4)."""
    other = OTHER[playing]
    won = tricks[playing]
    if won in (0, 8):
        return {playing: TOTAL if won else 0, other: 0 if won else TOTAL}
    last = LAST_TRICK if chance(rng, won / 8) else 0
    base = TOTAL - LAST_TRICK
    points = around(rng, base * won / 8 + 6, 14, 3 * won, base - 3 * (8 - won)) + last
    return {playing: points, other: TOTAL - points}


def _roem(rng: random.Random, tricks: Mapping[str, int], played: int) -> list[dict[str, Any]]:
    """Roem claimed in distinct tricks, each by a pair that won at least that many tricks."""
    entries: list[dict[str, Any]] = []
    free = list(range(1, played + 1))
    claimed = dict.fromkeys(PAIRS, 0)
    for _ in range(pick(rng, ROEM_ENTRIES)):
        able = {p: tricks[p] - claimed[p] for p in PAIRS if tricks[p] > claimed[p]}
        if not able or not free:
            break
        pair = pick(rng, able)
        trick = free.pop(rng.randrange(len(free)))
        items = list(pick(rng, ROEM_KINDS))
        value = sum(ROEM[name] for name in items)
        entries.append({"trick": trick, "pair": pair, "items": items, "value": value})
        claimed[pair] += 1
    return sorted(entries, key=lambda e: e["trick"])


def next_dealer(seats: Mapping[str, str], dealer: str, facts: Mapping[str, Any]) -> str:
    """The next dealer: the same after a redeal (SB-6), otherwise the player on the left."""
    return dealer if facts.get("type") == "REDEAL_NO_PICTURE" else next_seat(dealer)


def first_dealer(seats: Mapping[str, str]) -> str:
    """North deals the first deal of a partij."""
    return SEATS[0]


def counts(facts: Mapping[str, Any]) -> bool:
    """True for a deal that is one of the partij's 16 (a redeal is not, SB-6)."""
    return facts.get("type") != "REDEAL_NO_PICTURE"

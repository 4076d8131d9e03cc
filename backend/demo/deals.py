"""A table's run of deals: each game's generator with its dealer rotation and penalty rows.

:func:`deal_stream` yields what a table phone enters, in order: ``("deal", facts)`` for
``record_deal`` and, in wiezen, now and then ``("penalty", facts)`` for ``record_penalty``.
The facts are a record's fields without the envelope the list fills in (game, seats, deal
number, rule set); :func:`full_record` adds it back for scoring outside a list.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from types import ModuleType
from typing import Any

from . import bridge, klaverjas, schafkopf, wiezen
from .draws import chance

GENERATORS: dict[str, ModuleType] = {
    "wiezen": wiezen,
    "klaverjas": klaverjas,
    "schafkopf": schafkopf,
    "bridge": bridge,
}
ROUND_FIELD = {"klaverjas": "partij", "schafkopf": "durchgang"}  # the list's round, written


def deal_stream(
    game: str,
    rng: random.Random,
    seats: Mapping[str, str],
    *,
    round: int | None = None,
    penalty_rate: float = wiezen.PENALTY_RATE,
) -> Iterator[tuple[str, dict[str, Any]]]:
    """Yield a table's rows for ``game`` without end: ``(kind, facts)``, kind deal/penalty.

    The dealer moves on as the game's rules say (not after a pas rond, a redeal or a
    game nobody played). Bridge has no stream: its boards come from a movement.
    """
    if game == "bridge":
        raise ValueError("bridge boards come from a movement; use bridge.random_boards")
    module = GENERATORS[game]
    extra = {ROUND_FIELD[game]: round} if game in ROUND_FIELD and round is not None else {}
    dealer = module.first_dealer(seats)
    while True:
        if game == "wiezen" and chance(rng, penalty_rate):
            yield "penalty", wiezen.random_penalty(rng, seats, dealer)
            continue
        facts = module.random_deal(rng, seats, dealer, **extra)
        yield "deal", facts
        dealer = module.next_dealer(seats, dealer, facts)


def counts(game: str, facts: Mapping[str, Any]) -> bool:
    """True when a deal counts towards the list's planned number of deals."""
    return bool(GENERATORS[game].counts(facts)) if game != "bridge" else True


def full_record(
    game: str, seats: Mapping[str, str], deal_no: int, facts: Mapping[str, Any]
) -> dict[str, Any]:
    """The deal record as a list stores it: the shared envelope plus the facts."""
    return {"format": 1, "game": game, "seats": dict(seats), "deal": deal_no, **facts}

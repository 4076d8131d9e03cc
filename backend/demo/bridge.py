"""Random but realistic duplicate bridge boards for load tests and benchmarks.

Contracts follow a club's spread: mostly part-scores and games (3NT, 4♥/4♠, 5 of a minor),
some slams, a rare grand slam or pass-out, now and then doubled; declarer takes about
level + 6 tricks. The dealer of a board is fixed by its number (§B6). Bridge is not in
the demo season yet: ``draw_seating`` has no bridge movement (see ``backend/draws.py``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..rules.bridge import SEATS, board_info
from .draws import chance, pick

PASSED_OUT = 0.02
LEVELS = {1: 9, 2: 18, 3: 20, 4: 33, 5: 8, 6: 10, 7: 2}
STRAINS_AT = {
    1: {"C": 15, "D": 15, "H": 20, "S": 20, "NT": 30},
    2: {"C": 20, "D": 20, "H": 25, "S": 25, "NT": 10},
    3: {"C": 10, "D": 10, "H": 10, "S": 10, "NT": 60},
    4: {"C": 4, "D": 4, "H": 44, "S": 44, "NT": 4},
    5: {"C": 42, "D": 42, "H": 7, "S": 7, "NT": 2},
    6: {"C": 15, "D": 15, "H": 25, "S": 25, "NT": 20},
    7: {"C": 15, "D": 15, "H": 25, "S": 25, "NT": 20},
}
DOUBLED = {0: 90, 1: 9, 2: 1}
RESULT = {-3: 2, -2: 6, -1: 20, 0: 42, 1: 23, 2: 7}  # tricks against level + 6


def random_deal(
    rng: random.Random,
    seats: Mapping[str, str] | None = None,
    dealer: str | None = None,
    *,
    board: int = 1,
) -> dict[str, Any]:
    """Draw the result of one board: the final contract, declarer and tricks taken.

    :raises ValueError: when ``dealer`` is given and is not the dealer of ``board``.
    """
    board_dealer, _ = board_info(board)
    if dealer is not None and dealer != board_dealer:
        raise ValueError(f"board {board} is dealt by {board_dealer}, not {dealer}")
    facts: dict[str, Any] = {"board": board}
    if chance(rng, PASSED_OUT):
        return facts | {"contract": None}
    level = pick(rng, LEVELS)
    contract = {"level": level, "strain": pick(rng, STRAINS_AT[level]), "dbl": pick(rng, DOUBLED)}
    tricks = max(0, min(13, level + 6 + pick(rng, RESULT)))
    return facts | {"contract": contract, "declarer": rng.choice(SEATS), "tricks": tricks}


def random_boards(rng: random.Random, boards: int, first: int = 1) -> list[dict[str, Any]]:
    """Draw one table's results for ``boards`` consecutive boards from board ``first``."""
    return [random_deal(rng, board=n) for n in range(first, first + boards)]


def first_dealer(seats: Mapping[str, str]) -> str:
    """Board 1 is dealt by North (§B6)."""
    return SEATS[0]

"""One duplicate board at every table: the same cards, so results that belong together.

A board is drawn once with the club's contract spread (:func:`.bridge.random_deal`): the
side that holds the cards, its strain and the tricks the cards give there. Each table then
bids it its own way (mostly the same contract, now and then a level lower or higher, the
other game (3NT for 4♥), a double, or the opponents competing or sacrificing) and takes
about as many tricks: one more or one fewer for the lead and the play. The demo cannot deal
cards, so this is how the results on one traveller look like one deal.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ..rules.bridge import SEATS
from . import bridge
from .draws import chance, pick

SIDE = {"N": ("N", "S"), "S": ("N", "S"), "E": ("E", "W"), "W": ("E", "W")}
OPPONENTS = {"N": ("E", "W"), "S": ("E", "W"), "E": ("N", "S"), "W": ("N", "S")}
BIDDING = {"same": 66, "level": 14, "strain": 9, "doubled": 4, "opponents": 7}
PLAY = {-1: 20, 0: 60, 1: 20}  # tricks against what the cards give, for the lead and play
OTHER_STRAIN = {-2: 15, -1: 35, 0: 35, 1: 15}  # tricks in the side's second strain
# The same hand in no-trumps or in a suit: 4♥/4♠ and 5♣/5♦ against 3NT, 2♠ against 1NT …
TO_NT = {1: 1, 2: 1, 3: 2, 4: 3, 5: 3, 6: 6, 7: 7}
TO_SUIT = {1: 2, 2: 3, 3: 4, 4: 4, 5: 5, 6: 6, 7: 7}
SACRIFICE_DOWN = {1: 35, 2: 45, 3: 20}
COMPETE = {-2: 20, -1: 40, 0: 30, 1: 10}
PASSED_OUT_TOO = 0.75
REVOKE_RATE = 0.01
REVOKE_CHOICE = {None: 50, "T": 30, "P": 20}  # None: not recorded, the default (B-D2)
SUITS = ("S", "H", "D", "C")
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


@dataclass(frozen=True)
class Deal:
    """What the cards of one board give: the side's contract, declarer and tricks."""

    board: int
    contract: dict[str, Any] | None  # None: nobody has an opening hand
    declarer: str | None = None
    tricks: int = 0  # the declaring side's tricks in its strain with a normal play
    other_tricks: int = 0  # its tricks in its second strain (NT, or a suit after NT)


def draw_deal(rng: random.Random, board: int) -> Deal:
    """Draw a board's cards as the club's contract spread sees them."""
    facts = bridge.random_deal(rng, board=board)
    if facts["contract"] is None:
        return Deal(board, None)
    tricks = facts["tricks"]
    other = max(0, min(13, tricks + pick(rng, OTHER_STRAIN)))
    return Deal(board, facts["contract"], facts["declarer"], tricks, other)


def draw_deals(rng: random.Random, boards: list[int]) -> dict[int, Deal]:
    """Draw every board of an evening once, before the first round starts."""
    return {board: draw_deal(rng, board) for board in sorted(boards)}


def table_result(rng: random.Random, deal: Deal) -> dict[str, Any]:
    """Draw one table's result on ``deal``: the facts its scorer enters for the board."""
    if deal.contract is None:
        return _passed_out(rng, deal.board)
    assert deal.declarer is not None
    level, strain, dbl = deal.contract["level"], deal.contract["strain"], deal.contract["dbl"]
    declarer = deal.declarer if chance(rng, 0.8) else _partner(deal.declarer)
    tricks = deal.tricks
    how = pick(rng, BIDDING)
    if how == "level":
        level = rng.choice([n for n in (level - 1, level + 1) if 1 <= n <= 7])
        dbl = 0
    elif how == "strain":
        if strain == "NT":
            level, strain = TO_SUIT[level], rng.choice(("H", "S", "H", "S", "D", "C"))
        else:
            level, strain = TO_NT[level], "NT"
        tricks, dbl = deal.other_tricks, 0
    elif how == "doubled":
        dbl = max(1, dbl)
    elif how == "opponents":
        return _opponents(rng, deal)
    elif dbl and chance(rng, 0.5):
        dbl = 0  # not every table finds the double
    return _played(deal.board, level, strain, dbl, declarer, tricks + pick(rng, PLAY))


def with_revoke(rng: random.Random, facts: dict[str, Any]) -> dict[str, Any]:
    """Add an established revoke, claimed by the side it wronged (Bridge §2b, §A3)."""
    declarer, tricks = facts["declarer"], facts["tricks"]
    by_defender = chance(rng, 0.85)
    offender = rng.choice(OPPONENTS[declarer]) if by_defender else declarer
    side_tricks = 13 - tricks if by_defender else tricks
    trick = rng.randint(2, 9)
    low, high = max(0, side_tricks - (trick - 1)), min(side_tricks, 14 - trick)
    revoke = {
        "trick": trick,
        "offender": offender,
        "withheld_card": rng.choice(SUITS) + rng.choice(RANKS),
        "offender_tricks_from_revoke_on": rng.randint(low, high),
        "choice": pick(rng, REVOKE_CHOICE),
        # a penalty in declarer's favour is declarer's to claim (§1); either defender's
        "claimed_by": declarer if by_defender else rng.choice(OPPONENTS[declarer]),
    }
    return {**facts, "revokes": [revoke]}


def _passed_out(rng: random.Random, board: int) -> dict[str, Any]:
    """A board nobody opens at most tables; now and then a light opening goes down."""
    if chance(rng, PASSED_OUT_TOO):
        return {"board": board, "contract": None}
    strain = rng.choice(("C", "D", "H", "S", "NT"))
    return _played(board, 1, strain, 0, rng.choice(SEATS), 7 + pick(rng, COMPETE))


def _opponents(rng: random.Random, deal: Deal) -> dict[str, Any]:
    """The other side buys the contract: a part-score battle, or a sacrifice over a game."""
    assert deal.contract is not None and deal.declarer is not None
    level = deal.contract["level"]
    declarer = rng.choice(OPPONENTS[deal.declarer])
    strain = rng.choice([s for s in ("C", "D", "H", "S") if s != deal.contract["strain"]])
    if level <= 3:
        return _played(deal.board, level, strain, 0, declarer, level + 6 + pick(rng, COMPETE))
    level = min(7, level + 1)
    down = pick(rng, SACRIFICE_DOWN)
    return _played(deal.board, level, strain, 1, declarer, level + 6 - down)


def _played(
    board: int, level: int, strain: str, dbl: int, declarer: str, tricks: int
) -> dict[str, Any]:
    return {
        "board": board,
        "contract": {"level": level, "strain": strain, "dbl": dbl},
        "declarer": declarer,
        "tricks": max(0, min(13, tricks)),
    }


def _partner(seat: str) -> str:
    a, b = SIDE[seat]
    return b if seat == a else a

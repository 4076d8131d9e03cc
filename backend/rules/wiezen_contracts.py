"""Score a wiezen contract: the ART 7 trick games and the ART 8 special games.

The score tables are data: :data:`AMOUNTS` (A per declaring-side tricks, §3.2) and
:data:`SPECIALS` (V per special game, §3.3). An established misplay changes the tricks
or the result before the contract is scored here (``wiezen_misplay``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import NamedTuple

from .ruleset import RuleSet

# A per tricks 0..13 of the declaring side, before the pas-rond factor (Wiezen §3.2):
# made: 2 + 1 per extra trick, ×2 when rond (ART 6, W-D12), ×2 when a troel is won (ART 7);
# failed: (2 + 1 per trick short) × 2, a lost troel not doubled again (ART 7).
AMOUNTS: dict[tuple[str, int], tuple[int, ...]] = {
    ("VRAAG", 8): (-20, -18, -16, -14, -12, -10, -8, -6, 2, 3, 4, 5, 6, 14),
    ("TROEL", 8): (-20, -18, -16, -14, -12, -10, -8, -6, 4, 6, 8, 10, 12, 28),
    ("TROEL", 9): (-22, -20, -18, -16, -14, -12, -10, -8, -6, 4, 6, 8, 10, 24),
    ("ALLEEN", 5): (-14, -12, -10, -8, -6, 2, 3, 4, 5, 6, 7, 8, 9, 20),
}


class TrickGame(NamedTuple):
    name: str
    declarers: int  # 2 = a pair (partners), 1 = alone against 3
    target: int | None  # None: the option troel_target decides (W-D13)


TRICK_GAMES = {
    "VRAAG": TrickGame("vraag/mee", 2, 8),
    "TROEL": TrickGame("troel", 2, None),
    "ALLEEN": TrickGame("alleen", 1, 5),
}


class Special(NamedTuple):
    name: str
    lo: int  # the game is made with lo..hi tricks of its declarer
    hi: int
    value: int  # V, paid by / to each other active player (ART 8, W-D7)


SPECIALS = {
    "AB9": Special("abondance 9", 9, 13, 5),
    "AB9T": Special("abondance 9 in troef", 9, 13, 5),
    "AB10": Special("abondance 10", 10, 13, 7),
    "AB10T": Special("abondance 10 in troef", 10, 13, 7),
    "MIS": Special("miserie", 0, 0, 10),
    "AB11": Special("abondance 11", 11, 13, 10),
    "AB11T": Special("abondance 11 in troef", 11, 13, 10),
    "AB12": Special("abondance 12", 12, 13, 12),
    "AB12T": Special("abondance 12 in troef", 12, 13, 12),
    "OMIS": Special("open miserie", 0, 0, 20),
    "SOLO": Special("solo (slem)", 13, 13, 30),
    "SOLOSLIM": Special("solo slim (solo in troef)", 13, 13, 40),
}
MISERIES = ("MIS", "OMIS")
CODES = (*TRICK_GAMES, *SPECIALS, "PAS_ROND")


@dataclass(frozen=True)
class Table:
    """The seats at the table (4 or 5) and the dealer, who sits out at a 5-table (W-D2)."""

    size: int
    dealer: int | None

    @property
    def seats(self) -> tuple[int, ...]:
        return tuple(range(1, self.size + 1))

    @property
    def active(self) -> tuple[int, ...]:
        return tuple(s for s in self.seats if self.size == 4 or s != self.dealer)


@dataclass
class Row:
    """Points per seat of one row of the list, with its working and marks."""

    points: dict[int, int]
    explain: list[str] = field(default_factory=list)
    markers: list[str] = field(default_factory=list)
    declarers: tuple[int, ...] = ()
    pair: bool = False  # the declarers are partners (VRAAG, TROEL)
    tricks: int | None = None  # the declaring side's tricks in a trick game


def seat_words(seats: Iterable[int]) -> str:
    """Name seats for an explanation: 'seat 2' or 'seats 2 + 4'."""
    listed = sorted(seats)
    return ("seat " if len(listed) == 1 else "seats ") + " + ".join(map(str, listed))


def settle(table: Table, declarer: int, amount: int) -> dict[int, int]:
    """Settle one lone declarer against every other active player: ``amount`` each."""
    points = dict.fromkeys(table.seats, 0)
    for seat in table.active:
        points[seat] = -amount
    points[declarer] = amount * (len(table.active) - 1)
    return points


def score_trick_game(
    code: str, declarers: tuple[int, ...], tricks: int, table: Table, factor: int, rules: RuleSet
) -> Row:
    """Score VRAAG, TROEL or ALLEEN with the declaring side's ``tricks`` (ART 6, 7, 9)."""
    game = TRICK_GAMES[code]
    target = game.target or rules["troel_target"]
    amount = AMOUNTS[code, target][tricks]
    made = tricks >= target
    if made:
        doublings = (
            (" × 2 rond (ART 6)", tricks == 13),
            (" × 2 troel won (ART 7)", code == "TROEL"),
        )
        factors = "".join(word for word, applies in doublings if applies)
        words = f"(2 + {tricks - target}){factors}" if factors else f"2 + {tricks - target}"
    else:
        words = f"-(2 + {target - tricks}) × 2 (ART 7)"
        words += ", a lost troel not doubled again" if code == "TROEL" else ""
    result = "made" if made else "failed"
    explain = [
        f"Wiezen ART 7: {game.name} by {seat_words(declarers)} {result} with {tricks} tricks"
        f" ({target} needed): A = {words} = {amount:+d}"
    ]
    if factor != 1:
        explain.append(f"Wiezen ART 9: after a pas rond ×{factor}: A = {amount * factor:+d}")
        amount *= factor
    markers = [result, *(["rond"] if made and tricks == 13 else [])]
    if game.declarers == 1:
        points = settle(table, declarers[0], amount)
        explain.append(
            f"seat {declarers[0]} {points[declarers[0]]:+d}, the others {-amount:+d} each"
        )
    else:
        points = dict.fromkeys(table.seats, 0)
        for seat in table.active:
            points[seat] = amount if seat in declarers else -amount
        explain.append(f"{seat_words(declarers)} {amount:+d} each, the opponents {-amount:+d} each")
    return Row(points, explain, markers, declarers, game.declarers == 2, tricks)


def special_value(code: str, after_pas_rond: bool, rules: RuleSet) -> tuple[int, list[str]]:
    """Return V of a special game and the note on the pas-rond factor (ART 8, W-D6)."""
    value = SPECIALS[code].value
    if not after_pas_rond:
        return value, []
    if rules["pas_rond_doubles_special"]:
        factor = rules["pas_rond_factor"]
        return value * factor, [f"club rule: after a pas rond ×{factor}, V = {value * factor}"]
    return value, ["Wiezen ART 8: never doubled; the pas-rond ×2 is used up (W-D6)"]


def score_special(code: str, declarer: int, made: bool, how: str, table: Table, value: int) -> Row:
    """Score one special game of one declarer: ±V from each other active player (W-D7)."""
    game = SPECIALS[code]
    amount = value if made else -value
    points = settle(table, declarer, amount)
    result = "made" if made else "failed"
    explain = [
        f"Wiezen ART 8: {game.name} (V = {value}) by seat {declarer} {result} {how}:"
        f" seat {declarer} {points[declarer]:+d}, the others {-amount:+d} each"
    ]
    return Row(points, explain, [result], (declarer,))


def add_rows(table: Table, rows: Iterable[Row]) -> dict[int, int]:
    """Add the points of rows seat by seat."""
    total = dict.fromkeys(table.seats, 0)
    for row in rows:
        for seat, points in row.points.items():
            total[seat] += points
    return total

"""Draw the seating of a club evening by lot: wiezen tables, klaverjas partners, schafkopf tables.

Every draw is made from ``random.Random(seed)`` through :class:`Lot`, so the same players and
the same recorded seed always give the same draw (see docs/seating.md). The players are sorted
first, so the order in which they were entered does not matter. Bridge movements live in
``seating_bridge.py``; the searches that keep partners and table-mates fresh in
``seating_search.py``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from .errors import RuleError
from .seating_search import mates_plan, pairs_plan, repeats

Seed = int | str
T = TypeVar("T")
_BITS = 1 << 53


def check_seed(seed: Any) -> Seed:
    """Return the seed, or refuse anything but an int or a str."""
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise RuleError("seed", "must be an integer or a string: the recorded seed of the lot")
    if isinstance(seed, str):
        try:
            seed.encode("utf-8")
        except UnicodeEncodeError:
            raise RuleError("seed", "must be valid text (no lone surrogates)") from None
    return seed


def check_count(value: Any, name: str, lo: int, hi: int) -> int:
    """Return an int parameter within lo..hi, or refuse it naming the parameter."""
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise RuleError(name, f"must be a whole number from {lo} to {hi}; got {value!r}")
    return value


def check_players(players: Any, name: str = "players") -> tuple[str, ...]:
    """Return the distinct player ids sorted, or refuse a bad list naming the entry."""
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise RuleError(name, "must be a list of ids, one per entrant")
    for i, player in enumerate(players):
        if not isinstance(player, str) or not player:
            raise RuleError(f"{name}[{i}]", "must be a non-empty string (an id)")
        if player in players[:i]:
            raise RuleError(f"{name}[{i}]", f"{player!r} is listed twice; everybody sits once")
    return tuple(sorted(players))


class Lot:
    """Draw by lot from ``random.Random(seed)``, reading only its ``random()`` stream.

    ``random()`` is the one method whose sequence Python promises to keep for a given seed;
    each call is turned back into its exact 53-bit integer, so no float arithmetic is done.
    """

    def __init__(self, seed: Seed) -> None:
        self.seed = check_seed(seed)
        self._rng = random.Random(seed)

    def below(self, n: int) -> int:
        """Return a uniform whole number in 0..n-1 (53-bit draws, rejecting the uneven tail)."""
        limit = _BITS - _BITS % n
        while True:
            num, den = self._rng.random().as_integer_ratio()
            k = num * (_BITS // den)
            if k < limit:
                return k % n

    def shuffle(self, items: Sequence[T]) -> list[T]:
        """Return a shuffled copy: Fisher–Yates from the last position down to the second."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out


@dataclass(frozen=True)
class Table:
    """One table in one round: (seat, player) in seat order."""

    number: int
    seats: tuple[tuple[str, str], ...]

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(player for _, player in self.seats)

    def as_dict(self) -> dict[str, Any]:
        return {"table": self.number, "seats": dict(self.seats)}


@dataclass(frozen=True)
class Round:
    """One Sunday, partij or Durchgang: its tables and who sits out."""

    number: int
    tables: tuple[Table, ...]
    sitting_out: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {
            "round": self.number,
            "tables": [t.as_dict() for t in self.tables],
            "sitting_out": list(self.sitting_out),
        }


@dataclass(frozen=True)
class Draw:
    """A whole draw with its seed, so that it can be reproduced and audited."""

    game: str
    unit: str
    seed: Seed
    players: tuple[str, ...]
    rounds: tuple[Round, ...]
    stats: tuple[tuple[str, int], ...]
    explain: tuple[str, ...]

    def as_dict(self) -> dict[str, Any]:
        """Return the JSON shape of the draw (``troef``'s output and the stored event)."""
        return {
            "game": self.game,
            "unit": self.unit,
            "seed": self.seed,
            "players": list(self.players),
            "rounds": [r.as_dict() for r in self.rounds],
            "stats": dict(self.stats),
            "explain": list(self.explain),
        }


def plural(k: int, noun: str) -> str:
    """Return "1 table", "2 tables"."""
    return f"{k} {noun}" if k == 1 else f"{k} {noun}s"


def _tables(groups: Sequence[Sequence[str]], seat_names: Sequence[str]) -> tuple[Table, ...]:
    return tuple(
        Table(i, tuple(zip(seat_names, group, strict=True))) for i, group in enumerate(groups, 1)
    )


def wiezen_split(n: int) -> tuple[int, int] | None:
    """Return (tables of five, tables of four) for n players per W-D1, or None if impossible."""
    fives = n % 4
    if n < 4 or n < 5 * fives:
        return None
    return fives, (n - 5 * fives) // 4


def _wiezen_refusal(n: int) -> RuleError:
    fewer = next((k for k in range(n - 1, 3, -1) if wiezen_split(k)), None)
    more = next(k for k in range(max(n + 1, 4), n + 9) if wiezen_split(k))
    ways = [f"{plural(more - n, 'more player')} join ({_split_words(more)})"]
    if fewer:
        ways.insert(0, f"{plural(n - fewer, 'player')} do not play ({_split_words(fewer)})")
    need = f"{n % 4} tables of five would need {5 * (n % 4)} players" if n >= 4 else "too few"
    return RuleError(
        "players",
        f"Wiezen TS / W-D1: {n} players cannot sit at tables of 4 and 5 ({need}); "
        f"the director decides, e.g. {' or '.join(ways)}",
    )


def _split_words(n: int) -> str:
    fives, fours = wiezen_split(n) or (0, 0)
    parts = [f"{plural(k, 'table')} of {size}" for k, size in ((fives, 5), (fours, 4)) if k]
    return f"{n} players: " + " and ".join(parts)


def draw_wiezen(players: Sequence[str], seed: Seed) -> Draw:
    """Draw tables and seats for a tournament Sunday (Wiezen TS, W-D1)."""
    names = check_players(players)
    lot = Lot(seed)
    split = wiezen_split(len(names))
    if split is None:
        raise _wiezen_refusal(len(names))
    fives, fours = split
    order = lot.shuffle(names)
    groups = [order[5 * i : 5 * i + 5] for i in range(fives)]
    groups += [order[5 * fives + 4 * i : 5 * fives + 4 * i + 4] for i in range(fours)]
    tables = tuple(
        Table(i, tuple((str(s), p) for s, p in enumerate(g, 1))) for i, g in enumerate(groups, 1)
    )
    explain = (
        f"Wiezen TS / W-D1: {_split_words(len(names))}",
        f"Wiezen TS: tables and seats drawn by lot (seed {seed!r}); seat 1 deals first",
    ) + (("Wiezen TS: at a table of 5 the dealer sits out each deal",) if fives else ())
    stats = (("tables_of_5", fives), ("tables_of_4", fours))
    return Draw("wiezen", "sunday", seed, names, (Round(1, tables),), stats, explain)


def draw_klaverjas(players: Sequence[str], seed: Seed, partijen: int = 3) -> Draw:
    """Draw tables and partners for each partij: new partners every partij (art. 1, K-D1)."""
    names = check_players(players)
    check_count(partijen, "partijen", 1, 12)
    lot = Lot(seed)
    n = len(names)
    if n < 4:
        raise RuleError("players", f"Klaverjas art. 1: a table needs 4 players; got {n}")
    out = n % 4
    order = lot.shuffle(names)
    explain = [
        f"Klaverjas art. 1 / K-D1: {n} players: {plural(n // 4, 'table')} of 4 per partij, "
        f"{partijen} {'partij' if partijen == 1 else 'partijen'}, partners sit opposite "
        f"(NS and EW) and change every partij",
        f"Klaverjas K-D1: tables, partners and seats drawn by lot (seed {seed!r})",
    ]
    sitting = [sorted(order[(p * out + i) % n] for i in range(out)) for p in range(partijen)]
    present = [[x for x in order if x not in sitting[p]] for p in range(partijen)]
    plan, partners, opponents = pairs_plan(present, lot.shuffle)
    rounds: list[Round] = []
    for p, tables in enumerate(plan):
        seated = [_orient(t, lot) for t in lot.shuffle(tables)]
        rounds.append(Round(p + 1, _tables(seated, "NESW"), tuple(sitting[p])))
        if sitting[p]:
            explain.append(
                f"Klaverjas SB-8: partij {p + 1}: {', '.join(sitting[p])} "
                f"{'sits' if out == 1 else 'sit'} out (1600 points for that partij)"
            )
    sit_outs = Counter(x for r in rounds for x in r.sitting_out)
    stats = (
        ("repeated_partners", repeats(partners)),
        ("repeated_opponents", repeats(opponents)),
        ("most_sit_outs", max(sit_outs.values(), default=0)),
    )
    twice = sorted(p for p, k in sit_outs.items() if k > 1)
    if twice:
        explain.append(
            f"Klaverjas K-D13: {', '.join(twice)} sit out more than one partij "
            f"(1600 points for each)"
        )
    explain.append(
        f"Klaverjas art. 1: {plural(stats[0][1], 'repeated partnership')} and "
        f"{plural(stats[1][1], 'repeated opponent meeting')} over the evening"
    )
    return Draw("klaverjas", "partij", seed, names, tuple(rounds), stats, tuple(explain))


def _orient(table: list[str], lot: Lot) -> list[str]:
    n, e, s, w = table
    if lot.below(2):
        n, e, s, w = e, n, w, s
    if lot.below(2):
        n, s = s, n
    if lot.below(2):
        e, w = w, e
    return [n, e, s, w]


def draw_schafkopf(players: Sequence[str], seed: Seed, durchgaenge: int = 2) -> Draw:
    """Draw tables and seats 1-4 for each Durchgang, new table-mates where possible (S-D14)."""
    names = check_players(players)
    check_count(durchgaenge, "durchgaenge", 1, 10)
    lot = Lot(seed)
    n = len(names)
    if n < 4 or n % 4:
        lower, upper = n - n % 4, n - n % 4 + 4
        around = f"{lower} or {upper}" if lower >= 4 else f"{upper}"
        raise RuleError(
            "players",
            f"Schafkopf Nr. 1: tables have 4 players and {n} is not a multiple of 4; "
            f"the text does not say what then happens, so the Turnierleitung decides "
            f"(e.g. bring the field to {around} players)",
        )
    plan, met = mates_plan([lot.shuffle(names) for _ in range(durchgaenge)], n // 4, lot.shuffle)
    rounds = []
    for d, tables in enumerate(plan):
        seated = [lot.shuffle(t) for t in lot.shuffle(tables)]
        rounds.append(Round(d + 1, _tables(seated, "1234")))
    again = repeats(met)
    explain = (
        f"Schafkopf Nr. 1 / S-D14: {n} players: {plural(n // 4, 'table')} of 4 in each of "
        f"{durchgaenge} Durchg{'ang' if durchgaenge == 1 else 'änge'}, a new draw each time",
        f"Schafkopf Nr. 1: tables and seats 1-4 drawn by lot (seed {seed!r}); seat 1 deals first",
        f"Schafkopf S-D14: {plural(again, 'repeated table-mate meeting')} over the tournament",
    )
    stats = (("repeated_table_mates", again),)
    return Draw("schafkopf", "durchgang", seed, names, tuple(rounds), stats, explain)

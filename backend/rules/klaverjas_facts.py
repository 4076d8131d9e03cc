"""Read the facts of a klaverjas deal record, refusing what the rulebook rules out (§7.1, §8).

Each reader names the field it refuses and the rule: seats, the revoke (``verzaakt``), card
points and tricks per pair (§8 checks 1 and 4), and the roem entries (art. 4c, §8 check 3).
"""

from __future__ import annotations

from collections.abc import Mapping

from .errors import RecordError
from .klaverjas_play import FOUR_OF_A_KIND, PAIRS, ROEM, SEATS, TOTAL
from .record import Fields

TRICKS = 8
ONE_TRICK = frozenset(  # the roem one trick can hold: art. 4c with K-D5 (longest run only)
    tuple(sorted(items))
    for items in (
        ("stuk",),
        ("driekaart",),
        ("driekaart", "stuk"),  # a trump run through Q K
        ("vierkaart",),
        ("vierkaart", "stuk"),  # e.g. trump 10 J Q K = 50 + 20 (K-D5)
        *((name,) for name in FOUR_OF_A_KIND.values()),
    )
)
ONE_TRICK_VALUES = frozenset({0} | {sum(ROEM[n] for n in items) for items in ONE_TRICK})
NO_TOTAL = (10, 30)  # multiples of 10 that no sum of 20, 50, 100 and 200 makes (§8 check 3)
NOT_ROEM = ("pit", "mars")  # art. 15c: follows from the tricks, never claimed
MOST_ROEM = TRICKS * 200  # a trick's roem is at most vier boeren, 200 (art. 4c, K-D5)


def facts_line(
    cards: Mapping[str, int] | None, tricks: Mapping[str, int] | None, roem: Mapping[str, int]
) -> str:
    """Return the explain line of the facts the score starts from."""
    parts = []
    if cards is not None:
        parts.append(f"card points NS {cards['NS']} + EW {cards['EW']}")
    if tricks is not None:
        parts.append(f"tricks NS {tricks['NS']} + EW {tricks['EW']}")
    parts.append(f"roem NS {roem['NS']}, EW {roem['EW']}")
    return "Klaverjas §8: " + "; ".join(parts)


def read_seats(f: Fields) -> dict[str, str]:
    """Read ``seats``: a player for each of N, E, S, W, no player twice."""
    seats = f.obj("seats", required=True)
    assert seats is not None
    seats.only(SEATS)
    players: dict[str, str] = {}
    for seat in SEATS:
        player = seats.str(seat)
        assert player is not None
        if not player.strip():
            raise seats.error(seat, "must name the player in this seat")
        for other, known in players.items():
            if known == player:
                raise seats.error(seat, f"{player} already sits at {other}")
        players[seat] = player
    return players


def read_verzaakt(f: Fields) -> tuple[str, str | None, int | None] | None:
    """Read an established revoke (art. 14, 15e): (pair, by, trick), or None."""
    v = f.obj("verzaakt")
    if v is None:
        return None
    v.only(("pair", "trick", "by"))
    pair = v.str("pair", PAIRS)
    assert pair is not None
    trick = v.int("trick", 1, TRICKS, required=False)
    by = v.str("by", SEATS, required=False)
    if by is not None and by not in PAIRS[pair]:
        raise v.error("by", f"{by} is not in pair {pair}, the pair that revoked")
    return pair, by, trick


def read_per_pair(f: Fields, name: str, most: int, revoked: bool) -> dict[str, int] | None:
    """Read ``{"NS": n, "EW": m}``; they add up to ``most`` (at most that after a revoke)."""
    obj = f.obj(name, required=not revoked)
    if obj is None:
        return None
    obj.only(PAIRS)
    values = {pair: obj.int(pair, 0, most) or 0 for pair in PAIRS}
    total = values["NS"] + values["EW"]
    rule = "art. 5" if name == "card_points" else "8 tricks a deal"
    if revoked and total > most:
        raise f.error(
            name,
            f"NS {values['NS']} + EW {values['EW']} = {total}, more than {most} "
            "(the standing when play stopped, §8 check 1)",
        )
    if not revoked and total != most:
        raise f.error(
            name,
            f"NS {values['NS']} + EW {values['EW']} = {total}; they add up to {most} "
            f"({rule}, §8 check 1)",
        )
    return values


def read_counts(f: Fields, revoked: bool) -> tuple[dict[str, int] | None, dict[str, int] | None]:
    """Read card points and tricks per pair: §8 checks 1 and 4, skipped after a revoke."""
    cards = read_per_pair(f, "card_points", TOTAL, revoked)
    tricks = read_per_pair(f, "tricks", TRICKS, revoked)
    if not revoked and cards and tricks:
        for pair in PAIRS:
            if tricks[pair] == 0 and cards[pair]:
                raise f.error(
                    f"card_points.{pair}", f"{pair} took no trick, so it has 0 (§8 check 4)"
                )
    return cards, tricks


def read_roem(f: Fields, tricks: Mapping[str, int] | None) -> dict[str, int]:
    """Add up each pair's roem; with ``tricks`` (not after a revoke) apply §8 check 4."""
    totals = dict.fromkeys(PAIRS, 0)
    won: dict[str, list[str]] = {pair: [] for pair in PAIRS}  # paths of entries with roem
    numbered: dict[str, list[str]] = {pair: [] for pair in PAIRS}  # ... that name their trick
    by_trick: dict[int, str] = {}
    for entry in f.objs("roem"):
        entry.only(("trick", "pair", "items", "value"))
        pair = entry.str("pair", PAIRS)
        assert pair is not None
        trick = entry.int("trick", 1, TRICKS, required=False)
        value = read_roem_entry(entry, trick)
        deal_roem = totals["NS"] + totals["EW"] + value
        if deal_roem > MOST_ROEM:
            raise entry.error(
                "value",
                f"brings the deal's roem to {deal_roem}; 8 tricks hold at most {MOST_ROEM}"
                " (200 each, art. 4c, K-D5)",
            )
        if trick is not None:
            if trick in by_trick:
                raise entry.error(
                    "trick",
                    f"trick {trick} already has its roem in {by_trick[trick]}; a "
                    "trick's roem is one entry, for the pair that won it (K-D5)",
                )
            by_trick[trick] = entry.path
        if value:
            won[pair].append(entry.path)
            if trick is not None:
                numbered[pair].append(entry.path)
        totals[pair] += value
    for pair, paths in won.items():
        if tricks is None or not paths:
            continue
        if tricks[pair] == 0:
            raise RecordError(f"{paths[0]}.pair", f"{pair} took no trick, so no roem (§8 check 4)")
        if len(numbered[pair]) > tricks[pair]:
            raise RecordError(
                f"{numbered[pair][-1]}.pair",
                f"{pair} has roem in {len(numbered[pair])} tricks but took only "
                f"{tricks[pair]} (roem belongs to the trick's winner, K-D5)",
            )
    return totals


def read_roem_entry(entry: Fields, trick: int | None) -> int:
    """Return the value of one roem entry: its ``value``, or the sum of its ``items``."""
    names = []
    for i, name in enumerate(entry.list("items")):
        path = f"{entry.at('items')}[{i}]"
        if name in NOT_ROEM:
            raise RecordError(path, "pit / mars is not claimed: it follows from the tricks (15c)")
        if not isinstance(name, str) or name not in ROEM:
            raise RecordError(path, f"unknown roem {name!r}; art. 4c knows {', '.join(ROEM)}")
        names.append(name)
    made = sum(ROEM[name] for name in names)
    value = entry.int("value", required=not names)
    value = made if value is None else value
    if value < 0:
        raise entry.error("value", f"roem is never negative, got {value} (art. 4c)")
    if value % 10 or value in NO_TOTAL:
        raise entry.error(
            "value",
            f"roem {value} is not made of the values 20, 50, 100 and 200 (art. 4c, §8 check 3)",
        )
    if names and made != value:
        raise entry.error("value", f"{' + '.join(names)} add up to {made}, not {value} (art. 4c)")
    if trick is not None and names and tuple(sorted(names)) not in ONE_TRICK:
        raise entry.error(
            "items",
            f"{' + '.join(names)} cannot lie in one trick (art. 4c, K-D5: only the "
            "longest run counts; stuk adds to it)",
        )
    if trick is not None and value not in ONE_TRICK_VALUES:
        allowed = ", ".join(str(v) for v in sorted(ONE_TRICK_VALUES - {0}))
        raise entry.error("value", f"one trick's roem is {allowed} (art. 4c, K-D5)")
    return value

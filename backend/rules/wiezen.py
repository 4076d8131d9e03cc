"""Kleurenwiezen (Flemish whist) as played by the club's "Reglement ed 8/9/19".

Spec: /work/shared/rules/wiezen.md. A record is one deal (or a penalty-only row) at a
4-table or a 5-table; see docs/formats/wiezen.md. The contract row is scored by
``wiezen_deal`` (tables in ``wiezen_contracts``, ART 10 in ``wiezen_misplay``); this
module reads the table and the penalties and adds the rows up.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .errors import PlayError
from .record import Fields
from .result import Score
from .ruleset import Option, RuleSet, preset
from .wiezen_contracts import CODES, Row, Table, add_rows, seat_words
from .wiezen_deal import score_contract
from .wiezen_misplay import read_misplay
from .wiezen_play import parse_card

GAME = "wiezen"
FIELDS = frozenset(
    {
        "after_pas_rond",
        "contract",
        "declarers",
        "tricks",
        "miserie",
        "misplay",
        "penalties",
        "trump_card",
        "sitting_out",
    }
)

OPTIONS = (
    Option(
        "pas_rond_factor",
        2,
        "ART 9: after a passed-round deal the next deal with a contract scores ×2 if it is"
        " vraag/mee, alleen or troel; several pas ronds in a row still give ×2 (W-D6).",
        minimum=1,
    ),
    Option(
        "pas_rond_doubles_special",
        False,
        "W-D6: a special game after a pas rond is not doubled (ART 8 'nooit') but uses the"
        " ×2 up; true doubles it as ART 9 alone would read.",
    ),
    Option(
        "troel_target",
        8,
        "W-D13: a troel needs 8 tricks like vraag/mee; some other Flemish rulebooks ask 9.",
        choices=(8, 9),
    ),
    Option(
        "shuffle_penalty",
        "literal",
        "W-D17: 'literal' = the shuffler −3 and every other player at the table +1 (a 5-table"
        " row sums to +1); 'zero_sum' = the shuffler pays 1 to each (−4 at a 5-table).",
        choices=("literal", "zero_sum"),
    ),
    Option(
        "misplay_escalation_step",
        5,
        "ART 10, W-D23: the n-th established misplay of a player on a Sunday costs him"
        " step × (n − 1) to each other active player (5, 10, 15 …).",
        minimum=0,
    ),
    Option("season_sundays", 15, "Wiezen TS: the season has 15 Sundays.", minimum=1),
    Option("season_best", 9, "Wiezen TS: the best 9 results count.", minimum=1),
    Option(
        "season_absence",
        "discarded_first",
        "W-D4: 'discarded_first' = absences are thrown away first and the best results of"
        " the Sundays played count; 'zero' = the rejected reading, an absence is a 0 among"
        " all the season's Sundays.",
        choices=("discarded_first", "zero"),
    ),
)

PRESETS = (
    preset(
        id="wiezen-reglement-2019",
        version=1,
        game=GAME,
        title="Kleurenwiezen, club tournament: Reglement ed 8/9/19",
        source="seed 000_be4efac55b9c39d3.txt: tournament system and Reglement ed 8/9/19,"
        " ART 1–10 (spec /work/shared/rules/wiezen.md)",
        options=OPTIONS,
    ),
)

_SEATS4 = {"1": "p01", "2": "p07", "3": "p12", "4": "p03"}
_SEATS5 = {**_SEATS4, "5": "p09"}
EXAMPLES: list[tuple[str, dict[str, Any]]] = [
    (
        "vraag/mee made with 10 tricks (§8 Example 1)",
        {"format": 1, "game": GAME, "seats": _SEATS4, "dealer": 1, "contract": "VRAAG",
         "declarers": [2, 4], "tricks": 10},
    ),
    (
        "troel after a pas rond, 9 tricks (§8 Example 2)",
        {"format": 1, "game": GAME, "seats": _SEATS4, "dealer": 2, "after_pas_rond": True,
         "contract": "TROEL", "declarers": [4, 1], "tricks": 9},
    ),
    (
        "two closed miseries at a 5-table (§8 Example 4)",
        {"format": 1, "game": GAME, "seats": _SEATS5, "dealer": 5, "contract": "MIS",
         "miserie": [{"seat": 1, "tricks": 0}, {"seat": 3, "tricks": 2}]},
    ),
    (
        "the rulebook's ART 10 example: misplay in trick 5",
        {"format": 1, "game": GAME, "seats": _SEATS4, "dealer": 4, "contract": "VRAAG",
         "declarers": [1, 3], "misplay": {"offender": 1, "trick": 5,
                                          "declaring_tricks_before": 4}},
    ),
    (
        "passed round",
        {"format": 1, "game": GAME, "seats": _SEATS4, "dealer": 2, "contract": "PAS_ROND"},
    ),
    (
        "a second misdeal: penalty only",
        {"format": 1, "game": GAME, "seats": _SEATS4, "dealer": 4, "contract": None,
         "penalties": [{"type": "PEN_MISDEAL", "dealer": 4}]},
    ),
]  # fmt: skip

# type: (the field naming the paying seat, article, what happened)
PENALTIES = {
    "PEN_SHUFFLE": ("offender", "ART 1", "shuffled the cards after the first deal"),
    "PEN_MISDEAL": ("dealer", "ART 2", "misdealt a second time"),
}


def score(f: Fields, rules: RuleSet) -> Score:
    """Score one wiezen record: its contract (or ART 10) row plus its penalty rows."""
    table = _read_table(f)
    code = f.str("contract", CODES, required=False)
    after = f.bool("after_pas_rond")
    penalties = _read_penalties(f, table, rules)
    misplay = read_misplay(f, table, code)
    rows: list[tuple[str, Row]] = []
    if code is None and not penalties:
        raise f.error("contract", "is required unless the record holds only penalties")
    if code is None or code == "PAS_ROND":
        for name in ("declarers", "tricks", "miserie"):
            if f.has(name):
                what = "a passed-round deal" if code else "a penalty-only record"
                raise f.error(name, f"{what} has no contract, so no {name}")
    if code == "PAS_ROND":
        zero = Row(dict.fromkeys(table.seats, 0), [_PAS_ROND], ["pas_rond"])
        rows.append(("PAS_ROND", zero))
    elif code is not None:
        row = score_contract(f, code, table, after, misplay, rules)
        row.markers.extend(_contract_markers(code, after))
        rows.append(("PEN_MISPLAY" if misplay else code, row))
    rows.extend(penalties)
    explain = [line for _, row in rows for line in row.explain]
    markers = [m for _, row in rows for m in row.markers]
    pending = code == "PAS_ROND" or (code is None and after)
    extra = {
        "contract": code,
        "rows": [{"row": name, "points": _keyed(row.points)} for name, row in rows],
        "pas_rond_pending": pending,
    }
    if rows and rows[0][1].tricks is not None:
        extra["declaring_tricks"] = rows[0][1].tricks
    return Score(
        points=_keyed(add_rows(table, [row for _, row in rows])),
        explain=tuple(explain),
        counts=code not in (None, "PAS_ROND"),
        markers=tuple(dict.fromkeys(markers)),
        extra=extra,
    )


_PAS_ROND = (
    "Wiezen ART 9: passed round: 0 for everyone; the same dealer deals again (W-D5), the next"
    " deal with a contract is doubled, and this deal does not count (W-D3)"
)


def _contract_markers(code: str, after: bool) -> list[str]:
    return [*(["troel"] if code == "TROEL" else []), *(["after_pas_rond"] if after else [])]


def _keyed(points: dict[int, int]) -> dict[str, int]:
    return {str(seat): value for seat, value in sorted(points.items())}


def _read_table(f: Fields) -> Table:
    """Read ``seats`` (4 or 5 columns "1".."n"), ``dealer`` and the unused context fields."""
    seats = f.raw("seats")
    if not isinstance(seats, Mapping):
        raise f.error("seats", 'must map the columns "1".."4" (or "1".."5") to player ids')
    size = len(seats)
    if size not in (4, 5) or set(seats) != {str(s) for s in range(1, size + 1)}:
        raise f.error("seats", 'must hold the columns "1".."4", or "1".."5" at a 5-table')
    players: dict[str, str] = {}
    for seat in sorted(seats, key=int):
        player = seats[seat]
        if not isinstance(player, str) or not player:
            raise f.error(f"seats.{seat}", f"must be a player id (a text), got {player!r}")
        if player in players:
            raise f.error(f"seats.{seat}", f"{player} already sits in seat {players[player]}")
        players[player] = seat
    dealer = f.int("dealer", 1, size, required=False)
    if size == 5 and dealer is None:
        raise f.error("dealer", "is required at a 5-table: the dealer sits out (ART 2)")
    sitting_out = f.int("sitting_out", 1, size, required=False)
    if sitting_out is not None and sitting_out != (dealer if size == 5 else None):
        raise f.error("sitting_out", "only the dealer of a 5-table sits out (ART 2, W-D2)")
    if f.has("trump_card"):
        try:
            parse_card(f.raw("trump_card"), "trump_card")
        except PlayError as exc:
            raise f.error("trump_card", exc.message) from None
    return Table(size, dealer)


def _read_penalties(f: Fields, table: Table, rules: RuleSet) -> list[tuple[str, Row]]:
    """Read ``penalties``: a row per shuffle (ART 1, W-D17) or second misdeal (ART 2, W-D18)."""
    rows = []
    for p in f.objs("penalties"):
        if p.raw("type") == "PEN_MISPLAY":
            raise p.error("type", "an established misplay is recorded in 'misplay' (ART 10)")
        kind = p.str("type", PENALTIES)
        assert kind is not None
        seat_field, article, what = PENALTIES[kind]
        p.only(("type", seat_field))
        seat = p.int(seat_field, 1, table.size)
        others = [s for s in table.seats if s != seat]
        literal = kind == "PEN_SHUFFLE" and rules["shuffle_penalty"] == "literal"
        cost = 3 if literal else len(others)  # "-3 ... elk +1" / "1pt per speler"
        points = {s: 1 for s in others} | {seat: -cost}
        explain = (
            f"Wiezen {article}: seat {seat} {what}: seat {seat} -{cost},"
            f" {seat_words(others)} +1 each"
        )
        if sum(points.values()):
            explain += f" (the row sums to {sum(points.values()):+d}, W-D17)"
        rows.append((kind, Row(points, [explain], ["penalty", kind.lower()])))
    return rows

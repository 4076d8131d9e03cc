"""Read the facts of a wiezen contract (declarers, tricks, miseries) and score it (§3, §6)."""

from __future__ import annotations

from .record import Fields, check_int
from .ruleset import RuleSet
from .wiezen_contracts import (
    MISERIES,
    SPECIALS,
    TRICK_GAMES,
    Row,
    Table,
    add_rows,
    score_special,
    score_trick_game,
    special_value,
)
from .wiezen_misplay import Misplay, active_seat, misplay_tricks, settle_misplay, transfer_words


def read_declarers(f: Fields, table: Table, count: int, name: str) -> tuple[int, ...]:
    """Read ``declarers``: ``count`` distinct active seats (§6.2)."""
    raw = f.list("declarers", required=True)
    if len(raw) != count:
        need = "2 distinct active seats" if count == 2 else "exactly 1 active seat"
        raise f.error("declarers", f"{name} is played by {need}, got {len(raw)}")
    seats: list[int] = []
    for i, value in enumerate(raw):
        path = f"declarers[{i}]"
        seat = active_seat(check_int(value, f.at(path), 1, table.size), path, f, table)
        if seat in seats:
            raise f.error(path, f"seat {seat} is named twice; {name} needs 2 different seats")
        seats.append(seat)
    return tuple(seats)


def score_contract(
    f: Fields, code: str, table: Table, after: bool, misplay: Misplay | None, rules: RuleSet
) -> Row:
    """Read a contract's facts and score it; a misplay settles it by ART 10 instead."""
    if code in MISERIES:
        for name in ("declarers", "tricks"):
            if f.has(name):
                raise f.error(name, "a miserie deal lists its players and tricks in 'miserie'")
        row = _miseries(f, code, table, after, misplay, rules)
    elif f.has("miserie"):
        raise f.error("miserie", f"is only for a miserie deal (MIS, OMIS), not {code}")
    elif code in TRICK_GAMES:
        row = _trick_game(f, code, table, after, misplay, rules)
    else:
        row = _special(f, code, table, after, misplay, rules)
    return row if misplay is None else settle_misplay(row, misplay, table, rules)


def _trick_game(
    f: Fields, code: str, table: Table, after: bool, misplay: Misplay | None, rules: RuleSet
) -> Row:
    game = TRICK_GAMES[code]
    declarers = read_declarers(f, table, game.declarers, game.name)
    tricks = f.int("tricks", 0, 13, required=misplay is None)
    if misplay is not None:
        tricks = misplay_tricks(misplay, declarers)
    assert tricks is not None
    factor = rules["pas_rond_factor"] if after else 1
    row = score_trick_game(code, declarers, tricks, table, factor, rules)
    if misplay is not None:
        row.explain.insert(0, transfer_words(misplay, declarers, tricks))
    return row


def _special(
    f: Fields, code: str, table: Table, after: bool, misplay: Misplay | None, rules: RuleSet
) -> Row:
    game = SPECIALS[code]
    declarer = read_declarers(f, table, 1, game.name)[0]
    tricks = f.int("tricks", 0, 13, required=misplay is None)
    value, notes = special_value(code, after, rules)
    if misplay is not None:
        made, how = misplay.offender != declarer, f"by ART 10 (seat {misplay.offender} misplayed)"
    else:
        assert tricks is not None
        made, how = game.lo <= tricks <= game.hi, f"with {tricks} tricks"
    row = score_special(code, declarer, made, how, table, value)
    row.explain.extend(notes)
    return row


def _miseries(
    f: Fields, code: str, table: Table, after: bool, misplay: Misplay | None, rules: RuleSet
) -> Row:
    """Score each miserie on its own against every other active player, and add (W-D16)."""
    entries = f.objs("miserie", required=True)
    if not entries:
        raise f.error("miserie", "names nobody; a miserie deal needs at least one player")
    seats: list[int] = []
    for entry in entries:
        entry.only(("seat", "open", "tricks"))
        seat = active_seat(entry.int("seat", 1, table.size), "seat", entry, table)
        if seat in seats:
            raise entry.error("seat", f"seat {seat} plays miserie only once")
        seats.append(seat)
    if len(seats) == len(table.active):
        raise f.error("miserie", "every active player plays miserie; one must not (W-D16)")
    rows: list[Row] = []
    opens: list[bool] = []
    total_tricks = 0
    for seat, entry in zip(seats, entries, strict=True):
        opens.append(entry.bool("open", code == "OMIS"))
        sub = "OMIS" if opens[-1] else "MIS"
        # a miserie player's misplay loses his own; anybody else's makes them all (ART 10)
        decided = misplay is not None and misplay.offender in (seat, *_others(seats, table))
        tricks = entry.int("tricks", 0, 13, required=not decided)
        total_tricks += tricks or 0
        value, notes = special_value(sub, after, rules)
        if misplay is not None and decided:
            made, how = misplay.offender != seat, f"by ART 10 (seat {misplay.offender} misplayed)"
        else:
            made, how = tricks == 0, f"with {tricks} tricks"
        row = score_special(sub, seat, made, how, table, value)
        rows.append(Row(row.points, row.explain + notes, row.markers))
    if total_tricks > 13:
        raise f.error("miserie", f"its players took {total_tricks} tricks; a deal has 13")
    if (code == "OMIS") != all(opens):
        raise f.error("contract", "is OMIS when every miserie is open, otherwise MIS (§6.1)")
    explain = [line for row in rows for line in row.explain]
    if len(rows) > 1:
        explain.append(f"Decision W-D16: {len(rows)} miseries settled separately and added")
    markers = sorted({m for row in rows for m in row.markers})
    return Row(add_rows(table, rows), explain, markers, tuple(seats))


def _others(miserie_seats: list[int], table: Table) -> tuple[int, ...]:
    return tuple(s for s in table.active if s not in miserie_seats)

"""Settle an established misplay ("foutief spelen", Wiezen ART 10; spec §4.3).

1. A trick game (VRAAG, ALLEEN; TROEL by W-D21): every trick from the faulty one to the
   13th goes to the offender's opponents, then the contract is scored as usual.
2. A special game: the offender's side loses it (W-D22).
3. The offender makes each partner who lost whole again (W-D20).
4. The offender's n-th fault of the Sunday costs him 5·(n−1) to each other active player
   (W-D23); the step 5 is the option ``misplay_escalation_step``.
"""

from __future__ import annotations

from dataclasses import dataclass

from .record import Fields
from .ruleset import RuleSet
from .wiezen_contracts import TRICK_GAMES, Row, Table, seat_words

_ORDINALS = {1: "first", 2: "second", 3: "third"}
# A Sunday is at most 50 deals (40 at a 4-table, 50 at a 5-table, §1.3), and a player
# misplays at most once in a deal: no player has a 51st misplay in a Sunday.
MOST_FAULTS = 50


@dataclass(frozen=True)
class Misplay:
    """An established misplay: who, in which trick, and his n-th fault today."""

    offender: int
    fault: int
    trick: int | None
    before: int | None  # the declaring side's tricks among tricks 1..trick-1


def active_seat(seat: int | None, path: str, f: Fields, table: Table) -> int:
    """Refuse the sitting-out dealer of a 5-table where an active seat is needed (W-D2)."""
    assert seat is not None
    if seat not in table.active:
        raise f.error(path, f"seat {seat} deals and sits out at this 5-table (W-D2)")
    return seat


def read_misplay(f: Fields, table: Table, code: str | None) -> Misplay | None:
    """Read ``misplay``; refuse it on a record without play and check its tricks (§6.2)."""
    m = f.obj("misplay")
    if m is None:
        return None
    if code is None or code == "PAS_ROND":
        what = "a passed-round deal" if code else "a penalty-only record"
        raise f.error("misplay", f"{what} has no play, so no misplay (ART 10)")
    m.only(("offender", "trick", "declaring_tricks_before", "fault_no_today"))
    offender = active_seat(m.int("offender", 1, table.size), "offender", m, table)
    fault = m.int("fault_no_today", 1, MOST_FAULTS, required=False, default=1)
    trick_game = code in TRICK_GAMES
    trick = m.int("trick", 1, 13, required=trick_game)
    before = m.int("declaring_tricks_before", 0, 12, required=trick_game)
    if trick is not None and before is not None and before > trick - 1:
        raise m.error(
            "declaring_tricks_before",
            f"the declaring side can have at most {trick - 1} tricks before trick {trick}",
        )
    assert fault is not None
    return Misplay(offender, fault, trick, before)


def misplay_tricks(m: Misplay, declarers: tuple[int, ...]) -> int:
    """Return the declaring side's tricks once tricks k..13 went to the offender's opponents."""
    assert m.trick is not None and m.before is not None
    return m.before + (0 if m.offender in declarers else 14 - m.trick)


def transfer_words(m: Misplay, declarers: tuple[int, ...], tricks: int) -> str:
    """Explain the ART 10 trick transfer of a trick game."""
    assert m.trick is not None
    moved = "trick 13" if m.trick == 13 else f"tricks {m.trick}–13 ({14 - m.trick})"
    gainers = "the opponents" if m.offender in declarers else seat_words(declarers)
    return (
        f"Wiezen ART 10: seat {m.offender} misplayed in trick {m.trick}: {moved} go to"
        f" {gainers}; the declaring side had {m.before} before and ends with {tricks} tricks"
    )


def partners_of(offender: int, row: Row, table: Table) -> tuple[int, ...]:
    """Return the offender's partners: co-declarer, or fellow defenders (§4.3 step 3)."""
    if offender in row.declarers:
        return tuple(s for s in row.declarers if s != offender) if row.pair else ()
    return tuple(s for s in table.active if s not in row.declarers and s != offender)


def settle_misplay(row: Row, m: Misplay, table: Table, rules: RuleSet) -> Row:
    """Add the ART 10 compensation and escalation to a contract row scored after a misplay."""
    points = dict(row.points)
    explain = list(row.explain)
    o = m.offender
    for q in partners_of(o, row, table):
        if points[q] < 0:
            explain.append(
                f"Wiezen ART 10: seat {o} pays his partner seat {q} the {-points[q]} he lost"
                " (W-D20)"
            )
            points[o] += points[q]
            points[q] = 0
    extra = rules["misplay_escalation_step"] * (m.fault - 1)
    nth = _ORDINALS.get(m.fault, f"{m.fault}th")
    others = [s for s in table.active if s != o]
    if extra:
        for q in others:
            points[q] += extra
            points[o] -= extra
        explain.append(
            f"Wiezen ART 10: {nth} fault of seat {o} today: he pays {extra} to each of"
            f" seats {', '.join(map(str, others))} (W-D23)"
        )
    else:
        explain.append(f"Wiezen ART 10: {nth} fault of seat {o} today: no extra (W-D23)")
    return Row(points, explain, [*row.markers, "misplay"], row.declarers, row.pair, row.tricks)

"""The wiezen season: 15 Sundays, the best 9 results count (Wiezen TS, W-D4, W-D4b, W-D29).

"Eerst worden de afwezige zondagen geteld en van de overgebleven scores worden de 9 beste
resultaten genomen": absences are thrown away first, then the best 9 of the Sundays a
player actually played count (all of them if he played fewer). An absence never takes
the place of a played result. Equal totals share a rank; the director may break the tie.

During the season the standings are the season so far (W-D29): the Sundays held are the
Sunday keys given for any player; a player without a result on one of them was absent.
The season's other Sundays are still to come: neither results nor absences (not even under
the club rule that counts an absence as 0), shown as a number in ``details["to_come"]``.
More Sundays than the season has are refused.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .errors import RecordError
from .record import check_int
from .ruleset import RuleSet
from .standings import Counted, Line, rank
from .wiezen import PRESETS

ABSENT = None  # a Sunday the player did not play

COUNTED = "among the best {best}"
NOT_BEST = "not among the best {best}"
ABSENT_FIRST = "absent — discarded first"
ABSENT_ZERO = "absent — counted as 0 (club rule)"


def standings(
    results: Mapping[str, Mapping[str, int | None]],
    rules: RuleSet | None = None,
    *,
    sundays: int | None = None,
    best: int | None = None,
) -> list[Line]:
    """Rank players by their season total: per player, Sunday key -> result or ``None``.

    ``sundays`` and ``best`` default to the rule set's ``season_sundays`` (15) and
    ``season_best`` (9). The Sunday keys are listed in the season's order; the Sundays held
    so far are all the keys given (in the order first given), the rest are still to come.

    :raises RecordError: naming ``results.<player>.<sunday>`` for a result that is not a
        whole number or ``null``, ``results.<player>`` for a player with more Sundays than
        the season has, or ``results`` when the players' Sundays together are more (W-D29).
    """
    rules = rules or PRESETS[0]  # the wiezen preset owns the season options
    sundays = check_int(sundays or rules["season_sundays"], "sundays", 1, None)
    best = check_int(best or rules["season_best"], "best", 1, sundays)
    if not isinstance(results, Mapping):
        raise RecordError("results", "must map each player to his Sunday results")
    held: dict[str, None] = {}  # the Sundays held so far, in season order (a set that keeps it)
    for player, sheet in results.items():
        path = f"results.{player}"
        if not isinstance(sheet, Mapping):
            raise RecordError(path, "must map Sunday keys to a result (a whole number) or null")
        if len(sheet) > sundays:
            raise RecordError(path, f"lists {len(sheet)} Sundays; the season has {sundays}")
        held.update((str(key), None) for key in sheet)
    if len(held) > sundays:
        raise RecordError(
            "results", f"give {len(held)} Sundays together; the season has {sundays} (W-D29)"
        )
    lines = [
        season_line(player, sheet, sundays, best, rules["season_absence"], tuple(held))
        for player, sheet in results.items()
    ]
    return rank(lines)


def season_line(
    player: str,
    sheet: Mapping[str, Any],
    sundays: int,
    best: int,
    absence: str,
    held: tuple[str, ...] | None = None,
) -> Line:
    """Return one player's line: which Sundays count, which are dropped, and why.

    ``held`` lists the Sundays held so far (by default the player's own); one of them
    missing from his sheet is an absence, and the season's remaining Sundays are still to
    come (W-D29).
    """
    path = f"results.{player}"
    given = {str(key): value for key, value in sheet.items()}
    entries = [
        (key, None if given.get(key) is ABSENT else check_int(given[key], f"{path}.{key}"))
        for key in (tuple(given) if held is None else held)
    ]
    to_come = sundays - len(entries)
    zero = absence == "zero"  # the reading W-D4 rejects: an absence is a 0 among the Sundays
    # (value, played before absent, earlier Sunday first, key): the best come first
    pool = [
        (0 if value is None else value, value is not None, -i, key)
        for i, (key, value) in enumerate(entries)
        if value is not None or zero
    ]
    pool.sort(reverse=True)
    chosen = pool[:best]
    counted = {item[3] for item in chosen}
    total = sum(item[0] for item in chosen)
    rows = []
    for key, value in entries:
        if value is None:
            reason = ABSENT_ZERO if key in counted else f"absent (0), {NOT_BEST}"
            reason = reason if zero else ABSENT_FIRST
            rows.append(Counted(key, 0, key in counted, reason.format(best=best)))
        else:
            reason = COUNTED if key in counted else NOT_BEST
            rows.append(Counted(key, value, key in counted, reason.format(best=best)))
    played = sum(value is not None for _, value in entries)
    absent = len(entries) - played
    how = "counted as 0 (club rule)" if zero else "discarded first (W-D4)"
    coming = f"; {_sundays(to_come)} still to come (W-D29)" if to_come else ""
    explain = (
        f"Wiezen TS: {_sundays(played)} played, {absent} absent, {how}{coming};"
        f" the best {len(chosen)} count: {_sum_words([item[0] for item in chosen])}",
    )
    details = {"played": played, "absent": absent, "to_come": to_come, "counted": len(chosen)}
    return Line(player, total, tuple(rows), details=details, explain=explain)


def _sundays(n: int) -> str:
    return f"{n} Sunday" if n == 1 else f"{n} Sundays"


def _sum_words(values: list[int]) -> str:
    """Write a sum for people: '50 + 35 - 3 = 82'."""
    if not values:
        return "nothing = 0"
    words = str(values[0])
    for value in values[1:]:
        words += f" - {-value}" if value < 0 else f" + {value}"
    return f"{words} = {sum(values)}"

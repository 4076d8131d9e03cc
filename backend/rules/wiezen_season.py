"""The wiezen season: 15 Sundays, the best 9 results count (Wiezen TS, W-D4, W-D4b).

"Eerst worden de afwezige zondagen geteld en van de overgebleven scores worden de 9 beste
resultaten genomen": absences are thrown away first, then the best 9 of the Sundays a
player actually played count (all of them if he played fewer). An absence never takes
the place of a played result. Equal totals share a rank; the director may break the tie.
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
    ``season_best`` (9). The Sunday keys are listed in the season's order.

    :raises RecordError: naming ``results.<player>.<sunday>`` for a result that is not a
        whole number or ``null``, or a player with more Sundays than the season has.
    """
    rules = rules or PRESETS[0]  # the wiezen preset owns the season options
    sundays = check_int(sundays or rules["season_sundays"], "sundays", 1, None)
    best = check_int(best or rules["season_best"], "best", 1, sundays)
    if not isinstance(results, Mapping):
        raise RecordError("results", "must map each player to his Sunday results")
    lines = [
        season_line(player, sheet, sundays, best, rules["season_absence"])
        for player, sheet in results.items()
    ]
    return rank(lines)


def season_line(
    player: str, sheet: Mapping[str, Any], sundays: int, best: int, absence: str
) -> Line:
    """Return one player's line: which Sundays count, which are dropped, and why."""
    path = f"results.{player}"
    if not isinstance(sheet, Mapping):
        raise RecordError(path, "must map Sunday keys to a result (a whole number) or null")
    if len(sheet) > sundays:
        raise RecordError(path, f"lists {len(sheet)} Sundays; the season has {sundays}")
    entries = [
        (str(key), None if value is ABSENT else check_int(value, f"{path}.{key}"))
        for key, value in sheet.items()
    ]
    zero = absence == "zero"  # the reading W-D4 rejects: an absence is a 0 among all Sundays
    # (value, played before absent, earlier Sunday first, key): the best come first
    pool = [
        (0 if value is None else value, value is not None, -i, key)
        for i, (key, value) in enumerate(entries)
        if value is not None or zero
    ]
    unlisted = sundays - len(entries) if zero else 0
    pool += [(0, False, -len(entries) - i, "") for i in range(unlisted)]
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
    how = "counted as 0 (club rule)" if zero else "discarded first (W-D4)"
    explain = (
        f"Wiezen TS: {_sundays(played)} played, {sundays - played} absent, {how};"
        f" the best {len(chosen)} count: {_sum_words([item[0] for item in chosen])}",
    )
    details = {"played": played, "absent": sundays - played, "counted": len(chosen)}
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

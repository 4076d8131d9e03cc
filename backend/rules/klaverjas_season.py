"""Klaverjas evenings and competition standings (art. 1, SB-7, SB-8, K-D12, K-D13).

An evening is 3 partijen of 16 deals. A player's evening score is the sum of his pair's
partij totals, with 1600 for a partij he sat out; an evening he missed with notice is worth
4200, one he missed without notice 0. The competition ranks players by the cumulative total
of their evening scores. Each player's result on an evening is one of:

- a list of his 3 partijen, each the pair's partij total (a whole number), the pair's 16 deal
  scores (a list of whole numbers), or ``"sat_out"``;
- ``"absent_with_notice"`` or ``"absent_without_notice"``.

A player missing from an evening's results was absent without notice. Board rulings (SB-9)
are separate adjustments, each shown as its own line with its reason.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .errors import RecordError
from .record import check_int
from .ruleset import Option, RuleSet
from .standings import Counted, Line, rank

SAT_OUT = "sat_out"
ABSENT_WITH_NOTICE = "absent_with_notice"
ABSENT_WITHOUT_NOTICE = "absent_without_notice"

SEASON_OPTIONS = (
    Option("deals_per_partij", 16, "Art. 1: a partij is 16 deals (spelen).", minimum=1),
    Option("partijen_per_evening", 3, "Art. 1: an evening is 3 partijen.", minimum=1),
    Option(
        "absent_with_notice",
        4200,
        "SB-7: a player who cancelled in time gets the average points of an evening, fixed "
        "at 4200.",
        minimum=0,
    ),
    Option(
        "sit_out",
        1600,
        "SB-8, K-D13: a player who has to sit out a partij gets 1600 for it (for each one).",
        minimum=0,
    ),
    Option(
        "absent_without_notice",
        0,
        "K-D12: the rulebook is silent; an absence without notice is worth 0.",
        minimum=0,
    ),
)
_DEFAULTS = {o.name: o.default for o in SEASON_OPTIONS}

ABSENCES = {  # the fixed value of an evening missed, and the rule that gives it
    ABSENT_WITH_NOTICE: ("absent_with_notice", "absent with notice", "SB-7"),
    ABSENT_WITHOUT_NOTICE: ("absent_without_notice", "absent without notice", "K-D12"),
}


def _option(rules: RuleSet | None, name: str) -> int:
    return int(_DEFAULTS[name] if rules is None else rules[name])


def partij_score(entry: Any, path: str, rules: RuleSet | None = None) -> tuple[int, str]:
    """Return a player's score for one partij and how it came about.

    :raises RecordError: for a negative total, a wrong number of deals, or an unknown code.
    """
    if entry == SAT_OUT:
        value = _option(rules, "sit_out")
        return value, f"{value} (sat out, SB-8)"
    if isinstance(entry, list):
        deals = _option(rules, "deals_per_partij")
        if len(entry) != deals:
            raise RecordError(path, f"a partij has {deals} deals (art. 1), got {len(entry)}")
        for i, points in enumerate(entry):
            if check_int(points, f"{path}[{i}]") < 0:
                raise RecordError(f"{path}[{i}]", "a klaverjas deal score is never negative")
        return sum(entry), str(sum(entry))
    if isinstance(entry, str):
        raise RecordError(path, f"must be a partij total, its deal scores, or {SAT_OUT!r}")
    if check_int(entry, path) < 0:
        raise RecordError(path, "a klaverjas partij total is never negative")
    return entry, str(entry)


def evening_score(entry: Any, key: str, path: str, rules: RuleSet | None = None) -> Counted:
    """Return a player's score for one evening with the reason (SB-7, SB-8, K-D12, K-D13).

    :raises RecordError: naming the result that is refused.
    """
    if isinstance(entry, str) and entry in ABSENCES:
        option, words, source = ABSENCES[entry]
        value = _option(rules, option)
        return Counted(key, value, True, f"{words}: {value} ({source})")
    if not isinstance(entry, list):
        codes = f"{ABSENT_WITH_NOTICE!r} or {ABSENT_WITHOUT_NOTICE!r}"
        raise RecordError(path, f"must be the list of partijen, {codes}")
    wanted = _option(rules, "partijen_per_evening")
    if len(entry) != wanted:
        raise RecordError(
            path,
            f"an evening has {wanted} partijen (art. 1), got {len(entry)}; "
            f"write {SAT_OUT!r} for a partij sat out",
        )
    parts = [partij_score(p, f"{path}[{i}]", rules) for i, p in enumerate(entry)]
    value = sum(v for v, _ in parts)
    working = " + ".join(text for _, text in parts)
    return Counted(key, value, True, f"played: {working} = {value}")


def evening_results(
    evening: Mapping[str, Any], path: str, players: Iterable[str], rules: RuleSet | None = None
) -> dict[str, Counted]:
    """Return every player's score for one evening ``{"key", "players": {player: result}}``."""
    if not isinstance(evening, Mapping):
        raise RecordError(path, "must be an object with 'key' and 'players'")
    for name in evening:
        if name not in ("key", "players"):
            raise RecordError(f"{path}.{name}", "is not a field of an evening")
    key = evening.get("key")
    if not isinstance(key, str) or not key:
        raise RecordError(f"{path}.key", "must name the evening, e.g. '2025-11-04'")
    results = evening.get("players")
    if not isinstance(results, Mapping):
        raise RecordError(f"{path}.players", "must map each player to his result")
    out = {
        player: evening_score(entry, key, f"{path}.players.{player}", rules)
        for player, entry in results.items()
    }
    for player in players:
        if player not in out:
            value = _option(rules, "absent_without_notice")
            out[player] = Counted(
                key, value, True, f"no result: absent without notice: {value} (K-D12)"
            )
    return out


def standings(
    evenings: Sequence[Mapping[str, Any]],
    rules: RuleSet | None = None,
    players: Iterable[str] = (),
    adjustments: Sequence[Mapping[str, Any]] = (),
) -> list[Line]:
    """Rank the competition by the cumulative total of evening scores (K-D12).

    ``players`` are the enrolled players (also those without any result); ``adjustments``
    are board rulings ``{"player", "points", "reason"}`` (SB-9), each its own line.

    :raises RecordError: naming the evening, player or adjustment that is refused.
    """
    if not isinstance(evenings, Sequence) or isinstance(evenings, str):
        raise RecordError("evenings", "must be a list of evenings")
    everyone = list(dict.fromkeys(players))
    for evening in evenings:
        if isinstance(evening, Mapping) and isinstance(evening.get("players"), Mapping):
            everyone += [p for p in evening["players"] if p not in everyone]
    seen: set[str] = set()
    results: dict[str, list[Counted]] = {p: [] for p in everyone}
    for i, evening in enumerate(evenings):
        scored = evening_results(evening, f"evenings[{i}]", everyone, rules)
        if evening["key"] in seen:
            raise RecordError(f"evenings[{i}].key", f"evening {evening['key']!r} is listed twice")
        seen.add(evening["key"])
        for player, counted in scored.items():
            results[player].append(counted)
    for i, adjustment in enumerate(adjustments):
        player, counted = _adjustment(adjustment, f"adjustments[{i}]", results)
        results[player].append(counted)
    return rank(_line(player, tuple(res)) for player, res in results.items())


def _adjustment(data: Any, path: str, results: Mapping[str, list[Counted]]) -> tuple[str, Counted]:
    if not isinstance(data, Mapping):
        raise RecordError(path, "must be an object with 'player', 'points' and 'reason'")
    for name in data:
        if name not in ("player", "points", "reason", "key"):
            raise RecordError(f"{path}.{name}", "is not a field of a board ruling")
    player = data.get("player")
    if player not in results:
        raise RecordError(f"{path}.player", f"{player!r} is not a player of this competition")
    points = check_int(data.get("points"), f"{path}.points")
    reason = data.get("reason")
    if not isinstance(reason, str) or not reason.strip():
        raise RecordError(f"{path}.reason", "a board ruling states its reason (SB-9)")
    key = data.get("key", "board")
    if not isinstance(key, str):
        raise RecordError(f"{path}.key", "must be a text")
    # The same shape as every ruling on the standings (rules/adjustments.py): a reader words
    # "ruling" in his language and keeps the board's own words and the article as they are.
    return player, Counted(key, points, True, f"ruling: {reason} (SB-9)")


def _line(player: str, results: tuple[Counted, ...]) -> Line:
    total = sum(r.value for r in results)
    working = " + ".join(str(r.value) for r in results) or "0"
    return Line(
        player=player,
        total=total,
        results=results,
        details={
            "played": sum(r.reason.startswith("played") for r in results),
            "absent_with_notice": sum(r.reason.startswith("absent with") for r in results),
            "absent_without_notice": sum("absent without" in r.reason for r in results),
            "board_rulings": sum(r.reason.startswith("ruling: ") for r in results),
        },
        explain=(
            f"Klaverjas K-D12: the cumulative total of the evening scores: {working} = {total}",
        ),
    )

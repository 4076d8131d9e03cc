"""Compare duplicate bridge results: IMPs, matchpoints (with Neuberg), Butler, cross-IMPs, teams.

Every function takes NS scores (integers, as ``bridge.duplicate_score_ns`` gives them) and
artificial adjusted scores, and returns each result's value with its working.

Units, integers only:
- matchpoints in hundredths, "centi-MP" (2 MP per beaten score => 200; the top of a board
  with 5 results is 800);
- percentages in hundredths of a percent (87.50 % => 8750);
- cross-IMP averages in hundredths of an IMP (5.25 IMP => 525); IMPs and Butler IMPs are whole.

Rounding: each computation the spec defines (a Neuberg score, a percentage, a Butler datum, a
cross-IMP average) rounds once, at its end, to the nearest unit with halves away from zero
(:func:`round_div`). Matchpoints are never negative, so there this is "halves up".
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import RecordError

# Bridge §B8 (WBF scale): the lowest difference of the bands worth 1, 2, ... 24 IMPs.
# 0–10 is 0 IMP. A difference between two bands (not a multiple of 10) gets the lower band.
# fmt: off
IMP_BANDS: tuple[int, ...] = (
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600,
    750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000,
)
# fmt: on

# Bridge §A4, B-D7 (Law 12C2(a)): an artificial adjusted score as a percentage of the top.
ARTIFICIAL_PCT: Mapping[str, int] = {"AVG+": 60, "AVG": 50, "AVG-": 40}
# Not in the spec (Law 12C2(c), STANDARD): the same marks in IMP scoring.
ARTIFICIAL_IMPS: Mapping[str, int] = {"AVG+": 3, "AVG": 0, "AVG-": -3}
# A single mark is NS's; EW get the mirror mark (the usual one-side-at-fault split).
MIRROR: Mapping[str, str] = {"AVG+": "AVG-", "AVG": "AVG", "AVG-": "AVG+"}
MARKS = "an NS score (an integer) or an artificial score AVG+, AVG or AVG- (Bridge §A4, B-D7)"
# Bridge §B8, B-D11 (revised): the Butler datum drops the single highest and lowest NS score
# when the board has this many real results or more (all of them count with 2 or 3).
BUTLER_DROP_FROM = 4


def round_div(numerator: int, denominator: int) -> int:
    """Divide by a positive denominator, rounding to the nearest integer, halves away from 0."""
    quotient, remainder = divmod(abs(numerator), denominator)
    if 2 * remainder >= denominator:
        quotient += 1
    return quotient if numerator >= 0 else -quotient


def hundredths(value: int) -> str:
    """Show a value kept in hundredths with two decimals: 525 -> "5.25", -5 -> "-0.05"."""
    sign = "-" if value < 0 else ""
    return f"{sign}{abs(value) // 100}.{abs(value) % 100:02d}"


@dataclass(frozen=True)
class Entry:
    """One result as given: an NS score, or an artificial mark for each side."""

    score: int | None
    ns_mark: str = ""
    ew_mark: str = ""


def check_int(value: Any, path: str) -> int:
    """Return ``value`` if it is an integer (not a bool), else refuse it naming ``path``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(path, "must be an integer (scores are whole points)")
    return value


def read_result(value: Any, path: str) -> Entry:
    """Read a result: an int NS score, "AVG+"/"AVG"/"AVG-", or {"ns": mark, "ew": mark}."""
    if isinstance(value, int) and not isinstance(value, bool):
        return Entry(value)
    if isinstance(value, str) and value in ARTIFICIAL_PCT:
        return Entry(None, value, MIRROR[value])
    if isinstance(value, Mapping) and set(value) == {"ns", "ew"}:
        for side in ("ns", "ew"):
            if not isinstance(value[side], str) or value[side] not in ARTIFICIAL_PCT:
                raise RecordError(f"{path}.{side}", "must be AVG+, AVG or AVG- (Bridge B-D7)")
        return Entry(None, value["ns"], value["ew"])
    raise RecordError(path, f"must be {MARKS}")


def read_results(results: Any, path: str = "results") -> list[Entry]:
    """Read a board's results (a non-empty list), refusing a bad one by its index."""
    if isinstance(results, (str, bytes, Mapping)) or not isinstance(results, Sequence):
        raise RecordError(path, "must be a list of results, one per table")
    if not results:
        raise RecordError(path, "a board needs at least one result")
    return [read_result(value, f"{path}[{i}]") for i, value in enumerate(results)]


def imps(difference: int) -> int:
    """Convert a score difference to IMPs on the WBF scale (Bridge §B8), keeping its sign."""
    size = bisect_right(IMP_BANDS, abs(check_int(difference, "difference")))
    return size if difference >= 0 else -size


@dataclass(frozen=True)
class Row:
    """One result of a compared board, as NS and as EW see it, with the working."""

    ns: int
    ew: int
    explain: tuple[str, ...]
    ns_pct: int = 0  # matchpoints only, hundredths of a percent
    ew_pct: int = 0
    total: int = 0  # cross-IMPs only: the whole-IMP sum before dividing


@dataclass(frozen=True)
class Board:
    """A compared board: one row per result, in the order given."""

    method: str  # "matchpoints", "butler" or "cross_imps"
    rows: tuple[Row, ...]
    explain: tuple[str, ...]
    top: int = 0  # matchpoints: centi-MP, 200 × (expected − 1)
    expected: int = 0
    real: int = 0
    datum: int | None = None  # butler

    def as_dict(self) -> dict[str, Any]:
        """Return the board column by column, as the vector file writes it."""
        out: dict[str, Any] = {"method": self.method}
        if self.method == "matchpoints":
            out.update(top=self.top, expected=self.expected, real=self.real)
        if self.method == "butler":
            out["datum"] = self.datum
        if self.method == "cross_imps":
            out["total"] = [row.total for row in self.rows]
        out["ns"] = [row.ns for row in self.rows]
        out["ew"] = [row.ew for row in self.rows]
        if self.method == "matchpoints":
            out["ns_pct"] = [row.ns_pct for row in self.rows]
            out["ew_pct"] = [row.ew_pct for row in self.rows]
        out["explain"] = list(self.explain)
        out["rows_explain"] = [list(row.explain) for row in self.rows]
        return out


def percent(mp: int, top: int) -> int:
    """Return MP / top × 100 in hundredths of a percent; a top of 0 (one result) is 50 %."""
    return round_div(mp * 10000, top) if top else 5000


def matchpoint_board(results: Sequence[Any], expected: int | None = None) -> Board:
    """Matchpoint a board (Bridge §B7), with Neuberg for artificial or missing results (B-D12).

    :param expected: the number of results the board should have had (E); by default the
        number given. Artificial scores count towards it but are not compared.
    """
    entries = read_results(results)
    e = len(entries) if expected is None else check_int(expected, "expected")
    if e < len(entries):
        raise RecordError("expected", f"is {e}, but the board has {len(entries)} results")
    real = [entry.score for entry in entries if entry.score is not None]
    a = len(real)
    top = 200 * (e - 1)
    explain = [f"Bridge §B7: {e} results expected, top = 2 × ({e} − 1) = {hundredths(top)}"]
    if a < e:
        explain.append(
            f"Bridge §B7, B-D12: {a} real results of {e}: they are matchpointed among "
            f"themselves and scaled with Neuberg, MP' = (MP + 1) × {e} / {a} − 1"
        )
    rows = []
    for entry in entries:
        if entry.score is None:
            rows.append(_artificial_mp(entry, top))
            continue
        beats = sum(1 for score in real if score < entry.score)
        ties = sum(1 for score in real if score == entry.score) - 1
        mp = 200 * beats + 100 * ties
        working = [
            f"Bridge §B7: {entry.score:+d} beats {beats} and ties {ties} of the other "
            f"{a - 1} scores: 2 × {beats} + {ties} = {hundredths(mp)} MP"
        ]
        if a < e:
            raw, mp = mp, round_div((mp + 100) * e, a) - 100
            working.append(
                f"Bridge §B7, B-D12 Neuberg: ({hundredths(raw)} + 1) × {e} / {a} − 1 "
                f"= {hundredths(mp)} MP"
            )
        ew = top - mp
        working.append(
            f"Bridge §B7: NS {hundredths(mp)} of {hundredths(top)} = "
            f"{hundredths(percent(mp, top))}%; EW {hundredths(top)} − {hundredths(mp)} = "
            f"{hundredths(ew)} = {hundredths(percent(ew, top))}%"
        )
        rows.append(Row(mp, ew, tuple(working), percent(mp, top), percent(ew, top)))
    return Board("matchpoints", tuple(rows), tuple(explain), top=top, expected=e, real=a)


def _artificial_mp(entry: Entry, top: int) -> Row:
    ns_pct, ew_pct = ARTIFICIAL_PCT[entry.ns_mark], ARTIFICIAL_PCT[entry.ew_mark]
    ns, ew = top * ns_pct // 100, top * ew_pct // 100  # exact: top is a multiple of 200
    line = (
        f"Bridge §A4, B-D7: artificial score, NS {entry.ns_mark} = {ns_pct}% of "
        f"{hundredths(top)} = {hundredths(ns)} MP, EW {entry.ew_mark} = {ew_pct}% = "
        f"{hundredths(ew)} MP"
    )
    return Row(ns, ew, (line,), ns_pct * 100, ew_pct * 100)


def _artificial_imps(entry: Entry, unit: int) -> Row:
    ns, ew = ARTIFICIAL_IMPS[entry.ns_mark], ARTIFICIAL_IMPS[entry.ew_mark]
    line = (
        f"Law 12C2(c) (not in the spec): artificial score in IMPs, NS {entry.ns_mark} = "
        f"{ns:+d}, EW {entry.ew_mark} = {ew:+d} IMP; not compared"
    )
    return Row(ns * unit, ew * unit, (line,))


def butler_datum(scores: Sequence[int]) -> tuple[int, str]:
    """Return a board's Butler datum (Bridge §B8, B-D11) and the sentence that shows it."""
    kept = sorted(scores)
    dropped = ""
    if len(kept) >= BUTLER_DROP_FROM:
        dropped = f" without the highest ({kept[-1]:+d}) and lowest ({kept[0]:+d})"
        kept = kept[1:-1]
    datum = round_div(sum(kept), 10 * len(kept)) * 10
    mean = round_div(sum(kept) * 100, len(kept))
    return datum, (
        f"Bridge §B8, B-D11: datum = mean of {len(kept)} scores{dropped} = {sum(kept)} / "
        f"{len(kept)} = {hundredths(mean)}, to the nearest 10 (halves away from 0) = {datum:+d}"
    )


def butler_board(scores: Sequence[Any]) -> Board:
    """Score a board Butler-style: IMPs of each NS score against the datum (Bridge §B8, B-D11).

    Artificial scores are not part of the datum; they get Law 12C2(c)'s ±3 IMPs (not in the spec).
    """
    entries = read_results(scores, "scores")
    real = [entry.score for entry in entries if entry.score is not None]
    if not real:
        datum, explain = None, ("Bridge §B8: no real score on this board, so no datum",)
    else:
        datum, line = butler_datum(real)
        explain = (line,)
    rows = []
    for entry in entries:
        if entry.score is None or datum is None:
            rows.append(_artificial_imps(entry, 1))
            continue
        ns = imps(entry.score - datum)
        line = (
            f"Bridge §B8: {entry.score:+d} − datum {datum:+d} = {entry.score - datum:+d} "
            f"=> NS {ns:+d} IMP, EW {-ns:+d}"
        )
        rows.append(Row(ns, -ns, (line,)))
    return Board("butler", tuple(rows), explain, datum=datum)


def cross_imps_board(scores: Sequence[Any]) -> Board:
    """IMP each NS score against every other, add up, divide by n − 1 (Bridge §B8, B-D11).

    Averages are in hundredths of an IMP, rounded half away from zero. Artificial scores are
    not compared; they get Law 12C2(c)'s ±3 IMPs (not in the spec).
    """
    entries = read_results(scores, "scores")
    real = [entry.score for entry in entries if entry.score is not None]
    n = len(real)
    explain = (f"Bridge §B8, B-D11: {n} real scores, each compared with the other {n - 1}",)
    rows = []
    for i, entry in enumerate(entries):
        if entry.score is None:
            rows.append(_artificial_imps(entry, 100))
            continue
        others = [s.score for j, s in enumerate(entries) if j != i and s.score is not None]
        each = [imps(entry.score - other) for other in others]
        total = sum(each)
        ns = round_div(total * 100, n - 1) if n > 1 else 0
        shown = ", ".join(f"{other:+d}: {v:+d}" for other, v in zip(others, each, strict=True))
        line = (
            f"Bridge §B8, B-D11: {entry.score:+d} vs {shown}; total {total:+d} / {n - 1} "
            f"= NS {hundredths(ns)} IMP, EW {hundredths(-ns)}"
            if others
            else f"Bridge §B8: {entry.score:+d} has no other score to compare with: 0 IMP"
        )
        rows.append(Row(ns, -ns, (line,), total=total))
    return Board("cross_imps", tuple(rows), explain)


@dataclass(frozen=True)
class TeamBoard:
    """A team match board: IMPs to the team sitting NS at table 1 (negative: to the other)."""

    difference: int
    imps: int
    explain: tuple[str, ...]

    def as_dict(self) -> dict[str, Any]:
        return {"difference": self.difference, "imps": self.imps, "explain": list(self.explain)}


def team_board(ns_score_table1: int, ns_score_table2: int) -> TeamBoard:
    """Compare the two NS scores of a team match board (Bridge §B8, teams)."""
    one, two = check_int(ns_score_table1, "table1"), check_int(ns_score_table2, "table2")
    diff = one - two
    won = imps(diff)
    team = "the team sitting NS at table 1" if won >= 0 else "the team sitting EW at table 1"
    line = f"Bridge §B8: {one:+d} − ({two:+d}) = {diff:+d} => {abs(won)} IMP to {team}"
    return TeamBoard(diff, won, (line,))

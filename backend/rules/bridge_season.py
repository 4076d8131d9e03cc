"""Rank the pairs of a duplicate session, and add sessions up over a season (Bridge §B7, §B8).

A session is a mapping board -> list of ``(ns_pair, ew_pair, result)``; a result is what
:func:`bridge_duplicate.read_result` reads (an NS score, or an artificial score). Units:
- ``matchpoints``: a pair's total is its session % = Σ MP / Σ top × 100, in hundredths of a
  percent, rounded once at the end (halves up); details give Σ MP and Σ top in centi-MP;
- ``butler``: the sum of the pair's Butler IMPs (whole IMPs);
- ``cross_imps``: the sum of the pair's rounded board averages, in hundredths of an IMP.

The season's counting rule: every session counts; a pair's total is the sum of its session
totals (percentages, or IMPs), ranked with :func:`standings.rank` (equal totals share a rank).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from .bridge_duplicate import (
    Board,
    butler_board,
    check_int,
    cross_imps_board,
    hundredths,
    matchpoint_board,
    percent,
    read_result,
)
from .errors import RecordError
from .standings import Counted, Line, rank

METHODS: Mapping[str, Callable[..., Board]] = MappingProxyType(
    {"matchpoints": matchpoint_board, "butler": butler_board, "cross_imps": cross_imps_board}
)
UNITS: Mapping[str, str] = MappingProxyType(
    {"matchpoints": "pct_hundredths", "butler": "imps", "cross_imps": "imp_hundredths"}
)


@dataclass(frozen=True)
class Session:
    """A ranked session: one line per pair, and the compared boards."""

    key: str
    method: str
    lines: tuple[Line, ...]
    boards: Mapping[str, Board]

    def as_dict(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "method": self.method,
            "unit": UNITS[self.method],
            "lines": [line.as_dict() for line in self.lines],
            "boards": {name: board.as_dict() for name, board in self.boards.items()},
        }


@dataclass
class _Tally:
    directions: set[str]
    results: list[Counted]
    value: int = 0  # Σ MP (centi) or Σ IMPs
    top: int = 0  # Σ top (centi), matchpoints only


def _check_method(method: Any, path: str) -> str:
    if not isinstance(method, str) or method not in METHODS:
        raise RecordError(path, f"must be one of {', '.join(METHODS)} (Bridge §B7, §B8)")
    return method


def _expected_for(expected: Any, name: Any) -> int | None:
    if expected is None or (isinstance(expected, int) and not isinstance(expected, bool)):
        return expected
    if isinstance(expected, Mapping):
        value = expected.get(name, expected.get(str(name)))
        return None if value is None else check_int(value, f"expected.{name}")
    raise RecordError("expected", "must be a number of results, or one per board")


def _read_rows(board: str, rows: Any) -> list[tuple[str, str, Any]]:
    path = f"boards.{board}"
    if isinstance(rows, (str, bytes, Mapping)) or not isinstance(rows, Sequence) or not rows:
        raise RecordError(path, "must be a non-empty list of [ns_pair, ew_pair, result]")
    seen: set[str] = set()
    out = []
    for i, row in enumerate(rows):
        if isinstance(row, (str, bytes, Mapping)) or not isinstance(row, Sequence):
            raise RecordError(f"{path}[{i}]", "must be [ns_pair, ew_pair, result]")
        if len(row) != 3:
            raise RecordError(f"{path}[{i}]", "must be [ns_pair, ew_pair, result]")
        for side in (0, 1):
            pair = row[side]
            if not isinstance(pair, str) or not pair:
                raise RecordError(f"{path}[{i}][{side}]", "must be a pair id (a string)")
            if pair in seen:
                raise RecordError(f"{path}[{i}][{side}]", f"pair {pair} plays this board twice")
            seen.add(pair)
        read_result(row[2], f"{path}[{i}][2]")
        out.append((row[0], row[1], row[2]))
    return out


def score_session(
    boards: Mapping[Any, Any],
    method: str = "matchpoints",
    expected: int | Mapping[Any, int] | None = None,
    key: str = "session",
) -> Session:
    """Compare every board of a session and rank the pairs (Bridge §B7 or §B8).

    Matchpoints: every board is scored on the session's full count E, the most results any
    board has or should have had; a board with fewer is scaled to it with Neuberg (§B7: "a
    board played fewer times than the others in a movement is scaled the same way"), so a
    board played once scores 50 % for both sides and weighs like the others (B-D12).

    :param expected: matchpoints only: the number of results each board should have had
        (one number, or one per board), e.g. as the movement schedules them.
    """
    method = _check_method(method, "method")
    if not isinstance(boards, Mapping) or not boards:
        raise RecordError("boards", "must map each board to its results")
    tallies: dict[str, _Tally] = {}
    compared: dict[str, Board] = {}
    read: dict[str, list[tuple[str, str, Any]]] = {}
    wanted: dict[str, int] = {}
    for name, raw_rows in boards.items():
        board = str(name)
        if board in read:  # e.g. 1 and "1"
            raise RecordError(f"boards.{board}", f"board {board} is given twice")
        rows = read[board] = _read_rows(board, raw_rows)
        if method == "matchpoints":
            given = _expected_for(expected, name)
            if given is not None and given < len(rows):
                raise RecordError(
                    f"expected.{board}" if isinstance(expected, Mapping) else "expected",
                    f"is {given}, but board {board} has {len(rows)} results",
                )
            wanted[board] = len(rows) if given is None else given
    full = max(wanted.values(), default=0)
    for board, rows in read.items():
        results = [row[2] for row in rows]
        if method == "matchpoints":
            done = matchpoint_board(results, full)
            if wanted[board] < full:
                done = replace(
                    done, explain=(*done.explain, _scaled_to(board, wanted[board], full))
                )
        else:
            done = METHODS[method](results)
        compared[board] = done
        for (ns, ew, _), row in zip(rows, done.rows, strict=True):
            for pair, side, other, value in ((ns, "NS", ew, row.ns), (ew, "EW", ns, row.ew)):
                tally = tallies.setdefault(pair, _Tally(set(), []))
                tally.directions.add(side)
                tally.value += value
                tally.top += done.top
                reason = f"board {board} as {side} against {other}: " + "; ".join(row.explain)
                tally.results.append(Counted(board, value, True, reason))
    lines = [_session_line(pair, tally, method) for pair, tally in tallies.items()]
    return Session(str(key), method, tuple(rank(lines)), MappingProxyType(compared))


def _scaled_to(board: str, own: int, full: int) -> str:
    return (
        f"Bridge §B7, B-D12: board {board} has {own} of the session's {full} results; "
        f"a board played fewer times than the others is scaled to {full}"
    )


def _session_line(pair: str, tally: _Tally, method: str) -> Line:
    details: dict[str, Any] = {
        "direction": "+".join(sorted(tally.directions)),
        "boards": len(tally.results),
        "unit": UNITS[method],
    }
    if method == "matchpoints":
        total = percent(tally.value, tally.top)
        details.update(mp=tally.value, top=tally.top)
        line = (
            f"Bridge §B7: session % = Σ MP / Σ top = {hundredths(tally.value)} / "
            f"{hundredths(tally.top)} = {hundredths(total)}%"
        )
    elif method == "butler":
        total = tally.value
        line = f"Bridge §B8: Butler IMPs over {len(tally.results)} boards = {total:+d}"
    else:
        total = tally.value
        line = f"Bridge §B8: cross-IMPs over {len(tally.results)} boards = {hundredths(total)}"
    return Line(pair, total, tuple(tally.results), details=details, explain=(line,))


def rank_season(sessions: Sequence[Session]) -> list[Line]:
    """Add up each pair's session totals (every session counts) and rank the pairs."""
    if isinstance(sessions, (str, bytes)) or not isinstance(sessions, Sequence):
        raise RecordError("sessions", "must be a list of sessions")
    method = sessions[0].method if sessions else "matchpoints"
    keys: set[str] = set()
    per_pair: dict[str, list[Counted]] = {}
    directions: dict[str, set[str]] = {}
    for i, session in enumerate(sessions):
        if session.method != method:
            raise RecordError(
                f"sessions[{i}].method",
                f"is {session.method}, but this season is scored by {method}: totals "
                "in different units cannot be added",
            )
        if session.key in keys:
            raise RecordError(f"sessions[{i}].key", f"session {session.key} is given twice")
        keys.add(session.key)
        for line in session.lines:
            reason = f"counts (every session counts): rank {line.rank}; " + "; ".join(line.explain)
            per_pair.setdefault(line.player, []).append(
                Counted(session.key, line.total, True, reason)
            )
            sat = str(line.details.get("direction") or "")
            directions.setdefault(line.player, set()).update(d for d in sat.split("+") if d)
    lines = []
    for pair, results in per_pair.items():
        total = sum(result.value for result in results)
        shown = [_show(result.value, method) for result in results]
        explain = (
            f"season total = sum of the session totals: {' + '.join(shown)} "
            f"= {_show(total, method)}"
        )
        details = {"sessions": len(results), "unit": UNITS[method]}
        if directions.get(pair):
            details["direction"] = "+".join(sorted(directions[pair]))
        lines.append(Line(pair, total, tuple(results), details=details, explain=(explain,)))
    return rank(lines)


FIELDS = ("NS", "EW")


def rank_fields(lines: Sequence[Line]) -> list[Line]:
    """Rank North-South and East-West apart when every pair sat one direction throughout.

    In a Mitchell without an arrow-switch the NS pairs are compared only with NS pairs and
    the EW pairs only with EW pairs (a board's results are ranked per direction), so the
    evening has two winners: each line gets ``details["field_rank"]``, its place among the
    pairs of its direction. A Howell (pairs sit both ways) or a season in which a pair sat
    both ways gets no fields: the lines come back as they were.
    """
    sides = [line.details.get("direction") for line in lines]
    if not lines or any(side not in FIELDS for side in sides) or len(set(sides)) < 2:
        return list(lines)
    placed: dict[str, int] = {}
    for side in FIELDS:
        for line in rank([x for x in lines if x.details.get("direction") == side]):
            placed[line.player] = line.rank
    return [
        replace(line, details={**line.details, "field_rank": placed[line.player]}) for line in lines
    ]


def _show(value: int, method: str) -> str:
    return f"{value:+d}" if method == "butler" else hundredths(value)

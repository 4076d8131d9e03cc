"""Evening results and season standings, computed by each game's counting rule.

Recomputed for a whole competition after a batch of events touched it: the inputs are the
read models' own tables (list totals, seats, attendance), so a rebuild gives the same rows.
Results of lists not yet submitted are shown, marked provisional.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from typing import Any

from sqlite_utils import Database

from ..rules import (
    RuleError,
    bridge_season,
    evening_entries,
    klaverjas_season,
    schafkopf_season,
    wiezen_season,
)
from ..rules.adjustments import adjusted
from ..rules.games import ruleset_from_stored
from ..rules.result import Score
from ..rules.ruleset import RuleSet
from ..rules.standings import Line
from .jsontext import compact, parse, text
from .sql import insert_all

ABSENT = {"absent_notice": "absent with notice", "absent": "absent without notice"}


def refresh(db: Database, competition_id: str) -> None:
    """Recompute the evening results and standings of one competition."""
    found = _rows(db, "SELECT * FROM competitions WHERE competition_id = ?", [competition_id])
    if not found:  # a list opened outside any competition: nothing to rank
        return
    comp = found[0]
    rules = ruleset_from_stored(parse(comp["rules"]))
    data = _Inputs(db, competition_id)
    db.execute("DELETE FROM evening_results WHERE competition_id = ?", [competition_id])
    db.execute("DELETE FROM standings WHERE competition_id = ?", [competition_id])
    db.execute("DELETE FROM travellers WHERE competition_id = ?", [competition_id])
    data.counting = parse(comp["counting"])
    compute = {
        "wiezen": _wiezen,
        "klaverjas": _klaverjas,
        "schafkopf": _schafkopf,
        "bridge": _bridge,
    }.get(comp["game"])
    if compute is None or not data.players:
        return
    try:
        lines = compute(data, rules)
    except RuleError as exc:  # a counting rule refused the inputs: show why, rank nobody
        lines = []
        insert_all(
            db,
            "evening_results",
            [
                {
                    "competition_id": competition_id,
                    "evening": 0,
                    "player_id": "",
                    "status": "error",
                    "points": 0,
                    "provisional": 1,
                    "detail": f"{exc.field}: {exc.message}",
                }
            ],
        )
    lines = _with_adjustments(db, competition_id, lines)
    if comp["game"] == "bridge" and data.counting.get("movement") == "mitchell":
        lines = bridge_season.rank_fields(lines)  # two winners: NS and EW ranked apart
    insert_all(db, "evening_results", data.evening_rows(), replace=True)
    insert_all(
        db,
        "standings",
        (
            {
                "competition_id": competition_id,
                "player_id": line.player,
                "rank": line.rank,
                "name": data.players.get(line.player, line.player),
                "total": line.total,
                "tiebreak": compact(list(line.tiebreak)),
                "results": compact([r.as_dict() for r in line.results]),
                "details": text(dict(line.details)),
                "explain": compact(list(line.explain)),
            }
            for line in lines
        ),
    )


def _with_adjustments(db: Database, competition_id: str, lines: list[Line]) -> list[Line]:
    """Add the director's standing adjustments, each as a result line of its own, and re-rank."""
    return adjusted(
        lines,
        _rows(
            db,
            "SELECT * FROM standing_adjustments WHERE competition_id = ? ORDER BY position",
            [competition_id],
        ),
    )


def _rows(db: Database, sql: str, params: list[Any]) -> list[dict[str, Any]]:
    """The rows of a SELECT as dicts, read straight from the connection (sqlite-utils'
    ``query`` opens and releases a savepoint around every statement)."""
    cursor = db.conn.execute(sql, params)
    names = [d[0] for d in cursor.description]
    return [dict(zip(names, row, strict=True)) for row in cursor]


class _Inputs:
    """What the counting rules need, read from the read-model tables."""

    def __init__(self, db: Database, competition_id: str) -> None:
        self.db, self.competition_id = db, competition_id
        self.players = {
            r["player_id"]: r["name"]
            for r in _rows(
                db, "SELECT player_id, name FROM players WHERE competition_id = ?", [competition_id]
            )
        }
        self.evenings = _rows(
            db,
            "SELECT evening, date FROM evenings WHERE competition_id = ? ORDER BY evening",
            [competition_id],
        )
        self.attendance = {
            (r["evening"], r["player_id"]): r["status"]
            for r in _rows(
                db,
                "SELECT evening, player_id, status FROM attendance WHERE competition_id = ?",
                [competition_id],
            )
        }
        self.lists = _rows(
            db,
            "SELECT list_id, evening, round, table_no, seats, boards, totals, status "
            "FROM lists WHERE competition_id = ? AND status != 'cancelled' "
            "ORDER BY evening, round, table_no",
            [competition_id],
        )
        self.rows: list[dict[str, Any]] = []
        self.counting: dict[str, Any] = {}
        self._deals: dict[str, list[dict[str, Any]]] | None = None

    def deals(self, list_id: str) -> list[dict[str, Any]]:
        """A list's deal rows that count (not voided), in their order. The competition's are
        read with one query, when a counting rule first asks (not one query per list)."""
        if self._deals is None:
            self._deals = defaultdict(list)
            for row in _rows(
                self.db,
                "SELECT d.list_id, d.deal_no, d.record, d.points, d.markers "
                "FROM lists l JOIN deal_rows d ON d.list_id = l.list_id "
                "WHERE l.competition_id = ? AND d.voided IS NULL "
                "ORDER BY d.list_id, d.deal_no",
                [self.competition_id],
            ):
                self._deals[row["list_id"]].append(row)
        return self._deals.get(list_id, [])

    def played(self) -> dict[tuple[int, int, str], tuple[int, bool, dict[str, Any]]]:
        """(evening, round, player) -> (seat total, submitted, list row)."""
        out = {}
        for lst in self.lists:
            seats, totals = parse(lst["seats"]), parse(lst["totals"])
            for seat, player in seats.items():
                out[(lst["evening"], lst["round"], player)] = (
                    totals.get(seat, 0),
                    lst["status"] == "submitted",
                    lst,
                )
        return out

    def drawn_evenings(self) -> list[Mapping[str, Any]]:
        have = {lst["evening"] for lst in self.lists}
        return [e for e in self.evenings if e["evening"] in have]

    def key(self, evening: Mapping[str, Any]) -> str:
        return f"{evening['date']} (#{evening['evening']})"

    def note(
        self,
        evening: int,
        player: str,
        status: str,
        points: int,
        provisional: bool,
        detail: str,
        field: str | None = None,
    ) -> None:
        self.rows.append(
            {
                "competition_id": self.competition_id,
                "evening": evening,
                "player_id": player,
                "status": status,
                "points": points,
                "provisional": int(provisional),
                "detail": detail,
                "field": field,
            }
        )

    def evening_rows(self) -> list[dict[str, Any]]:
        """One row per player and evening (Durchgänge of one evening added up)."""
        merged: dict[tuple[int, str], dict[str, Any]] = {}
        for row in self.rows:
            key = (row["evening"], row["player_id"])
            if key in merged:
                first = merged[key]
                first["points"] += row["points"]
                first["provisional"] |= row["provisional"]
                first["detail"] += "; " + row["detail"]
            else:
                merged[key] = dict(row)
        return list(merged.values())


def _wiezen(data: _Inputs, rules: RuleSet) -> list[Line]:
    played = data.played()
    sheets: dict[str, dict[str, int | None]] = {p: {} for p in data.players}
    for ev in data.drawn_evenings():
        for player in data.players:
            hit = next(
                (v for (e, _, p), v in played.items() if e == ev["evening"] and p == player), None
            )
            if hit is None:
                status = data.attendance.get((ev["evening"], player), "absent")
                sheets[player][data.key(ev)] = None
                data.note(ev["evening"], player, status, 0, False, ABSENT.get(status, status))
            else:
                total, submitted, lst = hit
                sheets[player][data.key(ev)] = total
                data.note(
                    ev["evening"],
                    player,
                    "played",
                    total,
                    not submitted,
                    f"table {lst['table_no']}: {total:+d}",
                )
    # The counting rule is the one source of the season: Competition.create copied the rule
    # set's season_sundays / season_best into it unless the director set them (a setting
    # missing from a stored rule falls back to the rule set's, as it did then).
    return wiezen_season.standings(
        sheets, rules, sundays=data.counting.get("evenings"), best=data.counting.get("best")
    )


def _klaverjas(data: _Inputs, rules: RuleSet) -> list[Line]:
    played = data.played()
    evenings = []
    rounds = max((lst["round"] for lst in data.lists), default=0)
    for ev in data.drawn_evenings():
        results: dict[str, Any] = {}
        for player in data.players:
            status = data.attendance.get((ev["evening"], player), "absent")
            partijen = [played.get((ev["evening"], r, player)) for r in range(1, rounds + 1)]
            entry = evening_entries.klaverjas_entry(
                status, [None if p is None else p[0] for p in partijen]
            )
            results[player] = entry
            if isinstance(entry, list):
                provisional = any(p is not None and not p[1] for p in partijen)
                data.note(
                    ev["evening"],
                    player,
                    "played",
                    _klaverjas_value(entry, rules),
                    provisional,
                    " + ".join(map(str, entry)),
                )
            else:
                data.note(
                    ev["evening"],
                    player,
                    status,
                    _klaverjas_value(entry, rules),
                    False,
                    ABSENT.get(status, status),
                )
        evenings.append({"key": data.key(ev), "players": results})
    return klaverjas_season.standings(evenings, rules, players=list(data.players))


def _klaverjas_value(entry: Any, rules: RuleSet) -> int:
    return klaverjas_season.evening_score(entry, "evening", "evening", rules).value


def _schafkopf(data: _Inputs, rules: RuleSet) -> list[Line]:
    durchgaenge: dict[str, dict[str, schafkopf_season.Tally]] = defaultdict(dict)
    for lst in data.lists:
        key = f"Durchgang {lst['round']}" + (f" ({lst['evening']})" if lst["evening"] > 1 else "")
        seats, totals = parse(lst["seats"]), parse(lst["totals"])
        tallies: dict[str, schafkopf_season.Tally] = {}
        for row in data.deals(lst["list_id"]):
            record = parse(row["record"])
            score = _score(record, row)
            for player, tally in schafkopf_season.tally_game(record, score).items():
                tallies[player] = tallies.get(player, schafkopf_season.Tally()) + tally
        for seat, player in seats.items():
            t = tallies.get(player, schafkopf_season.Tally())
            durchgaenge[key][player] = schafkopf_season.Tally(
                totals.get(seat, 0), t.touts, t.solos_won, t.solos_played, str(lst["table_no"])
            )
            data.note(
                lst["evening"],
                player,
                "played",
                totals.get(seat, 0),
                lst["status"] != "submitted",
                f"{key}, table {lst['table_no']}",
            )
    return schafkopf_season.rank_tournament(durchgaenge, rules=rules)


def _score(record: Mapping[str, Any], row: Mapping[str, Any]) -> Score:
    markers, points = parse(row["markers"]), parse(row["points"])
    won = evening_entries.schafkopf_won(record, points)
    return Score(points=points, explain=(), markers=tuple(markers), extra={"won": won})


def _bridge(data: _Inputs, rules: RuleSet) -> list[Line]:
    """Each evening is a session: boards compared across the tables, then summed (B7/B8)."""
    method = data.counting.get("method", "matchpoints")
    sessions = []
    for ev in data.drawn_evenings():
        boards: dict[str, list[list[Any]]] = {}
        played: dict[str, list[dict[str, Any]]] = {}
        scheduled: dict[str, int] = {}  # how often the movement plays each board (B-D12)
        tables = [x for x in data.lists if x["evening"] == ev["evening"]]
        for lst in tables:
            for board in parse(lst["boards"] or "[]"):
                scheduled[str(board)] = scheduled.get(str(board), 0) + 1
        for lst in tables:
            seats = parse(lst["seats"])
            for row in data.deals(lst["list_id"]):
                record = parse(row["record"])
                result = evening_entries.bridge_result(record, parse(row["points"]))
                board = str(record["board"])
                boards.setdefault(board, []).append([seats["NS"], seats["EW"], result])
                played.setdefault(board, []).append(
                    {
                        "list": lst,
                        "seats": seats,
                        "deal_no": row["deal_no"],
                        "record": record,
                        "result": result,
                    }
                )
        if not boards:
            continue
        expected = evening_entries.bridge_expected(scheduled, boards)
        session = bridge_season.score_session(
            boards, method, expected=expected if method == "matchpoints" else None, key=data.key(ev)
        )
        sessions.append(session)
        provisional = any(lst["status"] != "submitted" for lst in tables)
        for line in _fields(data, session.lines):
            data.note(
                ev["evening"],
                line.player,
                "played",
                line.total,
                provisional,
                "; ".join(line.explain),
                line.details["direction"] if "field_rank" in line.details else None,
            )
        _travellers(data, ev["evening"], session, played)
    return bridge_season.rank_season(sessions)


def _fields(data: _Inputs, lines: tuple[Line, ...]) -> list[Line]:
    """A Mitchell evening has two winners: its pairs ranked per direction (``field_rank``)."""
    if data.counting.get("movement") != "mitchell":
        return list(lines)
    return bridge_season.rank_fields(lines)


def _travellers(
    data: _Inputs, evening: int, session: Any, played: Mapping[str, list[dict[str, Any]]]
) -> None:
    rows = []
    for board, entries in played.items():
        compared = session.boards[board]
        for entry, row in zip(entries, compared.rows, strict=True):
            record, lst, seats = entry["record"], entry["list"], entry["seats"]
            rows.append(
                {
                    "competition_id": data.competition_id,
                    "evening": evening,
                    "board": int(board),
                    "list_id": lst["list_id"],
                    "deal_no": entry["deal_no"],
                    "table_no": lst["table_no"],
                    "ns": seats["NS"],
                    "ew": seats["EW"],
                    "contract": evening_entries.bridge_contract(record, entry["result"]),
                    "declarer": record.get("declarer"),
                    "tricks": record.get("tricks"),
                    "lead": record.get("lead"),
                    "score": None if isinstance(entry["result"], dict) else entry["result"],
                    "adjusted": compact(entry["result"])
                    if isinstance(entry["result"], dict)
                    else None,
                    "ns_mp": row.ns,
                    "ew_mp": row.ew,
                    "top": compared.top,
                    "ns_pct": row.ns_pct,
                    "ns_imps": None,
                }
            )
    insert_all(data.db, "travellers", rows, replace=True)

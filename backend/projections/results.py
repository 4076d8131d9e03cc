"""Evening results and season standings, computed by each game's counting rule.

Recomputed for a whole competition after a batch of events touched it: the inputs are the
read models' own tables (list totals, seats, attendance), so a rebuild gives the same rows.
Results of lists not yet submitted are shown, marked provisional.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from sqlite_utils import Database

from ..rules import (
    RuleError,
    bridge_season,
    klaverjas_season,
    schafkopf_season,
    wiezen_season,
)
from ..rules.games import ruleset_from_stored
from ..rules.result import Score
from ..rules.ruleset import RuleSet
from ..rules.standings import Counted, Line, rank

ABSENT = {"absent_notice": "absent with notice", "absent": "absent without notice"}


def refresh(db: Database, competition_id: str) -> None:
    """Recompute the evening results and standings of one competition."""
    comp = next(
        db.query("SELECT * FROM competitions WHERE competition_id = ?", [competition_id]), None
    )
    if comp is None:  # a list opened outside any competition: nothing to rank
        return
    rules = ruleset_from_stored(json.loads(comp["rules"]))
    data = _Inputs(db, competition_id)
    db.execute("DELETE FROM evening_results WHERE competition_id = ?", [competition_id])
    db.execute("DELETE FROM standings WHERE competition_id = ?", [competition_id])
    db.execute("DELETE FROM travellers WHERE competition_id = ?", [competition_id])
    data.counting = json.loads(comp["counting"])
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
        db["evening_results"].insert(
            {
                "competition_id": competition_id,
                "evening": 0,
                "player_id": "",
                "status": "error",
                "points": 0,
                "provisional": 1,
                "detail": f"{exc.field}: {exc.message}",
            }
        )
    lines = _with_adjustments(db, competition_id, lines)
    db["evening_results"].insert_all(data.evening_rows(), replace=True)
    db["standings"].insert_all(
        {
            "competition_id": competition_id,
            "player_id": line.player,
            "rank": line.rank,
            "name": data.players.get(line.player, line.player),
            "total": line.total,
            "tiebreak": json.dumps(list(line.tiebreak)),
            "results": json.dumps([r.as_dict() for r in line.results], ensure_ascii=False),
            "details": json.dumps(dict(line.details), ensure_ascii=False, default=str),
            "explain": json.dumps(list(line.explain), ensure_ascii=False),
        }
        for line in lines
    )


def _with_adjustments(db: Database, competition_id: str, lines: list[Line]) -> list[Line]:
    """Add the director's standing adjustments, each as a result line of its own, and re-rank."""
    adjustments = list(
        db.query(
            "SELECT * FROM standing_adjustments WHERE competition_id = ? ORDER BY position",
            [competition_id],
        )
    )
    if not adjustments:
        return lines
    by_player = {line.player: line for line in lines}
    for adj in adjustments:
        line = by_player.get(adj["player_id"]) or Line(adj["player_id"], 0)
        reason = "ruling: " + adj["reason"] + (f" ({adj['article']})" if adj["article"] else "")
        by_player[adj["player_id"]] = replace(
            line,
            total=line.total + adj["points"],
            results=(
                *line.results,
                Counted(f"ruling {adj['position']}", adj["points"], True, reason),
            ),
        )
    unranked = {line.player for line in lines if line.rank == 0}  # excluded (Nr. 8)
    ranked = rank(line for p, line in by_player.items() if p not in unranked)
    return ranked + [line for p, line in by_player.items() if p in unranked]


class _Inputs:
    """What the counting rules need, read from the read-model tables."""

    def __init__(self, db: Database, competition_id: str) -> None:
        self.db, self.competition_id = db, competition_id
        self.players = {
            r["player_id"]: r["name"]
            for r in db.query(
                "SELECT player_id, name FROM players WHERE competition_id = ?", [competition_id]
            )
        }
        self.evenings = list(
            db.query(
                "SELECT evening, date FROM evenings WHERE competition_id = ? ORDER BY evening",
                [competition_id],
            )
        )
        self.attendance = {
            (r["evening"], r["player_id"]): r["status"]
            for r in db.query(
                "SELECT evening, player_id, status FROM attendance WHERE competition_id = ?",
                [competition_id],
            )
        }
        self.lists = list(
            db.query(
                "SELECT list_id, evening, round, table_no, seats, boards, totals, status "
                "FROM lists WHERE competition_id = ? AND status != 'cancelled' "
                "ORDER BY evening, round, table_no",
                [competition_id],
            )
        )
        self.rows: list[dict[str, Any]] = []
        self.counting: dict[str, Any] = {}

    def played(self) -> dict[tuple[int, int, str], tuple[int, bool, dict[str, Any]]]:
        """(evening, round, player) -> (seat total, submitted, list row)."""
        out = {}
        for lst in self.lists:
            seats, totals = json.loads(lst["seats"]), json.loads(lst["totals"])
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
        self, evening: int, player: str, status: str, points: int, provisional: bool, detail: str
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
            if status == "present" or any(partijen):
                entry = [klaverjas_season.SAT_OUT if p is None else p[0] for p in partijen]
                results[player] = entry
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
                code = (
                    klaverjas_season.ABSENT_WITH_NOTICE
                    if status == "absent_notice"
                    else klaverjas_season.ABSENT_WITHOUT_NOTICE
                )
                results[player] = code
                data.note(
                    ev["evening"],
                    player,
                    status,
                    _klaverjas_value(code, rules),
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
        seats, totals = json.loads(lst["seats"]), json.loads(lst["totals"])
        tallies: dict[str, schafkopf_season.Tally] = {}
        for row in data.db.query(
            "SELECT record, points, markers FROM deal_rows WHERE list_id = ? AND voided IS NULL "
            "ORDER BY deal_no",
            [lst["list_id"]],
        ):
            record = json.loads(row["record"])
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
    markers = json.loads(row["markers"])
    won = (
        record.get("type") in ("SOLO", "TOUT")
        and json.loads(row["points"]).get(str(record.get("declarer")), 0) > 0
    )
    return Score(
        points=json.loads(row["points"]), explain=(), markers=tuple(markers), extra={"won": won}
    )


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
            for board in json.loads(lst["boards"] or "[]"):
                scheduled[str(board)] = scheduled.get(str(board), 0) + 1
        for lst in tables:
            seats = json.loads(lst["seats"])
            for row in data.db.query(
                "SELECT deal_no, record, points FROM deal_rows WHERE list_id = ? AND voided IS "
                "NULL ORDER BY deal_no",
                [lst["list_id"]],
            ):
                record = json.loads(row["record"])
                result = record.get("adjusted") or json.loads(row["points"]).get("N", 0)
                board = str(record["board"])
                boards.setdefault(board, []).append([seats["NS"], seats["EW"], result])
                played.setdefault(board, []).append(
                    {"list": lst, "deal_no": row["deal_no"], "record": record, "result": result}
                )
        if not boards:
            continue
        expected = {b: max(scheduled.get(b, 0), len(rows)) for b, rows in boards.items()}
        session = bridge_season.score_session(
            boards, method, expected=expected if method == "matchpoints" else None, key=data.key(ev)
        )
        sessions.append(session)
        provisional = any(lst["status"] != "submitted" for lst in tables)
        for line in session.lines:
            data.note(
                ev["evening"],
                line.player,
                "played",
                line.total,
                provisional,
                "; ".join(line.explain),
            )
        _travellers(data, ev["evening"], session, played)
    return bridge_season.rank_season(sessions)


def _travellers(
    data: _Inputs, evening: int, session: Any, played: Mapping[str, list[dict[str, Any]]]
) -> None:
    rows = []
    for board, entries in played.items():
        compared = session.boards[board]
        for entry, row in zip(entries, compared.rows, strict=True):
            record, lst = entry["record"], entry["list"]
            seats = json.loads(lst["seats"])
            contract = record.get("contract") or {}
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
                    "contract": "".join(str(contract.get(k, "")) for k in ("level", "strain"))
                    + "x" * int(contract.get("dbl") or 0)
                    if contract
                    else ("adjusted" if isinstance(entry["result"], dict) else "passed"),
                    "declarer": record.get("declarer"),
                    "tricks": record.get("tricks"),
                    "lead": record.get("lead"),
                    "score": None if isinstance(entry["result"], dict) else entry["result"],
                    "adjusted": json.dumps(entry["result"])
                    if isinstance(entry["result"], dict)
                    else None,
                    "ns_mp": row.ns,
                    "ew_mp": row.ew,
                    "top": compared.top,
                    "ns_pct": row.ns_pct,
                    "ns_imps": None,
                }
            )
    data.db["travellers"].insert_all(rows, replace=True)

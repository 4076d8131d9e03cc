"""Pages and exports: what the console downloads and the public reads, against raw SQLite.

The demo club (:func:`backend.demo.season.build_demo`) is built into a real instance folder
(SQLite event store and read models), then served by the web app itself
(:func:`backend.api.create_app`) and read through Flask's test client, logged in as the
director: no network, but every request goes through the routing, the access checks, the
schemas and the writers. For each competition of the club (wiezen, klaverjas, schafkopf,
bridge) the benchmark times the season JSON export, the zip of CSVs, the standings PDF, the
lists PDF, the public standings page, ``GET …/standings``, one page of
``GET /api/audit?competition=…`` and, for bridge, the PBN and USEBIO of evening 1.

Baseline, in the same run and in rounds with the request: one raw ``sqlite3`` connection
to the read-model file that SELECTs the rows the answer is made of (and, for the JSON
export and the zip, ``json.dumps`` of them). Two parts of the exports are timed on their
own: ``Troef.verify()`` (the JSON export and the zip recompute every hash chain of the
store) and ``competition_picture`` (everything read from the read models into one dict).

``python -m bench.pages [--quick] [--out FILE]``
"""

from __future__ import annotations

import argparse
import json
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from backend import instance
from backend.api import create_app
from backend.application import Troef
from backend.demo.season import Summary, build_demo
from backend.exports.picture import competition_picture

from .common import Series, close, load_average, ms, publish, ratio, table, timed, workdir

PASSWORD = "bench-password-1"
Reader = Callable[[], int]  # one request or read; returns its size
IN_LISTS = "SELECT list_id FROM lists WHERE competition_id = ?"
OF_COMP = "WHERE competition_id = ?"

# The rows each answer is made of, as (sql, uses the competition id how many times).
COMPETITION = [("SELECT * FROM competitions " + OF_COMP, 1)]
PLAYERS = [("SELECT player_id, name, withdrawn FROM players " + OF_COMP, 1)]
EVENINGS = [
    ("SELECT * FROM evenings " + OF_COMP + " ORDER BY evening", 1),
    ("SELECT evening, player_id, status FROM attendance " + OF_COMP, 1),
]
LISTS = [
    ("SELECT * FROM lists " + OF_COMP + " ORDER BY evening, round, table_no", 1),
    (f"SELECT * FROM deal_rows WHERE list_id IN ({IN_LISTS}) ORDER BY list_id, deal_no", 1),
    (f"SELECT * FROM adjustments WHERE list_id IN ({IN_LISTS}) ORDER BY list_id, position", 1),
    (f"SELECT * FROM disputes WHERE list_id IN ({IN_LISTS}) ORDER BY list_id, dispute_no", 1),
]
STANDINGS = [
    ("SELECT * FROM standings " + OF_COMP + " ORDER BY rank = 0, rank, name, player_id", 1),
    ("SELECT * FROM evening_results " + OF_COMP, 1),
]
SUBMITTED = [
    (
        "SELECT list_id, evening, round, table_no, submitted_head, submitted_at FROM lists "
        + OF_COMP
        + " AND status = 'submitted' ORDER BY evening, round, table_no",
        1,
    )
]
SEASON = [
    ("SELECT * FROM standing_adjustments " + OF_COMP + " ORDER BY position", 1),
    ("SELECT * FROM travellers " + OF_COMP, 1),
]
TRAIL = [
    (
        f"SELECT * FROM audit_trail WHERE aggregate_id = ? OR aggregate_id IN ({IN_LISTS}) "
        "ORDER BY position",
        2,
    )
]
AUDIT_PAGE = [  # the endpoint's own statement: the first page of 100 (and one more)
    (
        "SELECT a.*, l.evening, l.round, l.table_no AS 'table' FROM audit_trail a "
        "LEFT JOIN lists l ON l.list_id = a.aggregate_id WHERE a.position > 0 AND "
        f"(a.aggregate_id = ? OR a.aggregate_id IN ({IN_LISTS})) ORDER BY a.position LIMIT 101",
        2,
    )
]
BRIDGE_EVENING = [
    ("SELECT * FROM lists " + OF_COMP + " AND evening = 1", 1),
    (
        "SELECT * FROM deal_rows WHERE list_id IN "
        "(SELECT list_id FROM lists WHERE competition_id = ? AND evening = 1)",
        1,
    ),
    ("SELECT * FROM travellers " + OF_COMP + " AND evening = 1", 1),
    ("SELECT * FROM evening_results " + OF_COMP + " AND evening = 1", 1),
]
EVERYTHING = COMPETITION + PLAYERS + EVENINGS + LISTS + STANDINGS + SEASON + TRAIL


@dataclass(frozen=True)
class Case:
    """One answer of the web app and the rows its baseline reads."""

    name: str
    path: str  # with {cid}
    rows: list[tuple[str, int]]
    dumps: bool = False  # the baseline also writes the rows as JSON
    bridge_only: bool = False


CASES = [
    Case("season JSON export", "/api/competitions/{cid}/export.json", EVERYTHING, dumps=True),
    Case(
        "zip of the CSVs (and the JSON)",
        "/api/competitions/{cid}/export.zip",
        EVERYTHING,
        dumps=True,
    ),
    Case(
        "standings PDF",
        "/api/competitions/{cid}/standings.pdf",
        COMPETITION + PLAYERS + EVENINGS[:1] + STANDINGS,
    ),
    Case("lists PDF", "/api/competitions/{cid}/lists.pdf", COMPETITION + PLAYERS + LISTS),
    Case(
        "PBN of evening 1",
        "/api/competitions/{cid}/evenings/1/session.pbn",
        COMPETITION + PLAYERS + BRIDGE_EVENING,
        bridge_only=True,
    ),
    Case(
        "USEBIO of evening 1",
        "/api/competitions/{cid}/evenings/1/session.usebio.xml",
        COMPETITION + PLAYERS + BRIDGE_EVENING,
        bridge_only=True,
    ),
    Case(
        "public standings page",
        "/standings/{cid}",
        COMPETITION + EVENINGS[:1] + STANDINGS + SUBMITTED,
    ),
    Case(
        "`GET …/standings`",
        "/api/competitions/{cid}/standings",
        COMPETITION + STANDINGS + SUBMITTED,
    ),
    Case(
        "`GET /api/audit?competition=…` (100 entries)", "/api/audit?competition={cid}", AUDIT_PAGE
    ),
]


@dataclass
class Measured:
    game: str
    case: str
    app: Series
    baseline: Series | None
    size: int = 0  # bytes of the answer
    rows: int = 0  # rows the baseline read
    reads: int = 0  # read-model queries of one answer (each opens its own connection)


@dataclass
class PagesResult:
    size: str
    repeats: int
    events: int = 0
    build_seconds: float = 0.0
    measured: list[Measured] = field(default_factory=list)
    load: tuple[str, str] = ("", "")


def baseline(path: Path, case: Case, cid: str) -> Reader:
    """One raw connection that SELECTs the case's rows (and dumps them); returns the count."""

    def read() -> int:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        conn.row_factory = sqlite3.Row
        try:
            found = {
                sql: [dict(r) for r in conn.execute(sql, [cid] * uses).fetchall()]
                for sql, uses in case.rows
            }
        finally:
            conn.close()
        if case.dumps:
            json.dumps(list(found.values()), default=str)
        return sum(len(rows) for rows in found.values())

    return read


def request(client: FlaskClient, url: str) -> Reader:
    def get() -> int:
        answer = client.get(url)
        assert answer.status_code == 200, (url, answer.status_code, answer.data[:300])
        return len(answer.data)

    return get


def open_club(folder: Path, size: str, result: PagesResult) -> tuple[Flask, list[Summary]]:
    """A real instance folder with the demo club in it, and the web app serving it."""
    club = folder / "club"
    instance.init(club, "Bench club", "bench", PASSWORD)
    app = Troef(env=instance.load(str(club)).event_env())
    try:
        result.build_seconds, summaries = timed(lambda: build_demo(app, seed=1, size=size))
        result.events = app.recorder.max_notification_id() or 0
    finally:
        close(app)
    web = create_app({"TESTING": True, "TROEF_INSTANCE": str(club), "TROEF_WORKER": False})
    return web, summaries


def run(size: str, repeats: int, folder: Path) -> PagesResult:
    result = PagesResult(size, repeats, load=(load_average(), ""))
    web, summaries = open_club(folder, size, result)
    svc = web.extensions["troef"]
    svc.views.rows = counted(svc.views.rows, reads := [0])  # this object only, for this run
    try:
        client = web.test_client()
        login = client.post("/api/session", json={"name": "bench", "password": PASSWORD})
        assert login.status_code == 200, login.json
        views_path = Path(svc.views.path)

        def add(game: str, name: str, call: Reader, base: Reader | None = None) -> None:
            result.measured.append(_rounds(game, name, call, base, repeats, reads))

        for summary in summaries:
            cid, game = summary.competition_id, summary.game
            for case in CASES:
                if not case.bridge_only or game == "bridge":
                    url = case.path.format(cid=cid)
                    add(game, case.name, request(client, url), baseline(views_path, case, cid))
            add(game, "of the exports: `Troef.verify()`", lambda: len(svc.app.verify().chains))
            add(
                game,
                "of the exports: `competition_picture` (with the trail)",
                lambda cid=cid: len(
                    json.dumps(competition_picture(svc.views.rows, cid, trail=True), default=str)
                ),
            )
    finally:
        svc.close()
    result.load = (result.load[0], load_average())
    return result


def _rounds(
    game: str,
    name: str,
    app_call: Reader,
    base_call: Reader | None,
    repeats: int,
    reads: list[int],
) -> Measured:
    """Warm both up (counting the answer's read-model queries), then time them in turns,
    alternating who goes first."""
    reads[0] = 0
    size = app_call()
    queries = reads[0]
    rows = base_call() if base_call else 0
    app_series, base_series = Series(name), Series("baseline")
    for n in range(repeats):
        steps = [lambda: app_series.measure(app_call)]
        if base_call is not None:
            steps.append(lambda: base_series.measure(base_call))
        for step in steps if n % 2 == 0 else reversed(steps):
            step()
    base = base_series if base_call else None
    return Measured(game, name, app_series, base, size, rows, queries)


def counted(rows: Callable[..., Any], reads: list[int]) -> Callable[..., Any]:
    """``ReadModels.rows`` that also counts its calls into ``reads[0]``."""

    def counting(*args: Any, **kwargs: Any) -> Any:
        reads[0] += 1
        return rows(*args, **kwargs)

    return counting


def report(result: PagesResult) -> str:
    lines = [
        f"Demo club size **{result.size}**: {result.events} events, built in "
        f"{result.build_seconds:.1f} s; {result.repeats} timed requests of each after one "
        f"untimed. Load average at the start: {result.load[0]}; at the end: {result.load[1]}.",
        "",
        "*queries*: the read-model queries of one answer, each on a connection of its own "
        "(`ReadModels.rows`); the baseline reads its rows on one connection.",
        "",
    ]
    rows = []
    for m in result.measured:
        base = m.baseline
        rows.append(
            [
                m.game,
                m.case,
                ms(m.app.median),
                ms(m.app.p95),
                ms(m.app.cpu_median),
                f"{m.size:,}" if base else "—",
                m.reads,
                ms(base.median) if base else "—",
                f"{m.rows:,}" if base else "—",
                ratio(m.app.median, base.median) if base else "—",
            ]
        )
    lines.append(
        table(
            [
                "game",
                "answer",
                "median ms",
                "p95 ms",
                "CPU ms",
                "bytes",
                "queries",
                "baseline ms",
                "baseline rows",
                "ratio",
            ],
            rows,
        )
    )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="the small demo, 3 requests each")
    parser.add_argument("--repeats", type=int, help="timed requests of each (default 15)")
    parser.add_argument("--out", type=Path, help="also write the report to this file")
    args = parser.parse_args()
    size = "small" if args.quick else "full"
    repeats = args.repeats or (3 if args.quick else 15)
    with workdir() as folder:
        result = run(size, repeats, folder)
    publish("Pages and exports", report(result), args.out)


if __name__ == "__main__":
    main()

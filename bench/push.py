"""A deal through HTTP push, and an offline batch in one push, against the bare library.

The server is the real web app on an instance folder (SQLite files, read models caught up
after every save, as ``troef serve`` runs it) served by waitress on 127.0.0.1; the phones
join their table with the code on its card and push with their token, each over one HTTP/1.1
connection kept open (:class:`Phone`), as a browser keeps it for the table app. Measured,
each with its baseline in the same run:

- one deal a push, one phone after the other (``--tables`` lists, ``--deals`` deals each):
  the request's wall time; baseline: the bare eventsourcing library's get + command + save
  of a one-method aggregate with the same facts (:func:`bench.fixtures.bare_deal`);
- ``--batch`` deals recorded offline, sent in one push (applied in one transaction,
  ``Troef.handle_batch``); baseline: one bare save of as many events (one aggregate,
  ``--batch`` calls, one ``save``).

CPU is this process's CPU time over the measured call: the server (waitress threads, and
the catch-up worker when it runs then) and the client share the process. Its mean holds
what the median leaves out: the garbage collector's rare full passes.

``python -m bench.push [--tables N] [--deals D] [--batch B] [--batches L] [--out FILE]``
"""

from __future__ import annotations

import argparse
import http.client
import json
from pathlib import Path
from statistics import fmean
from typing import Any
from urllib.parse import urlsplit

from backend import instance
from backend.aggregates.actor import director
from backend.api import create_app
from backend.api.auth import join_code
from backend.application import Command
from backend.cli.serve import settle
from tests.api.http import serve

from .common import Series, close, load_average, ms, publish, sqlite_env, table, workdir
from .fixtures import BareApp, BareList, bare_deal, open_bare


def vraag(n: int) -> dict[str, Any]:
    return {
        "dealer": (n - 1) % 4 + 1,
        "contract": "VRAAG",
        "declarers": [1, 3],
        "tricks": 8 + n % 6,
    }


def evening(web: Any, tables: int) -> list[tuple[str, str]]:
    """A wiezen competition with ``tables`` tables drawn; (list id, join code) per table."""
    app, boss = web.extensions["troef"].app, director("bench")
    cid = app.handle(
        boss,
        Command("create_competition", None, {"name": "Bench", "rules": "wiezen-reglement-2019"}),
    )
    ids = [
        app.handle(boss, Command("enrol_player", cid, {"name": f"P{i}"})) for i in range(4 * tables)
    ]
    app.handle(boss, Command("schedule_evening", cid, {"date": "2026-04-05"}))
    for pid in ids:
        app.handle(
            boss,
            Command(
                "record_attendance", cid, {"evening": 1, "player_id": pid, "status": "present"}
            ),
        )
    drawn = app.handle(boss, Command("draw_seating", cid, {"evening": 1, "seed": "1"}))["lists"]
    with web.app_context():
        return [(e["list_id"], join_code(e["list_id"])) for e in drawn]


class Phone:
    """A table's phone: one HTTP/1.1 connection kept open, as a browser keeps it, and the
    device secret its join gave."""

    def __init__(self, url: str) -> None:
        parts = urlsplit(url)
        self.connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
        self.token: str | None = None

    def post(self, path: str, body: Any) -> tuple[int, Any]:
        headers = {"Content-Type": "application/json"}
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        self.connection.request("POST", path, json.dumps(body).encode(), headers)
        answer = self.connection.getresponse()
        raw = answer.read()
        return answer.status, json.loads(raw) if raw else None

    def join(self, code: str, name: str) -> None:
        status, body = self.post("/api/join", {"code": code, "name": name})
        assert status == 200, body
        self.token = body["token"]

    def close(self) -> None:
        self.connection.close()


def push(client: Phone, client_id: str, first: int, mutations: list[tuple[str, str, dict]]) -> Any:
    body = {
        "client_id": client_id,
        "mutations": [
            {"id": first + i, "name": name, "list": lst, "args": args}
            for i, (name, lst, args) in enumerate(mutations)
        ],
    }
    status, answer = client.post("/api/sync/push", body)
    assert status == 200, answer
    refused = [r for r in answer["results"] if r["status"] != "applied"]
    assert not refused, refused[:1]
    return answer


def _pushed(
    series: Series, client: Phone, cid: str, list_id: str, n: int, record: dict[str, Any]
) -> None:
    series.measure(lambda: push(client, cid, n + 1, [("record_deal", list_id, record)]))


def _bare(series: Series, base: BareApp, aggregate: Any, n: int, record: dict[str, Any]) -> None:
    series.measure(lambda: bare_deal(base, aggregate, n, record))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=4)
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--batch", type=int, default=40, help="deals in one push (≤ 40: wiezen)")
    parser.add_argument("--batches", type=int, default=5, help="lists pushed offline")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    one, bare, batch, bare_batch = Series("push"), Series("bare"), Series("batch"), Series("b")
    with workdir() as folder:
        instance.init(folder / "club", "Bench", "anna", "geheim-genoeg")
        config = {"TROEF_INSTANCE": str(folder / "club"), "TROEF_WORKER": True}
        web = create_app(config)
        base = BareApp(env=sqlite_env(folder / "bare.sqlite"))
        settle()  # as ``troef serve`` does once the app is made
        try:
            with serve(web) as url:
                lists = evening(web, args.tables + args.batches)
                phones = []
                for t, (list_id, code) in enumerate(lists):
                    client = Phone(url)
                    client.join(code, f"phone-{t}")
                    push(client, f"phone-{t}", 1, [("join", list_id, {})])
                    phones.append((client, f"phone-{t}", list_id))
                bares = [open_bare(base, f"bare-{t}") for t in range(args.tables)]
                for n in range(1, args.deals + 1):  # in rounds, the order rotated
                    for t in range(args.tables):
                        client, cid, list_id = phones[t]
                        record = {"deal_no": n, "record": vraag(n)}
                        one_deal = (one, client, cid, list_id, n, record)
                        bare_one = (bare, base, bares[t], n, record)
                        if (n + t) % 2:
                            _pushed(*one_deal), _bare(*bare_one)
                        else:
                            _bare(*bare_one), _pushed(*one_deal)
                for client, cid, list_id in phones[args.tables :]:
                    offline = [
                        ("record_deal", list_id, {"deal_no": n, "record": vraag(n)})
                        for n in range(1, args.batch + 1)
                    ]
                    batch.measure(lambda c=client, i=cid, o=offline: push(c, i, 2, o))
                for _ in range(5):
                    aggregate = BareList("offline")
                    for n in range(1, args.batch + 1):
                        aggregate.record_deal(n, {"deal_no": n, "record": vraag(n)})
                    bare_batch.measure(lambda a=aggregate: base.save(a))
                for client, _cid, _list_id in phones:
                    client.close()
        finally:
            web.extensions["troef"].close()
            close(base)
    rows = [
        ["one deal a push over HTTP (durable, read models current)", one],
        ["bare library: get + command + save (baseline)", bare],
        [f"{args.batch} offline deals in one push", batch],
        [f"bare library: one save of {args.batch} events (baseline)", bare_batch],
    ]
    shown = [
        [name, len(s), ms(s.median), ms(s.p95), ms(s.cpu_median), ms(fmean(s.cpu)), ""]
        for name, s in rows
    ]
    shown[0][6] = (
        f"{bare.median / one.median:.2f}× the baseline's speed "
        f"(CPU {bare.cpu_median / one.cpu_median:.2f}×)"
    )
    shown[2][6] = (
        f"{batch.median / bare_batch.median:.1f}× the baseline's time "
        f"(CPU {batch.cpu_median / bare_batch.cpu_median:.1f}×)"
    )
    report = table(
        ["measure", "n", "median ms", "p95 ms", "CPU median ms", "CPU mean ms", "ratio"], shown
    )
    publish(
        "Troef benchmark: deals through HTTP push",
        report + f"\n\nLoad average at the end: {load_average()}.",
        args.out,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

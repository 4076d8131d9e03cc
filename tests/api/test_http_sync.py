"""The sync protocol over real HTTP (waitress): repeats, gaps, two phones, many threads.

Whatever the network does (a push sent twice, answers lost, pushes out of order, many at
once), every deal a phone was told is applied is on the server exactly once, nothing else
is, and the hash chains verify.
"""

from __future__ import annotations

import random
import threading
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from flask import Flask

from backend.aggregates.actor import director
from backend.application import Command

from .conftest import PASSWORD, vraag, wiezen_evening
from .http import Answer, Client, serve

SCRIPT = "<script>alert(1)</script>"
ACKNOWLEDGED = ("applied", "duplicate")


@pytest.fixture
def base_url(web: Flask) -> Iterator[str]:
    with serve(web) as url:
        yield url


def phone(base_url: str, code: str, client_id: str) -> Client:
    """A phone that joined a table with the code on its card."""
    client = Client(base_url)
    client.join(code, client_id)
    return client


def boss(base_url: str) -> Client:
    client = Client(base_url)
    client.login("anna", PASSWORD)
    return client


def push(client: Client, client_id: str, *mutations: tuple[int, str, str, dict]) -> dict:
    body = {
        "client_id": client_id,
        "mutations": [
            {"id": i, "name": name, "list": lst, "args": args} for i, name, lst, args in mutations
        ],
    }
    answer = client.post("/api/sync/push", body)
    assert answer.status == 200, answer
    assert answer.content_type == "application/json"
    return answer.json


def statuses(pushed: dict) -> list[str]:
    return [r["status"] for r in pushed["results"]]


def deal(n: int, salt: int = 0) -> dict[str, Any]:
    """Deal ``n`` of a list: a vraag whose tricks tell the lists (and phones) apart."""
    return {"deal_no": n, "record": vraag(dealer=(n - 1) % 4 + 1, tricks=8 + (n + salt) % 6)}


def rows(client: Client, list_id: str) -> list[dict[str, Any]]:
    answer = client.get(f"/api/lists/{list_id}")
    assert answer.status == 200, answer
    return answer.json["rows"]


def test_the_same_push_sent_twice_is_applied_once(web: Flask, base_url: str) -> None:
    ev = wiezen_evening(web)
    lst = ev["lists"][0]["list_id"]
    table = phone(base_url, ev["codes"][0], "phone-1")
    batch = [(1, "join", lst, {})] + [(n + 1, "record_deal", lst, deal(n)) for n in (1, 2, 3)]
    first = push(table, "phone-1", *batch)
    version = web.extensions["troef"].app.get_list(lst).version
    again = push(table, "phone-1", *batch)
    assert statuses(first) == ["applied"] * 4
    assert statuses(again) == ["duplicate"] * 4
    assert [r["result"] for r in again["results"]] == [r["result"] for r in first["results"]]
    assert again["last_mutation_id"] == first["last_mutation_id"] == 4
    assert web.extensions["troef"].app.get_list(lst).version == version
    assert [r["deal_no"] for r in rows(table, lst)] == [1, 2, 3]


def test_pushes_out_of_order_get_a_gap_and_are_applied_once_when_resent(
    web: Flask, base_url: str
) -> None:
    ev = wiezen_evening(web)
    lst = ev["lists"][0]["list_id"]
    table = phone(base_url, ev["codes"][0], "phone-1")
    assert statuses(push(table, "phone-1", (1, "join", lst, {}))) == ["applied"]
    early = push(table, "phone-1", (3, "record_deal", lst, deal(2)))
    assert statuses(early) == ["gap"]
    assert early["results"][0]["error"]["last_mutation_id"] == 1
    assert early["results"][0]["error"]["fields"] == {
        "mutation_id": early["results"][0]["error"]["message"]
    }
    swapped = push(
        table, "phone-1", (3, "record_deal", lst, deal(2)), (2, "record_deal", lst, deal(1))
    )
    assert statuses(swapped) == ["gap", "skipped"] and swapped["last_mutation_id"] == 1
    assert rows(table, lst) == []
    resent = push(
        table, "phone-1", (2, "record_deal", lst, deal(1)), (3, "record_deal", lst, deal(2))
    )
    assert statuses(resent) == ["applied", "applied"]
    assert statuses(push(table, "phone-1", (3, "record_deal", lst, deal(2)))) == ["duplicate"]
    sheet = rows(table, lst)
    assert [(r["deal_no"], r["record"]["tricks"]) for r in sheet] == [
        (1, deal(1)["record"]["tricks"]),
        (2, deal(2)["record"]["tricks"]),
    ]


def test_a_gap_inside_a_batch_skips_the_rest_until_resent_from_the_last_applied(
    web: Flask, base_url: str
) -> None:
    ev = wiezen_evening(web)
    lst = ev["lists"][0]["list_id"]
    table = phone(base_url, ev["codes"][0], "phone-1")
    batch = push(
        table,
        "phone-1",
        (1, "join", lst, {}),
        (2, "record_deal", lst, deal(1)),
        (4, "record_deal", lst, deal(3)),
        (5, "record_deal", lst, deal(4)),
    )
    assert statuses(batch) == ["applied", "applied", "gap", "skipped"]
    last = batch["results"][2]["error"]["last_mutation_id"]
    assert last == batch["last_mutation_id"] == 2
    resent = push(
        table,
        "phone-1",
        *[(i, "record_deal", lst, deal(i - 1)) for i in range(last + 1, 6)],
    )
    assert statuses(resent) == ["applied"] * 3
    assert [r["deal_no"] for r in rows(table, lst)] == [1, 2, 3, 4]


def test_a_second_phone_gets_its_deals_back_as_conflicts_with_the_servers_state(
    web: Flask, base_url: str
) -> None:
    ev = wiezen_evening(web)
    lst = ev["lists"][0]["list_id"]
    first = phone(base_url, ev["codes"][0], "phone-1")
    second = phone(base_url, ev["codes"][0], "phone-2")
    assert push(first, "phone-1", (1, "join", lst, {}))["results"][0]["result"] == {"pen": True}
    push(first, "phone-1", (2, "record_deal", lst, deal(1)))
    theirs = push(
        second,
        "phone-2",
        (1, "join", lst, {}),
        (2, "record_deal", lst, deal(1, salt=3)),
        (3, "record_deal", lst, deal(2, salt=3)),
    )
    assert theirs["results"][0]["result"] == {"pen": False}
    for outcome in theirs["results"][1:]:
        assert outcome["status"] == "conflict"
        assert outcome["error"]["error"] == "pen_elsewhere" and outcome["error"]["fields"]["pen"]
        assert outcome["list"]["pen"] == "phone-1" and outcome["list"]["rows"] == 1
        assert outcome["list"]["totals"] == rows(first, lst)[0]["points"]
    again = push(second, "phone-2", (2, "record_deal", lst, deal(1, salt=3)))
    assert statuses(again) == ["conflict"]  # the refusal is kept: the same answer again
    assert statuses(push(first, "phone-1", (3, "record_deal", lst, deal(2)))) == ["applied"]
    moved = boss(base_url).post(f"/api/lists/{lst}/pen", {"device": "phone-2"})
    assert moved.status == 200 and moved.json["pen"] == "phone-2"
    assert statuses(push(second, "phone-2", (4, "record_deal", lst, deal(3, salt=3)))) == [
        "applied"
    ]
    late = push(first, "phone-1", (4, "record_deal", lst, deal(4)))
    assert statuses(late) == ["conflict"] and late["results"][0]["list"]["pen"] == "phone-2"
    sheet = rows(first, lst)
    sent = [deal(1)["record"], deal(2)["record"], deal(3, salt=3)["record"]]
    assert [r["record"]["tricks"] for r in sheet] == [s["tricks"] for s in sent]
    refused = boss(base_url).get("/api/mutations?client=phone-2&status=conflict").json
    assert [m["mutation_id"] for m in refused["mutations"]] == [2, 3]


@dataclass
class Outbox:
    """A phone's numbered mutations and what the server answered for each."""

    client: Client
    client_id: str
    list_id: str
    mutations: list[dict[str, Any]]
    answered: dict[int, str] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def window(self, rng: random.Random) -> list[dict[str, Any]]:
        """The next mutations to send from the first unanswered one; sometimes from some that
        were answered before (a resend), sometimes from a later one (out of order: a gap)."""
        with self.lock:
            first = next(
                (i for i, m in enumerate(self.mutations) if m["id"] not in self.answered), None
            )
        if first is None:
            return []
        start = min(max(0, first + rng.choice((-2, -1, 0, 0, 0, 0, 1))), len(self.mutations) - 1)
        return self.mutations[start : max(start, first) + rng.randint(1, 4)]

    def note(self, pushed: dict[str, Any]) -> None:
        with self.lock:
            for outcome in pushed["results"]:
                if outcome["status"] in ("gap", "skipped"):
                    continue
                if outcome["status"] in ACKNOWLEDGED:
                    assert self.answered.get(outcome["id"]) in (None, *ACKNOWLEDGED), outcome
                self.answered.setdefault(outcome["id"], outcome["status"])

    @property
    def done(self) -> bool:
        return len(self.answered) == len(self.mutations)


def counted(app: Any, box: Outbox) -> Any:
    """The server's device of a phone that joined under the name ``box.client_id``."""
    sl = app.get_list(box.list_id)
    device = next(d for d, v in sl.devices.items() if v["name"] == box.client_id)
    return app.get_device(device, box.list_id)


def test_many_phones_pushing_at_once_leave_every_acknowledged_deal_once(
    web: Flask, base_url: str
) -> None:
    ev = wiezen_evening(web, players=24)
    lists = [e["list_id"] for e in ev["lists"]]
    assert len(lists) == 6
    outboxes = []
    for i, (lst, code) in enumerate(zip(lists, ev["codes"], strict=True)):
        pen = f"phone-{i}"
        muts = [{"id": 1, "name": "join", "list": lst, "args": {}}]
        muts += [
            {"id": n + 1, "name": "record_deal", "list": lst, "args": deal(n, salt=i)}
            for n in range(1, 11)
        ]
        outboxes.append(Outbox(phone(base_url, code, pen), pen, lst, muts))
    for i in (0, 1):  # a second phone at two tables, joined after the first took the pen
        push(outboxes[i].client, outboxes[i].client_id, _plain(outboxes[i].mutations[0]))
        outboxes[i].answered[1] = "applied"
        extra = f"spare-{i}"
        muts = [{"id": 1, "name": "join", "list": lists[i], "args": {}}]
        muts += [
            {"id": n + 1, "name": "record_deal", "list": lists[i], "args": deal(n, salt=7)}
            for n in range(1, 4)
        ]
        outboxes.append(Outbox(phone(base_url, ev["codes"][i], extra), extra, lists[i], muts))
    errors: list[BaseException] = []
    deadline = time.monotonic() + 120

    def work(seed: int) -> None:
        rng = random.Random(seed)
        try:
            while time.monotonic() < deadline and not all(o.done for o in outboxes):
                box = rng.choice([o for o in outboxes if not o.done] or outboxes)
                window = box.window(rng)
                if not window:
                    continue
                pushed = push(box.client, box.client_id, *(_plain(m) for m in window))
                if rng.random() < 0.2:
                    continue  # the answer was lost on the way: the phone will send again
                box.note(pushed)
        except BaseException as exc:  # reported after the threads are joined
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(seed,)) for seed in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors[0]
    assert all(o.done for o in outboxes), "the phones did not get every answer in time"

    app = web.extensions["troef"].app
    director_client = boss(base_url)
    for box in outboxes[:6]:
        assert set(box.answered.values()) <= set(ACKNOWLEDGED), box.answered
        sent = [m["args"]["record"] for m in box.mutations[1:]]
        over_http = rows(director_client, box.list_id)
        in_app = app.get_list(box.list_id).rows
        for sheet in (over_http, in_app):
            assert [r["deal_no"] for r in sheet] == list(range(1, 11))
            assert [
                {k: r["record"][k] for k in ("dealer", "tricks", "declarers")} for r in sheet
            ] == [{k: s[k] for k in ("dealer", "tricks", "declarers")} for s in sent]
        joined = len(app.get_list(box.list_id).joined_devices())
        assert app.get_list(box.list_id).version == 12 + joined  # opened, joins, pen, ten deals
        assert counted(app, box).last_mutation_id == 11
    for box in outboxes[6:]:
        assert [box.answered[i] for i in (2, 3, 4)] == ["conflict"] * 3
        assert counted(app, box).last_mutation_id == 4
    refused = director_client.get("/api/mutations?status=conflict").json["mutations"]
    assert sorted((m["client_id"], m["mutation_id"]) for m in refused) == [
        (f"spare-{i}", n) for i in (0, 1) for n in (2, 3, 4)
    ]
    assert app.verify().ok
    told = Counter(
        outcome["status"]
        for box in outboxes
        for answer in box.client.answers
        if answer.path == "/api/sync/push"
        for outcome in answer.json["results"]
    )
    assert told["applied"] == 6 * 11 + 2  # every mutation applied once: the joins, the deals
    assert told["duplicate"] and told["gap"] and told["skipped"], told  # the network's tricks


def _plain(mutation: dict[str, Any]) -> tuple[int, str, str, dict]:
    return mutation["id"], mutation["name"], mutation["list"], mutation["args"]


def test_a_name_with_html_comes_back_as_a_plain_json_string(web: Flask, base_url: str) -> None:
    app, anna = web.extensions["troef"].app, director("anna")
    cid = app.handle(
        anna,
        Command("create_competition", None, {"name": "Zondagen", "rules": "wiezen-reglement-2019"}),
    )
    ids = [
        app.handle(anna, Command("enrol_player", cid, {"name": name}))
        for name in (SCRIPT, "An", "Bo", "Cy")
    ]
    app.handle(anna, Command("schedule_evening", cid, {"date": "2026-04-05"}))
    for pid in ids:
        app.handle(
            anna,
            Command(
                "record_attendance", cid, {"evening": 1, "player_id": pid, "status": "present"}
            ),
        )
    lst = app.handle(anna, Command("draw_seating", cid, {"evening": 1, "seed": "1"}))["lists"][0][
        "list_id"
    ]
    with web.app_context():
        from backend.api.auth import join_code

        code = join_code(lst)
    table = Client(base_url)
    joined = table.join(code, "phone-1")
    public = Client(base_url)
    answers: list[tuple[Answer, list[str]]] = [
        (joined, list(joined.json["players"].values())),
        (table.get(f"/api/lists/{lst}"), None),
        (public.get(f"/api/competitions/{cid}/players"), None),
        (public.get(f"/api/competitions/{cid}/evenings/1"), None),
        (public.get(f"/api/competitions/{cid}/standings"), None),
    ]
    for answer, _ in answers:
        assert answer.status == 200, answer
        assert answer.content_type == "application/json", answer.headers
        assert answer.headers["x-content-type-options"] == "nosniff"
        assert "script-src 'self'" in answer.headers["content-security-policy"]
        assert SCRIPT in _strings(answer.json), answer
    assert SCRIPT in joined.json["players"].values()
    assert any(s["name"] == SCRIPT for s in answers[1][0].json["seats"])
    unknown = public.get("/api/lists/%3Cscript%3Ealert(1)%3C%2Fscript%3E")
    assert unknown.status == 404 and unknown.content_type == "application/json"
    docs = public.get("/api/docs")
    if docs.status != 404:  # the one HTML page escapes what it shows: "Bearer <token>"
        assert docs.status == 200 and docs.content_type == "text/html", docs
        assert b"<script" not in docs.body.lower()
        assert b"Bearer &lt;token&gt;" in docs.body and b"<token>" not in docs.body


def _strings(node: Any) -> list[str]:
    """Every string in a JSON document."""
    if isinstance(node, str):
        return [node]
    if isinstance(node, dict):
        return [s for v in node.values() for s in _strings(v)]
    if isinstance(node, list):
        return [s for v in node for s in _strings(v)]
    return []


def test_the_same_join_sent_eight_times_at_once_is_one_device(web: Flask, base_url: str) -> None:
    """A phone whose join seems lost sends it again while the first is still being stored:
    every copy is answered with the one device the key stands for."""
    ev = wiezen_evening(web)
    lst = ev["lists"][0]["list_id"]
    body = {"code": ev["codes"][0], "name": "Anna's phone"}
    headers = {"Idempotency-Key": "join-1c0ffee1c0ffee1c0ffee"}
    answers: list[Answer] = []
    start = threading.Barrier(8)

    def send() -> None:
        start.wait()
        answers.append(Client(base_url).post("/api/join", body, headers=headers))

    threads = [threading.Thread(target=send) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert [a.status for a in answers] == [200] * 8, [a.json for a in answers]
    assert {a.json["device"] for a in answers} == {"Anna's phone"}
    assert len(web.extensions["troef"].app.get_list(lst).joined_devices()) == 1

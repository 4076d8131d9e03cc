"""Live updates: server-sent events over a real HTTP server (waitress), and long polling."""

from __future__ import annotations

import http.client
import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from waitress.server import create_server

from backend import instance
from backend.aggregates.actor import director
from backend.api import create_app
from backend.application import Command

from ..keyed import keyed
from .conftest import PASSWORD, join, login, vraag, wiezen_evening

FAST = {
    "TROEF_LIVE_INTERVAL": 0.02,
    "TROEF_LIVE_HEARTBEAT": 0.2,
    "TROEF_LIVE_MAX_AGE": 3.0,
    "TROEF_LIVE_RETRY_MS": 500,
    "TROEF_LIVE_POLL_WAIT": 3.0,
}


@pytest.fixture
def web(tmp_path: Path) -> Iterator[Flask]:
    instance.init(tmp_path / "club", "De Troef", "anna", PASSWORD)
    flask_app = keyed(
        create_app(
            {
                "TESTING": True,
                "TROEF_INSTANCE": str(tmp_path / "club"),
                "TROEF_WORKER": False,
                **FAST,
            }
        )
    )
    yield flask_app
    flask_app.extensions["troef"].close()


@pytest.fixture
def server(web: Flask) -> Iterator[int]:
    """The app served by waitress on a free port of 127.0.0.1; yields the port."""
    srv = create_server(web, host="127.0.0.1", port=0, threads=6, channel_request_lookahead=1)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    yield srv.effective_port
    live = web.extensions.get("troef_live")
    deadline = time.monotonic() + 5  # streams notice a closed client at their next heartbeat
    while live is not None and live[1].open and time.monotonic() < deadline:
        time.sleep(0.02)
    srv.task_dispatcher.shutdown()

    def close_everything() -> None:  # runs in the server's own loop thread
        for channel in list(srv._map.values()):
            if channel is not srv and channel is not srv.trigger:
                channel.close()
        srv.close()

    srv.trigger.pull_trigger(close_everything)
    thread.join(5)


class Stream:
    """A server-sent event stream read over a plain HTTP connection."""

    def __init__(self, port: int, path: str, headers: dict[str, str] | None = None) -> None:
        self.conn = http.client.HTTPConnection(
            "127.0.0.1", port, timeout=30
        )  # generous: a loaded CI machine is slow
        self.conn.request("GET", path, headers=headers or {})
        self.response = self.conn.getresponse()
        self.comments: list[str] = []

    def next_event(self) -> dict[str, Any] | None:
        """The next event (None when the stream ended)."""
        event: dict[str, Any] = {}
        while True:
            line = self.response.fp.readline().decode()
            if not line:
                return None
            line = line.rstrip("\n")
            if line == "":
                if "event" in event:
                    return event
                event = {}
            elif line.startswith(":"):
                self.comments.append(line)
            else:
                key, _, value = line.partition(": ")
                event[key] = json.loads(value) if key == "data" else value

    def until(self, kind: str, check: Any = lambda data: True) -> dict[str, Any]:
        while (event := self.next_event()) is not None:
            if event["event"] == kind and check(event["data"]):
                return event
        raise AssertionError(f"the stream ended without a {kind} event")

    def close(self) -> None:
        self.response.close()
        self.conn.close()


def push(client: FlaskClient, auth: dict[str, str], lst: str, *mutations: tuple) -> list[str]:
    body = {
        "client_id": "phone-1",
        "mutations": [
            {"id": i, "name": name, "list": lst, "args": args} for i, name, args in mutations
        ],
    }
    answer = client.post("/api/sync/push", json=body, headers=auth)
    assert answer.status_code == 200, answer.json
    return [r["status"] for r in answer.json["results"]]


def deal(number: int) -> dict[str, Any]:
    return {"deal_no": number, "record": vraag()}


def position(web: Flask) -> int:
    svc = web.extensions["troef"]
    return svc.views.position(svc.app.name)


def test_a_stream_sends_the_standings_when_a_table_pushes_a_deal(
    web: Flask, client: FlaskClient, server: int
) -> None:
    ev = wiezen_evening(web)
    cid, lst = ev["competition_id"], ev["lists"][0]["list_id"]
    stream = Stream(server, f"/api/live?competition={cid}")
    try:
        assert stream.response.status == 200
        assert stream.response.getheader("Content-Type").startswith("text/event-stream")
        first = stream.until("standings")
        assert {line["total"] for line in first["data"]["standings"]} == {0}
        auth = join(client, ev["codes"][0], "phone-1")
        assert push(client, auth, lst, (1, "join", {}), (2, "record_deal", deal(1))) == [
            "applied",
            "applied",
        ]
        after = stream.until("standings", lambda d: d["standings"][0]["total"] == 3)
        assert int(after["id"]) > int(first["id"])
        assert after["id"] == str(position(web))
    finally:
        stream.close()


def test_a_table_follows_its_own_list_and_sees_each_deal(
    web: Flask, client: FlaskClient, server: int
) -> None:
    ev = wiezen_evening(web)
    cid, lst = ev["competition_id"], ev["lists"][0]["list_id"]
    auth = join(client, ev["codes"][0], "phone-1")
    stream = Stream(server, f"/api/live?competition={cid}&list={lst}&standings=false", auth)
    try:
        assert stream.until("list")["data"]["rows"] == 0
        push(client, auth, lst, (1, "join", {}), (2, "record_deal", deal(1)))
        seen = stream.until("list", lambda d: d["rows"] == 1)
        assert seen["data"]["pen"] == "phone-1" and seen["data"]["totals"]["1"] == 3
    finally:
        stream.close()


def test_the_room_shows_refused_mutations_to_the_director(web: Flask, client: FlaskClient) -> None:
    ev = wiezen_evening(web)
    cid, lst = ev["competition_id"], ev["lists"][0]["list_id"]
    auth = join(client, ev["codes"][0], "phone-1")
    push(client, auth, lst, (1, "join", {}), (2, "record_deal", deal(1)))
    since = position(web)
    assert push(client, auth, lst, (3, "record_deal", deal(1))) == ["conflict"]  # deal 1 again
    login(client)
    answer = client.get(f"/api/live/poll?competition={cid}&room=1&standings=0&since={since}")
    assert answer.json["changed"] == ["room"]
    table = answer.json["room"]["tables"][0]
    assert (table["rows"], table["refused"], table["submitted"]) == (1, 1, False)


def test_a_long_poll_answers_as_soon_as_something_changes(
    web: Flask, client: FlaskClient, server: int
) -> None:
    ev = wiezen_evening(web)
    cid, lst = ev["competition_id"], ev["lists"][0]["list_id"]
    auth = join(client, ev["codes"][0], "phone-1")
    push(client, auth, lst, (1, "join", {}))
    since = client.get(f"/api/live/poll?competition={cid}").json["position"]
    answers: list[tuple[float, dict[str, Any]]] = []

    def wait_for_a_change() -> None:
        conn = http.client.HTTPConnection("127.0.0.1", server, timeout=10)
        started = time.monotonic()
        conn.request("GET", f"/api/live/poll?competition={cid}&since={since}&wait=3")
        body = json.loads(conn.getresponse().read())
        answers.append((time.monotonic() - started, body))
        conn.close()

    waiter = threading.Thread(target=wait_for_a_change)
    waiter.start()
    time.sleep(0.2)
    push(client, auth, lst, (2, "record_deal", deal(1)))
    waiter.join(10)
    took, body = answers[0]
    assert took < 2.5
    assert body["changed"] == ["standings"] and body["position"] > since
    assert body["standings"]["standings"][0]["total"] == 3


def test_a_long_poll_times_out_with_an_empty_answer(web: Flask, client: FlaskClient) -> None:
    ev = wiezen_evening(web)
    cid = ev["competition_id"]
    since = position(web)
    started = time.monotonic()
    answer = client.get(f"/api/live/poll?competition={cid}&since={since}&wait=1")
    assert time.monotonic() - started >= 0.9
    assert answer.status_code == 200
    assert answer.json == {"position": since, "changed": []}
    assert answer.headers["Cache-Control"] == "no-store"


def test_a_stream_resumes_after_the_last_event_id(web: Flask, client: FlaskClient) -> None:
    web.config["TROEF_LIVE_MAX_AGE"] = 0.3
    ev = wiezen_evening(web)
    cid, lst = ev["competition_id"], ev["lists"][0]["list_id"]
    before = position(web)
    auth = join(client, ev["codes"][0], "phone-1")
    push(client, auth, lst, (1, "join", {}), (2, "record_deal", deal(1)))
    now = position(web)

    def events(last_event_id: int) -> str:
        answer = client.get(
            f"/api/live?competition={cid}", headers={"Last-Event-ID": last_event_id}
        )
        text = answer.get_data(as_text=True)
        answer.close()
        return text

    missed = events(before)
    assert missed.startswith("retry: 500\n\n")
    assert f"id: {now}\nevent: standings\n" in missed
    assert "event:" not in events(now)


def test_a_quiet_stream_sends_heartbeats_and_ends_so_the_client_reconnects(
    web: Flask, client: FlaskClient
) -> None:
    web.config.update(TROEF_LIVE_MAX_AGE=0.7, TROEF_LIVE_HEARTBEAT=0.2)
    cid = wiezen_evening(web)["competition_id"]
    started = time.monotonic()
    answer = client.get(f"/api/live?competition={cid}&since={position(web)}")
    text = answer.get_data(as_text=True)
    answer.close()
    assert 0.6 < time.monotonic() - started < 3
    assert text.count(": still here\n\n") >= 2
    assert text.endswith(": this stream ends here; reconnect with Last-Event-ID\n\n")
    assert answer.headers["Cache-Control"] == "no-store" and "ETag" not in answer.headers


def test_a_list_needs_its_table_or_the_director_until_it_is_submitted(
    web: Flask, client: FlaskClient
) -> None:
    web.config["TROEF_LIVE_MAX_AGE"] = 0.1
    ev = wiezen_evening(web, players=8)
    cid, (first, second) = ev["competition_id"], [e["list_id"] for e in ev["lists"]]
    url = f"/api/live?competition={cid}&list={first}"
    anonymous = client.get(url)
    assert anonymous.status_code == 401 and anonymous.json["error"] == "unauthorized"
    other = join(client, ev["codes"][1], "phone-2")
    refused = client.get(url, headers=other)
    assert refused.status_code == 403 and refused.json["error"] == "forbidden"
    assert client.get(f"/api/live/poll?competition={cid}&list={first}").status_code == 401
    own = join(client, ev["codes"][0], "phone-1")
    with client.get(url, headers=own) as allowed:
        assert allowed.status_code == 200
    app, boss = web.extensions["troef"].app, director("anna")
    app.handle(boss, Command("close_list_short", first, {"reason": "the players had to leave"}))
    app.handle(boss, Command("submit_list", first, {"scorer": "1", "confirmed_by": "2"}))
    public = client.get(f"/api/live/poll?competition={cid}&list={first}&standings=0")
    assert public.status_code == 200 and public.json["list"]["status"] == "submitted"
    assert second != first


def test_the_room_is_for_the_director_only(web: Flask, client: FlaskClient) -> None:
    ev = wiezen_evening(web)
    cid = ev["competition_id"]
    url = f"/api/live/poll?competition={cid}&room=1"
    assert client.get(url).status_code == 401
    table = join(client, ev["codes"][0], "phone-1")
    assert client.get(url, headers=table).status_code == 403
    assert client.get(f"/api/live?competition={cid}&room=1").status_code == 401
    login(client)
    answer = client.get(url)
    assert answer.status_code == 200 and answer.json["room"]["tables"][0]["table"] == 1
    assert client.get(f"/api/live/poll?competition={cid}&room=9").status_code == 404


def test_bad_questions_get_json_errors_and_odd_ones_an_answer(
    web: Flask, client: FlaskClient
) -> None:
    cid = wiezen_evening(web)["competition_id"]
    assert client.get("/api/live?competition=nope").status_code == 404
    assert client.get(f"/api/live/poll?competition={cid.upper()}").status_code == 200
    assert client.get("/api/live").json["fields"] == {
        "competition": "Missing data for required field."
    }
    assert "since" in client.get(f"/api/live/poll?competition={cid}&since=-1").json["fields"]
    assert "wait" in client.get(f"/api/live/poll?competition={cid}&wait=99").json["fields"]
    bad_id = client.get(f"/api/live?competition={cid}", headers={"Last-Event-ID": "x"})
    assert bad_id.status_code == 422 and "Last-Event-ID" in bad_id.json["fields"]
    nothing = client.get(f"/api/live/poll?competition={cid}&standings=false&wait=0")
    assert nothing.status_code == 200 and nothing.json["changed"] == []
    lst = "00000000-0000-0000-0000-000000000000"
    assert client.get(f"/api/live/poll?competition={cid}&list={lst}").status_code == 404


def test_more_live_clients_than_allowed_are_told_to_come_back(
    web: Flask, client: FlaskClient, server: int
) -> None:
    web.config["TROEF_LIVE_MAX_CLIENTS"] = 1
    cid = wiezen_evening(web)["competition_id"]
    stream = Stream(server, f"/api/live?competition={cid}")
    try:
        stream.until("standings")
        busy = client.get(f"/api/live/poll?competition={cid}")
        assert busy.status_code == 429 and busy.headers["Retry-After"] == "10"
    finally:
        stream.close()
    deadline = time.monotonic() + 3  # the server notices the closed stream at its heartbeat
    while web.extensions["troef_live"][1].open and time.monotonic() < deadline:
        time.sleep(0.05)
    assert web.extensions["troef_live"][1].open == 0
    assert client.get(f"/api/live/poll?competition={cid}").status_code == 200


def test_a_stream_stops_as_soon_as_its_client_hangs_up(
    web: Flask, client: FlaskClient, server: int
) -> None:
    web.config.update(TROEF_LIVE_HEARTBEAT=60.0, TROEF_LIVE_MAX_AGE=60.0)
    cid = wiezen_evening(web)["competition_id"]
    stream = Stream(server, f"/api/live?competition={cid}")
    stream.until("standings")
    gate = web.extensions["troef_live"][1]
    assert gate.open == 1
    stream.close()
    deadline = time.monotonic() + 2  # no heartbeat is due: waitress tells the stream
    while gate.open and time.monotonic() < deadline:
        time.sleep(0.02)
    assert gate.open == 0


def test_the_openapi_document_describes_the_stream_and_the_poll(client: FlaskClient) -> None:
    paths = client.get("/api/openapi.json").json["paths"]
    stream = paths["/api/live"]["get"]["responses"]
    event = stream["200"]["content"]["text/event-stream"]["schema"]
    assert event["properties"]["event"]["enum"] == ["standings", "list", "room"]
    assert {"401", "403", "404", "422", "429"} <= set(stream)
    polled = paths["/api/live/poll"]["get"]["responses"]["200"]["content"]["application/json"]
    assert polled["schema"]["$ref"].endswith("/LivePolled")

"""The sync protocol over the API: exactly once, gaps, conflicts, and pulls from a cursor."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from .conftest import join, vraag, wiezen_evening


def push(client: FlaskClient, headers: dict[str, str], client_id: str, *mutations: tuple) -> dict:
    body = {
        "client_id": client_id,
        "mutations": [
            {"id": i, "name": name, "list": lst, "args": args} for i, name, lst, args in mutations
        ],
    }
    answer = client.post("/api/sync/push", json=body, headers=headers)
    assert answer.status_code == 200, answer.json
    return answer.json


def test_a_table_joins_with_its_code_and_pushes_deals_exactly_once(
    web: Flask, client: FlaskClient
) -> None:
    ev = wiezen_evening(web)
    lst = ev["lists"][0]["list_id"]
    auth = join(client, ev["codes"][0], "phone-1")
    first = push(
        client,
        auth,
        "phone-1",
        (1, "join", lst, {}),
        (2, "record_deal", lst, {"deal_no": 1, "record": vraag()}),
    )
    assert [r["status"] for r in first["results"]] == ["applied", "applied"]
    assert first["results"][1]["result"]["points"] == {"1": 3, "2": -3, "3": 3, "4": -3}
    again = push(
        client,
        auth,
        "phone-1",
        (2, "record_deal", lst, {"deal_no": 1, "record": vraag()}),
        (3, "record_deal", lst, {"deal_no": 2, "record": vraag(2, 10)}),
    )
    assert [r["status"] for r in again["results"]] == ["duplicate", "applied"]
    assert again["last_mutation_id"] == 3
    assert again["results"][-1]["list"]["rows"] == 2


def test_a_gap_is_refused_with_the_last_applied_id_and_the_rest_skipped(
    web: Flask, client: FlaskClient
) -> None:
    ev = wiezen_evening(web)
    lst = ev["lists"][0]["list_id"]
    auth = join(client, ev["codes"][0], "phone-1")
    answer = push(
        client,
        auth,
        "phone-1",
        (1, "join", lst, {}),
        (3, "record_deal", lst, {"deal_no": 1, "record": vraag()}),
        (4, "record_deal", lst, {"deal_no": 2, "record": vraag()}),
    )
    assert [r["status"] for r in answer["results"]] == ["applied", "gap", "skipped"]
    assert answer["results"][1]["error"]["last_mutation_id"] == 1


def test_a_second_phone_sees_the_pen_is_elsewhere(web: Flask, client: FlaskClient) -> None:
    ev = wiezen_evening(web)
    lst = ev["lists"][0]["list_id"]
    first = join(client, ev["codes"][0], "phone-1")
    second = join(client, ev["codes"][0], "phone-2")
    push(client, first, "phone-1", (1, "join", lst, {}))
    answer = push(
        client,
        second,
        "phone-2",
        (1, "join", lst, {}),
        (2, "record_deal", lst, {"deal_no": 1, "record": vraag()}),
    )
    assert answer["results"][0]["result"] == {"pen": False}
    refused = answer["results"][1]
    assert refused["status"] == "conflict" and refused["error"]["error"] == "pen_elsewhere"
    assert refused["list"]["pen"] == "phone-1" and refused["list"]["rows"] == 0


def test_a_bad_record_is_refused_naming_the_field(web: Flask, client: FlaskClient) -> None:
    ev = wiezen_evening(web)
    lst = ev["lists"][0]["list_id"]
    auth = join(client, ev["codes"][0], "phone-1")
    answer = push(
        client,
        auth,
        "phone-1",
        (1, "join", lst, {}),
        (2, "record_deal", lst, {"deal_no": 1, "record": {**vraag(), "tricks": 14}}),
    )
    refused = answer["results"][1]
    assert refused["status"] == "refused"
    assert list(refused["error"]["fields"]) == ["tricks"]


def test_a_token_is_good_for_its_own_list_only(web: Flask, client: FlaskClient) -> None:
    ev = wiezen_evening(web, players=8)
    own, other = ev["lists"][0]["list_id"], ev["lists"][1]["list_id"]
    auth = join(client, ev["codes"][0], "phone-1")
    answer = client.post(
        "/api/sync/push",
        headers=auth,
        json={
            "client_id": "phone-1",
            "mutations": [
                {"id": 1, "name": "join", "list": own},
                {"id": 2, "name": "join", "list": other},
            ],
        },
    )
    assert answer.status_code == 403
    assert web.extensions["troef"].app.get_list(own).pen is None  # nothing was applied
    pulled = client.get(f"/api/sync/pull?list={other}", headers=auth)
    assert pulled.status_code == 403


def test_pull_pages_the_lists_events_from_a_cursor(web: Flask, client: FlaskClient) -> None:
    ev = wiezen_evening(web)
    lst = ev["lists"][0]["list_id"]
    auth = join(client, ev["codes"][0], "phone-1")
    push(
        client,
        auth,
        "phone-1",
        (1, "join", lst, {}),
        *[
            (n + 1, "record_deal", lst, {"deal_no": n, "record": vraag(n % 4 + 1)})
            for n in range(1, 6)
        ],
    )
    seen, cursor = [], 0
    while True:
        page = client.get(f"/api/sync/pull?list={lst}&cursor={cursor}&limit=3", headers=auth).json
        seen += page["events"]
        cursor = page["cursor"]
        if not page["more"]:
            break
    # opened, the phone joined, the pen, five deals
    assert [e["version"] for e in seen] == list(range(1, 9))
    assert seen[3]["event"] == "DealRecorded" and seen[3]["data"]["score"]["points"]
    assert client.get(f"/api/sync/pull?list={lst}").status_code == 401  # not public yet


def test_wrong_codes_are_rate_limited(web: Flask, client: FlaskClient) -> None:
    wiezen_evening(web)
    statuses = [
        client.post("/api/join", json={"code": "ZZZZZZ", "client_id": "phone-x"}).status_code
        for _ in range(12)
    ]
    assert statuses[:10] == [404] * 10
    assert statuses[10] == 429

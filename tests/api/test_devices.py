"""Devices the server knows: a forged, expired or withdrawn secret records nothing; the pen
moves only to a device that joined; a re-issued card's old code and a closed evening's code
stop working; the mutation ids of one table are not another's."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from itsdangerous import URLSafeSerializer, URLSafeTimedSerializer

from backend.aggregates.actor import director
from backend.application import Command

from .conftest import join, login, vraag, wiezen_evening


def push(client: FlaskClient, headers: dict[str, str], *mutations: tuple) -> Any:
    body = {
        "mutations": [
            {"id": i, "name": name, "list": lst, "args": args} for i, name, lst, args in mutations
        ]
    }
    return client.post("/api/sync/push", json=body, headers=headers)


def recorded(web: Flask) -> int:
    return int(web.extensions["troef"].app.recorder.max_notification_id() or 0)


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_the_join_answer_names_devices_and_never_shows_an_id_or_another_phones_secret(
    web: Flask, client: FlaskClient
) -> None:
    ev = wiezen_evening(web)
    lst = ev["lists"][0]["list_id"]
    anna = client.post("/api/join", json={"code": ev["codes"][0], "name": "Anna's phone"}).json
    push(client, bearer(anna["token"]), (1, "join", lst, {}))
    again = client.post("/api/join", json={"code": ev["codes"][0], "name": "Anna's phone"}).json
    assert again["device"] == "Anna's phone (2)" and again["token"] != anna["token"]
    assert again["pen"] == "Anna's phone" and again["holds_pen"] is False
    device = next(iter(web.extensions["troef"].app.get_list(lst).devices))
    pulled = client.get(f"/api/sync/pull?list={lst}", headers=bearer(again["token"])).text
    assert device not in pulled and device not in str(again)
    assert "Anna's phone" in pulled


def test_forged_expired_and_old_style_secrets_get_401_and_record_nothing(
    web: Flask, client: FlaskClient
) -> None:
    ev = wiezen_evening(web)
    lst = ev["lists"][0]["list_id"]
    good = client.post("/api/join", json={"code": ev["codes"][0], "name": "Bob"}).json["token"]
    with web.app_context():
        key = web.secret_key
    forged = URLSafeTimedSerializer("not the server's key", salt="troef-device").dumps(
        {"list": lst, "device": "d-0"}
    )
    old_style = URLSafeSerializer(key, salt="troef-table").dumps({"list": lst, "client": "Bob"})
    before = recorded(web)
    for token in (forged, old_style, good[:-3] + "abc"):
        answer = push(client, bearer(token), (1, "join", lst, {}))
        assert answer.status_code == 401, answer.json
        assert "join again with the table card" in answer.json["message"]
    web.config["TABLE_TOKEN_HOURS"] = -1  # every secret is now past its age
    expired = push(client, bearer(good), (1, "join", lst, {}))
    assert expired.status_code == 401 and "expired" in expired.json["message"]
    assert recorded(web) == before
    web.config["TABLE_TOKEN_HOURS"] = 24
    renewed = client.post("/api/join", json={"code": ev["codes"][0], "secret": good}).json
    assert renewed["renewed"] is True and renewed["device"] == "Bob"


def test_a_withdrawn_device_is_refused_and_its_pen_is_free_again(
    web: Flask, client: FlaskClient
) -> None:
    ev = wiezen_evening(web)
    lst = ev["lists"][0]["list_id"]
    bob = join(client, ev["codes"][0], "Bob")
    ann = join(client, ev["codes"][0], "Ann")
    assert push(client, bob, (1, "join", lst, {})).json["results"][0]["result"] == {"pen": True}
    boss = web.test_client()
    csrf = login(boss)
    gone = boss.post(f"/api/lists/{lst}/devices/withdraw", json={"device": "Bob"}, headers=csrf)
    assert gone.status_code == 200, gone.json
    assert {d["name"]: d["withdrawn"] for d in gone.json["devices"]}["Bob"]
    before = recorded(web)
    refused = push(client, bob, (2, "record_deal", lst, {"deal_no": 1, "record": vraag()}))
    assert refused.status_code == 401 and "withdrew" in refused.json["message"]
    assert recorded(web) == before
    taken = push(
        client,
        ann,
        (1, "join", lst, {}),
        (2, "record_deal", lst, {"deal_no": 1, "record": vraag()}),
    )
    assert [r["status"] for r in taken.json["results"]] == ["applied", "applied"]
    assert taken.json["results"][1]["list"]["pen"] == "Ann"


def test_the_pen_moves_only_to_a_device_that_joined_the_list(
    web: Flask, client: FlaskClient
) -> None:
    ev = wiezen_evening(web, players=8)
    lst = ev["lists"][0]["list_id"]
    join(client, ev["codes"][0], "Bob")
    join(client, ev["codes"][1], "Carla")  # a device of the other table
    boss = web.test_client()
    csrf = login(boss)
    for name in ("Carla", "nobody"):
        moved = boss.post(f"/api/lists/{lst}/pen", json={"device": name}, headers=csrf)
        assert moved.status_code == 404, moved.json
        assert name in moved.json["message"] and "device" in moved.json["fields"]
    assert (
        boss.post(f"/api/lists/{lst}/pen", json={"device": "Bob"}, headers=csrf).json["pen"]
        == "Bob"
    )


def test_a_reissued_card_gives_a_new_code_and_the_old_one_stops_working(
    web: Flask, client: FlaskClient
) -> None:
    ev = wiezen_evening(web)
    lst, old = ev["lists"][0]["list_id"], ev["codes"][0]
    boss = web.test_client()
    card = boss.post(f"/api/lists/{lst}/card", json={}, headers=login(boss))
    assert card.status_code == 200 and card.json["join_code"] != old
    refused = client.post("/api/join", json={"code": old, "name": "Late"})
    assert refused.status_code == 410 and "new table card" in refused.json["message"]
    assert (
        client.post("/api/join", json={"code": card.json["join_code"], "name": "Late"}).json[
            "list_id"
        ]
        == lst
    )
    expired = boss.post(
        f"/api/lists/{lst}/card", json={"expires": "2020-01-01T20:00:00+01:00"}, headers=login(boss)
    ).json
    late = client.post("/api/join", json={"code": expired["join_code"], "name": "Later"})
    assert late.status_code == 410 and "expired" in late.json["message"]


def test_a_code_expires_when_its_evening_closes(web: Flask, client: FlaskClient) -> None:
    ev = wiezen_evening(web)
    app, boss, lst = web.extensions["troef"].app, director("anna"), ev["lists"][0]["list_id"]
    app.handle(boss, Command("close_list_short", lst, {"reason": "the café closed"}))
    app.handle(boss, Command("submit_list", lst, {"scorer": "1", "confirmed_by": "2"}))
    app.handle(boss, Command("close_evening", ev["competition_id"], {"evening": 1}))
    late = client.post("/api/join", json={"code": ev["codes"][0], "name": "Late"})
    assert late.status_code == 410 and late.json["fields"] == {"code": "expired"}


def test_a_phone_at_another_table_cannot_use_up_this_tables_ids(
    web: Flask, client: FlaskClient
) -> None:
    ev = wiezen_evening(web, players=8)
    mine, theirs = (e["list_id"] for e in ev["lists"][:2])
    me = join(client, ev["codes"][0], "Bob")
    squatter = join(client, ev["codes"][1], "Bob")  # the same name at another table
    assert push(client, squatter, (1, "join", mine, {})).status_code == 403
    assert (
        push(client, squatter, (1, "join", theirs, {}), (2, "join", theirs, {})).status_code == 200
    )
    mine_first = push(
        client,
        me,
        (1, "join", mine, {}),
        (2, "record_deal", mine, {"deal_no": 1, "record": vraag()}),
    )
    assert [r["status"] for r in mine_first.json["results"]] == ["applied", "applied"]


def test_a_join_sent_again_with_its_key_answers_the_same_device_not_a_second_one(
    web: Flask, client: FlaskClient
) -> None:
    ev = wiezen_evening(web, players=8)  # two tables
    lst = ev["lists"][0]["list_id"]
    body = {"code": ev["codes"][0], "name": "Anna's phone"}
    key = {"Idempotency-Key": "join-7f3a9c2e51d04b8e"}
    first = client.post("/api/join", json=body, headers=key).json
    done = push(client, bearer(first["token"]), (1, "join", lst, {}))
    assert done.json["results"][0]["status"] == "applied"
    # the answer was lost: the phone joins again with the same key
    again = client.post("/api/join", json=body, headers=key)
    assert again.status_code == 200, again.json
    assert again.json["device"] == "Anna's phone" and again.json["holds_pen"] is True
    assert again.json["last_mutation_id"] == 1  # its ids go on from the first join's device
    assert len(web.extensions["troef"].app.get_list(lst).joined_devices()) == 1
    # another phone's key (or none) is another device; the same key at another table too
    other_key = {"Idempotency-Key": "join-0000aaaa1111bbbb"}
    other = client.post("/api/join", json=body, headers=other_key)
    assert other.json["device"] == "Anna's phone (2)"
    elsewhere = client.post("/api/join", json={**body, "code": ev["codes"][1]}, headers=key).json
    assert elsewhere["list_id"] != lst and elsewhere["device"] == "Anna's phone"
    # a key too short to be a phone's random key is refused, naming the header
    short = client.post("/api/join", json=body, headers={"Idempotency-Key": "abc"})
    assert short.status_code == 422 and "Idempotency-Key" in str(short.json), short.json


def test_a_withdrawn_device_cannot_come_back_by_sending_its_join_again(
    web: Flask, client: FlaskClient
) -> None:
    ev = wiezen_evening(web)
    lst = ev["lists"][0]["list_id"]
    key = {"Idempotency-Key": "join-5e5e5e5e5e5e5e5e"}
    client.post("/api/join", json={"code": ev["codes"][0], "name": "Bob"}, headers=key)
    boss = web.test_client()
    csrf = login(boss)
    gone = boss.post(f"/api/lists/{lst}/devices/withdraw", json={"device": "Bob"}, headers=csrf)
    assert gone.status_code == 200, gone.json
    before = recorded(web)
    again = client.post("/api/join", json={"code": ev["codes"][0], "name": "Bob"}, headers=key)
    assert again.status_code == 401 and "withdrew" in again.json["message"]
    assert recorded(web) == before

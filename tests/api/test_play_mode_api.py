"""Play mode over HTTP: the director switches it; the table reads the deal in play and its facts."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from .conftest import join, login, wiezen_evening
from .spec import conforms

HANDS = {
    "1": ["SA", "SK", "SQ", "SJ", "S10", "S9", "S8", "HA", "HK", "HQ", "DA", "DK", "DQ"],
    "2": ["S7", "S6", "HJ", "H10", "H9", "H8", "H7", "DJ", "D10", "D9", "CA", "CK", "CQ"],
    "3": ["S5", "S4", "H6", "H5", "H4", "D8", "D7", "D6", "CJ", "C10", "C9", "C8", "C7"],
    "4": ["S3", "S2", "H3", "H2", "D5", "D4", "D3", "D2", "C6", "C5", "C4", "C3", "C2"],
}


def test_the_director_switches_play_mode_and_the_table_sees_its_deal(
    web: Flask, client: FlaskClient
) -> None:
    evening = wiezen_evening(web)
    list_id = evening["lists"][0]["list_id"]
    table = join(web.test_client(), evening["codes"][0], "phone-one")
    assert client.post(f"/api/lists/{list_id}/play-mode", json={"on": True}).status_code == 401
    refused = web.test_client().post(
        f"/api/lists/{list_id}/play-mode", json={"on": True}, headers=table
    )
    assert refused.status_code == 403
    headers = login(client)
    bad = client.post(f"/api/lists/{list_id}/play-mode", json={"on": "ja"}, headers=headers)
    assert bad.status_code == 422 and "on" in bad.json["fields"]
    answer = client.post(f"/api/lists/{list_id}/play-mode", json={"on": True}, headers=headers)
    assert answer.status_code == 200 and answer.json == {"play_mode": True}
    phone = web.test_client()
    seen = phone.get(f"/api/lists/{list_id}/play", headers=table)
    assert seen.status_code == 200, seen.json
    assert seen.json == {"play_mode": True, "deal_no": 1, "play": None, "facts": None}
    conforms(phone, seen)
    context = {"hands": HANDS, "leader": "1", "trump": "H", "declarers": ["1", "3"]}
    start = {"deal_no": 1, "context": context}
    card = {"deal_no": 1, "seat": "1", "card": "SA"}
    mutations = [
        {"id": 1, "name": "join", "list": list_id, "args": {}},
        {"id": 2, "name": "start_play", "list": list_id, "args": start},
        {"id": 3, "name": "play_card", "list": list_id, "args": card},
    ]
    body = {"client_id": "phone-one", "mutations": mutations}
    pushed = phone.post("/api/sync/push", json=body, headers=table)
    assert [r["status"] for r in pushed.json["results"]] == ["applied"] * 3, pushed.json
    assert pushed.json["results"][-1]["list"]["play_mode"] is True
    seen = phone.get(f"/api/lists/{list_id}/play", headers=table).json
    assert seen["play"]["turn"] == "2" and seen["play"]["tricks"][0]["cards"][0]["card"] == "SA"
    assert seen["facts"] == {"declarers": [1, 3]}


def test_a_competition_is_switched_for_an_evening(web: Flask, client: FlaskClient) -> None:
    evening = wiezen_evening(web, players=8)
    cid = evening["competition_id"]
    headers = login(client)
    answer = client.post(
        f"/api/competitions/{cid}/play-mode", json={"on": True, "evening": 1}, headers=headers
    )
    assert answer.status_code == 200 and answer.json == {"lists": 2}
    for entry in evening["lists"]:
        seen = client.get(f"/api/lists/{entry['list_id']}/play")
        assert seen.json["play_mode"] is True
    missing = client.post(
        f"/api/competitions/{cid}/play-mode", json={"on": True, "evening": 9}, headers=headers
    )
    assert missing.status_code == 404

"""Bridge hand records over HTTP: the director uploads a PBN file; the table plays its hands."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from ..application.test_hand_records import dealt, pbn_file
from .conftest import bridge_pairs, join, login
from .spec import conforms


def test_the_director_uploads_the_deals_and_a_card_not_held_is_refused_on_the_phone(
    web: Flask, client: FlaskClient
) -> None:
    drawn = bridge_pairs(web)
    cid = drawn["competition_id"]
    url = f"/api/competitions/{cid}/evenings/1/hand-records"
    text = pbn_file(range(1, 10))
    assert client.post(url, json={"pbn": text}).status_code == 401
    headers = login(client)
    broken = text.replace('[Board "4"]', '[Board "four"]')
    refused = client.post(url, json={"pbn": broken}, headers=headers)
    assert refused.status_code == 422, refused.json
    assert refused.json["fields"] == {"pbn": "board four, [Board]: must be a number from 1 to 999"}
    assert client.get(url, headers=headers).json["boards"] == []
    answer = client.post(url, json={"pbn": text}, headers=headers)
    assert answer.status_code == 200, answer.json
    conforms(client, answer)
    assert [b["board"] for b in answer.json["boards"]] == list(range(1, 10))
    assert answer.json["changed"] == list(range(1, 10))
    again = client.post(url, json={"pbn": text}, headers=headers)
    assert again.json["changed"] == [] and again.json["boards"] == answer.json["boards"]

    with web.app_context():
        from backend.api.auth import join_code

        code = join_code(drawn["lists"][0]["list_id"])
    list_id, board = drawn["lists"][0]["list_id"], drawn["lists"][0]["boards"][0]
    table = join(web.test_client(), code, "phone-one")
    start = {"deal_no": 1, "context": {"leader": "E", "strain": "S"}}
    not_held = dealt(board)["W"][0]
    mutations = [
        {"id": 1, "name": "join", "list": list_id, "args": {}},
        {"id": 2, "name": "start_play", "list": list_id, "args": start},
        {"id": 3, "name": "play_card", "list": list_id,
         "args": {"deal_no": 1, "seat": "E", "card": not_held}},
    ]  # fmt: skip
    phone = web.test_client()
    before = phone.get(f"/api/lists/{list_id}/play", headers=table)
    conforms(phone, before)
    record = before.json["hand_record"]  # the phone starts the board from its hand record
    assert record["board"] == board and sorted(record["hands"]["N"]) == sorted(dealt(board)["N"])
    body = {"client_id": "phone-one", "mutations": mutations}
    pushed = phone.post("/api/sync/push", json=body, headers=table).json
    assert [r["status"] for r in pushed["results"]] == ["applied", "applied", "refused"], pushed
    assert f"{not_held} is not in seat E's hand (the hand record of board {board})" in str(
        pushed["results"][2]
    )
    seen = phone.get(f"/api/lists/{list_id}/play", headers=table).json
    assert sorted(seen["play"]["hands"]["E"]) == sorted(dealt(board)["E"])

"""A phone is shown by the name its player gave it, everywhere the director looks (#16, item
19): the list, its replay, the audit trail, the refused pushes and the live feed never carry
the device's id, which stays on the server."""

from __future__ import annotations

import json

from flask import Flask
from flask.testing import FlaskClient

from backend.api.joining import DEVICE_PREFIX

from .conftest import login, vraag, wiezen_evening


def test_no_answer_the_console_reads_carries_a_phones_id(web: Flask, client: FlaskClient) -> None:
    w = wiezen_evening(web)
    cid, lst = w["competition_id"], w["lists"][0]["list_id"]
    phone = web.test_client()
    joined = phone.post("/api/join", json={"code": w["codes"][0], "name": "Anna's phone"}).json
    mutations = [
        {"id": 1, "name": "join", "list": lst},
        {"id": 2, "name": "record_deal", "list": lst, "args": {"deal_no": 1, "record": vraag()}},
        {
            "id": 3,
            "name": "record_deal",
            "list": lst,
            "args": {"deal_no": 2, "record": vraag(2, 14)},
        },
    ]
    pushed = phone.post(
        "/api/sync/push",
        json={"mutations": mutations},
        headers={"Authorization": f"Bearer {joined['token']}"},
    ).json
    assert [r["status"] for r in pushed["results"]] == ["applied", "applied", "refused"]
    device = next(iter(web.extensions["troef"].app.get_list(lst).devices))
    assert device.startswith(DEVICE_PREFIX)  # the id the server keeps to itself

    login(client)
    read = {
        "list": f"/api/lists/{lst}",
        "replay": f"/api/lists/{lst}/replay",
        "trail": f"/api/audit?competition={cid}",
        "list trail": f"/api/audit?aggregate={lst}",
        "refused pushes": "/api/mutations?status=all",
        "room": f"/api/competitions/{cid}/evenings/1",
        "live": f"/api/live/poll?competition={cid}&list={lst}&wait=0",
    }
    for what, url in read.items():
        answer = client.get(url)
        assert answer.status_code == 200, (what, answer.json)
        text = json.dumps(answer.json, ensure_ascii=False)
        assert device not in text, f"the {what} shows the phone's id"
    sheet = client.get(f"/api/lists/{lst}").json
    assert sheet["pen"] == "Anna's phone"
    assert [d["name"] for d in sheet["devices"]] == ["Anna's phone"]
    refused = client.get("/api/mutations?status=refused").json["mutations"]
    assert [m["client_id"] for m in refused] == ["Anna's phone"]
    steps = client.get(f"/api/lists/{lst}/replay").json["steps"]
    assert {s["actor"]["client_id"] for s in steps if s["actor"]["role"] == "table"} == {
        "Anna's phone"
    }

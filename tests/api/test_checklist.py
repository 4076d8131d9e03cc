"""The director's evening checklist follows the evening: each step turns from to do to done as
the players come, the tables are drawn, the cards printed, the phones join, the lists come in,
a dispute is ruled and the evening is closed."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from backend.api.auth import join_code

from .conftest import bridge_pairs, join, login, vraag
from .spec import conforms

PLAYERS = ("An", "Bart", "Chris", "Dirk", "Els")


def states(client: FlaskClient, cid: str, headers: dict[str, str]) -> dict[str, Any]:
    answer = client.get(f"/api/competitions/{cid}/evenings/1/checklist", headers=headers)
    assert answer.status_code == 200, answer.json
    conforms(client, answer)
    return {i["item"]: i for i in answer.json["items"]}


def done(items: dict[str, Any]) -> set[str]:
    return {name for name, item in items.items() if item["done"]}


def test_the_checklist_turns_each_step_done_as_the_evening_goes_on(
    web: Flask, client: FlaskClient
) -> None:
    headers = login(client)
    made = client.post(
        "/api/competitions",
        json={"name": "Zondagen", "rules": "wiezen-reglement-2019"},
        headers=headers,
    )
    cid = made.json["id"]
    ids = [
        client.post(f"/api/competitions/{cid}/players", json={"name": n}, headers=headers).json[
            "player_id"
        ]
        for n in PLAYERS
    ]
    client.post(f"/api/competitions/{cid}/evenings", json={"date": "2026-12-06"}, headers=headers)
    base = f"/api/competitions/{cid}/evenings/1"

    items = states(client, cid, headers)
    assert list(items) == [
        "present", "draw", "cards", "phones", "submitted", "disputes", "closed", "published"
    ]  # fmt: skip
    assert done(items) == {"disputes"}  # nothing raised, nothing to rule
    assert (items["present"]["count"], items["present"]["of"]) == (0, 5)

    # Four present; the fifth not yet marked: the attendance is still to do.
    for pid in ids[:4]:
        client.put(f"{base}/attendance/{pid}", json={"status": "present"}, headers=headers)
    items = states(client, cid, headers)
    assert not items["present"]["done"] and items["present"]["count"] == 4
    client.put(f"{base}/attendance/{ids[4]}", json={"status": "absent"}, headers=headers)
    assert states(client, cid, headers)["present"]["done"]

    # Cards cannot be printed before the draw; after it, the phones and lists wait.
    refused = client.post(f"{base}/cards/printed", headers=headers)
    assert refused.status_code == 409 and refused.json["fields"] == {"evening": "is not drawn"}
    drawn = client.post(f"{base}/draw", json={"seed": "zondag"}, headers=headers).json
    (lst,) = drawn["lists"]
    table = {"list_id": lst["list_id"], "round": lst["round"], "table": lst["table"]}
    items = states(client, cid, headers)
    assert done(items) == {"present", "draw", "disputes"}
    assert (items["phones"]["count"], items["phones"]["of"]) == (0, 1)
    assert items["phones"]["waiting"] == [table] and items["submitted"]["waiting"] == [table]
    assert items["cards"]["at"] is None

    printed = client.post(f"{base}/cards/printed", headers=headers)
    assert printed.status_code == 200 and printed.json["draw_no"] == 1
    conforms(client, printed)
    again = client.post(f"{base}/cards/printed", headers=headers)
    assert again.json == printed.json  # the first press is kept
    items = states(client, cid, headers)
    assert items["cards"]["done"] and items["cards"]["at"] == printed.json["printed_at"]

    # The table's phone joins and records a deal, then raises a dispute.
    code = client.get(f"{base}/cards", headers=headers).json["cards"][0]["join_code"]
    phone = web.test_client()
    token = join(phone, code, "phone-an")
    pushed = phone.post(
        "/api/sync/push",
        json={
            "client_id": "phone-an",
            "mutations": [
                {"id": 1, "name": "join", "list": lst["list_id"], "args": {}},
                {
                    "id": 2,
                    "name": "record_deal",
                    "list": lst["list_id"],
                    "args": {"deal_no": 1, "record": vraag()},
                },
                {
                    "id": 3,
                    "name": "raise_dispute",
                    "list": lst["list_id"],
                    "args": {"deal_no": 1, "reason": "nine tricks, not eight"},
                },
            ],
        },
        headers=token,
    )
    assert pushed.status_code == 200, pushed.json
    assert [r["status"] for r in pushed.json["results"]] == ["applied"] * 3, pushed.json
    items = states(client, cid, headers)
    assert items["phones"]["done"] and items["phones"]["waiting"] == []
    assert not items["disputes"]["done"] and items["disputes"]["waiting"] == [table]
    assert (items["disputes"]["count"], items["disputes"]["of"]) == (0, 1)

    # The director rules, the list is closed early and submitted: the evening can close.
    ruled = client.post(
        f"/api/lists/{lst['list_id']}/rulings",
        json={"deal_no": 1, "decision": "upheld", "reason": "as played"},
        headers=headers,
    )
    assert ruled.status_code == 200, ruled.json
    assert states(client, cid, headers)["disputes"]["count"] == 1
    client.post(
        f"/api/lists/{lst['list_id']}/close-short", json={"reason": "late"}, headers=headers
    )
    submitted = client.post(
        f"/api/lists/{lst['list_id']}/submit",
        json={"scorer": "1", "confirmed_by": "2"},
        headers=headers,
    )
    assert submitted.status_code == 200, submitted.json
    items = states(client, cid, headers)
    assert done(items) == set(items) - {"closed", "published"}
    assert (items["submitted"]["count"], items["submitted"]["of"]) == (1, 1)

    assert client.post(f"{base}/close", headers=headers).status_code == 200
    answer = client.get(f"{base}/checklist", headers=headers).json
    assert answer["done"] == 8 and all(i["done"] for i in answer["items"])


def test_a_new_draw_needs_its_cards_printed_again(web: Flask, client: FlaskClient) -> None:
    headers = login(client)
    cid = client.post(
        "/api/competitions",
        json={"name": "Zondagen", "rules": "wiezen-reglement-2019"},
        headers=headers,
    ).json["id"]
    base = f"/api/competitions/{cid}/evenings/1"
    client.post(f"/api/competitions/{cid}/evenings", json={"date": "2026-12-06"}, headers=headers)
    for name in PLAYERS[:4]:
        pid = client.post(
            f"/api/competitions/{cid}/players", json={"name": name}, headers=headers
        ).json["player_id"]
        client.put(f"{base}/attendance/{pid}", json={"status": "present"}, headers=headers)
    client.post(f"{base}/draw", json={"seed": "one"}, headers=headers)
    client.post(f"{base}/cards/printed", headers=headers)
    assert states(client, cid, headers)["cards"]["done"]
    client.post(f"{base}/draw", json={"seed": "two"}, headers=headers)
    cards = states(client, cid, headers)["cards"]
    assert not cards["done"] and cards["at"] is None

    # A late-comer after the draw cancels its lists: the draw is to do again.
    late = client.post(
        f"/api/competitions/{cid}/players", json={"name": PLAYERS[4]}, headers=headers
    ).json["player_id"]
    client.put(f"{base}/attendance/{late}", json={"status": "present"}, headers=headers)
    items = states(client, cid, headers)
    assert not items["draw"]["done"] and items["draw"]["count"] == 0
    assert (items["phones"]["of"], items["submitted"]["of"]) == (0, 0)
    assert not items["phones"]["done"] and not items["submitted"]["done"]


def test_the_checklist_is_the_directors_and_names_a_missing_evening(
    web: Flask, client: FlaskClient
) -> None:
    path = "/api/competitions/{}/evenings/{}/checklist"
    headers = login(client)
    cid = client.post(
        "/api/competitions",
        json={"name": "Zondagen", "rules": "wiezen-reglement-2019"},
        headers=headers,
    ).json["id"]
    missing = client.get(path.format(cid, 3), headers=headers)
    assert missing.status_code == 404 and "evening" in missing.json["fields"]
    assert web.test_client().get(path.format(cid, 1)).status_code == 401


def test_a_bridge_table_has_one_card_for_its_rounds_and_counts_once_joined(
    web: Flask, client: FlaskClient
) -> None:
    evening = bridge_pairs(web)  # six pairs: three tables, three rounds
    cid, lists = evening["competition_id"], evening["lists"]
    headers = login(client)
    items = states(client, cid, headers)
    assert items["draw"]["count"] == 3
    assert (items["phones"]["count"], items["phones"]["of"]) == (0, 3)
    assert [w["table"] for w in items["phones"]["waiting"]] == [1, 2, 3]
    assert (items["submitted"]["count"], items["submitted"]["of"]) == (0, 9)
    table_1 = sorted((e for e in lists if e["table"] == 1), key=lambda e: e["round"])
    with web.app_context():
        codes = [join_code(e["list_id"]) for e in table_1]
    join(web.test_client(), codes[0], "phone-t1")
    phones = states(client, cid, headers)["phones"]
    assert (phones["count"], phones["of"]) == (1, 3)
    assert [w["table"] for w in phones["waiting"]] == [2, 3]
    join(web.test_client(), codes[1], "phone-t1-r2")  # the same table's next round
    assert states(client, cid, headers)["phones"]["count"] == 1

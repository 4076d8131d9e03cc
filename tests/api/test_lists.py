"""A table's list over the API: the scoresheet, replay, the pen, disputes, rulings, closing."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from backend.aggregates.actor import director
from backend.application import Command

from .conftest import join, login, vraag, wiezen_evening
from .spec import conforms


def played(web: Flask, deals: int = 3, players: int = 4) -> dict[str, Any]:
    """An evening whose first list has ``deals`` deals recorded by the director."""
    ev = wiezen_evening(web, players=players)
    app, lst = web.extensions["troef"].app, ev["lists"][0]["list_id"]
    for n in range(1, deals + 1):
        app.handle(
            director(),
            Command(
                "record_deal",
                lst,
                {"deal_no": n, "record": vraag(dealer=(n - 1) % 4 + 1, tricks=8 + n % 3)},
            ),
        )
    return {**ev, "list": lst}


def submit(web: Flask, list_id: str) -> None:
    app = web.extensions["troef"].app
    app.handle(director(), Command("close_list_short", list_id, {"reason": "the café closed"}))
    app.handle(director(), Command("submit_list", list_id, {"scorer": "1", "confirmed_by": "2"}))


def test_the_scoresheet_is_the_tables_and_the_directors_until_submitted(
    web: Flask, client: FlaskClient
) -> None:
    ev = played(web, players=8)
    path = f"/api/lists/{ev['list']}"
    anonymous = client.get(path)
    assert anonymous.status_code == 401
    conforms(client, anonymous)
    other = join(client, ev["codes"][1], "phone-2")
    assert client.get(path, headers=other).status_code == 403
    own = client.get(path, headers=join(client, ev["codes"][0], "phone-1"))
    assert own.status_code == 200
    assert "private" in own.headers["Cache-Control"]
    conforms(client, own)
    sheet = own.json
    assert [s["seat"] for s in sheet["seats"]] == ["1", "2", "3", "4"]
    assert [r["counted_no"] for r in sheet["rows"]] == [1, 2, 3]
    running = [r["running"] for r in sheet["rows"]]
    assert running[-1] == sheet["totals"] and sum(sheet["totals"].values()) == 0
    assert sheet["rows"][0]["explain"] and sheet["rows"][0]["markers"]
    assert (
        sheet["status"] == "open" and sheet["submitted_head"] is None and len(sheet["head"]) == 64
    )
    assert sheet["holds_pen"] is False  # the phone that played joined before this one
    login(client)
    director = client.get(path).json
    # the same sheet; the director also sees the devices that joined, by name only
    assert {k: v for k, v in director.items() if k != "devices"} == {
        k: v for k, v in sheet.items() if k != "holds_pen"
    }
    assert [d["name"] for d in director["devices"]][-1] == "phone-1"
    assert all(set(d) == {"name", "withdrawn", "holds_pen"} for d in director["devices"])


def test_a_submitted_list_is_public_and_refuses_every_change_for_the_director_too(
    web: Flask, client: FlaskClient
) -> None:
    ev = played(web)
    lst = ev["list"]
    token = join(client, ev["codes"][0], "phone-1")
    submit(web, lst)
    public = client.get(f"/api/lists/{lst}")
    assert public.status_code == 200 and public.json["status"] == "submitted"
    assert len(public.json["submitted_head"]) == 64
    assert public.json["closed_short"] == "the café closed"
    etag = public.headers["ETag"]
    assert client.get(f"/api/lists/{lst}", headers={"If-None-Match": etag}).status_code == 304
    headers = login(client)
    for path, body in [
        ("pen", {"device": "phone-2"}),
        ("close-short", {"reason": "again"}),
        ("rulings", {"deal_no": 1, "decision": "voided", "reason": "late claim"}),
        ("disputes", {"deal_no": 1, "reason": "we disagree"}),
    ]:
        answer = client.post(f"/api/lists/{lst}/{path}", json=body, headers=headers)
        assert answer.status_code == 409, (path, answer.json)
        assert answer.json["error"] == "list_submitted"
        conforms(client, answer)
    client.delete("/api/session", headers=headers)
    late = client.post(
        f"/api/lists/{lst}/disputes", json={"deal_no": 1, "reason": "too late"}, headers=token
    )
    assert late.status_code == 409 and late.json["error"] == "list_submitted"
    assert client.get(f"/api/lists/{lst}").json["version"] == public.json["version"]


def test_the_director_rules_on_a_dispute_the_table_raised(web: Flask, client: FlaskClient) -> None:
    ev = played(web)
    lst = ev["list"]
    token = join(client, ev["codes"][0], "phone-1")
    raised = client.post(
        f"/api/lists/{lst}/disputes",
        json={"deal_no": 2, "reason": "9 tricks, not 10"},
        headers=token,
    )
    assert raised.status_code == 201 and raised.json["dispute_no"] == 1
    assert raised.json["ruling"] is None
    conforms(client, raised)
    headers = login(client)
    corrected = client.post(
        f"/api/lists/{lst}/rulings",
        json={
            "deal_no": 2,
            "decision": "corrected",
            "reason": "the table agreed on 9",
            "article": "ART 7",
            "record": vraag(dealer=2, tricks=9),
        },
        headers=headers,
    )
    assert corrected.status_code == 200, corrected.json
    conforms(client, corrected)
    row = corrected.json["rows"][1]
    assert row["corrected"] is True and row["record"]["tricks"] == 9
    dispute = corrected.json["disputes"][0]
    assert (dispute["ruling"], dispute["article"]) == ("corrected", "ART 7")
    adjusted = client.post(
        f"/api/lists/{lst}/rulings",
        json={"deal_no": 1, "decision": "adjusted", "reason": "slow play", "adjustment": {"2": -2}},
        headers=headers,
    ).json
    assert adjusted["adjustments"][0]["points"] == {"2": -2}
    assert adjusted["totals"]["2"] == corrected.json["totals"]["2"] - 2
    voided = client.post(
        f"/api/lists/{lst}/rulings",
        json={"deal_no": 3, "decision": "voided", "reason": "misdeal"},
        headers=headers,
    ).json
    assert voided["rows"][2]["voided"] == "misdeal" and voided["counted_deals"] == 2
    twice = client.post(
        f"/api/lists/{lst}/rulings",
        json={"deal_no": 3, "decision": "voided", "reason": "again"},
        headers=headers,
    )
    assert twice.status_code == 409


def test_rulings_and_disputes_refuse_bad_input_naming_the_field(
    web: Flask, client: FlaskClient
) -> None:
    lst = played(web)["list"]
    headers = login(client)
    cases = [
        ({"deal_no": 1, "decision": "maybe", "reason": "r"}, "decision"),
        ({"deal_no": "1", "decision": "upheld", "reason": "r"}, "deal_no"),
        ({"deal_no": 0, "decision": "upheld", "reason": "r"}, "deal_no"),
        ({"deal_no": 1, "decision": "upheld"}, "reason"),
        ({"deal_no": 1, "decision": "corrected", "reason": "r"}, "record"),
        (
            {
                "deal_no": 1,
                "decision": "corrected",
                "reason": "r",
                "record": {**vraag(), "tricks": 14},
            },
            "tricks",
        ),
        (
            {"deal_no": 1, "decision": "adjusted", "reason": "r", "adjustment": {"9": 1}},
            "adjustment.9",
        ),
        (
            {"deal_no": 1, "decision": "adjusted", "reason": "r", "adjustment": {"1": 10**30}},
            "adjustment.1",
        ),
    ]
    for body, field in cases:
        answer = client.post(f"/api/lists/{lst}/rulings", json=body, headers=headers)
        assert answer.status_code == 422, (body, answer.json)
        assert field in answer.json["fields"], (body, answer.json)
        conforms(client, answer)
    no_deal = client.post(
        f"/api/lists/{lst}/rulings",
        json={"deal_no": 9, "decision": "upheld", "reason": "r"},
        headers=headers,
    )
    assert no_deal.status_code == 404 and "deal_no" in no_deal.json["fields"]
    empty = client.post(
        f"/api/lists/{lst}/disputes", json={"deal_no": 1, "reason": ""}, headers=headers
    )
    assert empty.status_code == 422 and list(empty.json["fields"]) == ["reason"]


def test_replay_shows_each_event_with_the_state_after_it_to_the_director(
    web: Flask, client: FlaskClient
) -> None:
    ev = played(web)
    path = f"/api/lists/{ev['list']}/replay"
    token = join(client, ev["codes"][0], "phone-1")
    assert client.get(path).status_code == 401
    assert client.get(path, headers=token).status_code == 403
    login(client)
    whole = client.get(path)
    assert whole.status_code == 200
    conforms(client, whole)
    # the phone that joined to see the replay refused is on the list too, after the deals
    events = ["Opened", *["DealRecorded"] * 3, "DeviceJoined"]
    assert [s["event"] for s in whole.json["steps"]] == events
    assert whole.json["steps"][-1]["state"]["rows"] == 3
    one = client.get(f"{path}?deal=2").json
    assert [s["deal_no"] for s in one["steps"]] == [2] and one["deal"] == 2
    bad = client.get(f"{path}?deal=zero")
    assert bad.status_code == 422 and list(bad.json["fields"]) == ["deal"]


def test_each_replay_step_gives_what_happened_as_data_for_the_consoles_own_words(
    web: Flask, client: FlaskClient
) -> None:
    ev = played(web, deals=2)
    app, lst = web.extensions["troef"].app, ev["list"]
    app.handle(
        director(),
        Command("raise_dispute", lst, {"deal_no": 2, "reason": "the tricks were miscounted"}),
    )
    app.handle(
        director(),
        Command(
            "give_ruling",
            lst,
            {
                "deal_no": 2,
                "decision": "upheld",
                "reason": "recounted: as written",
                "article": "ART 7",
            },
        ),
    )
    submit(web, lst)
    login(client)
    answer = client.get(f"/api/lists/{lst}/replay")
    conforms(client, answer)
    details = {s["event"]: s["details"] for s in answer.json["steps"]}
    assert details["Opened"]["table"] == 1
    assert details["Opened"]["rules_ref"] == "wiezen-reglement-2019@1"
    assert details["DisputeRaised"] == {"dispute_no": 1, "reason": "the tricks were miscounted"}
    assert details["RulingGiven"] == {
        "dispute_no": 1,
        "decision": "upheld",
        "article": "ART 7",
        "reason": "recounted: as written",
    }
    assert details["ListClosedShort"] == {"reason": "the café closed"}
    assert details["ListSubmitted"] == {"scorer": "1", "confirmed_by": "2"}


def test_the_director_moves_the_pen_to_another_device(web: Flask, client: FlaskClient) -> None:
    ev = played(web, deals=0)
    lst = ev["list"]
    web.extensions["troef"].app.handle(director(client_id="phone-1"), Command("join", lst))
    token = join(client, ev["codes"][0], "phone-2")
    headers = login(client)
    moved = client.post(f"/api/lists/{lst}/pen", json={"device": "phone-2"}, headers=headers)
    assert moved.status_code == 200 and moved.json["pen"] == "phone-2"
    conforms(client, moved)
    bad = client.post(f"/api/lists/{lst}/pen", json={"device": "<b>"}, headers=headers)
    assert bad.status_code == 404 and list(bad.json["fields"]) == ["device"]
    client.delete("/api/session", headers=headers)
    refused = client.post(f"/api/lists/{lst}/pen", json={"device": "phone-2"}, headers=token)
    assert refused.status_code == 403


def test_closing_a_list_early_needs_the_director_and_a_reason(
    web: Flask, client: FlaskClient
) -> None:
    ev = played(web)
    lst = ev["list"]
    token = join(client, ev["codes"][0], "phone-1")
    refused = client.post(f"/api/lists/{lst}/close-short", json={"reason": "tired"}, headers=token)
    assert refused.status_code == 403
    headers = login(client)
    blank = client.post(f"/api/lists/{lst}/close-short", json={}, headers=headers)
    assert blank.status_code == 422 and list(blank.json["fields"]) == ["reason"]
    closed = client.post(
        f"/api/lists/{lst}/close-short", json={"reason": "<b>tired</b>"}, headers=headers
    )
    assert closed.status_code == 200 and closed.json["closed_short"] == "<b>tired</b>"
    conforms(client, closed)
    again = client.post(f"/api/lists/{lst}/close-short", json={"reason": "again"}, headers=headers)
    assert again.status_code == 409


def test_unknown_and_malformed_list_ids_are_404_with_a_message(client: FlaskClient) -> None:
    headers = login(client)
    for lst in ("not-a-list", "00000000-0000-0000-0000-000000000000"):
        for method, path, body in [
            ("get", "", None),
            ("get", "/replay", None),
            ("post", "/pen", {"device": "phone-1"}),
            ("post", "/close-short", {"reason": "r"}),
            ("post", "/rulings", {"deal_no": 1, "decision": "upheld", "reason": "r"}),
            ("post", "/disputes", {"deal_no": 1, "reason": "r"}),
        ]:
            answer = getattr(client, method)(f"/api/lists/{lst}{path}", json=body, headers=headers)
            assert answer.status_code == 404, (lst, path, answer.json)
            assert answer.json["error"] == "not_found" and "list" in answer.json["message"]
            conforms(client, answer)

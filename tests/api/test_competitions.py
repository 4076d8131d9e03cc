"""Rule sets, competitions and players over the API: who may change them, and how refusals read."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from .conftest import join, login, wiezen_evening
from .spec import conforms

WIEZEN = "wiezen-reglement-2019"
BRIDGE = "bridge-nbb-1930"
HTML = '<script>alert("x")</script> & <b>Jan</b>'


def create(client: FlaskClient, headers: dict[str, str], **body: object) -> dict:
    answer = client.post(
        "/api/competitions", json={"name": "Zondagen", "rules": WIEZEN, **body}, headers=headers
    )
    assert answer.status_code == 201, answer.json
    conforms(client, answer)
    return answer.json


def test_rule_sets_are_public_with_each_options_value_default_and_reason(
    client: FlaskClient,
) -> None:
    answer = client.get("/api/rulesets")
    assert answer.status_code == 200
    conforms(client, answer)
    games = {rs["game"] for rs in answer.json}
    assert games == {"wiezen", "klaverjas", "bridge", "schafkopf"}
    wiezen = client.get("/api/rulesets?game=wiezen").json
    assert wiezen[0]["id"] == WIEZEN and wiezen[0]["default"] is True
    option = wiezen[0]["options"][0]
    assert set(option) == {"name", "value", "default", "choices", "doc"} and option["doc"]
    bad = client.get("/api/rulesets?game=poker")
    assert bad.status_code == 422 and list(bad.json["fields"]) == ["game"]


def test_the_director_creates_a_competition_with_a_preset_or_a_clubs_own_rule_set(
    client: FlaskClient,
) -> None:
    headers = login(client)
    preset = create(client, headers, counting={"best": 8})
    assert preset["rules"]["ref"] == f"{WIEZEN}@1"
    assert preset["counting"] == {"evenings": 15, "best": 8}
    assert preset["players"] == [] and preset["evenings"] == [] and len(preset["head"]) == 64
    own = create(
        client,
        headers,
        rules={
            "id": "onze-club",
            "base": WIEZEN,
            "title": "Onze regels",
            "options": {"pas_rond_factor": 3},
        },
    )
    assert own["rules"]["based_on"] == f"{WIEZEN}@1"
    factor = next(o for o in own["rules"]["options"] if o["name"] == "pas_rond_factor")
    assert (factor["value"], factor["default"]) == (3, 2)
    listed = client.get("/api/competitions")
    conforms(client, listed)
    assert [c["id"] for c in listed.json] == [preset["id"], own["id"]]
    assert listed.json[0]["players"] == 0 and listed.json[0]["head"] == preset["head"]


def test_a_bad_rule_set_counting_or_name_is_refused_naming_the_field(client: FlaskClient) -> None:
    headers = login(client)
    cases = [
        ({"name": "Z", "rules": "no-such-rules"}, "rules"),
        (
            {"name": "Z", "rules": {"id": "ons", "base": WIEZEN, "options": {"nope": 1}}},
            "rules.options.nope",
        ),
        (
            {
                "name": "Z",
                "rules": {"id": "ons", "base": WIEZEN, "options": {"pas_rond_factor": "x"}},
            },
            "rules.options.pas_rond_factor",
        ),
        ({"name": "Z", "rules": 7}, "rules"),
        ({"name": "Z", "rules": WIEZEN, "counting": {"best": "nine"}}, "counting.best"),
        ({"name": "Z", "rules": WIEZEN, "counting": {"laps": 1}}, "counting.laps"),
        ({"name": "Z", "rules": WIEZEN, "counting": {"evenings": 3}}, "counting.best"),
        ({"name": "Z", "rules": BRIDGE, "counting": {"movement": "swiss"}}, "counting.movement"),
        ({"name": "Z", "rules": BRIDGE, "counting": {"method": "rubber"}}, "counting.method"),
        ({"name": "   ", "rules": WIEZEN}, "name"),
        ({"rules": WIEZEN}, "name"),
        ({"name": "Z", "rules": WIEZEN, "colour": "red"}, "colour"),
    ]
    for body, field in cases:
        answer = client.post("/api/competitions", json=body, headers=headers)
        assert answer.status_code == 422, (body, answer.json)
        assert field in answer.json["fields"], (body, answer.json)
        conforms(client, answer)
    swiss = client.post(
        "/api/competitions",
        json={"name": "Z", "rules": BRIDGE, "counting": {"movement": "swiss"}},
        headers=headers,
    )
    assert swiss.json["fields"] == {"counting.movement": "must be one of mitchell, howell"}
    garbage = client.post(
        "/api/competitions", data="{nope", content_type="application/json", headers=headers
    )
    assert garbage.status_code in (400, 422)
    assert client.get("/api/competitions").json == []


def test_changes_need_the_director_whatever_the_body(web: Flask, client: FlaskClient) -> None:
    ev = wiezen_evening(web)
    cid = ev["competition_id"]
    anonymous = client.post("/api/competitions", json={"bad": True})
    assert anonymous.status_code == 401 and anonymous.json["error"] == "unauthorized"
    conforms(client, anonymous)
    token = join(client, ev["codes"][0], "phone-1")
    for method, path in [
        ("post", "/api/competitions"),
        ("post", f"/api/competitions/{cid}/players"),
        ("patch", f"/api/competitions/{cid}/players/p1"),
        ("post", f"/api/competitions/{cid}/players/p1/withdraw"),
        ("post", f"/api/competitions/{cid}/adjustments"),
    ]:
        answer = getattr(client, method)(path, json={"name": "X"}, headers=token)
        assert answer.status_code == 403, (path, answer.json)
        conforms(client, answer)
        assert getattr(client, method)(path, json={"name": "X"}).status_code == 401
    login(client)
    no_csrf = client.post(f"/api/competitions/{cid}/players", json={"name": "X"})
    assert no_csrf.status_code == 403 and "CSRF" in no_csrf.json["message"]


def test_unknown_and_malformed_ids_are_404_with_a_message(web: Flask, client: FlaskClient) -> None:
    headers = login(client)
    cid = wiezen_evening(web)["competition_id"]
    for path in [
        "/api/competitions/not-a-uuid",
        "/api/competitions/00000000-0000-0000-0000-000000000000",
        "/api/competitions/%3Cscript%3E/players",
    ]:
        answer = client.get(path)
        assert answer.status_code == 404, path
        assert answer.json["error"] == "not_found" and "competition" in answer.json["message"]
        conforms(client, answer)
    for method, path, body in [
        ("post", "/api/competitions/nope/players", {"name": "X"}),
        ("patch", f"/api/competitions/{cid}/players/p99", {"name": "X"}),
        ("post", f"/api/competitions/{cid}/players/p99/withdraw", {"reason": "moved"}),
        (
            "post",
            f"/api/competitions/{cid}/adjustments",
            {"player_id": "p99", "points": 5, "reason": "r"},
        ),
    ]:
        answer = getattr(client, method)(path, json=body, headers=headers)
        assert answer.status_code == 404, (path, answer.json)
        conforms(client, answer)


def test_players_are_enrolled_renamed_and_withdrawn_once(client: FlaskClient) -> None:
    headers = login(client)
    cid = create(client, headers)["id"]
    base = f"/api/competitions/{cid}/players"
    enrolled = client.post(base, json={"name": "Jan"}, headers=headers)
    assert enrolled.status_code == 201 and enrolled.json == {
        "player_id": "p1",
        "name": "Jan",
        "withdrawn": None,
        "numbers": [],
    }
    conforms(client, enrolled)
    renamed = client.patch(f"{base}/p1", json={"name": "Jan Peeters"}, headers=headers)
    assert renamed.status_code == 200 and renamed.json["name"] == "Jan Peeters"
    conforms(client, renamed)
    gone = client.post(f"{base}/p1/withdraw", json={"reason": "moved away"}, headers=headers)
    assert gone.status_code == 200 and gone.json["withdrawn"] == "moved away"
    again = client.post(f"{base}/p1/withdraw", json={"reason": "twice"}, headers=headers)
    assert again.status_code == 409 and again.json["error"] == "conflict"
    conforms(client, again)
    listed = client.get(base)
    conforms(client, listed)
    assert listed.json == [
        {"player_id": "p1", "name": "Jan Peeters", "withdrawn": "moved away", "numbers": []}
    ]
    empty = client.post(base, json={"name": ""}, headers=headers)
    assert empty.status_code == 422 and list(empty.json["fields"]) == ["name"]
    long = client.patch(f"{base}/p1", json={"name": "x" * 201}, headers=headers)
    assert long.status_code == 422 and list(long.json["fields"]) == ["name"]


def test_names_with_html_come_back_as_plain_json_strings(client: FlaskClient) -> None:
    headers = login(client)
    comp = create(client, headers, name=HTML)
    cid = comp["id"]
    client.post(f"/api/competitions/{cid}/players", json={"name": HTML}, headers=headers)
    reason = "<img src=x onerror=alert(1)>"
    client.post(
        f"/api/competitions/{cid}/players/p1/withdraw", json={"reason": reason}, headers=headers
    )
    for path in (
        f"/api/competitions/{cid}",
        "/api/competitions",
        f"/api/competitions/{cid}/players",
    ):
        answer = client.get(path)
        assert answer.mimetype == "application/json"
        assert answer.headers["X-Content-Type-Options"] == "nosniff"
        assert "&lt;" not in answer.get_data(as_text=True)  # stored as typed, not escaped twice
    detail = client.get(f"/api/competitions/{cid}").json
    assert detail["name"] == HTML
    assert detail["players"][0] == {
        "player_id": "p1",
        "name": HTML,
        "withdrawn": reason,
        "numbers": [],
    }


def test_a_public_read_carries_an_etag_and_answers_304_when_unchanged(
    client: FlaskClient,
) -> None:
    headers = login(client)
    cid = create(client, headers)["id"]
    first = client.get(f"/api/competitions/{cid}")
    etag = first.headers["ETag"]
    assert (
        client.get(f"/api/competitions/{cid}", headers={"If-None-Match": etag}).status_code == 304
    )
    client.post(f"/api/competitions/{cid}/players", json={"name": "Jan"}, headers=headers)
    changed = client.get(f"/api/competitions/{cid}", headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed.headers["ETag"] != etag


def test_adding_or_renaming_a_player_to_a_name_already_enrolled_is_refused_as_the_import_does(
    client: FlaskClient,
) -> None:
    headers = login(client)
    cid = create(client, headers)["id"]
    base = f"/api/competitions/{cid}/players"
    assert client.post(base, json={"name": "Jan Peeters"}, headers=headers).status_code == 201
    assert client.post(base, json={"name": "Els"}, headers=headers).status_code == 201
    again = client.post(base, json={"name": " jan   PEETERS "}, headers=headers)
    assert again.status_code == 409 and list(again.json["fields"]) == ["name"]
    assert "already enrolled (p1)" in again.json["message"]
    conforms(client, again)
    taken = client.patch(f"{base}/p2", json={"name": "JAN PEETERS"}, headers=headers)
    assert taken.status_code == 409 and list(taken.json["fields"]) == ["name"]
    own = client.patch(f"{base}/p1", json={"name": "jan peeters"}, headers=headers)
    assert own.status_code == 200  # a player may keep his own name in another spelling
    assert [p["name"] for p in client.get(base).json] == ["jan peeters", "Els"]

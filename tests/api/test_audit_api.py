"""The director's audit over the API: the trail, the hash chains, and nothing dropped silently."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from backend.aggregates.actor import director
from backend.application import Command

from .conftest import join, login, vraag, wiezen_evening
from .spec import conforms
from .test_sync import push


def test_the_audit_trail_is_filtered_and_paged_by_position(web: Flask, client: FlaskClient) -> None:
    ev = wiezen_evening(web)
    lst = ev["lists"][0]["list_id"]
    token = join(client, ev["codes"][0], "phone-1")
    push(
        client,
        token,
        "phone-1",
        (1, "join", lst, {}),
        (2, "record_deal", lst, {"deal_no": 1, "record": vraag()}),
    )
    login(client)
    everything = client.get("/api/audit")
    assert everything.status_code == 200
    conforms(client, everything)
    positions = [e["position"] for e in everything.json["entries"]]
    assert positions == sorted(positions) and everything.json["more"] is False
    seen, since = [], 0
    while True:
        page = client.get(f"/api/audit?since={since}&limit=4").json
        seen += page["entries"]
        since = page["cursor"]
        if not page["more"]:
            break
    assert seen == everything.json["entries"]
    phone = client.get("/api/audit?client=phone-1").json["entries"]
    assert [(e["event"], e["role"], e["mutation_id"]) for e in phone] == [
        ("DeviceJoined", "table", None),
        ("PenTaken", "table", 1),
        ("DealRecorded", "table", 2),
    ]
    assert {e["client_id"] for e in phone} == {"phone-1"}  # by its name, never its id
    # What each list event said, as data, for the console to word it in its language.
    _, pen, deal = (e["details"] for e in phone)
    assert pen == {"deal_no": None, "device": "phone-1"}
    assert deal["deal_no"] == 1 and sum(deal["points"].values()) == 0
    mine = client.get(f"/api/audit?aggregate={lst}&kind=ScoreList&role=director").json
    assert [e["event"] for e in mine["entries"]] == ["Opened"]
    competition = client.get(f"/api/audit?kind=Competition&aggregate={ev['competition_id']}").json
    assert competition["entries"][0]["event"] == "Created"
    # A competition event in words too (#16, item 20): its fields as data, never its JSON.
    created, *rest = competition["entries"]
    assert created["details"] == {
        "game": "wiezen",
        "name": "Zondagen",
        "rules_ref": "wiezen-reglement-2019@1",
    }
    assert created["summary"] == "competition Zondagen created (wiezen, wiezen-reglement-2019@1)"
    assert all("{" not in e["summary"] for e in competition["entries"])
    drawn = next(e for e in rest if e["event"] == "SeatingDrawn")
    assert drawn["details"]["tables"] == len(ev["lists"]) and "draw" not in drawn["details"]


def test_bad_audit_filters_are_refused_naming_the_field(client: FlaskClient) -> None:
    login(client)
    for query, field in [
        ("aggregate=nope", "aggregate"),
        ("kind=Device", "kind"),
        ("role=king", "role"),
        ("limit=0", "limit"),
        ("limit=501", "limit"),
        ("since=-1", "since"),
        ("since=99999999999999999999999", "since"),
        ("client=%3Cscript%3E", "client"),
    ]:
        answer = client.get(f"/api/audit?{query}")
        assert answer.status_code == 422 and field in answer.json["fields"], (query, answer.json)
        conforms(client, answer)
    status = client.get("/api/mutations?status=lost")
    assert status.status_code == 422 and list(status.json["fields"]) == ["status"]


def test_every_hash_chain_is_verified_with_its_head(web: Flask, client: FlaskClient) -> None:
    ev = wiezen_evening(web)
    login(client)
    answer = client.get("/api/audit/chains")
    assert answer.status_code == 200
    conforms(client, answer)
    assert answer.json["ok"] is True
    heads = {c["aggregate_id"]: c["head"] for c in answer.json["chains"]}
    lst = ev["lists"][0]["list_id"]
    assert heads[lst] == client.get(f"/api/lists/{lst}").json["head"]
    assert (
        heads[ev["competition_id"]]
        == client.get(f"/api/competitions/{ev['competition_id']}").json["head"]
    )


def test_refused_and_conflicting_mutations_are_kept_with_the_reason(
    web: Flask, client: FlaskClient
) -> None:
    ev = wiezen_evening(web)
    lst = ev["lists"][0]["list_id"]
    first = join(client, ev["codes"][0], "phone-1")
    second = join(client, ev["codes"][0], "phone-2")
    push(
        client,
        first,
        "phone-1",
        (1, "join", lst, {}),
        (2, "record_deal", lst, {"deal_no": 1, "record": {**vraag(), "tricks": 14}}),
    )
    push(
        client,
        second,
        "phone-2",
        (1, "join", lst, {}),
        (2, "record_deal", lst, {"deal_no": 1, "record": vraag()}),
    )
    login(client)
    answer = client.get("/api/mutations")
    assert answer.status_code == 200
    conforms(client, answer)
    kept = {(m["client_id"], m["mutation_id"]): m for m in answer.json["mutations"]}
    assert set(kept) == {("phone-1", 2), ("phone-2", 2)}
    refused, conflict = kept["phone-1", 2], kept["phone-2", 2]
    assert refused["outcome"] == "refused" and "tricks" in refused["error"]["fields"]
    assert refused["args"]["record"]["tricks"] == 14 and refused["list_id"] == lst
    assert conflict["outcome"] == "conflict" and conflict["error"]["error"] == "pen_elsewhere"
    only = client.get("/api/mutations?status=conflict").json["mutations"]
    assert [m["client_id"] for m in only] == ["phone-2"]
    applied = client.get("/api/mutations?status=applied&client=phone-1").json["mutations"]
    assert [m["mutation_id"] for m in applied] == [1]
    paged = client.get("/api/mutations?status=all&limit=1")
    assert paged.json["more"] is True and len(paged.json["mutations"]) == 1
    rest = client.get(f"/api/mutations?status=all&since={paged.json['cursor']}").json
    assert len(rest["mutations"]) == 3
    assert len(client.get(f"/api/mutations?status=all&list={lst}").json["mutations"]) == 4
    other = ev["competition_id"]  # a UUID, but no list of it: nothing
    assert client.get(f"/api/mutations?status=all&list={other}").json["mutations"] == []


def test_the_audit_is_for_the_director_only(web: Flask, client: FlaskClient) -> None:
    ev = wiezen_evening(web)
    token = join(client, ev["codes"][0], "phone-1")
    for path in ("/api/audit", "/api/audit/chains", "/api/mutations"):
        anonymous = client.get(path)
        assert anonymous.status_code == 401
        conforms(client, anonymous)
        table = client.get(path, headers=token)
        assert table.status_code == 403 and table.json["error"] == "forbidden"
        conforms(client, table)
    login(client)
    answer = client.get("/api/audit")
    assert "private" in answer.headers["Cache-Control"]


def test_every_list_event_of_the_trail_carries_its_fields_for_the_console_to_word_it(
    web: Flask, client: FlaskClient
) -> None:
    """A table card re-issued and play mode switched say what they did as data, not only in
    the server's English summary (#16, item 20)."""
    ev = wiezen_evening(web)
    lst = ev["lists"][0]["list_id"]
    app = web.extensions["troef"].app
    app.handle(director(), Command("reissue_table_code", lst, {"expires": None}))
    app.handle(director(), Command("set_play_mode", lst, {"on": True}))
    login(client)
    entries = client.get(f"/api/audit?aggregate={lst}").json["entries"]
    said = {e["event"]: e["details"] for e in entries}
    assert said["TableCodeReissued"] == {"deal_no": None, "generation": 1, "expires": None}
    assert said["PlayModeSet"] == {"deal_no": None, "on": True}

"""The director's filters on the audit trail and the chains: by competition, evening, table,
event, actor and time, newest first for paging back through a season."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from urllib.parse import quote

from flask import Flask
from flask.testing import FlaskClient

from backend.aggregates.actor import director
from backend.application import Command

from .conftest import join, login, vraag, wiezen_evening
from .spec import conforms
from .test_sync import push


def two_competitions(web: Flask, client: FlaskClient) -> dict[str, str]:
    """Two wiezen evenings (8 players, two tables each); a phone records on table 2."""
    first = wiezen_evening(web, players=8)
    other = wiezen_evening(web, players=4)
    table_two = first["lists"][1]["list_id"]
    token = join(client, first["codes"][1], "phone-t2")
    push(
        client,
        token,
        "phone-t2",
        (1, "join", table_two, {}),
        (2, "record_deal", table_two, {"deal_no": 1, "record": vraag()}),
    )
    web.extensions["troef"].app.handle(
        director(),
        Command("record_deal", first["lists"][0]["list_id"], {"deal_no": 1, "record": vraag()}),
    )
    return {
        "cid": first["competition_id"],
        "other": other["competition_id"],
        "table_one": first["lists"][0]["list_id"],
        "table_two": table_two,
    }


def test_the_trail_is_filtered_by_place_event_and_actor(web: Flask, client: FlaskClient) -> None:
    w = two_competitions(web, client)
    login(client)
    everything = client.get("/api/audit?limit=500").json["entries"]
    ours = client.get(f"/api/audit?competition={w['cid']}&limit=500")
    conforms(client, ours)
    mine = {w["cid"], w["table_one"], w["table_two"]}
    assert {e["aggregate_id"] for e in ours.json["entries"]} == mine
    assert len(ours.json["entries"]) == sum(1 for e in everything if e["aggregate_id"] in mine)
    table = client.get(f"/api/audit?competition={w['cid']}&evening=1&table=2").json["entries"]
    assert {e["aggregate_id"] for e in table} == {w["table_two"]}
    assert all(e["evening"] == 1 and e["table"] == 2 for e in table)
    deals = client.get(f"/api/audit?competition={w['cid']}&event=DealRecorded").json["entries"]
    assert sorted(e["aggregate_id"] for e in deals) == sorted([w["table_one"], w["table_two"]])
    phone = client.get(f"/api/audit?competition={w['cid']}&actor=PHONE-T2").json["entries"]
    assert [e["event"] for e in phone] == ["DeviceJoined", "PenTaken", "DealRecorded"]


def test_the_trail_is_filtered_by_time_and_paged_newest_first(
    web: Flask, client: FlaskClient
) -> None:
    w = two_competitions(web, client)
    login(client)
    everything = client.get(f"/api/audit?competition={w['cid']}&limit=500").json["entries"]
    cut = everything[len(everything) // 2]["timestamp"]
    later = client.get(f"/api/audit?competition={w['cid']}&from={quote(cut)}&limit=500").json
    earlier = client.get(f"/api/audit?competition={w['cid']}&to={quote(cut)}&limit=500").json
    assert earlier["entries"] + later["entries"] == everything
    future = (datetime.now(UTC) + timedelta(days=1)).isoformat()
    assert client.get(f"/api/audit?from={quote(future)}").json["entries"] == []
    seen, before = [], 0
    while True:
        page = client.get(f"/api/audit?competition={w['cid']}&before={before}&limit=5")
        conforms(client, page)
        seen += page.json["entries"]
        before = page.json["cursor"]
        if not page.json["more"]:
            break
    assert seen == list(reversed(everything))


def test_the_chains_of_one_competition_carry_their_table(web: Flask, client: FlaskClient) -> None:
    w = two_competitions(web, client)
    login(client)
    answer = client.get(f"/api/audit/chains?competition={w['cid']}")
    assert answer.status_code == 200
    conforms(client, answer)
    chains = {c["aggregate_id"]: c for c in answer.json["chains"]}
    assert set(chains) == {w["cid"], w["table_one"], w["table_two"]}
    assert answer.json["ok"] is True and all(c["ok"] for c in chains.values())
    assert (chains[w["table_two"]]["evening"], chains[w["table_two"]]["table"]) == (1, 2)
    assert chains[w["cid"]]["table"] is None
    assert chains[w["table_two"]]["head"] == client.get(f"/api/lists/{w['table_two']}").json["head"]


def test_bad_filters_are_refused_naming_the_field(client: FlaskClient) -> None:
    login(client)
    for query, field in [
        ("competition=nope", "competition"),
        ("evening=0", "evening"),
        ("table=x", "table"),
        ("event=Deal%20Recorded", "event"),
        ("actor=", "actor"),
        ("from=yesterday", "from"),
        ("to=2026-13-01", "to"),
        ("before=-1", "before"),
    ]:
        answer = client.get(f"/api/audit?{query}")
        assert answer.status_code == 422 and field in answer.json["fields"], (query, answer.json)
        conforms(client, answer)
    chains = client.get("/api/audit/chains?competition=nope")
    assert chains.status_code == 422 and "competition" in chains.json["fields"]

"""Evenings over the API: scheduling, attendance, the draw by lot, table cards and closing."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from backend.aggregates.actor import director
from backend.application import Command

from .conftest import join, login, vraag, wiezen_evening
from .spec import conforms


def competition(client: FlaskClient, headers: dict[str, str], players: int = 4) -> str:
    cid = client.post(
        "/api/competitions",
        json={"name": "Zondagen", "rules": "wiezen-reglement-2019"},
        headers=headers,
    ).json["id"]
    for i in range(players):
        client.post(f"/api/competitions/{cid}/players", json={"name": f"P{i}"}, headers=headers)
    return cid


def test_an_evening_is_scheduled_attended_and_drawn_by_a_recorded_seed(
    client: FlaskClient,
) -> None:
    headers = login(client)
    cid = competition(client, headers)
    base = f"/api/competitions/{cid}/evenings"
    scheduled = client.post(base, json={"date": "2026-04-05"}, headers=headers)
    assert scheduled.status_code == 201 and scheduled.json["evening"] == 1
    assert scheduled.json["draw"] is None and scheduled.json["lists"] == []
    conforms(client, scheduled)
    for pid in ("p1", "p2", "p3", "p4"):
        marked = client.put(
            f"{base}/1/attendance/{pid}", json={"status": "present"}, headers=headers
        )
        assert marked.status_code == 200 and marked.json["status"] == "present"
        conforms(client, marked)
    drawn = client.post(f"{base}/1/draw", json={"seed": "lot-7"}, headers=headers)
    assert drawn.status_code == 200, drawn.json
    conforms(client, drawn)
    draw = drawn.json["draw"]
    assert draw["seed"] == "lot-7" and draw["draw_no"] == 1 and draw["explain"]
    seats = draw["rounds"][0]["tables"][0]["seats"]
    assert [s["seat"] for s in seats] == ["1", "2", "3", "4"]
    assert {s["name"] for s in seats} == {"P0", "P1", "P2", "P3"}
    public = client.get(f"{base}/1")
    conforms(client, public)
    assert public.json["draw"]["seed"] == "lot-7"
    assert [entry["status"] for entry in public.json["lists"]] == ["open"]
    same = client.post(f"{base}/1/draw", json={"seed": "lot-7"}, headers=headers).json
    assert same["draw"]["draw_no"] == 2 and same["draw"]["rounds"] == draw["rounds"]
    assert (
        len(same["lists"]) == 1 and same["lists"][0]["list_id"] != drawn.json["lists"][0]["list_id"]
    )


def test_a_redraw_is_refused_once_the_first_deal_is_recorded(
    web: Flask, client: FlaskClient
) -> None:
    ev = wiezen_evening(web)
    headers = login(client)
    web.extensions["troef"].app.handle(
        director(),
        Command("record_deal", ev["lists"][0]["list_id"], {"deal_no": 1, "record": vraag()}),
    )
    answer = client.post(
        f"/api/competitions/{ev['competition_id']}/evenings/1/draw", headers=headers
    )
    assert answer.status_code == 409 and answer.json["error"] == "conflict"
    assert "draw stands" in answer.json["message"]
    conforms(client, answer)
    late = client.put(
        f"/api/competitions/{ev['competition_id']}/evenings/1/attendance/p1",
        json={"status": "absent"},
        headers=headers,
    )
    assert late.status_code == 409 and list(late.json["fields"]) == ["evening"]
    assert late.json["message"].startswith("play has started (table(s) 1 recorded deals")
    conforms(client, late)


def test_a_late_player_after_the_draw_cancels_its_tables_until_the_director_draws_again(
    client: FlaskClient,
) -> None:
    headers = login(client)
    cid = competition(client, headers, players=5)
    base = f"/api/competitions/{cid}/evenings"
    client.post(base, json={"date": "2026-04-05"}, headers=headers)
    for pid in ("p1", "p2", "p3", "p4"):
        client.put(f"{base}/1/attendance/{pid}", json={"status": "present"}, headers=headers)
    first = client.post(f"{base}/1/draw", json={"seed": "lot"}, headers=headers).json
    assert len(first["lists"]) == 1 and first["draw_stale"] is False
    late = client.put(f"{base}/1/attendance/p5", json={"status": "present"}, headers=headers)
    assert late.status_code == 200 and late.json["status"] == "present"
    conforms(client, late)
    stale = client.get(f"{base}/1").json
    assert stale["draw"]["draw_no"] == 1 and stale["lists"] == []  # no table plays the old draw
    assert stale["draw_stale"] is True
    assert {a["player_id"]: a["status"] for a in stale["attendance"]}["p5"] == "present"
    again = client.post(f"{base}/1/draw", json={"seed": "lot"}, headers=headers)
    assert again.status_code == 200 and again.json["draw"]["draw_no"] == 2
    (table,) = again.json["draw"]["rounds"][0]["tables"]
    assert {s["name"] for s in table["seats"]} == {"P0", "P1", "P2", "P3", "P4"}
    assert [entry["status"] for entry in again.json["lists"]] == ["open"]
    assert again.json["draw_stale"] is False


def test_table_cards_carry_the_join_codes_for_the_director_only(
    web: Flask, client: FlaskClient
) -> None:
    ev = wiezen_evening(web, players=8)
    path = f"/api/competitions/{ev['competition_id']}/evenings/1/cards"
    assert client.get(path).status_code == 401
    token = join(client, ev["codes"][0], "phone-1")
    refused = client.get(path, headers=token)
    assert refused.status_code == 403
    conforms(client, refused)
    login(client)
    cards = client.get(path)
    assert cards.status_code == 200
    conforms(client, cards)
    assert "private" in cards.headers["Cache-Control"]
    assert [c["join_code"] for c in cards.json["cards"]] == ev["codes"]
    assert [c["table"] for c in cards.json["cards"]] == [1, 2]
    assert all(len(c["seats"]) == 4 and c["seats"][0]["name"] for c in cards.json["cards"])


def test_an_evening_closes_once_every_list_is_submitted(web: Flask, client: FlaskClient) -> None:
    ev = wiezen_evening(web)
    headers = login(client)
    path = f"/api/competitions/{ev['competition_id']}/evenings/1"
    still_open = client.post(f"{path}/close", headers=headers)
    assert still_open.status_code == 409 and "table(s) 1" in still_open.json["message"]
    conforms(client, still_open)
    app, lst = web.extensions["troef"].app, ev["lists"][0]["list_id"]
    app.handle(director(), Command("close_list_short", lst, {"reason": "the café closed"}))
    app.handle(director(), Command("submit_list", lst, {"scorer": "1", "confirmed_by": "2"}))
    closed = client.post(f"{path}/close", headers=headers)
    assert closed.status_code == 200 and closed.json["closed"] is True
    conforms(client, closed)
    assert client.post(f"{path}/draw", headers=headers).status_code == 409
    assert client.post(f"{path}/close", headers=headers).status_code == 409


def test_bad_dates_statuses_and_seeds_are_refused_naming_the_field(client: FlaskClient) -> None:
    headers = login(client)
    cid = competition(client, headers)
    base = f"/api/competitions/{cid}/evenings"
    for body, field in [
        ({"date": "2026-02-30"}, "date"),
        ({"date": "5 april"}, "date"),
        ({}, "date"),
    ]:
        answer = client.post(base, json=body, headers=headers)
        assert answer.status_code == 422 and list(answer.json["fields"]) == [field]
        conforms(client, answer)
    client.post(base, json={"date": "2026-04-05"}, headers=headers)
    maybe = client.put(f"{base}/1/attendance/p1", json={"status": "maybe"}, headers=headers)
    assert maybe.status_code == 422 and list(maybe.json["fields"]) == ["status"]
    seed = client.post(f"{base}/1/draw", json={"seed": "a b"}, headers=headers)
    assert seed.status_code == 422 and list(seed.json["fields"]) == ["seed"]
    nobody = client.post(f"{base}/1/draw", headers=headers)
    assert nobody.status_code == 422 and nobody.json["fields"]
    conforms(client, nobody)


def test_unknown_evenings_and_players_are_404(client: FlaskClient) -> None:
    headers = login(client)
    cid = competition(client, headers)
    base = f"/api/competitions/{cid}/evenings"
    client.post(base, json={"date": "2026-04-05"}, headers=headers)
    for path in (f"{base}/2", f"{base}/0", f"{base}/99999999999999999999", f"{base}/one"):
        answer = client.get(path)
        assert answer.status_code == 404 and answer.json["message"], path
    conforms(client, client.get(f"{base}/2"))
    ghost = client.put(f"{base}/1/attendance/p9", json={"status": "present"}, headers=headers)
    assert ghost.status_code == 404 and ghost.json["fields"] == {"player_id": ghost.json["message"]}
    elsewhere = client.post(
        "/api/competitions/nope/evenings", json={"date": "2026-04-05"}, headers=headers
    )
    assert elsewhere.status_code == 404

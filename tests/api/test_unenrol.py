"""A mistaken enrolment is undone (#16, item 22): ``unenrol_player`` records a new event while
the player has no seat or result in a drawn evening, and is refused, naming the rule, after."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from backend.aggregates.actor import director
from backend.aggregates.errors import Conflict
from backend.application import Command

from .conftest import login, wiezen_evening
from .spec import conforms


def test_a_mistaken_enrolment_is_undone_and_its_id_is_never_given_again(
    web: Flask, client: FlaskClient
) -> None:
    headers = login(client)
    w = wiezen_evening(web)  # p1-p4 drawn at evening 1
    cid = w["competition_id"]
    base = f"/api/competitions/{cid}/players"
    extra = client.post(base, json={"name": "Jan Twice"}, headers=headers).json["player_id"]
    client.post(f"/api/competitions/{cid}/evenings", json={"date": "2026-04-12"}, headers=headers)
    present = client.put(
        f"/api/competitions/{cid}/evenings/2/attendance/{extra}",
        json={"status": "present"},
        headers=headers,
    )
    assert present.status_code == 200, present.json

    undone = client.post(f"{base}/{extra}/unenrol", json={"reason": "typed twice"}, headers=headers)
    assert undone.status_code == 200, undone.json
    conforms(client, undone)
    assert extra not in [p["player_id"] for p in undone.json]
    assert extra not in [p["player_id"] for p in client.get(base).json]
    evening = client.get(f"/api/competitions/{cid}/evenings/2").json
    # the undrawn evening forgets them too
    assert [a["player_id"] for a in evening["attendance"] if a["status"]] == []

    again = client.post(base, json={"name": "Jan Twice"}, headers=headers)  # the name is free
    assert again.status_code == 201 and again.json["player_id"] != extra

    trail = client.get(f"/api/audit?competition={cid}&event=PlayerUnenrolled").json
    assert [e["event"] for e in trail["entries"]] == ["PlayerUnenrolled"]
    gone = client.post(f"{base}/{extra}/unenrol", json={}, headers=headers)
    assert gone.status_code == 404 and list(gone.json["fields"]) == ["player_id"]


def test_a_player_with_a_seat_in_a_drawn_evening_stays_enrolled_and_nothing_is_stored(
    web: Flask, client: FlaskClient
) -> None:
    headers = login(client)
    w = wiezen_evening(web)
    cid, seated = w["competition_id"], w["players"][0]
    app = web.extensions["troef"].app
    before = app.get_competition(cid).version
    refused = client.post(
        f"/api/competitions/{cid}/players/{seated}/unenrol", json={}, headers=headers
    )
    assert refused.status_code == 409, refused.json
    conforms(client, refused)
    assert list(refused.json["fields"]) == ["player_id"]
    assert "seat" in refused.json["message"] and "withdraw" in refused.json["message"]
    assert app.get_competition(cid).version == before
    assert seated in [p["player_id"] for p in client.get(f"/api/competitions/{cid}/players").json]


def test_a_player_with_an_adjustment_or_a_counted_absence_stays_enrolled(web: Flask) -> None:
    app, boss = web.extensions["troef"].app, director("anna")
    cid = app.handle(
        boss, Command("create_competition", None, {"name": "K", "rules": "klaverjas-amsterdams"})
    )
    ids = [app.handle(boss, Command("enrol_player", cid, {"name": f"S{i}"})) for i in range(9)]
    app.handle(boss, Command("schedule_evening", cid, {"date": "2026-04-05"}))
    for pid in ids[:8]:
        app.handle(
            boss,
            Command(
                "record_attendance", cid, {"evening": 1, "player_id": pid, "status": "present"}
            ),
        )
    app.handle(
        boss,
        Command(
            "record_attendance", cid, {"evening": 1, "player_id": ids[8], "status": "absent_notice"}
        ),
    )
    app.handle(boss, Command("draw_seating", cid, {"evening": 1, "seed": "1"}))
    with pytest.raises(Conflict, match="absent with notice in evening 1") as refused:
        app.handle(boss, Command("unenrol_player", cid, {"player_id": ids[8]}))
    assert refused.value.field == "player_id"
    other = app.handle(
        boss, Command("create_competition", None, {"name": "W", "rules": "wiezen-reglement-2019"})
    )
    pid = app.handle(boss, Command("enrol_player", other, {"name": "Piet"}))
    app.handle(
        boss,
        Command("adjust_standing", other, {"player_id": pid, "points": 5, "reason": "fair play"}),
    )
    with pytest.raises(Conflict, match="adjustment of the standings"):
        app.handle(boss, Command("unenrol_player", other, {"player_id": pid}))

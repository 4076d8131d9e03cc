"""A console action sent twice is applied once: every change carries an Idempotency-Key."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from .conftest import login


def events(web: Flask) -> int:
    return web.extensions["troef"].app.recorder.max_notification_id() or 0


def competition(client: FlaskClient, headers: dict[str, str]) -> str:
    made = client.post(
        "/api/competitions",
        json={"name": "Zondagen", "rules": "wiezen-reglement-2019"},
        headers=headers,
    )
    assert made.status_code == 201, made.json
    return str(made.json["id"])


def test_a_change_without_a_key_is_refused_naming_the_header_and_records_nothing(
    web: Flask, client: FlaskClient
) -> None:
    headers = login(client)
    cid = competition(client, headers)
    before = events(web)
    answer = client.post(
        f"/api/competitions/{cid}/players",
        json={"name": "Jan"},
        headers={**headers, "Idempotency-Key": " "},
    )
    assert answer.status_code == 400
    assert answer.json["fields"] == {"Idempotency-Key": "is required"}
    assert events(web) == before


def test_an_enrolment_sent_twice_enrols_once_and_answers_the_same(
    web: Flask, client: FlaskClient
) -> None:
    session = login(client)
    cid = competition(client, session)
    headers = {**session, "Idempotency-Key": "enrol-jan-1"}
    first = client.post(f"/api/competitions/{cid}/players", json={"name": "Jan"}, headers=headers)
    after_first = events(web)
    again = client.post(f"/api/competitions/{cid}/players", json={"name": "Jan"}, headers=headers)
    assert (first.status_code, again.status_code) == (201, 201)
    assert again.json == first.json
    assert events(web) == after_first
    players = client.get(f"/api/competitions/{cid}/players").json
    assert [p["name"] for p in players] == ["Jan"]


def test_an_adjustment_sent_twice_adjusts_once(web: Flask, client: FlaskClient) -> None:
    headers = login(client)
    cid = competition(client, headers)
    jan = client.post(f"/api/competitions/{cid}/players", json={"name": "Jan"}, headers=headers)
    body = {"player_id": jan.json["player_id"], "points": -5, "reason": "late", "article": ""}
    keyed = {**headers, "Idempotency-Key": "adjust-1"}
    for _ in range(3):
        answer = client.post(f"/api/competitions/{cid}/adjustments", json=body, headers=keyed)
        assert answer.status_code == 201, answer.json
    detail = client.get(f"/api/competitions/{cid}").json
    assert len(detail["adjustments"]) == 1


def test_the_same_key_with_another_body_is_refused_with_409_naming_the_key(
    web: Flask, client: FlaskClient
) -> None:
    headers = login(client)
    cid = competition(client, headers)
    keyed = {**headers, "Idempotency-Key": "enrol-1"}
    client.post(f"/api/competitions/{cid}/players", json={"name": "Jan"}, headers=keyed)
    before = events(web)
    answer = client.post(f"/api/competitions/{cid}/players", json={"name": "Piet"}, headers=keyed)
    assert answer.status_code == 409
    assert "Idempotency-Key" in answer.json["fields"]
    assert "enrol-1" in answer.json["message"]
    assert events(web) == before


def test_every_operation_that_changes_the_history_documents_the_key(client: FlaskClient) -> None:
    spec = client.get("/api/openapi.json").json
    keyed, unkeyed = [], []
    for path, item in spec["paths"].items():
        for method, op in item.items():
            if method not in ("post", "put", "patch", "delete"):
                continue
            names = {p["name"] for p in op.get("parameters", []) if p.get("in") == "header"}
            (keyed if "Idempotency-Key" in names else unkeyed).append(f"{method} {path}")
    assert len(keyed) >= 15
    # what stays without a key is idempotent by its own content or changes no history: a
    # session, a bridge phone following the movement (its next device is derived from the
    # old one), a sync push (numbered mutations), the note that the cards were printed (the
    # first press per draw is kept). A join takes a key but does not need one (phones of the
    # release before send none: each such join is a new device).
    join = spec["paths"]["/api/join"]["post"]
    join_key = next(p for p in join["parameters"] if p["name"] == "Idempotency-Key")
    assert join_key["in"] == "header" and not join_key.get("required")
    assert sorted(unkeyed) == sorted(
        [
            "post /api/session",
            "delete /api/session",
            "post /api/join/next",
            "post /api/sync/push",
            "post /api/competitions/{competition_id}/evenings/{evening}/cards/printed",
        ]
    ), unkeyed


def test_every_keyed_operation_documents_the_refusals_of_its_key(client: FlaskClient) -> None:
    spec = client.get("/api/openapi.json").json
    keyed = [
        (f"{method} {path}", op)
        for path, item in spec["paths"].items()
        for method, op in item.items()
        if isinstance(op, dict)
        and any(
            p.get("name") == "Idempotency-Key" and p.get("required")
            for p in op.get("parameters", [])
        )
    ]
    assert len(keyed) >= 15
    for label, op in keyed:
        header = next(p for p in op["parameters"] if p["name"] == "Idempotency-Key")
        assert header["schema"]["maxLength"] == 200, label
        assert re.search(header["schema"]["pattern"], " \t\u00a0") is None, label
        assert re.search(header["schema"]["pattern"], " k ") is not None, label
        assert "used for another request" in op["responses"]["409"]["description"], label
        assert "blank" in op["responses"]["400"]["description"], label


@pytest.mark.parametrize("key", ["", " ", "\t", "k" * 201])
def test_a_blank_or_too_long_key_is_refused_with_400_and_records_nothing(
    web: Flask, client: FlaskClient, key: str
) -> None:
    headers = login(client)
    cid = competition(client, headers)
    before = events(web)
    answer = client.post(
        f"/api/competitions/{cid}/players",
        json={"name": "Jan"},
        headers={**headers, "Idempotency-Key": key},
    )
    assert answer.status_code == 400, answer.json
    assert "Idempotency-Key" in answer.json["fields"]
    assert events(web) == before


def test_a_key_of_200_characters_is_taken(client: FlaskClient) -> None:
    headers = login(client)
    cid = competition(client, headers)
    answer = client.post(
        f"/api/competitions/{cid}/players",
        json={"name": "Jan"},
        headers={**headers, "Idempotency-Key": "k" * 200},
    )
    assert answer.status_code == 201, answer.json

"""The director submits a list from the signed paper list when the table's phones are gone."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from .conftest import join, login
from .spec import conforms
from .test_lists import played


def test_the_director_submits_a_list_for_its_table_with_the_same_checks_as_a_table(
    web: Flask, client: FlaskClient
) -> None:
    ev = played(web)
    lst = ev["list"]
    path = f"/api/lists/{lst}/submit"
    token = join(client, ev["codes"][0], "phone-1")
    assert client.post(path, json={"scorer": "1", "confirmed_by": "2"}).status_code == 401
    assert (
        client.post(path, json={"scorer": "1", "confirmed_by": "2"}, headers=token).status_code
        == 403
    )
    headers = login(client)
    before = client.get(f"/api/lists/{lst}", headers=headers).json
    short = client.post(path, json={"scorer": "1", "confirmed_by": "2"}, headers=headers)
    assert short.status_code == 409 and "close a list early" in short.json["message"]
    same_side = client.post(path, json={"scorer": "1", "confirmed_by": "1"}, headers=headers)
    assert same_side.status_code == 422 and list(same_side.json["fields"]) == ["confirmed_by"]
    missing = client.post(path, json={"scorer": "1"}, headers=headers)
    assert missing.status_code == 422 and list(missing.json["fields"]) == ["confirmed_by"]
    assert client.get(f"/api/lists/{lst}", headers=headers).json["version"] == before["version"]

    client.post(f"/api/lists/{lst}/close-short", json={"reason": "phones gone"}, headers=headers)
    done = client.post(path, json={"scorer": "1", "confirmed_by": "2"}, headers=headers)
    assert done.status_code == 200, done.json
    conforms(client, done)
    assert done.json["status"] == "submitted" and len(done.json["submitted_head"]) == 64
    again = client.post(path, json={"scorer": "1", "confirmed_by": "2"}, headers=headers)
    assert again.status_code == 409
    trail = client.get("/api/audit", query_string={"event": "ListSubmitted"}, headers=headers)
    (entry,) = trail.json["entries"]
    assert entry["role"] == "director" and entry["actor_name"] == "anna"

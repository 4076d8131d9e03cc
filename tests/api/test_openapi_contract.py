"""The OpenAPI document and the server agree where they once did not.

Each case is sent twice over: checked against the request body schema of
``/api/openapi.json`` (what a client's tooling would do) and sent to the server. Both must
say the same thing: valid and accepted, or invalid and refused with a 4xx naming the field.
The generated run (``test_schemathesis``) covers every operation broadly; these pin the
disagreements it was too sparse to hit every time: a blank name, a flag written as ``1``,
a rule set that does not exist, a draw without a body, and who may call what.
"""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest
from flask import Flask
from flask.testing import FlaskClient

from .conftest import login, wiezen_evening

BLANKS = [" ", "   ", "\t\n", "\u00a0", "\u3000 \u2003", "\x1c"]


def document(client: FlaskClient) -> dict[str, Any]:
    return client.get("/api/openapi.json").json


def body_schema(spec: dict[str, Any], method: str, path: str) -> dict[str, Any]:
    """The request body's schema of an operation, with the document's components beside it."""
    content = spec["paths"][path][method]["requestBody"]["content"]["application/json"]
    return {**content["schema"], "components": spec["components"]}


def documented_valid(spec: dict[str, Any], method: str, path: str, body: Any) -> bool:
    validator = jsonschema.Draft4Validator(body_schema(spec, method, path))
    return validator.is_valid(body)


@pytest.fixture
def evening(web: Flask, client: FlaskClient) -> dict[str, Any]:
    found = wiezen_evening(web)
    return {**found, "headers": login(client), "spec": document(client)}


@pytest.mark.parametrize("blank", BLANKS)
def test_a_blank_name_is_invalid_in_the_document_and_refused_by_the_server(
    client: FlaskClient, evening: dict[str, Any], blank: str
) -> None:
    cid, spec, headers = evening["competition_id"], evening["spec"], evening["headers"]
    for method, path, url, body in [
        (
            "post",
            "/api/competitions",
            "/api/competitions",
            {"name": blank, "rules": "bridge-nbb-1930"},
        ),
        (
            "post",
            "/api/competitions/{competition_id}/players",
            f"/api/competitions/{cid}/players",
            {"name": blank},
        ),
    ]:
        assert not documented_valid(spec, method, path, body), (path, blank)
        answer = client.open(url, method=method.upper(), json=body, headers=headers)
        assert answer.status_code == 422 and "name" in answer.json["fields"], answer.json


def test_a_name_with_spaces_around_it_is_valid_in_both_and_kept_without_them(
    client: FlaskClient, evening: dict[str, Any]
) -> None:
    cid, spec = evening["competition_id"], evening["spec"]
    body = {"name": "\u00a0 Mies Bakker \t"}
    assert documented_valid(spec, "post", "/api/competitions/{competition_id}/players", body)
    answer = client.post(f"/api/competitions/{cid}/players", json=body, headers=evening["headers"])
    assert answer.status_code == 201 and answer.json["name"] == "Mies Bakker", answer.json


def test_a_name_as_long_as_the_competition_allows_is_valid_one_more_is_not(
    client: FlaskClient, evening: dict[str, Any]
) -> None:
    cid, spec, headers = evening["competition_id"], evening["spec"], evening["headers"]
    path = "/api/competitions/{competition_id}/players"
    longest, too_long = {"name": "x" * 200}, {"name": "x" * 201}
    assert documented_valid(spec, "post", path, longest)
    assert not documented_valid(spec, "post", path, too_long)
    url = f"/api/competitions/{cid}/players"
    assert client.post(url, json=longest, headers=headers).status_code == 201
    assert client.post(url, json=too_long, headers=headers).status_code == 422


@pytest.mark.parametrize("flag", [1, 0, "1", "true", "yes", None])
def test_dry_run_takes_true_or_false_only_and_a_refused_flag_enrols_nobody(
    client: FlaskClient, evening: dict[str, Any], flag: Any
) -> None:
    cid, spec = evening["competition_id"], evening["spec"]
    body = {"csv": "Nieuwe Speler\nNog Een\n", "dry_run": flag}
    path = "/api/competitions/{competition_id}/player-import"
    assert not documented_valid(spec, "post", path, body)
    url = f"/api/competitions/{cid}/player-import"
    answer = client.post(url, json=body, headers=evening["headers"])
    assert answer.status_code == 422 and "dry_run" in answer.json["fields"], answer.json
    names = [p["name"] for p in client.get(f"/api/competitions/{cid}/players").json]
    assert "Nieuwe Speler" not in names


@pytest.mark.parametrize("flag", [True, False])
def test_dry_run_true_or_false_is_valid_and_taken_at_its_word(
    client: FlaskClient, evening: dict[str, Any], flag: bool
) -> None:
    cid, spec = evening["competition_id"], evening["spec"]
    body = {"csv": "Nieuwe Speler\n", "dry_run": flag}
    assert documented_valid(spec, "post", "/api/competitions/{competition_id}/player-import", body)
    url = f"/api/competitions/{cid}/player-import"
    answer = client.post(url, json=body, headers=evening["headers"])
    assert answer.status_code == 200 and answer.json["dry_run"] is flag, answer.json
    names = [p["name"] for p in client.get(f"/api/competitions/{cid}/players").json]
    assert ("Nieuwe Speler" in names) is not flag


@pytest.mark.parametrize(
    "rules",
    [
        "wiezen-reglement-1999",
        "wiezen-reglement-2019@7",
        " ",
        {"id": "mijn-club", "base": "bestaat-niet"},
        {"id": "mijn-club", "base": "klaverjas-amsterdams@2"},
        {"id": "klaverjas-amsterdams", "base": "klaverjas-amsterdams"},
    ],
)
def test_a_rule_set_that_is_not_shipped_is_invalid_in_both(
    client: FlaskClient, evening: dict[str, Any], rules: Any
) -> None:
    body = {"name": "Nieuw", "rules": rules}
    assert not documented_valid(evening["spec"], "post", "/api/competitions", body)
    answer = client.post("/api/competitions", json=body, headers=evening["headers"])
    assert answer.status_code == 422 and any(
        field.startswith("rules") for field in answer.json["fields"]
    ), answer.json


@pytest.mark.parametrize(
    "rules",
    [
        "klaverjas-amsterdams",
        "klaverjas-amsterdams@1",
        {"id": "mijn-club", "base": "klaverjas-amsterdams"},
        {"id": "mijn-club", "base": "bridge-nbb-1930@1", "title": "Onze bridge"},
    ],
)
def test_a_shipped_rule_set_or_a_copy_of_one_is_valid_in_both(
    client: FlaskClient, evening: dict[str, Any], rules: Any
) -> None:
    body = {"name": "Nieuw", "rules": rules}
    assert documented_valid(evening["spec"], "post", "/api/competitions", body)
    answer = client.post("/api/competitions", json=body, headers=evening["headers"])
    assert answer.status_code == 201, answer.json


def test_a_draw_without_a_body_is_documented_and_draws_by_a_recorded_random_seed(
    web: Flask, client: FlaskClient
) -> None:
    cid = wiezen_evening(web)["competition_id"]
    headers = login(client)
    request_body = document(client)["paths"][
        "/api/competitions/{competition_id}/evenings/{evening}/draw"
    ]["post"]["requestBody"]
    assert request_body["required"] is False
    answer = client.post(f"/api/competitions/{cid}/evenings/1/draw", headers=headers)
    assert answer.status_code == 200, answer.json
    drawn = answer.json["draw"]
    assert drawn["draw_no"] == 2 and drawn["seed"] and drawn["seed"] != "1"

"""A new competition's counting rule and a club's rule-set options: the document and the server
agree on each setting, and the rules across fields the schema cannot state are in the
operation's description and answered with 422 naming the setting.

Each case is checked against the request body's schema of ``/api/openapi.json`` (as a
client's tooling would) and sent to the server.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from .conftest import login
from .test_openapi_contract import document, documented_valid

CREATE = "/api/competitions"
WIEZEN = "wiezen-reglement-2019"


@pytest.fixture
def director(web: Flask, client: FlaskClient) -> dict[str, Any]:
    return {"headers": login(client), "spec": document(client)}


def create(client: FlaskClient, director: dict[str, Any], body: dict[str, Any]) -> Any:
    return client.post(CREATE, json=body, headers=director["headers"])


@pytest.mark.parametrize(
    ("rules", "counting"),
    [
        (WIEZEN, {"evenings": 12, "best": 8}),
        ("klaverjas-amsterdams", {"evenings": 0}),
        ("schafkopf-tsv-lengfeld", {"evenings": 6, "durchgaenge": 3}),
        ("bridge-nbb-1930", {"method": "butler", "movement": "howell", "boards_per_round": 2}),
    ],
)
def test_each_games_own_counting_settings_are_valid_in_both_and_kept(
    client: FlaskClient, director: dict[str, Any], rules: str, counting: dict[str, Any]
) -> None:
    body = {"name": "Seizoen", "rules": rules, "counting": counting}
    assert documented_valid(director["spec"], "post", CREATE, body)
    answer = create(client, director, body)
    assert answer.status_code == 201, answer.json
    assert answer.json["counting"].items() >= counting.items()


@pytest.mark.parametrize(
    ("counting", "field"),
    [
        ({"sundays": 15}, "counting.sundays"),
        ({"evenings": 367}, "counting.evenings"),
        ({"evenings": -1}, "counting.evenings"),
        ({"evenings": True}, "counting.evenings"),
        ({"best": "9"}, "counting.best"),
        ({"durchgaenge": 11}, "counting.durchgaenge"),
        ({"method": "imps"}, "counting.method"),
        ({"movement": "rover"}, "counting.movement"),
        ({"boards_per_round": 0}, "counting.boards_per_round"),
        ("best 9 of 15", "counting"),
    ],
)
def test_a_counting_setting_no_game_takes_is_invalid_in_both(
    client: FlaskClient, director: dict[str, Any], counting: Any, field: str
) -> None:
    body = {"name": "Seizoen", "rules": WIEZEN, "counting": counting}
    assert not documented_valid(director["spec"], "post", CREATE, body)
    answer = create(client, director, body)
    assert answer.status_code == 422 and field in answer.json["fields"], answer.json


@pytest.mark.parametrize(
    ("rules", "counting", "field"),
    [
        (WIEZEN, {"method": "butler"}, "counting.method"),
        ("klaverjas-amsterdams", {"best": 3}, "counting.best"),
        (WIEZEN, {"evenings": 0}, "counting.evenings"),
        (WIEZEN, {"evenings": 10, "best": 11}, "counting.best"),
        (WIEZEN, {"evenings": 5}, "counting.best"),  # the rule set's season_best is 9
    ],
)
def test_a_counting_rule_across_fields_is_in_the_description_and_refused_by_name(
    client: FlaskClient, director: dict[str, Any], rules: str, counting: Any, field: str
) -> None:
    body = {"name": "Seizoen", "rules": rules, "counting": counting}
    assert documented_valid(director["spec"], "post", CREATE, body)
    description = director["spec"]["paths"][CREATE]["post"]["description"]
    for rule in ("another game", "no evenings", "`best` above its `evenings`", "422"):
        assert rule in description
    answer = create(client, director, body)
    assert answer.status_code == 422 and list(answer.json["fields"]) == [field], answer.json


def test_a_clubs_options_of_the_right_type_are_valid_in_both_and_kept(
    client: FlaskClient, director: dict[str, Any]
) -> None:
    options = {
        "troel_target": 9,
        "pas_rond_doubles_special": False,
        "shuffle_penalty": "zero_sum",
        "season_sundays": 12,
        "season_best": 8,
    }
    body = {"name": "Eigen", "rules": {"id": "onze-wiezen", "base": WIEZEN, "options": options}}
    assert documented_valid(director["spec"], "post", CREATE, body)
    answer = create(client, director, body)
    assert answer.status_code == 201, answer.json
    kept = {option["name"]: option["value"] for option in answer.json["rules"]["options"]}
    assert kept.items() >= options.items()
    assert answer.json["counting"] == {"evenings": 12, "best": 8}


@pytest.mark.parametrize(
    ("base", "options", "field"),
    [
        (WIEZEN, {"troel_target": 7}, "rules.options.troel_target"),
        (WIEZEN, {"pas_rond_doubles_special": 1}, "rules.options.pas_rond_doubles_special"),
        (WIEZEN, {"season_best": 0}, "rules.options.season_best"),
        (WIEZEN, {"shuffle_penalty": "double"}, "rules.options.shuffle_penalty"),
        (WIEZEN, {"pit_bonus": 10}, "rules.options.pit_bonus"),  # a klaverjas option
        ("klaverjas-amsterdams@1", {"deals_per_partij": 0}, "rules.options.deals_per_partij"),
        ("bridge-nbb-1930", {"claim_validity": "yes"}, "rules.options.claim_validity"),
        ("schafkopf-tsv-lengfeld", {"schneider_defender_limit": 31}, None),
    ],
)
def test_an_option_its_game_does_not_take_is_invalid_in_both(
    client: FlaskClient, director: dict[str, Any], base: str, options: Any, field: str | None
) -> None:
    body = {"name": "Eigen", "rules": {"id": "eigen-regels", "base": base, "options": options}}
    assert not documented_valid(director["spec"], "post", CREATE, body)
    answer = create(client, director, body)
    named = field or f"rules.options.{next(iter(options))}"
    assert answer.status_code == 422 and named in answer.json["fields"], answer.json

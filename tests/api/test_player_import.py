"""Importing players from a CSV file: per line taken or refused by name, in one save."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from backend.aggregates.actor import director
from backend.application import Command

from .conftest import login

URL = "/api/competitions/{}/player-import"


def competition(web: Flask, *names: str) -> str:
    app = web.extensions["troef"].app
    cid = app.handle(
        director("anna"),
        Command("create_competition", None, {"name": "Zondagen", "rules": "wiezen-reglement-2019"}),
    )
    for name in names:
        app.handle(director("anna"), Command("enrol_player", cid, {"name": name}))
    return cid


def enrolled(web: Flask, cid: str) -> int:
    return len(web.extensions["troef"].app.get_competition(cid).players)


def test_one_name_a_line_enrols_each_and_refuses_a_name_already_enrolled(
    web: Flask, client: FlaskClient
) -> None:
    cid = competition(web, "Bert Peeters")
    text = 'An Claes\n\nbert  peeters\nJansen, Piet\n"Carla ""Cas"" Wouters"\nAn Claes\n'
    answer = client.post(URL.format(cid), json={"csv": text}, headers=login(client))
    assert answer.status_code == 200, answer.json
    body = answer.json
    assert body["column"] is None and body["dry_run"] is False
    assert [(x["line"], x["status"], x["name"], x["player_id"]) for x in body["lines"]] == [
        (1, "taken", "An Claes", "p2"),
        (3, "refused", "bert peeters", None),
        (4, "taken", "Jansen, Piet", "p3"),
        (5, "taken", 'Carla "Cas" Wouters', "p4"),
        (6, "refused", "An Claes", None),
    ]
    assert body["lines"][1]["reason"] == "bert peeters is already enrolled (p1)"
    assert body["lines"][4]["reason"] == "An Claes is on line 1 already"
    assert (body["taken"], body["refused"]) == (3, 2)
    assert [p["name"] for p in body["players"]] == [
        "Bert Peeters",
        "An Claes",
        "Jansen, Piet",
        'Carla "Cas" Wouters',
    ]
    listed = client.get(f"/api/competitions/{cid}/players").json
    assert [p["player_id"] for p in listed] == ["p1", "p2", "p3", "p4"]


def test_a_name_column_is_read_from_a_semicolon_file_and_short_rows_are_refused(
    web: Flask, client: FlaskClient
) -> None:
    cid = competition(web)
    text = "Lidnummer;Naam;Telefoon\n12;Dirk Maes;0470\n13\n14;;0471\n15;Els Goossens;0472\n"
    body = client.post(URL.format(cid), json={"csv": text}, headers=login(client)).json
    assert body["column"] == "naam"
    assert [(x["line"], x["status"], x["reason"]) for x in body["lines"]] == [
        (2, "taken", None),
        (3, "refused", "has no naam column"),
        (4, "refused", "the name is empty"),
        (5, "taken", None),
    ]
    assert [p["name"] for p in body["players"]] == ["Dirk Maes", "Els Goossens"]


def test_a_dry_run_says_what_would_happen_and_enrols_nobody(
    web: Flask, client: FlaskClient
) -> None:
    cid = competition(web, "An")
    body = client.post(
        URL.format(cid),
        json={"csv": "name\nAn\nBert\n" + "x" * 201, "dry_run": True},
        headers=login(client),
    ).json
    assert body["dry_run"] is True
    assert [(x["status"], x["player_id"]) for x in body["lines"]] == [
        ("refused", None),
        ("taken", "p2"),
        ("refused", None),
    ]
    assert body["lines"][2]["reason"] == "the name is longer than 200 characters"
    assert enrolled(web, cid) == 1
    assert [p["name"] for p in body["players"]] == ["An"]


def test_an_empty_file_is_refused_naming_the_field_and_nothing_is_stored(
    web: Flask, client: FlaskClient
) -> None:
    cid = competition(web)
    headers = login(client)
    blank = client.post(URL.format(cid), json={"csv": "\n  \n"}, headers=headers)
    assert blank.status_code == 422
    assert blank.json["fields"] == {"csv": "holds no names: put one name on each line"}
    missing = client.post(URL.format(cid), json={}, headers=headers)
    assert missing.status_code == 422 and "csv" in missing.json["fields"]
    assert enrolled(web, cid) == 0


def test_only_the_director_imports(web: Flask, client: FlaskClient) -> None:
    cid = competition(web)
    assert client.post(URL.format(cid), json={"csv": "An"}).status_code == 401
    assert (
        client.post(URL.format("nope"), json={"csv": "An"}, headers=login(client)).status_code
        == 404
    )
    assert enrolled(web, cid) == 0


def test_each_rule_set_lists_its_games_counting_rule_for_the_new_competition_form(
    client: FlaskClient,
) -> None:
    presets = {rs["id"]: rs["counting"] for rs in client.get("/api/rulesets").json}
    assert presets["wiezen-reglement-2019"] == {"evenings": 15, "best": 9}
    assert presets["bridge-nbb-1930"]["movement"] == "mitchell"

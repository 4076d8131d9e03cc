"""Federation numbers: a club secretary enters a player's number when enrolling (or in the
import file) and corrects it later, sets the club's number once, and the USEBIO file reports
both, valid against the DTD (issue 15)."""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from flask import Flask
from flask.testing import FlaskClient
from lxml import etree

from backend import instance
from backend.aggregates.actor import director
from backend.api import create_app
from backend.application import Command
from backend.cli import main
from backend.rules.games import default_ruleset

from ..exports.conftest import DTD
from ..keyed import keyed
from .conftest import PASSWORD, four_spades_on_board_one, login

PAIRS = {
    "Jansen – de Vries": ["12345", "67890"],
    "Peeters – Claes": ["NL-2041", ""],  # de Claes's number is not known yet
    "Wouters – Maes": [],
    "Smit – Bakker": ["501", "502"],
    "Mertens – Goossens": ["7001", "7002"],
    "Dubois – Lambert": ["7003", "7004"],
}


@pytest.fixture
def numbered_club(tmp_path: Path) -> Iterator[Flask]:
    """A club whose federation number is 4711."""
    instance.init(tmp_path / "club", "De Troef", "anna", PASSWORD, club_number="4711")
    web = keyed(
        create_app(
            {"TESTING": True, "TROEF_INSTANCE": str(tmp_path / "club"), "TROEF_WORKER": False}
        )
    )
    yield web
    web.extensions["troef"].close()


def bridge_evening(web: Flask, client: FlaskClient, headers: dict[str, str]) -> dict[str, Any]:
    """Six pairs enrolled through the API with their numbers, drawn and board 1 played."""
    app, boss = web.extensions["troef"].app, director()
    cid = app.handle(
        boss,
        Command(
            "create_competition",
            None,
            {"name": "Dinsdagparen", "rules": default_ruleset("bridge").ref},
        ),
    )
    ids = {}
    for name, numbers in PAIRS.items():
        body = {"name": name, **({"numbers": numbers} if numbers else {})}
        answer = client.post(f"/api/competitions/{cid}/players", json=body, headers=headers)
        assert answer.status_code == 201, answer.json
        ids[name] = answer.json["player_id"]
    app.handle(boss, Command("schedule_evening", cid, {"date": "2026-04-07"}))
    for pid in ids.values():
        app.handle(
            boss,
            Command(
                "record_attendance", cid, {"evening": 1, "player_id": pid, "status": "present"}
            ),
        )
    drawn = app.handle(boss, Command("draw_seating", cid, {"evening": 1, "seed": "7"}))
    four_spades_on_board_one(web, drawn["lists"], [10, 11, 9])
    return {"competition_id": cid, "ids": ids}


def usebio(client: FlaskClient, cid: str) -> etree._Element:
    answer = client.get(f"/api/competitions/{cid}/evenings/1/session.usebio.xml")
    assert answer.status_code == 200, answer.get_data(as_text=True)
    parser = etree.XMLParser(load_dtd=False, no_network=True, resolve_entities=False)
    root = etree.fromstring(answer.data, parser)
    dtd = etree.DTD(str(DTD))
    assert dtd.validate(root), dtd.error_log.filter_from_errors()
    return root


def numbers_by_player(root: etree._Element) -> dict[str, str]:
    return {
        p.findtext("PLAYER_NAME"): p.findtext("NATIONAL_ID_NUMBER") or ""
        for p in root.iter("PLAYER")
    }


def test_numbers_entered_when_enrolling_are_in_the_usebio_file_with_the_clubs(
    numbered_club: Flask,
) -> None:
    client = numbered_club.test_client()
    ev = bridge_evening(numbered_club, client, login(client))
    root = usebio(client, ev["competition_id"])
    assert root.findtext("CLUB/CLUB_ID_NUMBER") == "4711"
    assert numbers_by_player(root) == {
        "Jansen": "12345",
        "de Vries": "67890",
        "Peeters": "NL-2041",
        "Claes": "",
        "Wouters": "",
        "Maes": "",
        "Smit": "501",
        "Bakker": "502",
        "Mertens": "7001",
        "Goossens": "7002",
        "Dubois": "7003",
        "Lambert": "7004",
    }
    listed = client.get(f"/api/competitions/{ev['competition_id']}/players").json
    assert [p["numbers"] for p in listed][:4] == [
        ["12345", "67890"],
        ["NL-2041"],
        [],
        ["501", "502"],
    ]


def test_a_number_corrected_later_is_what_the_next_export_reports(numbered_club: Flask) -> None:
    client = numbered_club.test_client()
    headers = login(client)
    ev = bridge_evening(numbered_club, client, headers)
    cid, pid = ev["competition_id"], ev["ids"]["Peeters – Claes"]
    answer = client.patch(
        f"/api/competitions/{cid}/players/{pid}",
        json={"numbers": ["NL-2041", "NL-3077"]},
        headers=headers,
    )
    assert answer.status_code == 200, answer.json
    assert answer.json == {
        "player_id": pid,
        "name": "Peeters – Claes",
        "withdrawn": None,
        "numbers": ["NL-2041", "NL-3077"],
    }
    assert numbers_by_player(usebio(client, cid))["Claes"] == "NL-3077"
    renamed = client.patch(
        f"/api/competitions/{cid}/players/{pid}",
        json={"name": "Peeters – Claessens"},
        headers=headers,
    )
    assert renamed.json["numbers"] == ["NL-2041", "NL-3077"]  # a new name keeps the numbers
    history = numbered_club.extensions["troef"].app.get_competition(cid)
    assert history.players[pid]["numbers"] == ["NL-2041", "NL-3077"]


def test_a_bad_number_is_refused_naming_it_and_enrols_nobody(numbered_club: Flask) -> None:
    client = numbered_club.test_client()
    headers = login(client)
    ev = bridge_evening(numbered_club, client, headers)
    cid = ev["competition_id"]
    for numbers in (["12345", "=CMD()"], ["1", "2", "3", "4", "5"], ["x" * 21]):
        answer = client.post(
            f"/api/competitions/{cid}/players",
            json={"name": "Nieuw – Paar", "numbers": numbers},
            headers=headers,
        )
        assert answer.status_code == 422, answer.json
        assert any(f.startswith("numbers") for f in answer.json["fields"]), answer.json
    names = [p["name"] for p in client.get(f"/api/competitions/{cid}/players").json]
    assert "Nieuw – Paar" not in names
    same = client.patch(f"/api/competitions/{cid}/players/p1", json={}, headers=headers)
    assert same.status_code == 200 and same.json["numbers"] == ["12345", "67890"]  # no change


def test_the_import_reads_a_bondsnummer_column(numbered_club: Flask) -> None:
    client = numbered_club.test_client()
    headers = login(client)
    cid = numbered_club.extensions["troef"].app.handle(
        director(),
        Command("create_competition", None, {"name": "Zondagen", "rules": "wiezen-reglement-2019"}),
    )
    text = "naam;bondsnummer\nAn Claes;10021\nBert Peeters;\nCarla Wouters;10 023\nDirk;=1+1\n"
    answer = client.post(
        f"/api/competitions/{cid}/player-import", json={"csv": text}, headers=headers
    )
    assert answer.status_code == 200, answer.json
    assert [line["status"] for line in answer.json["lines"]] == [
        "taken",
        "taken",
        "taken",
        "refused",
    ]
    assert "federation number" in answer.json["lines"][3]["reason"]
    assert [(p["name"], p["numbers"]) for p in answer.json["players"]] == [
        ("An Claes", ["10021"]),
        ("Bert Peeters", []),
        ("Carla Wouters", ["10 023"]),
    ]


def test_troef_init_writes_the_club_number_the_instance_reads(tmp_path: Path) -> None:
    folder = tmp_path / "club"
    done = CliRunner().invoke(
        main, ["init", "--instance", str(folder), "--club", "De Troef", "--club-number", "4711"]
    )
    assert done.exit_code == 0, done.output
    settings = tomllib.loads((folder / "troef.toml").read_text(encoding="utf-8"))
    assert settings["club"] == {"name": "De Troef", "number": "4711"}
    assert instance.load(folder).club_number == "4711"
    assert instance.init(tmp_path / "other", "B", "b", "p")[0].club_number == ""

"""A real web app on a temporary instance folder (SQLite files), and helpers to drive it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from backend import instance
from backend.aggregates.actor import director
from backend.api import create_app
from backend.api.auth import join_code
from backend.application import Command
from backend.rules.games import default_ruleset

from ..keyed import keyed

PASSWORD = "geheim-genoeg"


@pytest.fixture
def web(tmp_path: Path) -> Iterator[Flask]:
    instance.init(tmp_path / "club", "De Troef", "anna", PASSWORD)
    flask_app = keyed(
        create_app(
            {"TESTING": True, "TROEF_INSTANCE": str(tmp_path / "club"), "TROEF_WORKER": False}
        )
    )
    yield flask_app
    flask_app.extensions["troef"].close()


@pytest.fixture
def client(web: Flask) -> FlaskClient:
    return web.test_client()


def login(client: FlaskClient) -> dict[str, str]:
    """Log in as the director; return the headers a state-changing request needs."""
    answer = client.post("/api/session", json={"name": "anna", "password": PASSWORD})
    assert answer.status_code == 200, answer.json
    return {"X-CSRF-Token": answer.json["csrf_token"]}


def wiezen_evening(web: Flask, players: int = 4) -> dict[str, Any]:
    """A wiezen competition with one drawn evening; returns ids and the lists' join codes."""
    app = web.extensions["troef"].app
    boss = director("anna")
    cid = app.handle(
        boss,
        Command("create_competition", None, {"name": "Zondagen", "rules": "wiezen-reglement-2019"}),
    )
    ids = [
        app.handle(boss, Command("enrol_player", cid, {"name": f"Speler {i}"}))
        for i in range(players)
    ]
    app.handle(boss, Command("schedule_evening", cid, {"date": "2026-04-05"}))
    for pid in ids:
        app.handle(
            boss,
            Command(
                "record_attendance", cid, {"evening": 1, "player_id": pid, "status": "present"}
            ),
        )
    drawn = app.handle(boss, Command("draw_seating", cid, {"evening": 1, "seed": "1"}))
    with web.app_context():
        codes = [join_code(e["list_id"]) for e in drawn["lists"]]
    return {"competition_id": cid, "players": ids, "lists": drawn["lists"], "codes": codes}


def bridge_pairs(web: Flask, counting: dict[str, Any] | None = None) -> dict[str, Any]:
    """Six pairs present on a bridge evening, drawn into a Mitchell of 3 boards a round (seed
    7); the competition's id and the draw's lists (each with its boards)."""
    app, boss = web.extensions["troef"].app, director()
    cid = app.handle(
        boss,
        Command(
            "create_competition",
            None,
            {"name": "Dinsdagparen", "rules": default_ruleset("bridge").ref, "counting": counting},
        ),
    )
    pairs = [
        app.handle(boss, Command("enrol_player", cid, {"name": f"Paar {i}"})) for i in range(1, 7)
    ]
    app.handle(boss, Command("schedule_evening", cid, {"date": "2026-04-07"}))
    for pid in pairs:
        app.handle(
            boss,
            Command(
                "record_attendance", cid, {"evening": 1, "player_id": pid, "status": "present"}
            ),
        )
    drawn = app.handle(boss, Command("draw_seating", cid, {"evening": 1, "seed": "7"}))
    return {"competition_id": cid, "lists": drawn["lists"]}


def four_spades_on_board_one(web: Flask, lists: list[dict[str, Any]], tricks: list[int]) -> None:
    """Board 1 played as 4♠ by S at each table that has it, making ``tricks`` in turn."""
    app = web.extensions["troef"].app
    board_one = [e["list_id"] for e in lists if 1 in e["boards"]]
    for made, lst in zip(tricks, board_one, strict=True):
        facts = {"board": 1, "contract": {"level": 4, "strain": "S"}, "declarer": "S"}
        app.handle(
            director(),
            Command("record_deal", lst, {"deal_no": 1, "record": {**facts, "tricks": made}}),
        )


def join(client: FlaskClient, code: str, name: str) -> dict[str, str]:
    """Join a table as a phone called ``name``; the headers carry the device's secret."""
    answer = client.post("/api/join", json={"code": code, "name": name})
    assert answer.status_code == 200, answer.json
    return {"Authorization": f"Bearer {answer.json['token']}"}


def vraag(dealer: int = 1, tricks: int = 9) -> dict[str, Any]:
    return {"dealer": dealer, "contract": "VRAAG", "declarers": [1, 3], "tricks": tricks}

"""The director's hash chains over the API name a list shortened after its evening closed."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

from flask import Flask
from flask.testing import FlaskClient

from backend.aggregates.actor import director
from backend.application import Command
from backend.demo.tables import Incidents, Phones, play_list

from .conftest import login, wiezen_evening
from .spec import conforms


def test_the_chains_name_a_list_whose_submission_was_deleted(
    web: Flask, client: FlaskClient, tmp_path: Path
) -> None:
    ev = wiezen_evening(web)
    app, boss = web.extensions["troef"].app, director("anna")
    entry = ev["lists"][0]
    play_list(app, boss, entry, "wiezen", random.Random(5), Phones("p"), Incidents(close_after=2))
    app.handle(boss, Command("close_evening", ev["competition_id"], {"evening": 1}))
    submitted = app.get_list(entry["list_id"])
    login(client)
    clean = client.get(f"/api/audit/chains?competition={ev['competition_id']}")
    assert clean.status_code == 200 and clean.json["ok"] is True

    with sqlite3.connect(tmp_path / "club" / "events.sqlite") as conn:
        conn.execute(
            "DELETE FROM stored_events WHERE originator_id = ? AND originator_version = ?",
            [submitted.id.hex, submitted.version],
        )
    answer = client.get(f"/api/audit/chains?competition={ev['competition_id']}")
    assert answer.status_code == 200
    conforms(client, answer)
    assert answer.json["ok"] is False
    chains = {c["aggregate_id"]: c for c in answer.json["chains"]}
    assert chains[ev["competition_id"]]["ok"] is True  # the close itself is intact
    shortened = chains[entry["list_id"]]
    assert (shortened["ok"], shortened["broken_at"]) == (False, submitted.version)
    assert (shortened["evening"], shortened["table"]) == (1, entry["table"])
    assert f"evening 1, round 1, table {entry['table']}" in shortened["problem"]
    assert (
        f"anchored version {submitted.version} with head {submitted.head[:12]}…, "
        f"the stored chain ends at version {submitted.version - 1}"
    ) in shortened["problem"]

"""Over HTTP: a dispute at a card, and a ruling that corrects a played deal against its play
only when the director says so (override_play)."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from backend.aggregates.actor import director

from ..application.test_ruling_at_card import played_board
from .conftest import login
from .spec import conforms


def test_over_http_the_director_rules_at_a_card_and_overrides_the_play(
    web: Flask, client: FlaskClient
) -> None:
    app = web.extensions["troef"].app
    list_id, record, _ = played_board(app, director())
    headers = login(client)
    url = f"/api/lists/{list_id}/disputes"
    raised = client.post(url, json={"deal_no": 1, "reason": "lead?", "at_card": 1}, headers=headers)
    assert raised.status_code == 201, raised.json
    wrong = record | {"tricks": (record["tricks"] + 2) % 14}
    body = {"deal_no": 1, "decision": "corrected", "reason": "claim", "record": wrong, "at_card": 1}
    refused = client.post(f"/api/lists/{list_id}/rulings", json=body, headers=headers)
    assert refused.status_code == 422 and "record.tricks" in refused.json["fields"]
    conforms(client, refused)
    answer = client.post(
        f"/api/lists/{list_id}/rulings", json=body | {"override_play": True}, headers=headers
    )
    assert answer.status_code == 200, answer.json
    conforms(client, answer)
    steps = client.get(f"/api/lists/{list_id}/replay?deal=1", headers=headers).json["steps"]
    details = {s["event"]: s["details"] for s in steps}
    assert details["DisputeRaised"]["at_card"] == 1
    assert details["RulingGiven"]["at_card"] == 1 and details["RulingGiven"]["override_play"]
    summary = next(s["summary"] for s in steps if s["event"] == "RulingGiven")
    assert summary.startswith("ruling on deal 1 at card 1: corrected against the recorded play")

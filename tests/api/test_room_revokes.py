"""The director sees a table's revokes in the room as soon as they are established (a card of
the next trick on the table), not while the player may still correct them."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from backend.application import Command

from ..conftest import phone
from .conftest import login, wiezen_evening
from .test_live import web  # noqa: F401 (the fixture)
from .test_play_mode_api import HANDS


def test_an_established_revoke_shows_in_the_room(web: Flask, client: FlaskClient) -> None:  # noqa: F811
    app = web.extensions["troef"].app
    ev = wiezen_evening(web)
    cid, list_id = ev["competition_id"], ev["lists"][0]["list_id"]
    table = phone("phone-1")
    app.handle(table, Command("join", list_id))
    context = {"hands": HANDS, "leader": "1", "trump": "D", "declarers": ["1", "3"]}
    app.handle(table, Command("start_play", list_id, {"deal_no": 1, "context": context}))
    login(client)

    def revokes() -> list[dict]:
        answer = client.get(f"/api/live/poll?competition={cid}&room=1&standings=0")
        assert answer.status_code == 200, answer.json
        (row,) = [t for t in answer.json["room"]["tables"] if t["list_id"] == list_id]
        return row["revokes"]

    for seat, card in [("1", "SA"), ("2", "HJ"), ("3", "S5"), ("4", "S3")]:
        args = {"deal_no": 1, "seat": seat, "card": card}
        app.handle(table, Command("play_card", list_id, args))
    assert revokes() == []  # seat 2 may still take HJ back: the trick is not quitted
    app.handle(table, Command("play_card", list_id, {"deal_no": 1, "seat": "1", "card": "SK"}))
    (shown,) = revokes()
    assert (shown["deal_no"], shown["trick"], shown["seat"], shown["card"]) == (1, 1, "2", "HJ")
    assert shown["rule"].startswith("did not follow suit")

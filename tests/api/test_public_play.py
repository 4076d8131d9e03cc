"""The public evening page shows a played deal's tricks (once a bridge evening is closed, so
no table still to play the board sees its hands) and the traveller's opening lead."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from backend.aggregates.actor import director
from backend.application import Command

from ..application.test_hand_records import played_board
from .test_public_pages import page


def test_a_played_board_shows_its_tricks_and_its_lead_once_the_evening_is_closed(
    web: Flask, client: FlaskClient
) -> None:
    app, boss = web.extensions["troef"].app, director()
    cid, lists, _, _, played = played_board(app, boss, with_lead=False)
    for entry in lists:
        app.handle(boss, Command("close_list_short", entry["list_id"], {"reason": "late"}))
        submit = {"scorer": "NS", "confirmed_by": "EW"}
        app.handle(boss, Command("submit_list", entry["list_id"], submit))

    path = f"/standings/{cid}/evenings/1?lang=en"
    _, before = page(client, path)
    assert "grid tricks" not in before.tables  # the evening is open: other tables may play it
    app.handle(boss, Command("close_evening", cid, {"evening": 1}))
    answer, parsed = page(client, path)
    assert answer.status_code == 200
    tricks = parsed.tables["grid tricks"]
    assert tricks[0] == ["Trick", "Cards", "Won by"] and len(tricks) == 14
    first = tricks[1][1].split(", ")
    signs = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
    assert first == [
        f"{seat} {signs[card[0]]}{card[1:]}"
        for seat, card in zip(["E", "S", "W", "N"], played[:4], strict=True)
    ]
    traveller = parsed.tables["grid traveller"]
    assert traveller[0][-1] == "Lead"
    assert played[0] in [row[-1] for row in traveller[1:]]

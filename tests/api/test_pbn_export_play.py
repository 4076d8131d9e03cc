"""The session PBN of an evening with hand records and a board played card by card: an
independent reader (endplay, from PyPI) reads back the dealt hands, the auction and every
card as they were recorded."""

from __future__ import annotations

from endplay.config import suppress_unicode
from endplay.parsers import pbn as endplay_pbn
from flask import Flask
from flask.testing import FlaskClient

from backend.aggregates.actor import director
from backend.rules.pbn_deals import deal_text

from ..application.test_hand_records import dealt, played_board
from .conftest import login

AUCTION = [("N", {"level": 1, "strain": "NT"}), ("E", "X"), ("S", "XX"), ("W", "pass")]
AUCTION += [("N", "pass"), ("E", "pass")]


def test_the_session_pbn_carries_the_auction_and_the_play_as_recorded(
    web: Flask, client: FlaskClient
) -> None:
    app, boss = web.extensions["troef"].app, director()
    cid, lists, _, _, played = played_board(app, boss, AUCTION)
    board = lists[0]["boards"][0]

    answer = client.get(f"/api/competitions/{cid}/evenings/1/session.pbn", headers=login(client))
    assert answer.status_code == 200, answer.get_data(as_text=True)
    games = endplay_pbn.loads(answer.get_data(as_text=True))
    ours = [g for g in games if g.board_num == board and g.play]
    assert len(ours) == 1
    game = ours[0]
    with suppress_unicode():
        calls = [str(b) for b in game.auction]
        cards = [c.suit.abbr + c.rank.abbr for c in game.play]
        deal = game.deal.to_pbn()
    assert calls == ["1NT", "X", "XX", "P", "P", "P"]
    assert cards == [c.replace("10", "T") for c in played] and len(cards) == 52
    assert deal == deal_text(dealt(board), deal[0])  # the hand record's deal

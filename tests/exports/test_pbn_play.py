"""A played board's auction and play in PBN, read back by an independent reader (endplay)."""

from __future__ import annotations

import random

from endplay.config import suppress_unicode
from endplay.parsers import pbn as endplay_pbn

from backend.application import Command, Troef
from backend.exports.pbn_play import sections
from backend.rules import bridge_play

from ..aggregates.test_play_mode import open_bridge, pen
from ..conftest import director

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def test_the_auction_and_every_card_read_back_as_played(app: Troef) -> None:
    boss = director("anna")
    list_id = open_bridge(app, boss)
    scorer = pen(app, list_id)
    deck = [s + r for s in "SHDC" for r in RANKS]
    random.Random(5).shuffle(deck)
    hands = {seat: deck[13 * i : 13 * (i + 1)] for i, seat in enumerate("NESW")}
    context = {"hands": hands, "leader": "E", "strain": "S"}
    app.handle(scorer, Command("start_play", list_id, {"deal_no": 1, "context": context}))
    for seat, bid in [
        ("N", {"level": 1, "strain": "S"}),
        ("E", "pass"),
        ("S", {"level": 4, "strain": "S"}),
        ("W", "X"),
        ("N", "pass"),
        ("E", "pass"),
        ("S", "pass"),
    ]:
        app.handle(scorer, Command("make_bid", list_id, {"deal_no": 1, "seat": seat, "bid": bid}))
    played = []
    while (state := app.get_list(list_id).play["1"])["turn"] is not None:
        seat = state["turn"]
        trick = (
            state["tricks"][-1]["cards"]
            if state["tricks"] and not state["tricks"][-1]["winner"]
            else []
        )
        led = bridge_play.parse_card(trick[0]["card"]).suit if trick else None
        chosen = str(bridge_play.legal_cards(state["hands"][seat], led)[0])
        app.handle(
            scorer, Command("play_card", list_id, {"deal_no": 1, "seat": seat, "card": chosen})
        )
        played.append(chosen.replace("10", "T"))
    deal = " ".join(
        ".".join(
            "".join(
                sorted(
                    (c[1:].replace("10", "T") for c in hands[s] if c[0] == suit),
                    key="AKQJT98765432".index,
                )
            )
            for suit in "SHDC"
        )
        for s in "NESW"
    )
    text = (
        "\n".join(
            [
                '[Event "Troef"]',
                '[Board "1"]',
                '[Dealer "N"]',
                '[Vulnerable "None"]',
                f'[Deal "N:{deal}"]',
                '[Declarer "N"]',
                '[Contract "4SX"]',
                '[Result "?"]',
                *sections(state),
            ]
        )
        + "\n"
    )
    (board,) = endplay_pbn.loads(text)
    with suppress_unicode():
        calls = [str(b) for b in board.auction]
        cards = [c.suit.abbr + c.rank.abbr for c in board.play]
    assert calls[:4] == ["1S", "P", "4S", "X"]
    assert len(board.auction) == 7
    # the rows are in the seats' order from the leader: endplay follows the tricks' winners
    assert cards == played and len(cards) == 52

"""A played deal's facts come from its cards, and record_deal refuses facts the cards deny."""

from __future__ import annotations

import random
from typing import Any

import pytest

from backend.aggregates.actor import Actor
from backend.aggregates.errors import InvalidInput
from backend.application import Command, Troef
from backend.rules import bridge_play, klaverjas_play, schafkopf_play, wiezen_play
from backend.rules.cards import RANKS, SUITS

from .helpers import WIEZEN_SEATS, open_list
from .test_play_mode import KLAVERJAS_SEATS, SCHAFKOPF_HANDS, open_bridge, pen, play


def deal(ranks: tuple[str, ...], suits: tuple[str, ...], seats: str, seed: int) -> dict:
    deck = [suit + rank for suit in suits for rank in ranks]
    random.Random(seed).shuffle(deck)
    size = len(deck) // 4
    return {seat: sorted(deck[size * i : size * (i + 1)]) for i, seat in enumerate(seats)}


def legal(game: str, ctx: dict, hand: list[str], trick: list[str], earlier: list) -> list[str]:
    """The cards the game's play rules allow (the tests play only legal cards)."""
    if game == "wiezen":
        return wiezen_play.legal_cards(hand, trick)
    if game == "bridge":
        led = bridge_play.parse_card(trick[0]).suit if trick else None
        return [str(c) for c in bridge_play.legal_cards(hand, led)]
    if game == "klaverjas":
        return klaverjas_play.legal_cards(hand, trick, ctx["trump"], ctx["options"])
    contract = schafkopf_play.Contract.from_dict(ctx["contract"])
    called = any(contract.suit_of(t[0]) == contract.suit for t in earlier)
    return schafkopf_play.legal_cards(contract, hand, trick, len(earlier) + 1, called)


def play_out(app: Troef, actor: Actor, list_id: str, game: str, tricks: int = 99) -> dict:
    """Play legal cards (the highest allowed) until ``tricks`` tricks are done or the deal is."""
    while True:
        state = app.get_list(list_id).play["1"]
        done = [t for t in state["tricks"] if t["winner"]]
        if state["turn"] is None or (len(done) >= tricks and len(done) == len(state["tricks"])):
            return state
        seat = state["turn"]
        open_trick = [] if len(done) == len(state["tricks"]) else state["tricks"][-1]["cards"]
        on_table = [c["card"] for c in open_trick]
        earlier = [[c["card"] for c in t["cards"]] for t in done]
        hand = state["hands"][seat]
        card = legal(game, state["context"], hand, on_table, earlier)[-1]
        app.handle(actor, Command("play_card", list_id, {"deal_no": 1, "seat": seat, "card": card}))


def record(app: Troef, actor: Actor, list_id: str, facts: dict) -> Any:
    return app.handle(actor, Command("record_deal", list_id, {"deal_no": 1, "record": facts}))


def refused(app: Troef, actor: Actor, list_id: str, facts: dict) -> InvalidInput:
    version = app.get_list(list_id).version
    with pytest.raises(InvalidInput) as no:
        record(app, actor, list_id, facts)
    assert app.get_list(list_id).version == version
    return no.value


def start(app: Troef, actor: Actor, list_id: str, context: dict) -> None:
    app.handle(actor, Command("start_play", list_id, {"deal_no": 1, "context": context}))


def test_a_bridge_board_played_to_the_end_gives_its_facts_and_refuses_a_wrong_count(
    app: Troef, boss: Actor
) -> None:
    list_id = open_bridge(app, boss)
    scorer = pen(app, list_id)
    hands = deal(RANKS, SUITS, "NESW", 7)
    start(app, scorer, list_id, {"hands": hands, "leader": "E", "strain": "H"})
    for seat, bid in [("N", {"level": 4, "strain": "H"}), ("E", "X"), ("S", "pass")]:
        app.handle(scorer, Command("make_bid", list_id, {"deal_no": 1, "seat": seat, "bid": bid}))
    state = play_out(app, scorer, list_id, "bridge")
    facts = app.get_list(list_id).facts_from_play(1)
    ns = sum(t["winner"] in "NS" for t in state["tricks"])
    assert facts == {
        "declarer": "N",
        "contract": {"level": 4, "strain": "H", "dbl": 1},
        "lead": state["tricks"][0]["cards"][0]["card"],
        "tricks": ns,
    }
    lost = next(t for t in state["tricks"] if t["winner"] in "EW")
    card = next(c["card"] for c in lost["cards"] if c["seat"] == lost["winner"])
    shown = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[card[0]] + card[1:]
    board = {"board": 1, **facts}
    if ns < 13:
        no = refused(app, scorer, list_id, {**board, "tricks": ns + 1})
        assert no.field == "tricks"
        assert no.message == (
            f"the play gives {ns} tricks to N/S "
            f"(trick {lost['no']} won by {lost['winner']} with {shown})"
        )
    assert refused(app, scorer, list_id, {**board, "declarer": "S"}).field == "declarer"
    assert refused(app, scorer, list_id, {**board, "lead": "C2" if facts["lead"] != "C2" else "C3"})
    score = record(app, scorer, list_id, board)
    assert score["counts"] is True


def test_a_wiezen_revoke_must_be_recorded_as_the_misplay_the_cards_show(
    app: Troef, boss: Actor
) -> None:
    list_id = open_list(app, boss, game="wiezen", seats=WIEZEN_SEATS)
    scorer = pen(app, list_id)
    from .test_play_mode import WIEZEN_HANDS

    context = {"hands": WIEZEN_HANDS, "leader": "1", "trump": "H", "declarers": ["1", "3"]}
    start(app, scorer, list_id, context)
    play(app, scorer, list_id, "1:SA 2:S7 3:S5 4:S3 1:SK 2:S6 3:S4 4:H2")
    state = play_out(app, scorer, list_id, "wiezen")
    assert state["complete"]
    facts = app.get_list(list_id).facts_from_play(1)
    assert facts == {
        "declarers": [1, 3],
        "misplay": {"offender": 4, "trick": 2, "declaring_tricks_before": 1},
    }
    no = refused(app, scorer, list_id, {"contract": "VRAAG", "declarers": [1, 3], "tricks": 9})
    assert no.field == "misplay"
    assert "seat 4 played ♥2 in trick 2" in no.message and "ART 6" in no.message
    wrong = {"offender": 2, "trick": 2, "declaring_tricks_before": 1}
    no = refused(app, scorer, list_id, {"contract": "VRAAG", **facts, "misplay": wrong})
    assert no.field == "misplay.offender"
    assert refused(app, scorer, list_id, {"contract": "VRAAG", **facts, "declarers": [1, 2]})
    record(app, scorer, list_id, {"contract": "VRAAG", **facts})


def test_klaverjas_card_points_tricks_and_roem_come_from_the_tricks(
    app: Troef, boss: Actor
) -> None:
    list_id = open_list(app, boss, game="klaverjas", seats=KLAVERJAS_SEATS)
    scorer = pen(app, list_id)
    hands = deal(("7", "8", "9", "10", "J", "Q", "K", "A"), SUITS, "NESW", 3)
    start(app, scorer, list_id, {"hands": hands, "leader": "E", "trump": "S"})
    play_out(app, scorer, list_id, "klaverjas")
    facts = app.get_list(list_id).facts_from_play(1)
    assert sum(facts["card_points"].values()) == 162
    assert sum(facts["tricks"].values()) == 8
    assert "verzaakt" not in facts
    wrong = {"NS": facts["card_points"]["NS"] + 10, "EW": facts["card_points"]["EW"] - 10}
    base = {**facts, "roem": []}
    no = refused(app, scorer, list_id, {**base, "card_points": wrong})
    assert no.field == "card_points.NS" and "won by" in no.message
    no = refused(app, scorer, list_id, {**base, "roem": [{"pair": "NS", "trick": 1, "value": 100}]})
    assert no.field.startswith("roem[0]")
    assert refused(app, scorer, list_id, {**base, "trump": "H"}).field == "trump"
    assert refused(app, scorer, list_id, {**base, "playing": "NS"}).field == "playing"
    record(app, scorer, list_id, facts)


def test_a_schafkopf_rufspiel_gives_its_partner_augen_and_tricks(app: Troef, boss: Actor) -> None:
    list_id = open_list(app, boss)
    scorer = pen(app, list_id)
    contract = {"type": "RUFSPIEL", "declarer": 1, "suit": "G"}
    start(app, scorer, list_id, {"hands": SCHAFKOPF_HANDS, "leader": 1, "contract": contract})
    state = play_out(app, scorer, list_id, "schafkopf")
    facts = app.get_list(list_id).facts_from_play(1)
    won = sum(t["winner"] in ("1", "2") for t in state["tricks"])
    assert facts["partner"] == 2 and facts["called_ace"] == "GRAS"
    assert facts["decl_tricks"] == won and 0 <= facts["decl_augen"] <= 120
    assert refused(app, scorer, list_id, {**facts, "partner": 3}).field == "partner"
    no = refused(app, scorer, list_id, {**facts, "decl_augen": facts["decl_augen"] - 1})
    assert no.field == "decl_augen" and "Augen" in no.message
    solo = {k: v for k, v in facts.items() if k not in ("partner", "called_ace")}
    no = refused(app, scorer, list_id, {**solo, "type": "SOLO"})
    assert no.field == "type" and no.message == "the play was a RUFSPIEL of seat 1"
    record(app, scorer, list_id, facts)


def test_after_a_claim_the_count_is_checked_against_the_tricks_already_won(
    app: Troef, boss: Actor
) -> None:
    list_id = open_bridge(app, boss)
    scorer = pen(app, list_id)
    hands = deal(RANKS, SUITS, "NESW", 11)
    start(app, scorer, list_id, {"hands": hands, "leader": "W", "strain": "NT"})
    state = play_out(app, scorer, list_id, "bridge", tricks=4)
    ns = sum(t["winner"] in "NS" for t in state["tricks"])
    contract = {"level": 1, "strain": "NT"}
    base = {"board": 1, "contract": contract, "declarer": "S"}
    if ns < 4:
        no = refused(app, scorer, list_id, {**base, "tricks": 9 + ns + 1})
        assert no.field == "tricks" and "of the 4 played" in no.message
    if ns > 0:
        no = refused(app, scorer, list_id, {**base, "tricks": ns - 1})
        assert no.field == "tricks"
    record(app, scorer, list_id, {**base, "tricks": ns + 9})

"""A claim ends the play early: accepted, the facts count the claimed tricks; disputed, the
director is called and the table plays on. A refused claim or answer stores nothing."""

from __future__ import annotations

from typing import Any

import pytest

from backend.aggregates.actor import Actor
from backend.aggregates.errors import Conflict, InvalidInput, NotFound
from backend.application import Command, Troef
from backend.rules import klaverjas_play, schafkopf_play

from .helpers import WIEZEN_SEATS, open_list
from .test_play_facts import deal, play_out, record, start
from .test_play_mode import (
    KLAVERJAS_HANDS,
    KLAVERJAS_SEATS,
    SCHAFKOPF_HANDS,
    WIEZEN_HANDS,
    open_bridge,
    pen,
    play,
)


def claim(app: Troef, actor: Actor, list_id: str, seat: Any, tricks: Any) -> dict[str, Any]:
    args = {"deal_no": 1, "seat": seat, "tricks": tricks}
    return app.handle(actor, Command("claim", list_id, args))


def answer(app: Troef, actor: Actor, list_id: str, accept: bool, reason: str = "") -> dict:
    args: dict[str, Any] = {"deal_no": 1, "accept": accept}
    if reason:
        args["reason"] = reason
    return app.handle(actor, Command("answer_claim", list_id, args))


def wiezen(app: Troef, boss: Actor) -> tuple[str, Actor]:
    list_id = open_list(app, boss, game="wiezen", seats=WIEZEN_SEATS)
    scorer = pen(app, list_id)
    context = {"hands": WIEZEN_HANDS, "leader": "1", "trump": "H", "declarers": ["1", "3"]}
    start(app, scorer, list_id, context)
    return list_id, scorer


def test_an_accepted_claim_ends_the_play_and_the_facts_count_the_claimed_tricks(
    app: Troef, boss: Actor
) -> None:
    list_id, scorer = wiezen(app, boss)
    play(app, scorer, list_id, "1:SA 2:S7 3:S5 4:S3 1:SK 2:S6 3:S4 4:S2")
    made = claim(app, scorer, list_id, "1", 10)
    assert made == {"claim_no": 1, "side": ["1", "3"], "tricks": 10, "remaining": 11}
    assert app.get_list(list_id).facts_from_play(1) == {"declarers": [1, 3]}  # not yet accepted
    answered = answer(app, scorer, list_id, True)
    assert answered == {
        "claim_no": 1,
        "accepted": True,
        "dispute_no": None,
        "complete": True,
        "turn": None,
    }
    sl = app.get_list(list_id)
    assert sl.facts_from_play(1) == {"declarers": [1, 3], "tricks": 12}  # 2 won + 10 claimed
    assert sl.disputes == []
    version = sl.version
    with pytest.raises(Conflict, match="accepted claim") as no:
        play(app, scorer, list_id, "1:SQ")
    assert no.value.field == "claim"
    with pytest.raises(Conflict):
        app.handle(
            scorer,
            Command(
                "take_back_card",
                list_id,
                {"deal_no": 1, "seat": "4", "card": "S2", "reason": "entry"},
            ),
        )
    assert app.get_list(list_id).version == version
    lines = [s["summary"] for s in app.replay(list_id, deal_no=1)]
    assert lines[-2:] == [
        "seat 1 claimed 10 of the 11 tricks still to play",
        "claim 1 accepted: the play of deal 1 ends",
    ]
    steps = app.replay(list_id, deal_no=1)
    assert steps[-1]["play"]["claims"][0]["status"] == "accepted"
    assert steps[-1]["play"]["complete"] is True
    facts = {"contract": "VRAAG", **sl.facts_from_play(1)}
    assert record(app, scorer, list_id, facts)["points"]


def test_a_disputed_claim_calls_the_director_and_the_table_plays_on(
    app: Troef, boss: Actor
) -> None:
    list_id, scorer = wiezen(app, boss)
    play(app, scorer, list_id, "1:SA 2:S7 3:S5 4:S3")
    claim(app, scorer, list_id, "2", 12)
    with pytest.raises(Conflict, match="waits for the opponents' answer") as no:
        play(app, scorer, list_id, "1:SK")
    assert no.value.field == "claim"
    disputed = answer(app, scorer, list_id, False, "he forgets the trump")
    assert disputed["accepted"] is False and disputed["dispute_no"] == 1
    assert disputed["complete"] is False and disputed["turn"] == "1"
    sl = app.get_list(list_id)
    assert sl.disputes == [
        {
            "dispute_no": 1,
            "deal_no": 1,
            "reason": "claim disputed: seat 2 claimed 12 of the 12 tricks still to play: "
            "he forgets the trump",
            "ruling": None,
        }
    ]
    assert sl.play["1"]["claims"][0]["status"] == "disputed"
    assert play(app, scorer, list_id, "1:SK")[0]["trick_no"] == 2  # the table plays on
    state = play_out(app, scorer, list_id, "wiezen")
    assert state["complete"] is True
    facts = app.get_list(list_id).facts_from_play(1)
    assert facts["tricks"] == state["sides_won"]["declarers"]  # the cards, not the claim
    names = [s["event"] for s in app.replay(list_id, deal_no=1)]
    assert names.count("DisputeRaised") == 1 and names.count("ClaimAnswered") == 1


@pytest.mark.parametrize(
    ("plays", "seat", "tricks", "error", "field", "words"),
    [
        ("", "1", 14, InvalidInput, "tricks", "from 0 to 13"),
        ("", "1", -1, InvalidInput, "tricks", "from 0 to 13"),
        ("", "1", True, InvalidInput, "tricks", "whole number"),
        ("", "5", 3, InvalidInput, "seat", "playing seat"),
        ("1:SA 2:S7", "1", 11, Conflict, "claim", "trick 1 is on the table"),
    ],
)
def test_a_claim_that_cannot_be_made_is_refused_and_stores_nothing(
    app: Troef,
    boss: Actor,
    plays: str,
    seat: str,
    tricks: Any,
    error: type,
    field: str,
    words: str,
) -> None:
    list_id, scorer = wiezen(app, boss)
    if plays:
        play(app, scorer, list_id, plays)
    version = app.get_list(list_id).version
    with pytest.raises(error, match=words) as no:
        claim(app, scorer, list_id, seat, tricks)
    assert no.value.field == field
    assert app.get_list(list_id).version == version


def test_answers_and_second_claims_out_of_order_are_refused_and_store_nothing(
    app: Troef, boss: Actor
) -> None:
    list_id, scorer = wiezen(app, boss)
    version = app.get_list(list_id).version
    with pytest.raises(Conflict, match="no claim") as no:
        answer(app, scorer, list_id, True)
    assert no.value.field == "claim"
    claim(app, scorer, list_id, "3", 13)
    version = app.get_list(list_id).version
    with pytest.raises(Conflict, match="waits for its answer"):
        claim(app, scorer, list_id, "1", 13)
    with pytest.raises(InvalidInput) as no:
        app.handle(scorer, Command("answer_claim", list_id, {"deal_no": 1, "accept": "yes"}))
    assert no.value.field == "accept"
    assert app.get_list(list_id).version == version
    with pytest.raises(NotFound):  # a deal whose play was not started has nothing to claim
        app.handle(scorer, Command("claim", list_id, {"deal_no": 2, "seat": "1", "tricks": 1}))


def test_klaverjas_a_claim_of_the_rest_gives_its_cards_and_the_last_trick(
    app: Troef, boss: Actor
) -> None:
    list_id = open_list(app, boss, game="klaverjas", seats=KLAVERJAS_SEATS)
    scorer = pen(app, list_id)
    start(app, scorer, list_id, {"hands": KLAVERJAS_HANDS, "leader": "N", "trump": "H"})
    play(app, scorer, list_id, "N:HJ E:H10 S:H7 W:HQ N:H9 E:HA S:H8 W:HK")
    version = app.get_list(list_id).version
    with pytest.raises(InvalidInput, match="must be 0 or 6") as no:
        claim(app, scorer, list_id, "N", 4)
    assert no.value.field == "tricks" and "art. 5" in no.value.message
    assert app.get_list(list_id).version == version
    claim(app, scorer, list_id, "S", 6)
    answer(app, scorer, list_id, True)
    facts = app.get_list(list_id).facts_from_play(1)
    state = app.get_list(list_id).play["1"]
    played = [[c["card"] for c in t["cards"]] for t in state["tricks"]]
    won = sum(klaverjas_play.trick_points(t, "H") for t in played)
    rest = [c for cards in state["hands"].values() for c in cards]
    rest_points = sum(klaverjas_play.card_points(c, "H") for c in rest) + 10
    assert facts["tricks"] == {"NS": 8, "EW": 0}
    assert facts["card_points"] == {"NS": won + rest_points, "EW": 0}
    assert sum(facts["card_points"].values()) == klaverjas_play.TOTAL
    # the roem on the table in the played tricks: trick 1 (♥J ♥10 ♥7 ♥Q) holds 10-J-Q;
    # trick 2 (♥9 ♥A ♥8 ♥K) no run of three; the cards still held show none
    assert facts["roem"] == [{"trick": 1, "pair": "NS", "items": ["driekaart"], "value": 20}]
    score = record(app, scorer, list_id, {**facts, "roem": []})
    assert score["points"]


def test_schafkopf_a_claim_gives_the_declarers_the_augen_still_held(
    app: Troef, boss: Actor
) -> None:
    list_id = open_list(app, boss)
    scorer = pen(app, list_id)
    contract = {"type": "RUFSPIEL", "declarer": 1, "suit": "G"}
    start(app, scorer, list_id, {"hands": SCHAFKOPF_HANDS, "leader": 1, "contract": contract})
    play(app, scorer, list_id, "1:EO 2:S7 3:H7 4:HU")
    claim(app, scorer, list_id, "1", 7)
    answer(app, scorer, list_id, True)
    state = app.get_list(list_id).play["1"]
    facts = app.get_list(list_id).facts_from_play(1)
    assert facts["decl_tricks"] == 8
    assert facts["decl_augen"] == 120 == schafkopf_play.augen(schafkopf_play.DECK)
    assert facts["partner"] == 2 and state["complete"] is True
    assert record(app, scorer, list_id, facts)["points"]


def test_bridge_declarer_concedes_two_tricks_of_the_rest(app: Troef, boss: Actor) -> None:
    list_id = open_bridge(app, boss)
    scorer = pen(app, list_id)
    from backend.rules.cards import RANKS, SUITS

    start(
        app, scorer, list_id, {"hands": deal(RANKS, SUITS, "NESW", 3), "leader": "E", "strain": "S"}
    )
    app.handle(
        scorer,
        Command(
            "make_bid", list_id, {"deal_no": 1, "seat": "N", "bid": {"level": 2, "strain": "S"}}
        ),
    )
    state = play_out(app, scorer, list_id, "bridge", tricks=5)
    ns = sum(t["winner"] in "NS" for t in state["tricks"])
    claim(app, scorer, list_id, "S", 6)  # dummy's hand says it: 6 of the 8 left, 2 for them
    answer(app, scorer, list_id, True)
    assert app.get_list(list_id).facts_from_play(1)["tricks"] == ns + 6


def test_the_card_before_a_disputed_claim_stays(app: Troef, boss: Actor) -> None:
    list_id, scorer = wiezen(app, boss)
    play(app, scorer, list_id, "1:SA 2:S7 3:S5 4:S3")
    claim(app, scorer, list_id, "1", 12)
    answer(app, scorer, list_id, False)
    version = app.get_list(list_id).version
    args = {"deal_no": 1, "seat": "4", "card": "S3", "reason": "entry"}
    with pytest.raises(Conflict, match="before the claim of seat 1") as no:
        app.handle(scorer, Command("take_back_card", list_id, args))
    assert no.value.field == "claim"
    assert app.get_list(list_id).version == version


def test_after_an_accepted_claim_the_record_must_count_the_claimed_tricks(
    app: Troef, boss: Actor
) -> None:
    list_id = open_list(app, boss, game="klaverjas", seats=KLAVERJAS_SEATS)
    scorer = pen(app, list_id)
    start(app, scorer, list_id, {"hands": KLAVERJAS_HANDS, "leader": "N", "trump": "H"})
    play(app, scorer, list_id, "N:HJ E:H10 S:H7 W:HQ")
    claim(app, scorer, list_id, "E", 0)  # E/W concede the rest
    answer(app, scorer, list_id, True)
    facts = app.get_list(list_id).facts_from_play(1)
    assert facts["tricks"] == {"NS": 8, "EW": 0}
    version = app.get_list(list_id).version
    wrong = {**facts, "card_points": {"NS": 150, "EW": 12}, "tricks": {"NS": 7, "EW": 1}}
    with pytest.raises(InvalidInput) as no:
        record(app, scorer, list_id, wrong)
    assert no.value.field == "tricks.NS"
    assert "accepted claim of seat E (0 of the last 7 tricks) give NS 8" in no.value.message
    assert app.get_list(list_id).version == version
    assert record(app, scorer, list_id, facts)["points"]

"""The play mode of a score list, card by card, on a SQLite file and on PostgreSQL."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from backend.aggregates.actor import Actor
from backend.aggregates.errors import (
    Conflict,
    InvalidInput,
    ListSubmittedError,
    NotFound,
    PenHeldElsewhere,
)
from backend.aggregates.score_list import ScoreList
from backend.application import Command, Troef
from backend.rules import find_ruleset, wiezen_play
from backend.rules.cards import RANKS, SUITS

from ..conftest import phone
from .helpers import WIEZEN_SEATS, open_list, solo


def cards(text: str) -> list[str]:
    """A hand written as the cards separated by spaces."""
    return text.split()


KLAVERJAS_SEATS = {"N": "p1", "E": "p2", "S": "p3", "W": "p4"}

WIEZEN_HANDS = {
    "1": cards("SA SK SQ SJ S10 S9 S8 HA HK HQ DA DK DQ"),
    "2": cards("S7 S6 HJ H10 H9 H8 H7 DJ D10 D9 CA CK CQ"),
    "3": cards("S5 S4 H6 H5 H4 D8 D7 D6 CJ C10 C9 C8 C7"),
    "4": cards("S3 S2 H3 H2 D5 D4 D3 D2 C6 C5 C4 C3 C2"),
}
KLAVERJAS_HANDS = {
    "N": cards("SA S10 SK HJ H9 DA D10 CA"),
    "E": cards("S7 S8 HA H10 DK DQ CK CQ"),
    "S": cards("S9 SJ SQ H7 H8 D7 D8 CJ"),
    "W": cards("HQ HK D9 DJ C7 C8 C9 C10"),
}
SCHAFKOPF_HANDS = {
    "1": cards("EO GO HO SO EU GU G10 G9"),
    "2": cards("GA GK EA E10 EK S7 S8 S9"),
    "3": cards("HA H10 HK H9 H8 H7 G8 G7"),
    "4": cards("HU SU E9 E8 E7 SA S10 SK"),
}


def pen(app: Troef, list_id: str) -> Actor:
    app.handle(phone("A"), Command("join", list_id))
    return phone("A")


def play(app: Troef, actor: Actor, list_id: str, plays: str, deal_no: int = 1) -> list[dict]:
    """Play 'seat:card' pairs in order; return each card's outcome."""
    out = []
    for item in plays.split():
        seat, card = item.split(":")
        out.append(
            app.handle(
                actor,
                Command("play_card", list_id, {"deal_no": deal_no, "seat": seat, "card": card}),
            )
        )
    return out


def open_bridge(app: Troef, boss: Actor) -> str:
    sl = ScoreList.open(
        competition_id="c-bridge",
        evening=1,
        round=1,
        table=1,
        draw=1,
        rules=find_ruleset("bridge-nbb-1930"),
        seats={"NS": "pair-1", "EW": "pair-2"},
        planned_deals=2,
        actor=boss,
    )
    app.save(sl)
    return str(sl.id)


def test_a_wiezen_deal_is_played_card_by_card_and_a_revoke_is_recorded(
    app: Troef, boss: Actor
) -> None:
    list_id = open_list(app, boss, game="wiezen", seats=WIEZEN_SEATS)
    scorer = pen(app, list_id)
    context = {"hands": WIEZEN_HANDS, "leader": "1", "trump": "H", "declarers": ["1", "3"]}
    started = app.handle(scorer, Command("start_play", list_id, {"deal_no": 1, "context": context}))
    assert started == {
        "order": ["1", "2", "3", "4"],
        "turn": "1",
        "sides": {"declarers": ["1", "3"], "opponents": ["2", "4"]},
    }
    app.handle(scorer, Command("make_bid", list_id, {"deal_no": 1, "seat": "1", "bid": "vraag"}))
    app.handle(scorer, Command("make_bid", list_id, {"deal_no": 1, "seat": 3, "bid": "meegaan"}))
    first = play(app, scorer, list_id, "1:SA 2:S7 3:S5 4:S3")
    assert [o["winner"] for o in first] == [None, None, None, "1"]
    assert first[-1]["turn"] == "1"
    second = play(app, scorer, list_id, "1:SK 2:S6 3:S4 4:H2")
    assert second[-1]["revoke"] is True and "ART 6" in second[-1]["rule"]
    assert second[-1]["winner"] == "4"
    third = play(app, scorer, list_id, "4:D2 1:DA 2:D9 3:D6")
    assert third[-1] == {
        "trick_no": 3,
        "revoke": False,
        "rule": None,
        "winner": "1",
        "turn": "1",
        "complete": False,
    }
    state = app.get_list(list_id).play["1"]
    assert state["bids"] == [{"seat": "1", "bid": "vraag"}, {"seat": "3", "bid": "meegaan"}]
    assert state["tricks_won"] == {"1": 2, "2": 0, "3": 0, "4": 1}
    assert state["sides_won"] == {"declarers": 2, "opponents": 1}
    assert state["revokes"] == [{"trick": 2, "seat": "4", "card": "H2", "rule": second[-1]["rule"]}]
    assert len(state["hands"]["4"]) == 10 and "H2" not in state["hands"]["4"]
    lines = [s["summary"] for s in app.replay(list_id, deal_no=1)]
    assert "seat 4 played H2 (revoke!)" in lines[10]
    assert lines[10].endswith("; trick 2 to seat 4")
    assert lines[0].startswith("play of deal 1 started: seat 1 leads, trump H")
    assert lines[1] == "seat 1 bid vraag"


def test_klaverjas_records_a_failure_to_trump_as_a_revoke_of_art_7(app: Troef, boss: Actor) -> None:
    list_id = open_list(app, boss, game="klaverjas", seats=KLAVERJAS_SEATS)
    scorer = pen(app, list_id)
    app.handle(
        scorer,
        Command(
            "start_play",
            list_id,
            {"deal_no": 1, "context": {"hands": KLAVERJAS_HANDS, "leader": "N", "trump": "H"}},
        ),
    )
    first = play(app, scorer, list_id, "N:SA E:S7 S:S9 W:C7")
    assert first[-1]["revoke"] is True and first[-1]["rule"].startswith("art. 7")
    assert first[-1]["winner"] == "N"
    second = play(app, scorer, list_id, "N:S10 E:S8 S:SJ W:HQ")
    assert [o["revoke"] for o in second] == [False] * 4 and second[-1]["winner"] == "W"
    third = play(app, scorer, list_id, "W:C8 N:CA E:CK S:CJ")
    assert third[-1]["winner"] == "N"
    state = app.get_list(list_id).play["1"]
    assert state["context"]["options"]["amsterdams"] is True
    assert state["tricks_won"] == {"N": 2, "E": 0, "S": 0, "W": 1}
    assert state["sides_won"] == {"NS": 2, "EW": 1}
    assert [r["seat"] for r in state["revokes"]] == ["W"]


def test_bridge_plays_from_the_compass_seats_and_records_a_revoke(app: Troef, boss: Actor) -> None:
    list_id = open_bridge(app, boss)
    scorer = pen(app, list_id)
    hands = {compass: WIEZEN_HANDS[n] for compass, n in zip("NESW", "1234", strict=True)}
    app.handle(
        scorer,
        Command(
            "start_play",
            list_id,
            {"deal_no": 1, "context": {"hands": hands, "leader": "N", "strain": "NT"}},
        ),
    )
    app.handle(
        scorer,
        Command(
            "make_bid", list_id, {"deal_no": 1, "seat": "N", "bid": {"level": 1, "strain": "NT"}}
        ),
    )
    assert play(app, scorer, list_id, "N:SA E:S7 S:S5 W:S3")[-1]["winner"] == "N"
    second = play(app, scorer, list_id, "N:SK E:S6 S:S4 W:H2")
    assert second[-1]["revoke"] is True and "§2b" in second[-1]["rule"]
    assert second[-1]["winner"] == "N"
    assert play(app, scorer, list_id, "N:SQ E:CA S:C7 W:S2")[-1]["winner"] == "N"
    state = app.get_list(list_id).play["1"]
    assert state["bids"] == [{"seat": "N", "bid": {"level": 1, "strain": "NT"}}]
    assert state["sides_won"] == {"NS": 3, "EW": 0}
    assert state["revokes"][0]["seat"] == "W"


def test_schafkopf_records_verwerfen_when_the_called_ace_is_held_back(
    app: Troef, boss: Actor
) -> None:
    list_id = open_list(app, boss)
    scorer = pen(app, list_id)
    contract = {"type": "RUFSPIEL", "declarer": 1, "suit": "G"}
    started = app.handle(
        scorer,
        Command(
            "start_play",
            list_id,
            {
                "deal_no": 1,
                "context": {"hands": SCHAFKOPF_HANDS, "leader": 1, "contract": contract},
            },
        ),
    )
    assert started["sides"] == {"declaring": ["1", "2"], "defending": ["3", "4"]}
    first = play(app, scorer, list_id, "1:EO 2:S7 3:H7 4:HU")
    assert [o["revoke"] for o in first] == [False] * 4 and first[-1]["winner"] == "1"
    second = play(app, scorer, list_id, "1:G9 2:GK 3:G8 4:E7")
    assert second[1]["revoke"] is True and "called ace must be played" in second[1]["rule"]
    assert second[-1]["winner"] == "2"
    assert play(app, scorer, list_id, "2:EA 3:G7 4:E8 1:G10")[-1]["winner"] == "2"
    state = app.get_list(list_id).play["1"]
    assert state["tricks_won"] == {"1": 1, "2": 2, "3": 0, "4": 0}
    assert state["sides_won"] == {"declaring": 3, "defending": 0}
    summaries = [s["summary"] for s in app.replay(list_id, deal_no=1)]
    assert any("seat 2 played GK (revoke!)" in line for line in summaries)


def test_impossible_plays_are_refused_naming_the_field_and_leave_the_list_unchanged(
    app: Troef, boss: Actor
) -> None:
    list_id = open_list(app, boss, game="wiezen", seats=WIEZEN_SEATS)
    app.handle(phone("A"), Command("join", list_id))
    app.handle(
        phone("A", 1),
        Command(
            "start_play",
            list_id,
            {"deal_no": 1, "context": {"hands": WIEZEN_HANDS, "leader": "1", "trump": "H"}},
        ),
    )
    play(app, phone("A"), list_id, "1:SA 2:S7 3:S5 4:S3")
    version = app.get_list(list_id).version
    refusals = [
        ("1", "C2", "card", "not in seat 1's hand"),
        ("1", "SA", "card", "already played, by seat 1 in trick 1"),
        ("2", "S6", "seat", "seat 1's turn"),
        ("1", "X9", "card", "not a card"),
        ("5", "SK", "seat", "playing seat"),
    ]
    for n, (seat, card, field, words) in enumerate(refusals, start=2):
        with pytest.raises(InvalidInput, match=words) as refused:
            app.handle(
                phone("A", n),
                Command("play_card", list_id, {"deal_no": 1, "seat": seat, "card": card}),
            )
        assert refused.value.field == field
    with pytest.raises(InvalidInput) as refused:
        app.handle(
            phone("A"), Command("make_bid", list_id, {"deal_no": 1, "seat": "7", "bid": "pas"})
        )
    assert refused.value.field == "seat"
    with pytest.raises(NotFound):
        app.handle(
            phone("A"), Command("play_card", list_id, {"deal_no": 2, "seat": "1", "card": "SK"})
        )
    with pytest.raises(Conflict, match="already started"):
        app.handle(
            phone("A"),
            Command(
                "start_play",
                list_id,
                {"deal_no": 1, "context": {"hands": WIEZEN_HANDS, "leader": "1"}},
            ),
        )
    assert app.get_list(list_id).version == version
    device = app.get_device("A", list_id)
    assert device is not None and device.outcomes["2"]["status"] == "refused"


def test_a_bad_play_context_is_refused_naming_its_field(app: Troef, boss: Actor) -> None:
    list_id = open_list(app, boss, game="wiezen", seats=WIEZEN_SEATS)
    scorer = pen(app, list_id)
    twice = {**WIEZEN_HANDS, "2": ["SA", *WIEZEN_HANDS["2"][1:]]}
    cases = [
        ({"hands": WIEZEN_HANDS, "leader": "1"}, "context.trump"),
        ({"hands": WIEZEN_HANDS, "leader": "9", "trump": "H"}, "context.leader"),
        ({"hands": twice, "leader": "1", "trump": "H"}, "context.hands.2[0]"),
        ({"hands": {"1": WIEZEN_HANDS["1"]}, "leader": "1", "trump": None}, "context.hands"),
    ]
    for context, field in cases:
        with pytest.raises(InvalidInput) as refused:
            app.handle(scorer, Command("start_play", list_id, {"deal_no": 1, "context": context}))
        assert refused.value.field == field
    with pytest.raises(InvalidInput, match="next is 1"):
        app.handle(
            scorer,
            Command(
                "start_play",
                list_id,
                {"deal_no": 2, "context": {"hands": WIEZEN_HANDS, "leader": "1", "trump": "H"}},
            ),
        )


def test_a_repeated_mutation_plays_its_card_only_once(app: Troef, boss: Actor) -> None:
    list_id = open_list(app, boss, game="wiezen", seats=WIEZEN_SEATS)
    app.handle(phone("A", 1), Command("join", list_id))
    context = {"hands": WIEZEN_HANDS, "leader": "1", "trump": None}
    app.handle(phone("A", 2), Command("start_play", list_id, {"deal_no": 1, "context": context}))
    first = app.handle(
        phone("A", 3), Command("play_card", list_id, {"deal_no": 1, "seat": "1", "card": "SA"})
    )
    again = app.handle(
        phone("A", 3), Command("play_card", list_id, {"deal_no": 1, "seat": "1", "card": "SA"})
    )
    assert again == {**first, "duplicate": True}
    assert app.get_list(list_id).play["1"]["tricks"][0]["cards"] == [
        {"seat": "1", "card": "SA", "revoke": False}
    ]


def test_play_on_a_submitted_list_or_without_the_pen_is_refused(app: Troef, boss: Actor) -> None:
    list_id = open_list(app, boss, planned=1)
    scorer = pen(app, list_id)
    contract = {"type": "SOLO", "declarer": 2, "suit": "H"}
    app.handle(
        scorer,
        Command(
            "start_play",
            list_id,
            {
                "deal_no": 1,
                "context": {"hands": SCHAFKOPF_HANDS, "leader": "1", "contract": contract},
            },
        ),
    )
    app.handle(phone("B"), Command("join", list_id))
    version = app.get_list(list_id).version
    with pytest.raises(PenHeldElsewhere):
        app.handle(
            phone("B"), Command("play_card", list_id, {"deal_no": 1, "seat": "1", "card": "EO"})
        )
    with pytest.raises(PenHeldElsewhere):
        app.handle(
            phone("B"), Command("make_bid", list_id, {"deal_no": 1, "seat": "1", "bid": "weiter"})
        )
    assert app.get_list(list_id).version == version
    app.handle(scorer, Command("record_deal", list_id, {"deal_no": 1, "record": solo()}))
    app.handle(scorer, Command("submit_list", list_id, {"scorer": "1", "confirmed_by": "2"}))
    version = app.get_list(list_id).version
    for who in (scorer, boss):
        with pytest.raises(ListSubmittedError):
            app.handle(
                who, Command("play_card", list_id, {"deal_no": 1, "seat": "1", "card": "EO"})
            )
        with pytest.raises(ListSubmittedError):
            app.handle(
                who, Command("make_bid", list_id, {"deal_no": 1, "seat": "1", "bid": "weiter"})
            )
        with pytest.raises(ListSubmittedError):
            app.handle(
                who,
                Command(
                    "start_play",
                    list_id,
                    {"deal_no": 2, "context": {"hands": SCHAFKOPF_HANDS, "leader": "1"}},
                ),
            )
    assert app.get_list(list_id).version == version


def test_a_recorded_deal_closes_its_play(app: Troef, boss: Actor) -> None:
    list_id = open_list(app, boss)
    scorer = pen(app, list_id)
    contract = {"type": "SOLO", "declarer": 2, "suit": "H"}
    app.handle(
        scorer,
        Command(
            "start_play",
            list_id,
            {
                "deal_no": 1,
                "context": {"hands": SCHAFKOPF_HANDS, "leader": "1", "contract": contract},
            },
        ),
    )
    play(app, scorer, list_id, "1:EO 2:GA 3:H7 4:HU")
    app.handle(scorer, Command("record_deal", list_id, {"deal_no": 1, "record": solo()}))
    with pytest.raises(Conflict, match="recorded"):
        app.handle(scorer, Command("play_card", list_id, {"deal_no": 1, "seat": "1", "card": "GO"}))
    assert app.get_list(list_id).play["1"]["tricks_won"]["1"] == 1


def test_at_a_five_table_the_dealer_sits_out_of_the_play(app: Troef, boss: Actor) -> None:
    seats = {**WIEZEN_SEATS, "5": "p5"}
    list_id = open_list(app, boss, game="wiezen", seats=seats)
    scorer = pen(app, list_id)
    hands = {str(n + 1): WIEZEN_HANDS[str(n)] for n in range(1, 5)}
    with pytest.raises(InvalidInput) as refused:
        app.handle(
            scorer,
            Command(
                "start_play",
                list_id,
                {"deal_no": 1, "context": {"hands": hands, "leader": "2", "trump": "H"}},
            ),
        )
    assert refused.value.field == "context.dealer"
    context = {"hands": hands, "leader": "2", "trump": "H", "dealer": "1"}
    assert app.handle(scorer, Command("start_play", list_id, {"deal_no": 1, "context": context}))[
        "order"
    ] == ["2", "3", "4", "5"]
    with pytest.raises(InvalidInput, match="playing seat"):
        app.handle(scorer, Command("play_card", list_id, {"deal_no": 1, "seat": "1", "card": "SA"}))
    assert play(app, scorer, list_id, "2:SA 3:S7 4:S5 5:S3")[-1]["winner"] == "2"


def test_a_whole_wiezen_deal_of_13_tricks_adds_up_to_13(app: Troef, boss: Actor) -> None:
    list_id = open_list(app, boss, game="wiezen", seats=WIEZEN_SEATS)
    scorer = pen(app, list_id)
    deck = [suit + rank for suit in SUITS for rank in RANKS]
    random.Random(2024).shuffle(deck)
    hands = {str(s): sorted(deck[13 * (s - 1) : 13 * s]) for s in range(1, 5)}
    context = {"hands": hands, "leader": "2", "trump": "D", "declarers": ["2", "4"]}
    turn = app.handle(scorer, Command("start_play", list_id, {"deal_no": 1, "context": context}))[
        "turn"
    ]
    held = {seat: list(cards) for seat, cards in hands.items()}
    trick: list[str] = []
    leader = turn
    winners = []
    while turn is not None:
        card = wiezen_play.legal_cards(held[turn], trick)[-1]
        outcome = app.handle(
            scorer, Command("play_card", list_id, {"deal_no": 1, "seat": turn, "card": card})
        )
        assert outcome["revoke"] is False
        held[turn].remove(card)
        trick.append(card)
        if outcome["winner"] is not None:
            order = ["1", "2", "3", "4"]
            expected = order[(order.index(leader) + wiezen_play.trick_winner(trick, "D")) % 4]
            assert outcome["winner"] == expected
            winners.append(expected)
            trick, leader = [], expected
        turn = outcome["turn"]
    sl = app.get_list(list_id)
    state = sl.play["1"]
    assert state["complete"] is True and len(winners) == 13
    assert sum(state["tricks_won"].values()) == 13
    assert sum(state["sides_won"].values()) == 13
    assert state["sides_won"]["declarers"] == winners.count("2") + winners.count("4")
    assert all(cards == [] for cards in state["hands"].values())
    assert json.loads(json.dumps(sl.play)) == sl.play
    assert sl.version > 50  # a snapshot was taken: the play state is stored as JSON
    with pytest.raises(Conflict, match="every trick"):
        app.handle(
            scorer,
            Command("play_card", list_id, {"deal_no": 1, "seat": "1", "card": hands["1"][0]}),
        )
    declared = state["sides_won"]["declarers"]
    facts: dict[str, Any] = {"contract": "VRAAG", "declarers": [2, 4], "tricks": declared}
    app.handle(scorer, Command("record_deal", list_id, {"deal_no": 1, "record": facts}))
    assert app.verify().ok

"""The replay a director steps through in a dispute: facts, points and the play card by card.

Each step of ``GET /api/lists/{id}/replay`` carries what the event wrote (the deal's facts
and points, a correction's, an adjustment's) and, for a deal recorded in play mode, the trick
on the table after each card, so the console can show a disputed deal card by card.
"""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from backend.aggregates.actor import director
from backend.application import Command

from .conftest import login
from .spec import conforms

HANDS = {
    "N": ["SA", "S10", "SK", "HJ", "H9", "DA", "D10", "CA"],
    "E": ["S7", "S8", "HA", "H10", "DK", "DQ", "CK", "CQ"],
    "S": ["S9", "SJ", "SQ", "H7", "H8", "D7", "D8", "CJ"],
    "W": ["HQ", "HK", "D9", "DJ", "C7", "C8", "C9", "C10"],
}
DEAL = {
    "dealer": "W",
    "trump": "H",
    "playing": "NS",
    "card_points": {"NS": 100, "EW": 62},
    "tricks": {"NS": 5, "EW": 3},
}


def klaverjas_list(web: Flask) -> str:
    """A drawn klaverjas table; its list."""
    app, boss = web.extensions["troef"].app, director("anna")
    cid = app.handle(
        boss,
        Command("create_competition", None, {"name": "Dinsdagen", "rules": "klaverjas-amsterdams"}),
    )
    ids = [
        app.handle(boss, Command("enrol_player", cid, {"name": name}))
        for name in ("Anna", "Bert", "Cor", "Dirk")
    ]
    app.handle(boss, Command("schedule_evening", cid, {"date": "2026-11-30"}))
    for pid in ids:
        app.handle(
            boss,
            Command(
                "record_attendance", cid, {"evening": 1, "player_id": pid, "status": "present"}
            ),
        )
    return str(
        app.handle(boss, Command("draw_seating", cid, {"evening": 1, "seed": "1"}))["lists"][0][
            "list_id"
        ]
    )


def test_each_card_of_a_played_deal_is_a_step_with_the_trick_as_it_lay(
    web: Flask, client: FlaskClient
) -> None:
    app, boss = web.extensions["troef"].app, director("anna")
    lst = klaverjas_list(web)
    app.handle(
        boss,
        Command(
            "start_play",
            lst,
            {"deal_no": 1, "context": {"hands": HANDS, "leader": "N", "trump": "H"}},
        ),
    )
    for seat, card in (("N", "SA"), ("E", "S7"), ("S", "S9"), ("W", "C7"), ("N", "S10")):
        app.handle(boss, Command("play_card", lst, {"deal_no": 1, "seat": seat, "card": card}))
    login(client)
    answer = client.get(f"/api/lists/{lst}/replay?deal=1")
    assert answer.status_code == 200
    conforms(client, answer)
    steps = answer.json["steps"]
    assert [s["event"] for s in steps] == ["PlayStarted"] + ["CardPlayed"] * 5
    assert steps[0]["play"]["trick"] is None and steps[0]["play"]["turn"] == "N"
    third = steps[3]["play"]
    assert [c["card"] for c in third["trick"]["cards"]] == ["SA", "S7", "S9"]
    assert third["trick"]["winner"] is None and third["turn"] == "W"
    fourth = steps[4]["play"]  # W could not follow and did not trump: art. 7
    assert fourth["trick"]["winner"] == "N" and fourth["tricks_won"]["N"] == 1
    assert fourth["sides_won"] == {"NS": 1, "EW": 0}
    assert [(r["seat"], r["card"]) for r in fourth["revokes"]] == [("W", "C7")]
    assert fourth["revokes"][0]["rule"].startswith("art. 7")
    fifth = steps[5]["play"]
    assert fifth["trick"]["no"] == 2 and [c["card"] for c in fifth["trick"]["cards"]] == ["S10"]
    assert all(s["points"] is None and s["record"] is None for s in steps)


def test_a_deal_its_correction_and_an_adjustment_show_what_each_wrote(
    web: Flask, client: FlaskClient
) -> None:
    app, boss = web.extensions["troef"].app, director("anna")
    lst = klaverjas_list(web)
    app.handle(boss, Command("record_deal", lst, {"deal_no": 1, "record": DEAL}))
    corrected = {**DEAL, "card_points": {"NS": 70, "EW": 92}}
    app.handle(
        boss,
        Command(
            "give_ruling",
            lst,
            {
                "deal_no": 1,
                "decision": "corrected",
                "reason": "EW counted again",
                "record": corrected,
            },
        ),
    )
    app.handle(
        boss,
        Command(
            "give_ruling",
            lst,
            {
                "deal_no": 1,
                "decision": "adjusted",
                "reason": "slow play",
                "adjustment": {"N": -10, "S": -10},
            },
        ),
    )
    login(client)
    answer = client.get(f"/api/lists/{lst}/replay?deal=1")
    assert answer.status_code == 200
    conforms(client, answer)
    deal, correction, adjustment = answer.json["steps"]
    assert deal["record"]["card_points"] == {"NS": 100, "EW": 62}
    assert deal["points"] == {"N": 100, "E": 62, "S": 100, "W": 62}
    assert deal["play"] is None and deal["explain"]
    # 70 is not more than 92: NS are nat and EW get all 162 (klaverjas art. 15d)
    assert correction["points"] == {"N": 0, "E": 162, "S": 0, "W": 162}
    assert correction["record"]["card_points"] == {"NS": 70, "EW": 92}
    assert any("15" in line for line in correction["explain"])
    assert correction["state"]["totals"] == {"N": 0, "E": 162, "S": 0, "W": 162}
    assert adjustment["points"] == {"N": -10, "S": -10} and adjustment["record"] is None
    assert adjustment["state"]["totals"] == {"N": -10, "E": 162, "S": -10, "W": 162}

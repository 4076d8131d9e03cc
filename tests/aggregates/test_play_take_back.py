"""A revoke corrected before it is established, and a wrong tap, are taken back on the record."""

from __future__ import annotations

import pytest

from backend.aggregates.actor import Actor
from backend.aggregates.errors import Conflict, InvalidInput
from backend.application import Command, Troef

from .helpers import WIEZEN_SEATS, open_list
from .test_play_mode import WIEZEN_HANDS, pen, play


def take_back(app: Troef, actor: Actor, list_id: str, seat: str, card: str, reason: str) -> dict:
    args = {"deal_no": 1, "seat": seat, "card": card, "reason": reason}
    return app.handle(actor, Command("take_back_card", list_id, args))


def started(app: Troef, boss: Actor) -> tuple[str, Actor]:
    list_id = open_list(app, boss, game="wiezen", seats=WIEZEN_SEATS)
    scorer = pen(app, list_id)
    context = {"hands": WIEZEN_HANDS, "leader": "1", "trump": "H", "declarers": ["1", "3"]}
    app.handle(scorer, Command("start_play", list_id, {"deal_no": 1, "context": context}))
    return list_id, scorer


def test_a_revoke_corrected_while_its_trick_lies_open_is_not_a_misplay(
    app: Troef, boss: Actor
) -> None:
    list_id, scorer = started(app, boss)
    play(app, scorer, list_id, "1:SA 2:S7 3:S5 4:S3 1:SK 2:S6 3:S4")
    assert play(app, scorer, list_id, "4:H2")[0]["revoke"] is True
    assert take_back(app, scorer, list_id, "4", "H2", "revoke") == {"trick_no": 2, "turn": "4"}
    state = app.get_list(list_id).play["1"]
    assert state["revokes"] == [] and "H2" in state["hands"]["4"]
    assert state["tricks_won"] == {"1": 1, "2": 0, "3": 0, "4": 0}
    assert play(app, scorer, list_id, "4:S2")[0] == {
        "trick_no": 2,
        "revoke": False,
        "rule": None,
        "winner": "1",
        "turn": "1",
        "complete": False,
    }
    lines = [s["summary"] for s in app.replay(list_id, deal_no=1)]
    assert "seat 4 took back H2 (revoke corrected); trick 2 is open" in lines
    assert app.get_list(list_id).facts_from_play(1) == {"declarers": [1, 3]}


def test_once_the_next_trick_is_led_a_card_stays(app: Troef, boss: Actor) -> None:
    list_id, scorer = started(app, boss)
    play(app, scorer, list_id, "1:SA 2:S7 3:S5 4:S3 1:SK 2:S6 3:S4 4:H2 4:D2")
    version = app.get_list(list_id).version
    with pytest.raises(InvalidInput, match="only the last card") as no:
        take_back(app, scorer, list_id, "4", "H2", "revoke")
    assert no.value.field == "card"
    assert app.get_list(list_id).version == version


def test_a_legal_card_is_taken_back_only_as_a_wrong_tap(app: Troef, boss: Actor) -> None:
    list_id, scorer = started(app, boss)
    with pytest.raises(Conflict):
        take_back(app, scorer, list_id, "1", "SA", "entry")
    play(app, scorer, list_id, "1:SA")
    with pytest.raises(InvalidInput, match="broke no rule") as no:
        take_back(app, scorer, list_id, "1", "SA", "revoke")
    assert no.value.field == "reason"
    with pytest.raises(InvalidInput) as no:
        take_back(app, scorer, list_id, "1", "SA", "sorry")
    assert no.value.field == "reason"
    take_back(app, scorer, list_id, "1", "SA", "entry")
    state = app.get_list(list_id).play["1"]
    assert state["tricks"] == [] and state["turn"] == "1" and len(state["hands"]["1"]) == 13
    assert play(app, scorer, list_id, "1:SK")[0]["trick_no"] == 1

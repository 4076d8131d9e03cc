"""The director switches play mode for one table's list, or for a competition's evenings."""

from __future__ import annotations

import pytest

from backend.aggregates.actor import Actor
from backend.aggregates.errors import Forbidden, InvalidInput
from backend.application import Command, Troef

from ..conftest import phone
from .helpers import open_list


def competition(app: Troef, boss: Actor, evenings: int = 2) -> str:
    cid = app.handle(
        boss,
        Command("create_competition", None, {"name": "Zondagen", "rules": "wiezen-reglement-2019"}),
    )
    players = [
        app.handle(boss, Command("enrol_player", cid, {"name": f"Speler {i}"})) for i in range(8)
    ]
    for n in range(1, evenings + 1):
        app.handle(boss, Command("schedule_evening", cid, {"date": f"2026-04-0{n}"}))
        for pid in players:
            args = {"evening": n, "player_id": pid, "status": "present"}
            app.handle(boss, Command("record_attendance", cid, args))
    return cid


def draw(app: Troef, boss: Actor, cid: str, evening: int, seed: str = "s") -> list[str]:
    drawn = app.handle(boss, Command("draw_seating", cid, {"evening": evening, "seed": seed}))
    return [entry["list_id"] for entry in drawn["lists"]]


def test_the_director_puts_one_table_in_play_mode(app: Troef, boss: Actor) -> None:
    list_id = open_list(app, boss)
    assert app.get_list(list_id).in_play_mode is False
    assert app.handle(boss, Command("set_play_mode", list_id, {"on": True})) == {"play_mode": True}
    version = app.get_list(list_id).version
    app.handle(boss, Command("set_play_mode", list_id, {"on": True}))
    assert app.get_list(list_id).version == version  # already so: nothing recorded
    assert app.get_list(list_id).in_play_mode is True
    with pytest.raises(Forbidden):
        app.handle(phone("A"), Command("set_play_mode", list_id, {"on": False}))
    with pytest.raises(InvalidInput) as no:
        app.handle(boss, Command("set_play_mode", list_id, {"on": "yes"}))
    assert no.value.field == "on"
    lines = [s["summary"] for s in app.replay(list_id)]
    assert lines[-1] == "play mode switched on"


def test_a_competition_in_play_mode_opens_every_list_of_an_evening_in_it(
    app: Troef, boss: Actor
) -> None:
    cid = competition(app, boss)
    first = draw(app, boss, cid, 1)
    assert not any(app.get_list(lid).in_play_mode for lid in first)
    answer = app.handle(boss, Command("set_competition_play_mode", cid, {"on": True, "evening": 1}))
    assert answer == {"lists": len(first)}
    assert all(app.get_list(lid).in_play_mode for lid in first)
    again = draw(app, boss, cid, 1, seed="again")  # a new draw of that evening: still play mode
    assert all(app.get_list(lid).in_play_mode for lid in again)
    second = draw(app, boss, cid, 2)
    assert not any(app.get_list(lid).in_play_mode for lid in second)
    app.handle(boss, Command("set_competition_play_mode", cid, {"on": True}))
    assert all(app.get_list(lid).in_play_mode for lid in second)
    app.handle(boss, Command("set_competition_play_mode", cid, {"on": False, "evening": 2}))
    assert not any(app.get_list(lid).in_play_mode for lid in second)
    assert app.get_competition(cid).play_mode_for(1) is True
    with pytest.raises(Forbidden):
        app.handle(phone("A"), Command("set_competition_play_mode", cid, {"on": True}))

"""A late player after the draw: attendance may change until the first deal (docs/seating.md).

The change makes the draw stale: its lists are cancelled at once, so no table plays (or
records on) a seating that leaves someone out, and the director draws again.
"""

from __future__ import annotations

import pytest

from backend.aggregates.actor import Actor
from backend.aggregates.errors import Conflict
from backend.application import Troef

from ..conftest import phone

WIEZEN = "wiezen-reglement-2019"


def vraag() -> dict[str, object]:
    return {"dealer": 1, "contract": "VRAAG", "declarers": [1, 3], "tricks": 9}


def drawn_evening(app: Troef, boss: Actor) -> tuple[str, list[str], dict[str, object]]:
    """Five enrolled players, four present and drawn at one table; the fifth is late."""
    cid = app.create_competition(boss, "Zondagen", WIEZEN)
    players = [app.enrol_player(boss, cid, f"Speler {i}") for i in range(1, 6)]
    app.schedule_evening(boss, cid, "2026-04-05")
    for player in players[:4]:
        app.record_attendance(boss, cid, 1, player, "present")
    return cid, players, app.draw_seating(boss, cid, 1, seed="lot")


def test_a_late_player_is_added_after_the_draw_and_the_tables_are_drawn_again(
    app: Troef, boss: Actor
) -> None:
    cid, players, first = drawn_evening(app, boss)
    (old,) = first["lists"]
    assert app.record_attendance(boss, cid, 1, players[4], "present") is True
    evening = app.get_competition(cid).evening(1)
    assert evening["draw_stale"] is True and evening["attendance"][players[4]] == "present"
    cancelled = app.get_list(old["list_id"])
    assert cancelled.cancelled == "the attendance changed after draw 1; the director draws again"
    for start in (
        lambda: app.join_list(phone("tafel-1"), old["list_id"]),
        lambda: app.record_deal(boss, old["list_id"], 1, vraag()),
    ):
        with pytest.raises(Conflict) as refused:  # the stale table cannot start play
            start()
        assert "this list was cancelled (the attendance changed" in refused.value.message

    again = app.draw_seating(boss, cid, 1, seed="lot")
    assert again["draw_no"] == 2
    (table,) = again["lists"]
    assert sorted(table["seats"].values()) == sorted(players)  # a table of five
    assert app.get_competition(cid).evening(1)["draw_stale"] is False
    assert app.verify().ok


def test_several_changes_before_the_new_draw_all_count_and_cancel_the_lists_once(
    app: Troef, boss: Actor
) -> None:
    cid, players, first = drawn_evening(app, boss)
    list_id = first["lists"][0]["list_id"]
    app.record_attendance(boss, cid, 1, players[4], "present")
    version = app.get_list(list_id).version
    assert app.record_attendance(boss, cid, 1, players[1], "absent_notice") is True
    assert app.get_list(list_id).version == version  # already cancelled: nothing more on it
    again = app.draw_seating(boss, cid, 1, seed="lot")
    (table,) = again["lists"]
    assert sorted(table["seats"].values()) == sorted([players[0], *players[2:]])
    assert again["draw_no"] == 2 and app.get_list(list_id).version == version


def test_the_same_status_again_after_the_draw_changes_nothing(app: Troef, boss: Actor) -> None:
    cid, players, first = drawn_evening(app, boss)
    version = app.get_competition(cid).version
    assert app.record_attendance(boss, cid, 1, players[0], "present") is False
    assert app.get_competition(cid).version == version
    assert app.get_list(first["lists"][0]["list_id"]).cancelled is None


def test_after_the_first_deal_the_attendance_stays_as_drawn_and_says_why(
    app: Troef, boss: Actor
) -> None:
    cid, players, first = drawn_evening(app, boss)
    list_id = first["lists"][0]["list_id"]
    app.record_deal(boss, list_id, 1, vraag())
    versions = (app.get_competition(cid).version, app.get_list(list_id).version)
    with pytest.raises(Conflict) as refused:
        app.record_attendance(boss, cid, 1, players[4], "present")
    assert refused.value.field == "evening"
    assert refused.value.message.startswith("play has started (table(s) 1 recorded deals")
    assert "a new draw would move players who have already played" in refused.value.message
    assert (app.get_competition(cid).version, app.get_list(list_id).version) == versions
    assert app.get_competition(cid).evening(1)["draw_stale"] is False

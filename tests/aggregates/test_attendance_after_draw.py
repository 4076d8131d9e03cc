"""A late player after the draw: attendance may change until the first deal (docs/seating.md).

The change makes the draw stale: its lists are cancelled at once, so no table plays (or
records on) a seating that leaves someone out, and the director draws again.
"""

from __future__ import annotations

import pytest

from backend.aggregates.actor import Actor
from backend.aggregates.errors import Conflict
from backend.application import Command, Troef

from ..conftest import phone

WIEZEN = "wiezen-reglement-2019"


def vraag() -> dict[str, object]:
    return {"dealer": 1, "contract": "VRAAG", "declarers": [1, 3], "tricks": 9}


def drawn_evening(app: Troef, boss: Actor) -> tuple[str, list[str], dict[str, object]]:
    """Five enrolled players, four present and drawn at one table; the fifth is late."""
    cid = app.handle(
        boss, Command("create_competition", None, {"name": "Zondagen", "rules": WIEZEN})
    )
    players = [
        app.handle(boss, Command("enrol_player", cid, {"name": f"Speler {i}"})) for i in range(1, 6)
    ]
    app.handle(boss, Command("schedule_evening", cid, {"date": "2026-04-05"}))
    for player in players[:4]:
        app.handle(
            boss,
            Command(
                "record_attendance", cid, {"evening": 1, "player_id": player, "status": "present"}
            ),
        )
    return (
        cid,
        players,
        app.handle(boss, Command("draw_seating", cid, {"evening": 1, "seed": "lot"})),
    )


def test_a_late_player_is_added_after_the_draw_and_the_tables_are_drawn_again(
    app: Troef, boss: Actor
) -> None:
    cid, players, first = drawn_evening(app, boss)
    (old,) = first["lists"]
    assert (
        app.handle(
            boss,
            Command(
                "record_attendance",
                cid,
                {"evening": 1, "player_id": players[4], "status": "present"},
            ),
        )
        is True
    )
    evening = app.get_competition(cid).evening(1)
    assert evening["draw_stale"] is True and evening["attendance"][players[4]] == "present"
    cancelled = app.get_list(old["list_id"])
    assert cancelled.cancelled == "the attendance changed after draw 1; the director draws again"
    for start in (
        lambda: app.handle(phone("tafel-1"), Command("join", old["list_id"])),
        lambda: app.handle(
            boss, Command("record_deal", old["list_id"], {"deal_no": 1, "record": vraag()})
        ),
    ):
        with pytest.raises(Conflict) as refused:  # the stale table cannot start play
            start()
        assert "this list was cancelled (the attendance changed" in refused.value.message

    again = app.handle(boss, Command("draw_seating", cid, {"evening": 1, "seed": "lot"}))
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
    app.handle(
        boss,
        Command(
            "record_attendance", cid, {"evening": 1, "player_id": players[4], "status": "present"}
        ),
    )
    version = app.get_list(list_id).version
    assert (
        app.handle(
            boss,
            Command(
                "record_attendance",
                cid,
                {"evening": 1, "player_id": players[1], "status": "absent_notice"},
            ),
        )
        is True
    )
    assert app.get_list(list_id).version == version  # already cancelled: nothing more on it
    again = app.handle(boss, Command("draw_seating", cid, {"evening": 1, "seed": "lot"}))
    (table,) = again["lists"]
    assert sorted(table["seats"].values()) == sorted([players[0], *players[2:]])
    assert again["draw_no"] == 2 and app.get_list(list_id).version == version


def test_the_same_status_again_after_the_draw_changes_nothing(app: Troef, boss: Actor) -> None:
    cid, players, first = drawn_evening(app, boss)
    version = app.get_competition(cid).version
    assert (
        app.handle(
            boss,
            Command(
                "record_attendance",
                cid,
                {"evening": 1, "player_id": players[0], "status": "present"},
            ),
        )
        is False
    )
    assert app.get_competition(cid).version == version
    assert app.get_list(first["lists"][0]["list_id"]).cancelled is None


def test_after_the_first_deal_the_attendance_stays_as_drawn_and_says_why(
    app: Troef, boss: Actor
) -> None:
    cid, players, first = drawn_evening(app, boss)
    list_id = first["lists"][0]["list_id"]
    app.handle(boss, Command("record_deal", list_id, {"deal_no": 1, "record": vraag()}))
    versions = (app.get_competition(cid).version, app.get_list(list_id).version)
    with pytest.raises(Conflict) as refused:
        app.handle(
            boss,
            Command(
                "record_attendance",
                cid,
                {"evening": 1, "player_id": players[4], "status": "present"},
            ),
        )
    assert refused.value.field == "evening"
    assert refused.value.message.startswith("play has started (table(s) 1 recorded deals")
    assert "a new draw would move players who have already played" in refused.value.message
    assert (app.get_competition(cid).version, app.get_list(list_id).version) == versions
    assert app.get_competition(cid).evening(1)["draw_stale"] is False

"""The score list through the application, on a SQLite file and on PostgreSQL."""

from __future__ import annotations

import pytest

from backend.aggregates.actor import Actor
from backend.aggregates.errors import (
    Conflict,
    DealNumberTaken,
    Forbidden,
    InvalidInput,
    ListSubmittedError,
    PenHeldElsewhere,
)
from backend.application import Troef

from ..conftest import phone
from .helpers import WIEZEN_SEATS, open_list, solo


def test_a_deal_is_recorded_with_its_facts_points_and_rule_set(app: Troef, boss: Actor) -> None:
    list_id = open_list(app, boss)
    assert app.join_list(phone("A"), list_id)["pen"] is True
    score = app.record_deal(phone("A"), list_id, 1, solo())
    assert score["points"] == {"1": -4, "2": 12, "3": -4, "4": -4}
    sl = app.get_list(list_id)
    row = sl.rows[0]
    assert row["record"]["rules"] == "schafkopf-tsv-lengfeld@1"
    assert row["record"]["seats"] == sl.seats
    assert sl.totals() == {"1": -4, "2": 12, "3": -4, "4": -4}


def test_the_second_device_does_not_get_the_pen_and_cannot_write(app: Troef, boss: Actor) -> None:
    list_id = open_list(app, boss)
    app.join_list(phone("A"), list_id)
    assert app.join_list(phone("B"), list_id)["pen"] is False
    with pytest.raises(PenHeldElsewhere):
        app.record_deal(phone("B"), list_id, 1, solo())
    app.move_pen(boss, list_id, "B")
    app.record_deal(phone("B"), list_id, 1, solo())
    with pytest.raises(PenHeldElsewhere):
        app.record_deal(phone("A"), list_id, 2, solo())


def test_only_the_director_moves_the_pen(app: Troef, boss: Actor) -> None:
    list_id = open_list(app, boss)
    app.join_list(phone("A"), list_id)
    with pytest.raises(Forbidden):
        app.move_pen(phone("A"), list_id, "B")


def test_deal_numbers_run_in_sequence(app: Troef, boss: Actor) -> None:
    list_id = open_list(app, boss)
    app.join_list(phone("A"), list_id)
    app.record_deal(phone("A"), list_id, 1, solo())
    with pytest.raises(DealNumberTaken):
        app.record_deal(phone("A"), list_id, 1, solo())
    with pytest.raises(InvalidInput, match="next is 2"):
        app.record_deal(phone("A"), list_id, 3, solo())


def test_a_refused_deal_names_the_field_and_appends_nothing(app: Troef, boss: Actor) -> None:
    list_id = open_list(app, boss)
    app.join_list(phone("A"), list_id)
    version = app.get_list(list_id).version
    with pytest.raises(InvalidInput) as refused:
        app.record_deal(phone("A"), list_id, 1, {**solo(), "spritze": True})
    assert refused.value.field == "spritze"
    with pytest.raises(InvalidInput) as refused:
        app.record_deal(phone("A"), list_id, 1, {**solo(), "seats": {"1": "x"}})
    assert refused.value.field == "seats"
    assert app.get_list(list_id).version == version


def test_a_voided_deal_stays_on_the_list_but_stops_counting(app: Troef, boss: Actor) -> None:
    list_id = open_list(app, boss)
    app.join_list(phone("A"), list_id)
    app.record_deal(phone("A"), list_id, 1, solo())
    app.void_deal(phone("A"), list_id, 1, "wrong declarer")
    sl = app.get_list(list_id)
    assert sl.rows[0]["voided"] == "wrong declarer"
    assert sl.totals() == dict.fromkeys("1234", 0)
    assert sl.counted_deals == 0


def test_the_list_refuses_more_counted_deals_than_planned(app: Troef, boss: Actor) -> None:
    list_id = open_list(app, boss, planned=1)
    app.join_list(phone("A"), list_id)
    app.record_deal(phone("A"), list_id, 1, solo())
    with pytest.raises(Conflict, match="complete"):
        app.record_deal(phone("A"), list_id, 2, solo())
    app.record_deal(phone("A"), list_id, 2, {"type": "NO_GAME"})  # does not count


def test_a_short_list_can_be_submitted_only_after_the_director_closed_it(
    app: Troef, boss: Actor
) -> None:
    list_id = open_list(app, boss, planned=3)
    app.join_list(phone("A"), list_id)
    app.record_deal(phone("A"), list_id, 1, solo())
    with pytest.raises(Conflict, match="1 of 3"):
        app.submit_list(phone("A"), list_id, "1", "2")
    with pytest.raises(Forbidden):
        app.close_list_short(phone("A"), list_id, "23:00")
    app.close_list_short(boss, list_id, "23:00 rule")
    assert app.submit_list(phone("A"), list_id, "1", "2")["head"]


def test_a_submitted_list_refuses_every_command_for_every_role(app: Troef, boss: Actor) -> None:
    list_id = open_list(app, boss, planned=1)
    app.join_list(phone("A"), list_id)
    app.record_deal(phone("A"), list_id, 1, solo())
    app.submit_list(phone("A"), list_id, "1", "3")
    version = app.get_list(list_id).version
    for actor in (phone("A"), phone("B"), boss):
        attempts = [
            lambda a=actor: app.record_deal(a, list_id, 2, solo()),
            lambda a=actor: app.void_deal(a, list_id, 1, "no"),
            lambda a=actor: app.raise_dispute(a, list_id, 1, "no"),
            lambda a=actor: app.give_ruling(a, list_id, 1, "voided", "no"),
            lambda a=actor: app.move_pen(a, list_id, "Z"),
            lambda a=actor: app.close_list_short(a, list_id, "no"),
            lambda a=actor: app.submit_list(a, list_id, "1", "2"),
            lambda a=actor: app.join_list(a, list_id),
        ]
        for attempt in attempts:
            with pytest.raises(ListSubmittedError):
                attempt()
    assert app.get_list(list_id).version == version


def test_klaverjas_submission_needs_a_player_of_the_other_pair(app: Troef, boss: Actor) -> None:
    list_id = open_list(
        app, boss, game="klaverjas", planned=1, seats={"N": "p1", "E": "p2", "S": "p3", "W": "p4"}
    )
    app.join_list(phone("A"), list_id)
    app.record_deal(
        phone("A"),
        list_id,
        1,
        {
            "dealer": "S",
            "playing": "EW",
            "card_points": {"NS": 64, "EW": 98},
            "tricks": {"NS": 3, "EW": 5},
            "roem": [],
        },
    )
    with pytest.raises(InvalidInput) as refused:
        app.submit_list(phone("A"), list_id, "N", "S")
    assert refused.value.field == "confirmed_by"
    app.submit_list(phone("A"), list_id, "N", "E")


def test_a_dispute_blocks_submission_until_the_director_rules(app: Troef, boss: Actor) -> None:
    list_id = open_list(app, boss, planned=1)
    app.join_list(phone("A"), list_id)
    app.record_deal(phone("A"), list_id, 1, solo())
    app.raise_dispute(phone("A"), list_id, 1, "seat 2 had only 85")
    with pytest.raises(Conflict, match="rule"):
        app.submit_list(phone("A"), list_id, "1", "2")
    with pytest.raises(Forbidden):
        app.give_ruling(phone("A"), list_id, 1, "corrected", "recount")
    app.give_ruling(
        boss,
        list_id,
        1,
        "corrected",
        "recounted the tricks",
        article="Nr. 6",
        record=solo(augen=85),
    )
    sl = app.get_list(list_id)
    assert sl.totals() == {"1": -3, "2": 9, "3": -3, "4": -3}
    assert sl.disputes[0]["ruling"] == "corrected"
    app.submit_list(phone("A"), list_id, "1", "2")


def test_an_adjustment_is_its_own_row_in_the_totals(app: Troef, boss: Actor) -> None:
    list_id = open_list(app, boss)
    app.join_list(phone("A"), list_id)
    app.record_deal(phone("A"), list_id, 1, solo())
    app.give_ruling(boss, list_id, 1, "adjusted", "slow play", adjustment={"3": -2, "4": 2})
    assert app.get_list(list_id).totals() == {"1": -4, "2": 12, "3": -6, "4": -2}


def test_wiezen_lists_fill_in_the_pas_rond_doubling_themselves(app: Troef, boss: Actor) -> None:
    list_id = open_list(app, boss, game="wiezen", seats=WIEZEN_SEATS, planned=40)
    app.join_list(phone("A"), list_id)
    app.record_deal(phone("A"), list_id, 1, {"dealer": 2, "contract": "PAS_ROND"})
    score = app.record_deal(
        phone("A"), list_id, 2, {"dealer": 2, "contract": "VRAAG", "declarers": [1, 3], "tricks": 8}
    )
    assert score["points"] == {"1": 4, "2": -4, "3": 4, "4": -4}
    with pytest.raises(InvalidInput) as refused:
        app.record_deal(
            phone("A"),
            list_id,
            3,
            {
                "dealer": 3,
                "contract": "VRAAG",
                "declarers": [1, 3],
                "tricks": 8,
                "after_pas_rond": True,
            },
        )
    assert refused.value.field == "after_pas_rond"


def test_a_long_list_is_snapshotted_and_any_version_can_be_read(app: Troef, boss: Actor) -> None:
    list_id = open_list(app, boss, planned=200)
    app.join_list(phone("A"), list_id)
    for deal in range(1, 61):
        app.record_deal(phone("A"), list_id, deal, solo(augen=61 + deal % 50))
    assert app.snapshots is not None
    snapshots = list(app.snapshots.get(app.get_list(list_id).id))
    assert [s.originator_version for s in snapshots] == [50]
    at_30 = app.get_list(list_id, version=30)
    assert len(at_30.rows) == 28  # opened, pen taken, 28 deals
    assert at_30.totals() == {
        seat: sum(r["score"]["points"][seat] for r in app.get_list(list_id).rows[:28])
        for seat in "1234"
    }


def test_a_list_opened_before_boards_existed_loads_and_still_verifies(
    sqlite_env: dict[str, str], boss: Actor
) -> None:
    """A version 1 ``Opened`` event (no ``boards``) is upcast on load; its hash still holds."""
    import json
    import sqlite3

    from backend.aggregates.chain import event_hash

    app = Troef(env=sqlite_env)
    list_id = open_list(app, boss)
    conn = sqlite3.connect(sqlite_env["SQLITE_DBNAME"])
    rowid, raw = conn.execute(
        "SELECT rowid, state FROM stored_events WHERE originator_version = 1 AND originator_id = ?",
        [list_id.replace("-", "")],
    ).fetchone()
    state = json.loads(raw)
    del state["boards"], state["class_version"]  # as version 1 wrote it
    sl = app.get_list(list_id)
    fields = {k: v for k, v in state.items() if k != "timestamp"}
    state["hash"] = event_hash("Opened", sl.id, 1, sl.created_on, fields)
    conn.execute(
        "UPDATE stored_events SET state = ? WHERE rowid = ?", [json.dumps(state).encode(), rowid]
    )
    conn.commit()
    fresh = Troef(env=sqlite_env)
    old = fresh.get_list(list_id)
    assert old.boards is None and old.seats == sl.seats
    assert fresh.verify().ok  # hashed as version 1 wrote it; upcasting changes no stored byte
    fresh.join_list(phone("A"), list_id)  # a new event links to the old head
    assert fresh.verify().ok


def test_a_version_1_opened_that_carried_its_boards_keeps_them(
    sqlite_env: dict[str, str], boss: Actor
) -> None:
    """Lists stored before ``Opened`` had a class version already carried a bridge round's
    boards; upcasting must not drop them."""
    import json
    import sqlite3

    app = Troef(env=sqlite_env)
    list_id = open_list(app, boss)
    conn = sqlite3.connect(sqlite_env["SQLITE_DBNAME"])
    rowid, raw = conn.execute(
        "SELECT rowid, state FROM stored_events WHERE originator_version = 1 AND originator_id = ?",
        [list_id.replace("-", "")],
    ).fetchone()
    state = json.loads(raw)
    del state["class_version"]  # as the code before class versions wrote it
    state["boards"] = [4, 5, 6]  # hashed fields change: only the boards are read back here
    conn.execute(
        "UPDATE stored_events SET state = ? WHERE rowid = ?", [json.dumps(state).encode(), rowid]
    )
    conn.commit()
    assert Troef(env=sqlite_env).get_list(list_id).boards == [4, 5, 6]


def test_an_absurd_adjustment_is_refused_before_it_can_reach_the_read_models(
    app: Troef, boss: Actor
) -> None:
    list_id = open_list(app, boss)
    app.record_deal(boss, list_id, 1, solo())
    with pytest.raises(InvalidInput) as refused:
        app.give_ruling(boss, list_id, 1, "adjusted", "typo", adjustment={"1": 10**30})
    assert refused.value.field == "adjustment.1"

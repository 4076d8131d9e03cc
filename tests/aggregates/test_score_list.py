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
from backend.application import COMMANDS, Command, Troef

from ..conftest import phone
from .helpers import WIEZEN_SEATS, open_list, register, solo


def test_a_deal_is_recorded_with_its_facts_points_and_rule_set(app: Troef, boss: Actor) -> None:
    list_id = open_list(app, boss)
    assert app.handle(phone("A"), Command("join", list_id))["pen"] is True
    score = app.handle(
        phone("A"), Command("record_deal", list_id, {"deal_no": 1, "record": solo()})
    )
    assert score["points"] == {"1": -4, "2": 12, "3": -4, "4": -4}
    sl = app.get_list(list_id)
    row = sl.rows[0]
    assert row["record"]["rules"] == "schafkopf-tsv-lengfeld@1"
    assert row["record"]["seats"] == sl.seats
    assert sl.totals() == {"1": -4, "2": 12, "3": -4, "4": -4}


def test_the_second_device_does_not_get_the_pen_and_cannot_write(app: Troef, boss: Actor) -> None:
    list_id = open_list(app, boss)
    register(app, list_id, "A", "B")
    app.handle(phone("A"), Command("join", list_id))
    assert app.handle(phone("B"), Command("join", list_id))["pen"] is False
    with pytest.raises(PenHeldElsewhere):
        app.handle(phone("B"), Command("record_deal", list_id, {"deal_no": 1, "record": solo()}))
    app.handle(boss, Command("move_pen", list_id, {"device": "B"}))
    app.handle(phone("B"), Command("record_deal", list_id, {"deal_no": 1, "record": solo()}))
    with pytest.raises(PenHeldElsewhere):
        app.handle(phone("A"), Command("record_deal", list_id, {"deal_no": 2, "record": solo()}))


def test_only_the_director_moves_the_pen(app: Troef, boss: Actor) -> None:
    list_id = open_list(app, boss)
    app.handle(phone("A"), Command("join", list_id))
    with pytest.raises(Forbidden):
        app.handle(phone("A"), Command("move_pen", list_id, {"device": "B"}))


def test_deal_numbers_run_in_sequence(app: Troef, boss: Actor) -> None:
    list_id = open_list(app, boss)
    app.handle(phone("A"), Command("join", list_id))
    app.handle(phone("A"), Command("record_deal", list_id, {"deal_no": 1, "record": solo()}))
    with pytest.raises(DealNumberTaken):
        app.handle(phone("A"), Command("record_deal", list_id, {"deal_no": 1, "record": solo()}))
    with pytest.raises(InvalidInput, match="next is 2"):
        app.handle(phone("A"), Command("record_deal", list_id, {"deal_no": 3, "record": solo()}))


def test_a_refused_deal_names_the_field_and_appends_nothing(app: Troef, boss: Actor) -> None:
    list_id = open_list(app, boss)
    app.handle(phone("A"), Command("join", list_id))
    version = app.get_list(list_id).version
    with pytest.raises(InvalidInput) as refused:
        app.handle(
            phone("A"),
            Command("record_deal", list_id, {"deal_no": 1, "record": {**solo(), "spritze": True}}),
        )
    assert refused.value.field == "spritze"
    with pytest.raises(InvalidInput) as refused:
        app.handle(
            phone("A"),
            Command(
                "record_deal", list_id, {"deal_no": 1, "record": {**solo(), "seats": {"1": "x"}}}
            ),
        )
    assert refused.value.field == "seats"
    assert app.get_list(list_id).version == version


def test_a_voided_deal_stays_on_the_list_but_stops_counting(app: Troef, boss: Actor) -> None:
    list_id = open_list(app, boss)
    app.handle(phone("A"), Command("join", list_id))
    app.handle(phone("A"), Command("record_deal", list_id, {"deal_no": 1, "record": solo()}))
    app.handle(
        phone("A"), Command("void_deal", list_id, {"deal_no": 1, "reason": "wrong declarer"})
    )
    sl = app.get_list(list_id)
    assert sl.rows[0]["voided"] == "wrong declarer"
    assert sl.totals() == dict.fromkeys("1234", 0)
    assert sl.counted_deals == 0


def test_the_list_refuses_more_counted_deals_than_planned(app: Troef, boss: Actor) -> None:
    list_id = open_list(app, boss, planned=1)
    app.handle(phone("A"), Command("join", list_id))
    app.handle(phone("A"), Command("record_deal", list_id, {"deal_no": 1, "record": solo()}))
    with pytest.raises(Conflict, match="complete"):
        app.handle(phone("A"), Command("record_deal", list_id, {"deal_no": 2, "record": solo()}))
    app.handle(
        phone("A"), Command("record_deal", list_id, {"deal_no": 2, "record": {"type": "NO_GAME"}})
    )  # does not count


def test_a_short_list_can_be_submitted_only_after_the_director_closed_it(
    app: Troef, boss: Actor
) -> None:
    list_id = open_list(app, boss, planned=3)
    app.handle(phone("A"), Command("join", list_id))
    app.handle(phone("A"), Command("record_deal", list_id, {"deal_no": 1, "record": solo()}))
    with pytest.raises(Conflict, match="1 of 3"):
        app.handle(
            phone("A"), Command("submit_list", list_id, {"scorer": "1", "confirmed_by": "2"})
        )
    with pytest.raises(Forbidden):
        app.handle(phone("A"), Command("close_list_short", list_id, {"reason": "23:00"}))
    app.handle(boss, Command("close_list_short", list_id, {"reason": "23:00 rule"}))
    assert app.handle(
        phone("A"), Command("submit_list", list_id, {"scorer": "1", "confirmed_by": "2"})
    )["head"]


def test_a_submitted_list_refuses_every_command_for_every_role(app: Troef, boss: Actor) -> None:
    list_id = open_list(app, boss, planned=1)
    app.handle(phone("A"), Command("join", list_id))
    app.handle(phone("A"), Command("record_deal", list_id, {"deal_no": 1, "record": solo()}))
    app.handle(phone("A"), Command("submit_list", list_id, {"scorer": "1", "confirmed_by": "3"}))
    version = app.get_list(list_id).version
    attempts = [
        ("record_deal", {"deal_no": 2, "record": solo()}),
        ("void_deal", {"deal_no": 1, "reason": "no"}),
        ("raise_dispute", {"deal_no": 1, "reason": "no"}),
        ("give_ruling", {"deal_no": 1, "decision": "voided", "reason": "no"}),
        ("move_pen", {"device": "Z"}),
        ("close_list_short", {"reason": "no"}),
        ("submit_list", {"scorer": "1", "confirmed_by": "2"}),
        ("join", {}),
    ]
    for actor in (phone("A"), phone("B"), boss):
        for name, args in attempts:
            # a role the command table does not admit is refused before the list is read
            sender_may = actor.role in COMMANDS[name].roles
            with pytest.raises(ListSubmittedError if sender_may else Forbidden):
                app.handle(actor, Command(name, list_id, args))
    assert app.get_list(list_id).version == version


def test_klaverjas_submission_needs_a_player_of_the_other_pair(app: Troef, boss: Actor) -> None:
    list_id = open_list(
        app, boss, game="klaverjas", planned=1, seats={"N": "p1", "E": "p2", "S": "p3", "W": "p4"}
    )
    app.handle(phone("A"), Command("join", list_id))
    app.handle(
        phone("A"),
        Command(
            "record_deal",
            list_id,
            {
                "deal_no": 1,
                "record": {
                    "dealer": "S",
                    "playing": "EW",
                    "card_points": {"NS": 64, "EW": 98},
                    "tricks": {"NS": 3, "EW": 5},
                    "roem": [],
                },
            },
        ),
    )
    with pytest.raises(InvalidInput) as refused:
        app.handle(
            phone("A"), Command("submit_list", list_id, {"scorer": "N", "confirmed_by": "S"})
        )
    assert refused.value.field == "confirmed_by"
    app.handle(phone("A"), Command("submit_list", list_id, {"scorer": "N", "confirmed_by": "E"}))


def test_a_dispute_blocks_submission_until_the_director_rules(app: Troef, boss: Actor) -> None:
    list_id = open_list(app, boss, planned=1)
    app.handle(phone("A"), Command("join", list_id))
    app.handle(phone("A"), Command("record_deal", list_id, {"deal_no": 1, "record": solo()}))
    app.handle(
        phone("A"),
        Command("raise_dispute", list_id, {"deal_no": 1, "reason": "seat 2 had only 85"}),
    )
    with pytest.raises(Conflict, match="rule"):
        app.handle(
            phone("A"), Command("submit_list", list_id, {"scorer": "1", "confirmed_by": "2"})
        )
    with pytest.raises(Forbidden):
        app.handle(
            phone("A"),
            Command(
                "give_ruling", list_id, {"deal_no": 1, "decision": "corrected", "reason": "recount"}
            ),
        )
    app.handle(
        boss,
        Command(
            "give_ruling",
            list_id,
            {
                "deal_no": 1,
                "decision": "corrected",
                "reason": "recounted the tricks",
                "article": "Nr. 6",
                "record": solo(augen=85),
            },
        ),
    )
    sl = app.get_list(list_id)
    assert sl.totals() == {"1": -3, "2": 9, "3": -3, "4": -3}
    assert sl.disputes[0]["ruling"] == "corrected"
    app.handle(phone("A"), Command("submit_list", list_id, {"scorer": "1", "confirmed_by": "2"}))


def test_an_adjustment_is_its_own_row_in_the_totals(app: Troef, boss: Actor) -> None:
    list_id = open_list(app, boss)
    app.handle(phone("A"), Command("join", list_id))
    app.handle(phone("A"), Command("record_deal", list_id, {"deal_no": 1, "record": solo()}))
    app.handle(
        boss,
        Command(
            "give_ruling",
            list_id,
            {
                "deal_no": 1,
                "decision": "adjusted",
                "reason": "slow play",
                "adjustment": {"3": -2, "4": 2},
            },
        ),
    )
    assert app.get_list(list_id).totals() == {"1": -4, "2": 12, "3": -6, "4": -2}


def test_wiezen_lists_fill_in_the_pas_rond_doubling_themselves(app: Troef, boss: Actor) -> None:
    list_id = open_list(app, boss, game="wiezen", seats=WIEZEN_SEATS, planned=40)
    app.handle(phone("A"), Command("join", list_id))
    app.handle(
        phone("A"),
        Command(
            "record_deal", list_id, {"deal_no": 1, "record": {"dealer": 2, "contract": "PAS_ROND"}}
        ),
    )
    score = app.handle(
        phone("A"),
        Command(
            "record_deal",
            list_id,
            {
                "deal_no": 2,
                "record": {"dealer": 2, "contract": "VRAAG", "declarers": [1, 3], "tricks": 8},
            },
        ),
    )
    assert score["points"] == {"1": 4, "2": -4, "3": 4, "4": -4}
    with pytest.raises(InvalidInput) as refused:
        app.handle(
            phone("A"),
            Command(
                "record_deal",
                list_id,
                {
                    "deal_no": 3,
                    "record": {
                        "dealer": 3,
                        "contract": "VRAAG",
                        "declarers": [1, 3],
                        "tricks": 8,
                        "after_pas_rond": True,
                    },
                },
            ),
        )
    assert refused.value.field == "after_pas_rond"


def test_a_long_list_is_snapshotted_and_any_version_can_be_read(app: Troef, boss: Actor) -> None:
    list_id = open_list(app, boss, planned=200)
    app.handle(phone("A"), Command("join", list_id))
    for deal in range(1, 61):
        app.handle(
            phone("A"),
            Command(
                "record_deal", list_id, {"deal_no": deal, "record": solo(augen=61 + deal % 50)}
            ),
        )
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
    conn.execute("DELETE FROM stored_events_seal")  # that version kept no seal: sealed on start
    conn.commit()
    fresh = Troef(env=sqlite_env)
    old = fresh.get_list(list_id)
    assert old.boards is None and old.seats == sl.seats
    assert fresh.verify().ok  # hashed as version 1 wrote it; upcasting changes no stored byte
    fresh.handle(phone("A"), Command("join", list_id))  # a new event links to the old head
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
    app.handle(boss, Command("record_deal", list_id, {"deal_no": 1, "record": solo()}))
    with pytest.raises(InvalidInput) as refused:
        app.handle(
            boss,
            Command(
                "give_ruling",
                list_id,
                {
                    "deal_no": 1,
                    "decision": "adjusted",
                    "reason": "typo",
                    "adjustment": {"1": 10**30},
                },
            ),
        )
    assert refused.value.field == "adjustment.1"

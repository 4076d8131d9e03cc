"""Hash chains verify, and a change behind the application's back is found."""

from __future__ import annotations

import json
import sqlite3

from backend.aggregates.actor import Actor
from backend.application import Command, Troef

from .aggregates.helpers import open_list, solo
from .conftest import phone


def _three_deals(app: Troef, boss: Actor) -> str:
    list_id = open_list(app, boss, planned=5)
    app.handle(phone("A"), Command("join", list_id))
    for deal in (1, 2, 3):
        app.handle(phone("A"), Command("record_deal", list_id, {"deal_no": deal, "record": solo()}))
    return list_id


def test_every_chain_of_a_fresh_store_verifies(app: Troef, boss: Actor) -> None:
    list_id = _three_deals(app, boss)
    report = app.verify()
    assert report.ok
    chain = next(c for c in report.chains if c.aggregate_id == list_id)
    assert chain.events == 5
    assert chain.head == app.get_list(list_id).head


def test_a_points_value_edited_with_raw_sql_breaks_the_chain_at_that_event(
    sqlite_env: dict[str, str], boss: Actor
) -> None:
    app = Troef(env=sqlite_env)
    list_id = _three_deals(app, boss)
    conn = sqlite3.connect(sqlite_env["SQLITE_DBNAME"])
    row = conn.execute(
        "SELECT rowid, state FROM stored_events WHERE originator_id = ? AND originator_version = 4",
        [list_id.replace("-", "")],
    ).fetchone()
    state = json.loads(row[1])
    state["score"]["points"]["2"] = 120
    conn.execute(
        "UPDATE stored_events SET state = ? WHERE rowid = ?", [json.dumps(state).encode(), row[0]]
    )
    conn.commit()
    report = app.verify()
    assert not report.ok
    broken = report.broken[0]
    assert broken.aggregate_id == list_id
    assert broken.broken_at == 4
    assert "content" in broken.problem


def test_a_deleted_event_is_named_as_missing(sqlite_env: dict[str, str], boss: Actor) -> None:
    app = Troef(env=sqlite_env)
    list_id = _three_deals(app, boss)
    conn = sqlite3.connect(sqlite_env["SQLITE_DBNAME"])
    conn.execute(
        "DELETE FROM stored_events WHERE originator_id = ? AND originator_version = 3",
        [list_id.replace("-", "")],
    )
    conn.commit()
    broken = app.verify().broken[0]
    assert broken.broken_at == 3
    assert "missing" in broken.problem


def test_replay_of_a_deal_shows_each_event_with_its_actor_and_explanation(
    app: Troef, boss: Actor
) -> None:
    list_id = _three_deals(app, boss)
    app.handle(phone("A"), Command("raise_dispute", list_id, {"deal_no": 2, "reason": "recount"}))
    app.handle(
        boss,
        Command(
            "give_ruling",
            list_id,
            {"deal_no": 2, "decision": "voided", "reason": "misdeal found", "article": "Nr. 6"},
        ),
    )
    steps = app.replay(list_id, deal_no=2)
    assert [s["event"] for s in steps] == ["DealRecorded", "DisputeRaised", "RulingGiven"]
    assert steps[0]["explain"] and "Schafkopf" in steps[0]["explain"][0]
    assert steps[0]["actor"]["client_id"] == "A"
    assert steps[0]["state"]["totals"]["2"] == 24
    assert steps[1]["state"]["totals"]["2"] == 36  # deal 3 came before the dispute
    assert steps[-1]["state"]["totals"]["2"] == 24  # deal 2 voided by the ruling
    assert steps[-1]["actor"]["role"] == "director"
    whole = app.replay(list_id)
    assert [s["version"] for s in whole] == list(range(1, len(whole) + 1))

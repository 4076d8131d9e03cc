"""Aggregates kept from the last save: a load still gives what the store holds."""

from __future__ import annotations

import sqlite3
import warnings
from uuid import UUID

from backend.aggregates.actor import Actor
from backend.application import Command, Troef

from ..aggregates.helpers import open_list, solo
from ..conftest import phone


def deal(no: int, declarer: int = 2) -> dict:
    return {"deal_no": no, "record": solo(declarer=declarer)}


def test_a_list_another_process_wrote_to_loads_with_its_deals(
    app: Troef, boss: Actor, store_env: dict[str, str]
) -> None:
    list_id = open_list(app, boss, planned=30)
    app.handle(phone("A", 1), Command("join", list_id, {}))
    app.handle(phone("A", 2), Command("record_deal", list_id, deal(1)))  # list and device kept
    other = Troef(env=store_env)  # a second server process on the same store
    try:
        other.handle(phone("A", 3), Command("record_deal", list_id, deal(2, declarer=3)))
    finally:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            other.close()
    # this process must see deal 2 and mutation 3, or it refuses deal 3 and mutation 4
    app.handle(phone("A", 4), Command("record_deal", list_id, deal(3, declarer=1)))
    sl = app.get_list(list_id)
    assert [r["deal_no"] for r in sl.rows] == [1, 2, 3]
    assert [r["record"]["declarer"] for r in sl.rows] == [2, 3, 1]
    device = app.get_device("A", list_id)
    assert device is not None and device.last_mutation_id == 4


def test_a_list_changed_in_memory_after_its_save_is_loaded_from_the_store(
    app: Troef, boss: Actor
) -> None:
    list_id = open_list(app, boss, planned=30)
    app.handle(phone("A", 1), Command("join", list_id, {}))
    sl = app.get_list(list_id)
    writer = Actor("table", client_id="A")
    sl.record_deal(1, solo(), writer)
    app.save(sl)  # saved: kept for the next load
    sl.record_deal(2, solo(declarer=3), writer)  # changed again, never saved
    assert [r["deal_no"] for r in app.get_list(list_id).rows] == [1]


def test_a_list_put_back_with_changes_it_did_not_save_is_not_taken(app: Troef, boss: Actor) -> None:
    list_id = open_list(app, boss, planned=30)
    app.handle(phone("A", 1), Command("join", list_id, {}))
    sl = app.get_list(list_id)
    sl.record_deal(1, solo(), Actor("table", client_id="A"))
    app.put_back(sl)
    assert app.get_list(list_id).rows == []


def test_a_store_that_lost_its_newest_events_is_read_as_it_is_now(
    sqlite_env: dict[str, str], boss: Actor
) -> None:
    app = Troef(env=sqlite_env)
    try:
        list_id = open_list(app, boss, planned=30)
        app.handle(phone("A", 1), Command("join", list_id, {}))
        app.handle(phone("A", 2), Command("record_deal", list_id, deal(1)))
        app.handle(phone("A", 3), Command("record_deal", list_id, deal(2)))  # kept with 2 deals
        last = max(e.originator_version for e in app.repository.event_store.get(UUID(list_id)))
        with sqlite3.connect(sqlite_env["SQLITE_DBNAME"]) as db:  # the store put back a step
            db.execute(
                "DELETE FROM stored_events WHERE originator_id = ? AND originator_version = ?",
                (UUID(list_id).hex, last),
            )
        assert [r["deal_no"] for r in app.get_list(list_id).rows] == [1]
    finally:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            app.close()

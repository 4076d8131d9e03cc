"""Commands with a client's mutation id are applied exactly once; concurrent saves are safe."""

from __future__ import annotations

import threading

import pytest

from backend.aggregates.actor import Actor
from backend.aggregates.errors import Conflict, MutationGap, PenHeldElsewhere
from backend.application import Command, Troef
from backend.application.troef import StoredRefusal

from ..conftest import phone
from .helpers import open_list, solo


def test_a_repeated_mutation_returns_the_stored_result_and_appends_nothing(
    app: Troef, boss: Actor
) -> None:
    list_id = open_list(app, boss)
    app.handle(phone("A", 1), Command("join", list_id))
    first = app.handle(
        phone("A", 2), Command("record_deal", list_id, {"deal_no": 1, "record": solo()})
    )
    version = app.get_list(list_id).version
    again = app.handle(
        phone("A", 2), Command("record_deal", list_id, {"deal_no": 1, "record": solo()})
    )
    assert again == {**first, "duplicate": True}
    assert app.get_list(list_id).version == version


def test_a_gap_in_mutation_ids_is_refused_with_the_last_applied_id(app: Troef, boss: Actor) -> None:
    list_id = open_list(app, boss)
    app.handle(phone("A", 1), Command("join", list_id))
    with pytest.raises(MutationGap) as gap:
        app.handle(phone("A", 3), Command("record_deal", list_id, {"deal_no": 1, "record": solo()}))
    assert gap.value.last_mutation_id == 1
    assert app.get_list(list_id).rows == []


def test_a_reused_mutation_id_with_other_content_is_a_conflict(app: Troef, boss: Actor) -> None:
    list_id = open_list(app, boss)
    app.handle(phone("A", 1), Command("join", list_id))
    app.handle(phone("A", 2), Command("record_deal", list_id, {"deal_no": 1, "record": solo()}))
    with pytest.raises(Conflict, match="already used"):
        app.handle(
            phone("A", 2), Command("record_deal", list_id, {"deal_no": 1, "record": solo(augen=30)})
        )


def test_a_refused_mutation_is_kept_and_refused_again_on_repeat(app: Troef, boss: Actor) -> None:
    list_id = open_list(app, boss)
    app.handle(phone("A", 1), Command("join", list_id))
    with pytest.raises(PenHeldElsewhere):
        app.handle(phone("B", 1), Command("record_deal", list_id, {"deal_no": 1, "record": solo()}))
    device = app.get_device("B", list_id)
    assert device is not None
    assert device.outcomes["1"]["status"] == "refused"
    assert device.outcomes["1"]["error"]["error"] == "pen_elsewhere"
    with pytest.raises(StoredRefusal) as again:
        app.handle(phone("B", 1), Command("record_deal", list_id, {"deal_no": 1, "record": solo()}))
    assert again.value.status == 409
    assert app.get_list(list_id).rows == []


def test_threads_recording_on_many_lists_lose_and_double_nothing(app: Troef, boss: Actor) -> None:
    lists = [open_list(app, boss, planned=30, table=t) for t in range(1, 5)]
    errors: list[BaseException] = []

    def table_phone(index: int, list_id: str) -> None:
        client = f"phone-{index}"
        try:
            app.handle(phone(client, 1), Command("join", list_id))
            for deal in range(1, 11):
                app.handle(
                    phone(client, deal + 1),
                    Command("record_deal", list_id, {"deal_no": deal, "record": solo()}),
                )
                # every second deal is sent twice, as after a lost answer
                if deal % 2 == 0:
                    app.handle(
                        phone(client, deal + 1),
                        Command("record_deal", list_id, {"deal_no": deal, "record": solo()}),
                    )
        except BaseException as exc:  # collected and re-raised in the main thread
            errors.append(exc)

    threads = [threading.Thread(target=table_phone, args=(i, lid)) for i, lid in enumerate(lists)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    for list_id in lists:
        rows = app.get_list(list_id).rows
        assert [r["deal_no"] for r in rows] == list(range(1, 11))


def test_two_directors_writing_one_list_at_once_both_land(app: Troef, boss: Actor) -> None:
    list_id = open_list(app, boss, planned=30)
    errors: list[BaseException] = []

    def dispute(n: int) -> None:
        try:
            for _ in range(5):
                app.handle(
                    boss,
                    Command(
                        "raise_dispute", list_id, {"deal_no": 1, "reason": f"claim from thread {n}"}
                    ),
                )
        except BaseException as exc:
            errors.append(exc)

    app.handle(boss, Command("record_deal", list_id, {"deal_no": 1, "record": solo()}))
    threads = [threading.Thread(target=dispute, args=(n,)) for n in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert len(app.get_list(list_id).disputes) == 15


def test_a_device_keeps_only_its_recent_outcomes_and_answers_old_repeats_as_applied(
    app: Troef, boss: Actor
) -> None:
    from backend.aggregates.device import KEPT_OUTCOMES

    list_id = open_list(app, boss)
    for n in range(1, KEPT_OUTCOMES + 11):  # joining again changes nothing but uses an id
        app.handle(phone("A", n), Command("join", list_id))
    device = app.get_device("A", list_id)
    assert device is not None and len(device.outcomes) == KEPT_OUTCOMES
    assert device.last_mutation_id == KEPT_OUTCOMES + 10
    version = app.get_list(list_id).version
    recent = app.handle(phone("A", KEPT_OUTCOMES + 5), Command("join", list_id))
    assert recent == {"pen": True, "duplicate": True}
    old = app.handle(phone("A", 3), Command("join", list_id))
    assert old["duplicate"] is True and app.get_list(list_id).version == version

"""A device's offline batch: one transaction, and each mutation exactly as it is on its own."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from uuid import UUID

import pytest

from backend.aggregates.actor import Actor
from backend.aggregates.errors import InvalidInput
from backend.application import COMMANDS, Command, Troef
from backend.application.declaring import EVERYONE, LIST, Declared, Done

from ..aggregates.helpers import open_list, solo
from ..conftest import phone


def offline(list_id: str) -> list[tuple[int, str, dict[str, Any]]]:
    """A phone's outbox after an evening offline: mostly deals, with every kind of outcome."""
    return [
        (1, "join", {}),
        (2, "record_deal", {"deal_no": 1, "record": solo()}),
        (3, "record_deal", {"deal_no": 1, "record": solo(augen=30)}),  # refused: deal 1 taken
        (2, "record_deal", {"deal_no": 1, "record": solo()}),  # sent twice: a duplicate
        (4, "no_such_command", {}),  # refused: no such command
        (5, "record_deal", {"deal_no": 2, "record": solo(declarer=3)}),
        (6, "raise_dispute", {"deal_no": 2, "reason": "the trick count"}),
        (7, "record_deal", {"deal_no": 3, "record": solo(declarer=1, augen=40, tricks=3)}),
    ]


def as_batch(client: str, list_id: str, outbox: list) -> list[tuple[Actor, Command]]:
    return [(phone(client, n), Command(name, list_id, args)) for n, name, args in outbox]


def counted_saves(app: Troef, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count the application's saves (one transaction each) and the events of each."""
    saves: list[int] = []
    save = app.save

    def counting(*objs: Any, **kwargs: Any) -> Any:
        recordings = save(*objs, **kwargs)
        saves.append(len(recordings))
        return recordings

    monkeypatch.setattr(app, "save", counting)
    return saves


def answer(outcome: Any) -> tuple[str, Any]:
    if outcome.error is not None:
        return ("refused", outcome.error.kind, outcome.error.field)
    return ("applied", {k: v for k, v in outcome.result.items() if k != "duplicate"})


def one_at_a_time(app: Troef, batch: list[tuple[Actor, Command]]) -> list[tuple[str, Any]]:
    answers = []
    for actor, command in batch:
        try:
            result = app.handle(actor, command)
        except Exception as exc:  # a DomainError: the same shape as a batch's refusal
            answers.append(("refused", exc.kind, exc.field))  # type: ignore[attr-defined]
        else:
            answers.append(("applied", {k: v for k, v in result.items() if k != "duplicate"}))
    return answers


def events_of(app: Troef, uid: str | UUID) -> list[str]:
    return [type(e).__name__ for e in app.repository.event_store.get(UUID(str(uid)))]


def test_a_batch_is_one_transaction_with_the_answers_of_one_mutation_at_a_time(
    app: Troef, boss: Actor, monkeypatch: pytest.MonkeyPatch
) -> None:
    batched = open_list(app, boss, planned=30, table=1)
    single = open_list(app, boss, planned=30, table=2)
    saves = counted_saves(app, monkeypatch)
    outcomes = app.handle_batch(as_batch("A", batched, offline(batched)))
    assert saves == [13]  # 5 list events and 8 device records, in ONE save
    expected = one_at_a_time(app, as_batch("B", single, offline(single)))
    assert [answer(o) for o in outcomes] == expected
    applied, refused = "applied", "refused"
    kinds = [applied, applied, refused, applied, refused, applied, applied, applied]
    assert [answer(o)[0] for o in outcomes] == kinds
    assert outcomes[3].result["duplicate"] is True
    assert events_of(app, batched) == events_of(app, single)
    a, b = app.get_list(batched), app.get_list(single)
    assert [r["deal_no"] for r in a.rows] == [1, 2, 3]
    assert (a.rows, a.totals(), len(a.disputes)) == (b.rows, b.totals(), len(b.disputes))
    device = app.get_device("A", batched)
    assert device is not None and device.last_mutation_id == 7
    assert [device.outcomes[str(n)]["status"] for n in range(1, 8)] == [
        "applied",
        "applied",
        "refused",
        "refused",
        "applied",
        "applied",
        "applied",
    ]
    assert device.outcomes["3"]["error"]["error"] == "deal_taken"


def test_a_repeated_batch_returns_the_first_answers_and_records_nothing(
    app: Troef, boss: Actor, monkeypatch: pytest.MonkeyPatch
) -> None:
    list_id = open_list(app, boss, planned=30)
    batch = as_batch("A", list_id, offline(list_id))
    first = app.handle_batch(batch)
    position = app.recorder.max_notification_id()
    saves = counted_saves(app, monkeypatch)
    again = app.handle_batch(batch)
    assert saves == []
    assert app.recorder.max_notification_id() == position
    assert [answer(o) for o in again] == [answer(o) for o in first]
    assert all(o.result["duplicate"] for o in again if o.error is None)
    assert all(getattr(o.error, "duplicate", True) for o in again)


def test_a_gap_stops_the_batch_and_what_came_before_it_is_saved(app: Troef, boss: Actor) -> None:
    list_id = open_list(app, boss, planned=30)
    outbox = [(1, "join", {}), (2, "record_deal", {"deal_no": 1, "record": solo()})]
    outbox += [(4, "record_deal", {"deal_no": 2, "record": solo()}), (5, "join", {})]
    outcomes = app.handle_batch(as_batch("A", list_id, outbox))
    assert [answer(o)[0] for o in outcomes] == ["applied", "applied", "refused"]
    assert outcomes[-1].gap and outcomes[-1].error.last_mutation_id == 2  # type: ignore[union-attr]
    assert [r["deal_no"] for r in app.get_list(list_id).rows] == [1]


def test_a_refused_command_leaves_nothing_of_what_it_changed_before_it_was_refused(
    app: Troef, boss: Actor, monkeypatch: pytest.MonkeyPatch
) -> None:
    def half_done(app: Troef, actor: Actor, target: str, a: Any) -> Done:
        score_list = app.get_list(target)
        score_list.raise_dispute(1, "changed, then refused", actor)
        raise InvalidInput("refused after changing the list", "reason")

    monkeypatch.setitem(COMMANDS, "half_done", Declared("half_done", LIST, EVERYONE, (), half_done))
    list_id = open_list(app, boss, planned=30)
    outbox = [(1, "join", {}), (2, "record_deal", {"deal_no": 1, "record": solo()})]
    outbox += [(3, "half_done", {}), (4, "record_deal", {"deal_no": 2, "record": solo()})]
    outcomes = app.handle_batch(as_batch("A", list_id, outbox))
    assert [answer(o)[0] for o in outcomes] == ["applied", "applied", "refused", "applied"]
    stored = app.get_list(list_id)
    assert not stored.disputes
    assert "DisputeRaised" not in " ".join(events_of(app, list_id))
    assert [r["deal_no"] for r in stored.rows] == [1, 2]
    device = app.get_device("A", list_id)
    assert device is not None and device.outcomes["3"]["status"] == "refused"


def writer_between(
    app: Troef, store_env: dict[str, str], monkeypatch: pytest.MonkeyPatch, write: Callable
) -> list[int]:
    """Let another process's application write once, just before the batch's first save."""
    saves: list[int] = []
    save = app.save

    def racing(*objs: Any, **kwargs: Any) -> Any:
        if not saves:
            other = Troef(env=store_env)
            try:
                write(other)
            finally:
                other.close()
        saves.append(len(objs))
        return save(*objs, **kwargs)

    monkeypatch.setattr(app, "save", racing)
    return saves


def test_a_batch_that_meets_a_concurrent_writer_runs_again_from_the_fresh_list(
    app: Troef, boss: Actor, store_env: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    list_id = open_list(app, boss, planned=30)
    saves = writer_between(
        app,
        store_env,
        monkeypatch,
        lambda other: other.handle(boss, Command("reissue_table_code", list_id, {})),
    )
    outbox = [(1, "join", {})] + [
        (n + 1, "record_deal", {"deal_no": n, "record": solo()}) for n in range(1, 17)
    ]
    outcomes = app.handle_batch(as_batch("A", list_id, outbox))
    assert len(saves) == 2  # the first clashed with the other writer; the second held
    assert all(o.error is None for o in outcomes)
    events = events_of(app, list_id)
    assert events.count("DealRecorded") == 16 and events.count("TableCodeReissued") == 1
    assert [r["deal_no"] for r in app.get_list(list_id).rows] == list(range(1, 17))
    device = app.get_device("A", list_id)
    assert device is not None and device.last_mutation_id == 17
    assert device.version == 18  # registered, then 17 records: none doubled


def test_a_batch_run_again_after_a_clash_answers_from_what_the_other_writer_did(
    app: Troef, boss: Actor, store_env: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    list_id = open_list(app, boss, planned=30)
    app.handle(phone("A", 1), Command("join", list_id))
    writer_between(
        app,
        store_env,
        monkeypatch,
        lambda other: other.handle(
            boss, Command("close_list_short", list_id, {"reason": "the table left early"})
        ),
    )
    outbox = [(n + 1, "record_deal", {"deal_no": n, "record": solo()}) for n in range(1, 4)]
    outcomes = app.handle_batch(as_batch("A", list_id, outbox))
    assert [answer(o)[0] for o in outcomes] == ["refused"] * 3
    assert app.get_list(list_id).rows == []
    device = app.get_device("A", list_id)
    assert device is not None and device.last_mutation_id == 4
    assert {device.outcomes[str(n)]["status"] for n in (2, 3, 4)} == {"refused"}

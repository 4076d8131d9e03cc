"""Events are applied a batch at a time: whatever the batch size, and wherever a batch ends
(between a deal and its void, a dispute and its ruling), the read models hold the same rows."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from backend.aggregates.actor import Actor
from backend.application import Command, Troef
from backend.projections import ReadModels
from backend.projections.store import Store

from ..conftest import phone


def _vraag(dealer: int, tricks: int) -> dict[str, Any]:
    return {"dealer": dealer, "contract": "VRAAG", "declarers": [1, 3], "tricks": tricks}


def _season(app: Troef, boss: Actor) -> None:
    """Two evenings of wiezen with voids, disputes, every kind of ruling and adjustments."""
    cid = app.handle(
        boss,
        Command("create_competition", None, {"name": "Zondag", "rules": "wiezen-reglement-2019"}),
    )
    players = [app.handle(boss, Command("enrol_player", cid, {"name": f"P{i}"})) for i in range(5)]
    app.handle(boss, Command("rename_player", cid, {"player_id": players[0], "name": "Anna"}))
    app.handle(boss, Command("withdraw_player", cid, {"player_id": players[4], "reason": "moved"}))
    for evening, date in ((1, "2026-01-04"), (2, "2026-01-11")):
        app.handle(boss, Command("schedule_evening", cid, {"date": date}))
        for pid in players[:4]:
            app.handle(
                boss,
                Command(
                    "record_attendance",
                    cid,
                    {"evening": evening, "player_id": pid, "status": "present"},
                ),
            )
        draw = app.handle(boss, Command("draw_seating", cid, {"evening": evening, "seed": "3"}))
        list_id = draw["lists"][0]["list_id"]
        table = phone(f"T{evening}")
        app.handle(table, Command("join", list_id))
        for deal in range(1, 7):
            app.handle(
                table,
                Command(
                    "record_deal",
                    list_id,
                    {"deal_no": deal, "record": _vraag(deal % 4 + 1, 6 + deal)},
                ),
            )
        app.handle(table, Command("void_deal", list_id, {"deal_no": 2, "reason": "typo"}))
        for deal_no, ruling in (
            (3, {"decision": "corrected", "record": _vraag(3, 12)}),
            (4, {"decision": "adjusted", "adjustment": {"2": -3, "4": 3}}),
            (5, {"decision": "voided"}),
            (6, {"decision": "adjusted", "adjustment": {"1": 2, "3": -2}}),
        ):
            app.handle(
                table, Command("raise_dispute", list_id, {"deal_no": deal_no, "reason": "?"})
            )
            app.handle(
                boss,
                Command("give_ruling", list_id, {"deal_no": deal_no, "reason": "seen", **ruling}),
            )
        app.handle(table, Command("record_deal", list_id, {"deal_no": 7, "record": _vraag(1, 8)}))
        app.handle(
            boss,
            Command(
                "adjust_standing",
                cid,
                {"player_id": players[1], "points": -evening, "reason": "late"},
            ),
        )
        app.handle(boss, Command("close_list_short", list_id, {"reason": "last train"}))
        if evening == 1:
            who = {"scorer": "1", "confirmed_by": "2"}
            app.handle(table, Command("submit_list", list_id, who))
    app.handle(boss, Command("close_evening", cid, {"evening": 1}))


@pytest.mark.parametrize("batch", [1, 2, 3, 7, 1000])
def test_every_batch_size_gives_the_rows_of_the_live_read_models(
    wired: tuple[Troef, ReadModels], boss: Actor, tmp_path: Path, batch: int
) -> None:
    app, views = wired  # caught up after every save: a batch of the save's events
    _season(app, boss)
    fresh = ReadModels(tmp_path / f"batch-{batch}.sqlite")
    assert fresh.catch_up(app, batch) == app.recorder.max_notification_id()
    live = views.dump()
    assert len(live["deal_rows"]) == 14 and len(live["adjustments"]) == 4
    assert fresh.dump() == live
    fresh.close()


def test_a_batch_another_process_applied_meanwhile_is_read_again_from_its_position(
    app: Troef, boss: Actor, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The events are read before the write lock; if another process (a second web process,
    the worker) applied some of them in between, none is applied twice."""
    _season(app, boss)
    path = tmp_path / "views.sqlite"
    mine, other = ReadModels(path), Store(str(path))
    read = app.recorder.select_notifications
    calls = []

    def meanwhile(*args: Any, **kwargs: Any) -> Any:
        page = read(*args, **kwargs)
        calls.append(page)
        if len(calls) == 1:  # between this process's read and its lock
            assert other.apply_batch(app, 10) == 10
        return page

    monkeypatch.setattr(app.recorder, "select_notifications", meanwhile)
    assert mine.catch_up(app) == app.recorder.max_notification_id() - 10
    monkeypatch.undo()
    fresh = ReadModels(tmp_path / "fresh.sqlite")
    fresh.catch_up(app)
    assert mine.dump() == fresh.dump()
    for views in (mine, other, fresh):
        views.close()

"""A rebuild writes new read models beside the live ones and swaps them in: pages keep the old
ones until then, an interrupted rebuild changes nothing, and any number of rebuilds in a row
leave an instance that opens."""

from __future__ import annotations

import sqlite3
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from backend.aggregates.actor import Actor
from backend.application import Command, Troef
from backend.instance import Instance, init
from backend.projections import ReadModels, models, store
from backend.projections.migrations import DUE, TABLES

from ..conftest import phone

VRAAG = {"dealer": 1, "contract": "VRAAG", "declarers": [1, 3], "tricks": 9}


def _close(app: Troef, views: ReadModels) -> None:
    views.close()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        app.close()


@pytest.fixture
def club(tmp_path: Path, boss: Actor) -> Iterator[tuple[Instance, Troef, ReadModels, str]]:
    """An instance with a wiezen evening of three deals, opened as every command opens it."""
    instance, _password = init(tmp_path / "club", "Café De Troef", "Anna")
    app, views = instance.open()
    cid = app.handle(
        boss,
        Command("create_competition", None, {"name": "Zondag", "rules": "wiezen-reglement-2019"}),
    )
    players = [app.handle(boss, Command("enrol_player", cid, {"name": f"P{i}"})) for i in range(4)]
    app.handle(boss, Command("schedule_evening", cid, {"date": "2026-01-04"}))
    for pid in players:
        app.handle(
            boss,
            Command(
                "record_attendance", cid, {"evening": 1, "player_id": pid, "status": "present"}
            ),
        )
    entry = app.handle(boss, Command("draw_seating", cid, {"evening": 1, "seed": "7"}))["lists"][0]
    app.handle(phone("T1"), Command("join", entry["list_id"]))
    for deal_no in (1, 2, 3):
        app.handle(
            phone("T1"),
            Command("record_deal", entry["list_id"], {"deal_no": deal_no, "record": VRAAG}),
        )
    yield instance, app, views, entry["list_id"]
    _close(app, views)


def _fresh(app: Troef, folder: Path) -> dict[str, list[tuple[Any, ...]]]:
    fresh = ReadModels(folder / "fresh.sqlite")
    fresh.catch_up(app)
    dump = fresh.dump()
    fresh.close()
    return dump


def test_five_rebuilds_in_a_row_leave_an_instance_that_opens(
    club: tuple[Instance, Troef, ReadModels, str], tmp_path: Path
) -> None:
    instance, app, views, _list_id = club
    expected = _fresh(app, tmp_path)
    for _ in range(5):
        assert views.rebuild(app) == app.recorder.max_notification_id()
        again_app, again = instance.open()  # what every command does next
        assert again.dump() == expected
        assert again.position(app.name) == app.recorder.max_notification_id()
        _close(again_app, again)
    assert views.dump() == expected
    names = sorted(p.name for p in instance.path.iterdir() if p.name.startswith("views"))
    assert len([n for n in names if n.endswith(".sqlite")]) == 2, names  # the link, one file
    with sqlite3.connect(views.path) as conn:
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
    assert "old1_tracking" not in tables


def test_pages_read_the_old_models_until_the_swap(
    club: tuple[Instance, Troef, ReadModels, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _instance, app, views, _list_id = club
    with sqlite3.connect(views.path) as conn:  # a row the rebuild will write anew
        conn.execute("UPDATE competitions SET name = 'before the rebuild'")
    seen: list[str] = []
    build = models._build

    def watched(path: Path, application: Troef, batch: int) -> int:
        count = build(path, application, batch)  # the new file is complete, not yet live
        seen.append(views.rows("SELECT name FROM competitions")[0]["name"])
        return count

    monkeypatch.setattr(models, "_build", watched)
    views.rebuild(app)
    assert seen == ["before the rebuild"]
    assert views.rows("SELECT name FROM competitions")[0]["name"] == "Zondag"


def test_an_interrupted_rebuild_leaves_the_live_models_as_they_were(
    club: tuple[Instance, Troef, ReadModels, str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    instance, app, views, _list_id = club
    before = views.dump()

    def broken(*_args: Any) -> None:
        raise RuntimeError("the power went out")

    monkeypatch.setitem(store.HANDLERS, "ScoreList.DealRecorded", broken)
    with pytest.raises(Exception, match="the power went out"):
        views.rebuild(app)
    monkeypatch.undo()
    assert views.dump() == before
    again_app, again = instance.open()
    assert again.dump() == before
    _close(again_app, again)
    views.rebuild(app)  # and the next rebuild clears what the interrupted one left
    assert views.dump() == _fresh(app, tmp_path) == before
    files = [p.name for p in instance.path.glob("views.*.sqlite")]
    assert len(files) == 1, files


def test_another_process_follows_the_swap(
    club: tuple[Instance, Troef, ReadModels, str],
) -> None:
    _instance, app, views, list_id = club
    other = ReadModels(views.path)  # as a second server process holds it
    views.rebuild(app)
    app.handle(phone("T1"), Command("record_deal", list_id, {"deal_no": 4, "record": VRAAG}))
    assert other.catch_up(app) == 0, "the save caught the swapped-in models up already"
    assert other.position(app.name) == app.recorder.max_notification_id()
    (row,) = other.rows("SELECT rows FROM lists WHERE list_id = ?", [list_id])
    assert row["rows"] == 4
    other.close()


def test_read_models_whose_reset_lost_the_migration_row_open_again(
    club: tuple[Instance, Troef, ReadModels, str],
) -> None:
    """Resets used to delete eventsourcing's own row; the third opening then failed."""
    instance, _app, views, _list_id = club
    expected = views.dump()
    for _ in range(3):
        with sqlite3.connect(views.path) as conn:  # what ``troef projections rebuild`` did
            for table in (*TABLES, DUE, "tracking"):
                conn.execute(f"DELETE FROM [{table}]")
        again_app, again = instance.open()
        assert again.dump() == expected
        _close(again_app, again)

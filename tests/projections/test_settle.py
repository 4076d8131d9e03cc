"""Results and standings wait for their first reader: a save marks them due, ``settle``
recomputes them once, and nothing a reader sees differs from a rebuild."""

from __future__ import annotations

import json
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from backend.aggregates.actor import Actor
from backend.application import Command, Troef
from backend.instance import init
from backend.projections import ReadModels, results
from backend.projections.worker import CatchUpWorker

from ..conftest import phone


@pytest.fixture
def opened(tmp_path: Path) -> Iterator[tuple[Troef, ReadModels]]:
    """The application and read models of an instance, wired as every command wires them."""
    instance, _password = init(tmp_path / "club", "Café De Troef", "Anna")
    app, views = instance.open()
    yield app, views
    views.close()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        app.close()


def _evening(app: Troef, boss: Actor, name: str) -> tuple[str, dict[str, Any]]:
    cid = app.handle(
        boss, Command("create_competition", None, {"name": name, "rules": "wiezen-reglement-2019"})
    )
    players = [
        app.handle(boss, Command("enrol_player", cid, {"name": f"{name} {i}"})) for i in range(1, 5)
    ]
    app.handle(boss, Command("schedule_evening", cid, {"date": "2026-01-04"}))
    for pid in players:
        app.handle(
            boss,
            Command(
                "record_attendance", cid, {"evening": 1, "player_id": pid, "status": "present"}
            ),
        )
    entry = app.handle(boss, Command("draw_seating", cid, {"evening": 1, "seed": "7"}))["lists"][0]
    app.handle(phone(name), Command("join", entry["list_id"]))
    return cid, entry


def _totals(views: ReadModels, cid: str) -> dict[str, int]:
    rows = views.rows("SELECT player_id, total FROM standings WHERE competition_id = ?", [cid])
    return {r["player_id"]: r["total"] for r in rows}


def _paper(views: ReadModels, entry: dict[str, Any]) -> dict[str, int]:
    """Each player's running total on the table's paper list, after its last row."""
    (row,) = views.rows(
        "SELECT running FROM deal_rows WHERE list_id = ? ORDER BY deal_no DESC LIMIT 1",
        [entry["list_id"]],
    )
    running = json.loads(row["running"])
    return {player: running[seat] for seat, player in entry["seats"].items()}


VRAAG = {"dealer": 1, "contract": "VRAAG", "declarers": [1, 3], "tricks": 10}


def test_a_deal_leaves_the_standings_due_until_settled_once(
    opened: tuple[Troef, ReadModels], boss: Actor
) -> None:
    app, views = opened
    cid, entry = _evening(app, boss, "Zondag")
    assert views.settle(cid) == 1  # the draw and attendance marked it due
    app.handle(
        phone("Zondag"), Command("record_deal", entry["list_id"], {"deal_no": 1, "record": VRAAG})
    )
    paper = _paper(views, entry)
    assert paper[entry["seats"]["1"]] > 0, "the table's own list is caught up inside the save"
    assert set(_totals(views, cid).values()) == {0}, "the standings wait for a reader"
    assert views.settle(cid) == 1
    assert _totals(views, cid) == paper
    assert views.settle(cid) == 0, "nothing new: nothing recomputed"


def test_settling_one_competition_leaves_the_other_due(
    opened: tuple[Troef, ReadModels], boss: Actor
) -> None:
    app, views = opened
    first, one = _evening(app, boss, "Eerste")
    second, two = _evening(app, boss, "Tweede")
    views.settle()
    app.handle(
        phone("Eerste"), Command("record_deal", one["list_id"], {"deal_no": 1, "record": VRAAG})
    )
    app.handle(
        phone("Tweede"), Command("record_deal", two["list_id"], {"deal_no": 1, "record": VRAAG})
    )
    assert views.settle(first) == 1
    assert set(_totals(views, second).values()) == {0}
    assert views.settle() == 1  # the second, and only it
    assert _totals(views, second) == _paper(views, two)


def test_the_worker_settles_what_no_reader_asked_for(
    opened: tuple[Troef, ReadModels], boss: Actor
) -> None:
    app, views = opened
    cid, entry = _evening(app, boss, "Zondag")
    app.handle(
        phone("Zondag"), Command("record_deal", entry["list_id"], {"deal_no": 1, "record": VRAAG})
    )
    CatchUpWorker(app, views).tick()
    assert _totals(views, cid) == _paper(views, entry) != {}
    assert views.settle() == 0


def test_settled_read_models_equal_a_rebuild_and_a_reset_forgets_what_was_due(
    opened: tuple[Troef, ReadModels], boss: Actor, tmp_path: Path
) -> None:
    app, views = opened
    _evening(app, boss, "Zondag")
    fresh = ReadModels(tmp_path / "fresh.sqlite")
    fresh.catch_up(app)
    assert fresh.settle() == 0, "a catch-up on its own settles by default"
    assert views.dump() == fresh.dump()  # dump settles the live ones first
    fresh.close()
    views.reset()
    assert views.settle() == 0
    views.catch_up(app)
    assert views.rows("SELECT COUNT(*) AS n FROM standings")[0]["n"] == 4


def test_a_failing_recomputation_leaves_the_last_results_and_the_competition_due(
    opened: tuple[Troef, ReadModels], boss: Actor, monkeypatch: pytest.MonkeyPatch
) -> None:
    app, views = opened
    cid, entry = _evening(app, boss, "Zondag")
    views.settle()
    app.handle(
        phone("Zondag"), Command("record_deal", entry["list_id"], {"deal_no": 1, "record": VRAAG})
    )

    def broken(db: Any, competition_id: str) -> None:
        db.execute("DELETE FROM standings")  # half done when it fails: rolled back
        raise RuntimeError("a bug in a counting rule")

    monkeypatch.setattr(results, "refresh", broken)
    assert views.settle(cid) == 0
    assert set(_totals(views, cid).values()) == {0}, "the last results, whole"
    monkeypatch.undo()
    assert views.settle(cid) == 1, "still due: the next reader or tick recomputes"
    assert _totals(views, cid) == _paper(views, entry)

"""Events and snapshots stored by earlier versions load, and every field works, after an upgrade.

``tests/fixtures/history_v2026-12.json`` is a club history as the store keeps it today;
``older_shapes.json`` holds records as older versions wrote them (a list's snapshot before
``boards`` and ``play``, a competition's before ``adjustments``, ``Opened`` before ``boards``,
``EveningClosed`` before ``heads``). Both are written by ``tests/fixtures/make_history.py``.
They are put into an empty store of each kind, then loaded and used by the current code.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from uuid import UUID

from eventsourcing.persistence import StoredEvent

from backend.aggregates.actor import Actor
from backend.aggregates.score_list import ScoreList
from backend.application import Command, Troef

from .aggregates.helpers import solo

FIXTURES = Path(__file__).parent / "fixtures"


def _stored(record: dict[str, Any]) -> StoredEvent:
    return StoredEvent(
        originator_id=UUID(record["originator_id"]),
        originator_version=record["originator_version"],
        topic=record["topic"],
        state=json.dumps(record["state"], separators=(",", ":")).encode("utf-8"),
    )


def _load(app: Troef, name: str, events: bool = True) -> dict[str, Any]:
    """Put a fixture's records into the store (its snapshots only, without ``events``)."""
    doc = json.loads((FIXTURES / name).read_text(encoding="utf-8"))
    if events:
        app.recorder.insert_events([_stored(r) for r in doc["events"]])
    assert app.snapshots is not None
    app.snapshots.recorder.insert_events([_stored(r) for r in doc["snapshots"]])
    return doc


def _uses_every_field_of_a_list(app: Troef, list_id: str, boss: Actor) -> None:
    sl = app.get_list(list_id)
    deal_no = len(sl.rows) + 1
    app.handle(
        boss, Command("record_deal", list_id, {"deal_no": deal_no, "record": solo()})
    )  # reads the rows, the boards, the rules and the pen
    app.handle(boss, Command("raise_dispute", list_id, {"deal_no": deal_no, "reason": "te veel"}))
    app.handle(
        boss,
        Command(
            "give_ruling",
            list_id,
            {
                "deal_no": deal_no,
                "decision": "adjusted",
                "reason": "SB-9",
                "adjustment": {"1": 10, "2": -10, "3": 0, "4": 0},
            },
        ),
    )  # the disputes and the adjustments
    after = app.get_list(list_id)
    assert after.rows[-1]["deal_no"] == deal_no
    assert after.disputes[-1]["ruling"] == "adjusted"
    assert after.adjustments[-1]["points"]["1"] == 10
    assert after.boards is None and after.play == {}
    assert after.closed_short is None and after.cancelled is None and after.submitted is None


def _uses_every_field_of_a_competition(app: Troef, competition_id: str, boss: Actor) -> None:
    before = app.get_competition(competition_id)
    assert before.counting["evenings"] >= before.counting["best"]
    app.handle(
        boss,
        Command(
            "adjust_standing", competition_id, {"player_id": "p2", "points": -3, "reason": "SB-9"}
        ),
    )
    app.handle(boss, Command("schedule_evening", competition_id, {"date": "2026-12-06"}))
    app.handle(boss, Command("enrol_player", competition_id, {"name": "Nieuwe speler"}))
    c = app.get_competition(competition_id)
    assert c.adjustments[-1]["points"] == -3
    assert c.evenings[-1]["draw_stale"] is False and c.evenings[-1]["closed"] is False
    assert c.players[f"p{len(c.players)}"]["name"] == "Nieuwe speler"
    assert c.name == "Zondagen" and c.game == "wiezen" and c.rules


def test_todays_events_and_snapshots_load_verify_and_work(app: Troef, boss: Actor) -> None:
    history = _load(app, "history_v2026-12.json")["history"]
    report = app.verify()
    assert report.ok, (report.broken, report.findings)
    _uses_every_field_of_a_list(app, history["long_list"], boss)  # from its snapshot at 100
    _uses_every_field_of_a_list(app, history["open_list"], boss)
    _uses_every_field_of_a_competition(app, history["competition"], boss)  # snapshot at 100
    assert app.get_competition(history["competition"]).evenings[0]["closed"] is True
    assert app.verify().ok  # and what the current code added verifies too


def test_the_older_shapes_load_and_every_field_works(app: Troef, boss: Actor) -> None:
    doc = _load(app, "older_shapes.json", events=False)  # each snapshot stands alone
    list_id = str(UUID(doc["snapshots"][0]["originator_id"]))
    competition_id = str(UUID(doc["snapshots"][1]["originator_id"]))
    version = doc["snapshots"][0]["originator_version"]
    sl = app.get_list(list_id)  # the snapshot alone: its events are not in this store
    assert sl.version == version
    _uses_every_field_of_a_list(app, list_id, boss)
    c = app.get_competition(competition_id)
    assert c.adjustments == [] and all(e["draw_stale"] is False for e in c.evenings)
    _uses_every_field_of_a_competition(app, competition_id, boss)
    opened, closed = (app.mapper.to_domain_event(_stored(r)) for r in doc["events"])
    assert isinstance(opened, ScoreList.Opened) and opened.boards is None
    assert closed.heads == {}

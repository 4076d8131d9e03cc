"""Read models follow the history exactly once, rebuild identically, and rank by the rules."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from backend.aggregates.actor import Actor
from backend.aggregates.errors import Conflict, Forbidden, InvalidInput
from backend.application import Command, Troef
from backend.projections import ReadModels

from ..conftest import phone


def _competition(
    app: Troef, boss: Actor, game: str, rules: str, players: int, dates: int = 1
) -> tuple[str, list[str]]:
    cid = app.handle(
        boss, Command("create_competition", None, {"name": f"{game} season", "rules": rules})
    )
    ids = [
        app.handle(boss, Command("enrol_player", cid, {"name": f"Speler {i}"}))
        for i in range(1, players + 1)
    ]
    for day in range(1, dates + 1):
        evening = app.handle(boss, Command("schedule_evening", cid, {"date": f"2026-01-{day:02d}"}))
        for pid in ids:
            app.handle(
                boss,
                Command(
                    "record_attendance",
                    cid,
                    {"evening": evening, "player_id": pid, "status": "present"},
                ),
            )
    return cid, ids


def _vraag(dealer: int, tricks: int) -> dict[str, Any]:
    return {"dealer": dealer, "contract": "VRAAG", "declarers": [1, 3], "tricks": tricks}


def test_a_wiezen_evening_shows_on_paper_and_in_the_standings(
    wired: tuple[Troef, ReadModels], boss: Actor
) -> None:
    app, views = wired
    cid, _ = _competition(app, boss, "wiezen", "wiezen-reglement-2019", 4)
    drawn = app.handle(boss, Command("draw_seating", cid, {"evening": 1, "seed": "42"}))
    list_id = drawn["lists"][0]["list_id"]
    app.handle(phone("A"), Command("join", list_id))
    app.handle(phone("A"), Command("record_deal", list_id, {"deal_no": 1, "record": _vraag(1, 10)}))
    app.handle(
        phone("A"),
        Command(
            "record_deal", list_id, {"deal_no": 2, "record": {"dealer": 2, "contract": "PAS_ROND"}}
        ),
    )
    app.handle(phone("A"), Command("record_deal", list_id, {"deal_no": 3, "record": _vraag(2, 8)}))
    rows = views.rows("SELECT * FROM deal_rows WHERE list_id = ? ORDER BY deal_no", [list_id])
    assert [r["counted_no"] for r in rows] == [1, None, 2]
    assert json.loads(rows[-1]["running"]) == {"1": 8, "2": -8, "3": 8, "4": -8}
    seats = drawn["lists"][0]["seats"]
    standings = {
        r["player_id"]: r
        for r in views.rows("SELECT * FROM standings WHERE competition_id = ?", [cid])
    }
    assert standings[seats["1"]]["total"] == 8
    assert standings[seats["1"]]["rank"] == standings[seats["3"]]["rank"] == 1
    evening = views.rows(
        "SELECT * FROM evening_results WHERE competition_id = ? AND player_id = ?",
        [cid, seats["2"]],
    )[0]
    assert evening["points"] == -8 and evening["provisional"] == 1


def test_a_klaverjas_evening_gives_1600_for_a_partij_sat_out(
    wired: tuple[Troef, ReadModels], boss: Actor
) -> None:
    app, views = wired
    cid, ids = _competition(app, boss, "klaverjas", "klaverjas-amsterdams", 5)
    drawn = app.handle(boss, Command("draw_seating", cid, {"evening": 1, "seed": "7"}))
    assert len(drawn["lists"]) == 3
    sitting = [set(ids) - set(e["seats"].values()) for e in drawn["lists"]]
    assert all(len(s) == 1 for s in sitting)
    rows = {
        r["player_id"]: r
        for r in views.rows("SELECT * FROM evening_results WHERE competition_id = ?", [cid])
    }
    for player in ids:
        sat_out = sum(player in s for s in sitting)
        assert rows[player]["points"] == 1600 * sat_out


def test_rebuilding_the_read_models_gives_identical_rows(
    wired: tuple[Troef, ReadModels], boss: Actor, tmp_path: Path
) -> None:
    app, views = wired
    cid, _ = _competition(app, boss, "wiezen", "wiezen-reglement-2019", 4)
    list_id = app.handle(boss, Command("draw_seating", cid, {"evening": 1, "seed": "1"}))["lists"][
        0
    ]["list_id"]
    app.handle(phone("A"), Command("join", list_id))
    for deal in range(1, 6):
        app.handle(
            phone("A"),
            Command(
                "record_deal", list_id, {"deal_no": deal, "record": _vraag(deal % 4 + 1, 6 + deal)}
            ),
        )
    app.handle(phone("A"), Command("void_deal", list_id, {"deal_no": 2, "reason": "typo"}))
    app.handle(
        phone("A"), Command("raise_dispute", list_id, {"deal_no": 3, "reason": "count again"})
    )
    app.handle(
        boss,
        Command(
            "give_ruling",
            list_id,
            {
                "deal_no": 3,
                "decision": "adjusted",
                "reason": "slow play",
                "adjustment": {"2": -3, "4": 3},
            },
        ),
    )
    fresh = ReadModels(tmp_path / "fresh.sqlite")
    fresh.catch_up(app)
    assert fresh.dump() == views.dump()
    views.reset()
    views.catch_up(app)
    assert fresh.dump() == views.dump()
    fresh.close()


def test_a_batch_is_applied_exactly_once(wired: tuple[Troef, ReadModels], boss: Actor) -> None:
    app, views = wired
    _cid, _ = _competition(app, boss, "wiezen", "wiezen-reglement-2019", 4)
    before = views.dump()
    assert views.catch_up(app) == 0  # already caught up after every save
    assert views.dump() == before
    trail = views.rows("SELECT COUNT(*) AS n FROM audit_trail")[0]["n"]
    assert trail == views.position(app.name)


def test_redrawing_before_the_first_deal_cancels_the_old_tables(
    wired: tuple[Troef, ReadModels], boss: Actor
) -> None:
    app, views = wired
    cid, _ = _competition(app, boss, "wiezen", "wiezen-reglement-2019", 8)
    first = app.handle(boss, Command("draw_seating", cid, {"evening": 1, "seed": "a"}))
    second = app.handle(boss, Command("draw_seating", cid, {"evening": 1, "seed": "b"}))
    statuses = {r["list_id"]: r["status"] for r in views.rows("SELECT * FROM lists")}
    assert all(statuses[e["list_id"]] == "cancelled" for e in first["lists"])
    assert all(statuses[e["list_id"]] == "open" for e in second["lists"])
    list_id = second["lists"][0]["list_id"]
    app.handle(phone("A"), Command("join", list_id))
    app.handle(phone("A"), Command("record_deal", list_id, {"deal_no": 1, "record": _vraag(1, 9)}))
    with pytest.raises(Conflict, match="draw stands"):
        app.handle(boss, Command("draw_seating", cid, {"evening": 1, "seed": "c"}))


def test_a_bridge_session_is_matchpointed_over_the_travellers(
    wired: tuple[Troef, ReadModels], boss: Actor
) -> None:
    app, views = wired
    cid = app.handle(
        boss,
        Command("create_competition", None, {"name": "Dinsdagavond", "rules": "bridge-nbb-1930"}),
    )
    pairs = [
        app.handle(boss, Command("enrol_player", cid, {"name": f"Paar {i}"})) for i in range(1, 7)
    ]
    evening = app.handle(boss, Command("schedule_evening", cid, {"date": "2026-02-03"}))
    for pair in pairs:
        app.handle(
            boss,
            Command(
                "record_attendance",
                cid,
                {"evening": evening, "player_id": pair, "status": "present"},
            ),
        )
    drawn = app.handle(boss, Command("draw_seating", cid, {"evening": evening, "seed": "9"}))
    assert len([e for e in drawn["lists"] if e["round"] == 1]) == 3
    board = drawn["lists"][0]["boards"][0]
    playing = [e for e in drawn["lists"] if board in e["boards"]]
    assert len(playing) == 3  # a Mitchell of 3 tables: every board is played three times
    for n, entry in enumerate(playing):
        client = f"table-{entry['table']}-{entry['round']}"
        app.handle(phone(client), Command("join", entry["list_id"]))
        record = {
            "board": board,
            "contract": {"level": 4, "strain": "H", "dbl": 0},
            "declarer": "N",
            "tricks": 10 if n < 2 else 9,
        }  # two make 4H, one goes down
        app.handle(
            phone(client),
            Command("record_deal", entry["list_id"], {"deal_no": 1, "record": record}),
        )
    travellers = views.rows(
        "SELECT * FROM travellers WHERE competition_id = ? AND board = ?", [cid, board]
    )
    assert sorted(t["ns_mp"] for t in travellers) == [0, 300, 300]
    assert all(t["top"] == 400 for t in travellers)
    standings = views.rows("SELECT * FROM standings WHERE competition_id = ?", [cid])
    assert {s["player_id"] for s in standings} == {p for e in playing for p in e["seats"].values()}
    with pytest.raises(InvalidInput) as refused:
        app.handle(
            phone(client),
            Command(
                "record_deal", entry["list_id"], {"deal_no": 2, "record": {**record, "board": 99}}
            ),
        )
    assert refused.value.field == "board"


def test_a_ruling_after_hand_in_is_its_own_line_in_the_standings(
    wired: tuple[Troef, ReadModels], boss: Actor
) -> None:
    app, views = wired
    cid, ids = _competition(app, boss, "klaverjas", "klaverjas-amsterdams", 4)
    app.handle(boss, Command("draw_seating", cid, {"evening": 1, "seed": "3"}))
    app.handle(
        boss,
        Command(
            "adjust_standing",
            cid,
            {
                "player_id": ids[0],
                "points": -100,
                "reason": "reneged on a claim",
                "article": "SB-9",
            },
        ),
    )
    line = views.rows(
        "SELECT * FROM standings WHERE competition_id = ? AND player_id = ?", [cid, ids[0]]
    )[0]
    results = json.loads(line["results"])
    assert results[-1]["value"] == -100 and "SB-9" in results[-1]["reason"]
    assert line["total"] == sum(r["value"] for r in results)
    with pytest.raises(Forbidden):
        app.handle(
            phone("A"),
            Command("adjust_standing", cid, {"player_id": ids[0], "points": 5, "reason": "no"}),
        )


def test_read_models_written_before_the_upcast_counting_are_rebuilt_on_opening(
    wired: tuple[Troef, ReadModels], boss: Actor, tmp_path: Path
) -> None:
    """An older read-model file (counting as first written) is emptied by migration m007 and
    the next catch-up writes what a fresh rebuild writes."""
    import sqlite3

    app, views = wired
    _competition(app, boss, "wiezen", "wiezen-reglement-2019", 4)
    path = views.path
    with sqlite3.connect(path) as conn:  # as an older version left the file
        conn.execute("UPDATE competitions SET counting = '{\"evenings\": 99}'")
        conn.execute(
            "DELETE FROM _sqlite_migrations WHERE name = 'm007_rebuild_with_upcast_counting'"
        )
    views.close()
    reopened = ReadModels(path)
    assert reopened.rows("SELECT * FROM competitions") == []
    assert reopened.position(app.name) == 0
    reopened.catch_up(app)
    fresh = ReadModels(tmp_path / "fresh.sqlite")
    fresh.catch_up(app)
    assert reopened.dump() == fresh.dump()
    fresh.close()
    reopened.close()


def test_an_audit_trail_written_before_its_details_is_written_anew_on_opening(
    wired: tuple[Troef, ReadModels], boss: Actor, tmp_path: Path
) -> None:
    """Migration m009 adds each list event's details to the audit trail: an older file loses
    its rows and the next catch-up writes what a fresh rebuild writes, details and all."""
    import sqlite3

    app, views = wired
    cid, _ = _competition(app, boss, "wiezen", "wiezen-reglement-2019", 4)
    app.handle(boss, Command("draw_seating", cid, {"evening": 1, "seed": "9"}))
    path = views.path
    views.close()
    with sqlite3.connect(path) as conn:  # as the version before m009 left the file
        conn.execute("ALTER TABLE audit_trail DROP COLUMN details")
        conn.execute("DELETE FROM _sqlite_migrations WHERE name = 'm009_audit_details'")
    reopened = ReadModels(path)
    assert reopened.rows("SELECT * FROM audit_trail") == []
    reopened.catch_up(app)
    opened = reopened.rows("SELECT details FROM audit_trail WHERE event = 'Opened'")
    assert opened and all(json.loads(r["details"])["table"] == 1 for r in opened)
    fresh = ReadModels(tmp_path / "fresh.sqlite")
    fresh.catch_up(app)
    assert reopened.dump() == fresh.dump()
    fresh.close()
    reopened.close()

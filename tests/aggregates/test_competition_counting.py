"""A competition's counting rule: the one source of the season, checked when it is set.

Through the application on a real SQLite event store, with the read models where the
standings matter, as the console and the demo use them.
"""

from __future__ import annotations

import json
import random
import sqlite3
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from backend.aggregates.actor import Actor
from backend.aggregates.chain import event_hash
from backend.aggregates.errors import Conflict, InvalidInput
from backend.application import Command, Troef
from backend.demo.tables import Phones, play_list
from backend.projections import ReadModels

WIEZEN = "wiezen-reglement-2019"
RULES = {
    "wiezen": WIEZEN,
    "klaverjas": "klaverjas-amsterdams",
    "schafkopf": "schafkopf-tsv-lengfeld",
    "bridge": "bridge-nbb-1930",
}


@pytest.fixture
def club(sqlite_env: dict[str, str], tmp_path: Path) -> Iterator[tuple[Troef, ReadModels]]:
    """The application with its read models caught up after every save (SQLite files)."""
    app = Troef(env=sqlite_env)
    views = ReadModels(tmp_path / "views.sqlite")
    app.after_save.append(lambda _r: views.catch_up(app))
    yield app, views
    views.close()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        app.close()


def play_season(app: Troef, boss: Actor, cid: str, sundays: int) -> None:
    """Four players, every Sunday present at one table; every list played and submitted."""
    players = [
        app.handle(boss, Command("enrol_player", cid, {"name": name}))
        for name in ("An", "Bert", "Cas", "Dirk")
    ]
    rng, phones = random.Random(11), Phones("phone")
    for sunday in range(sundays):
        evening = app.handle(
            boss, Command("schedule_evening", cid, {"date": f"2026-01-{4 + 7 * sunday:02d}"})
        )
        for player in players:
            app.handle(
                boss,
                Command(
                    "record_attendance",
                    cid,
                    {"evening": evening, "player_id": player, "status": "present"},
                ),
            )
        drawn = app.handle(
            boss, Command("draw_seating", cid, {"evening": evening, "seed": f"zondag-{evening}"})
        )
        for entry in drawn["lists"]:
            play_list(app, boss, entry, "wiezen", rng, phones)
        app.handle(boss, Command("close_evening", cid, {"evening": evening}))


def standings(views: ReadModels, cid: str) -> list[dict[str, Any]]:
    return views.rows("SELECT * FROM standings WHERE competition_id = ? ORDER BY rank", [cid])


def test_a_wiezen_season_counts_the_best_of_its_counting_rule_not_the_rulebooks(
    club: tuple[Troef, ReadModels], boss: Actor
) -> None:
    """Best 2 of 3 evenings: each player's lowest Sunday is dropped (the rulebook says 9)."""
    app, views = club
    cid = app.handle(
        boss,
        Command(
            "create_competition",
            None,
            {"name": "Drie zondagen", "rules": WIEZEN, "counting": {"evenings": 3, "best": 2}},
        ),
    )
    play_season(app, boss, cid, sundays=3)
    lines = standings(views, cid)
    assert len(lines) == 4 and not views.rows(
        "SELECT * FROM evening_results WHERE competition_id = ? AND status = 'error'", [cid]
    )
    dropped_somewhere = False
    for line in lines:
        results = json.loads(line["results"])
        assert len(results) == 3
        counted = [r["value"] for r in results if r["counts"]]
        dropped = [r for r in results if not r["counts"]]
        assert len(counted) == 2 and len(dropped) == 1, results
        assert dropped[0]["value"] <= min(counted)
        assert dropped[0]["reason"] == "not among the best 2"
        assert line["total"] == sum(counted)
        dropped_somewhere |= dropped[0]["value"] != 0
    assert dropped_somewhere  # a dropped result that changes a total, not only a flag
    assert [line["total"] for line in lines] == sorted((x["total"] for x in lines), reverse=True)


def test_a_sunday_beyond_the_season_is_refused_and_stores_nothing(
    club: tuple[Troef, ReadModels], boss: Actor
) -> None:
    """W-D29: more Sundays than the season has are refused; the season played still counts."""
    app, views = club
    cid = app.handle(
        boss,
        Command(
            "create_competition",
            None,
            {"name": "Eén zondag", "rules": WIEZEN, "counting": {"evenings": 1, "best": 1}},
        ),
    )
    play_season(app, boss, cid, sundays=1)
    before = app.get_competition(cid).version
    with pytest.raises(Conflict) as refused:
        app.handle(boss, Command("schedule_evening", cid, {"date": "2026-01-11"}))
    assert refused.value.field == "date" and "W-D29" in str(refused.value)
    assert app.get_competition(cid).version == before
    assert len(standings(views, cid)) == 4


def test_a_new_competition_takes_the_season_from_its_rule_set_unless_the_director_sets_it(
    app: Troef, boss: Actor
) -> None:
    own = {"id": "korte-reeks", "base": WIEZEN, "options": {"season_sundays": 6, "season_best": 4}}
    from_rules = app.handle(
        boss, Command("create_competition", None, {"name": "Korte reeks", "rules": own})
    )
    assert app.get_competition(from_rules).counting == {"evenings": 6, "best": 4}
    director_says = app.handle(
        boss,
        Command(
            "create_competition",
            None,
            {"name": "Korte reeks", "rules": own, "counting": {"best": 5}},
        ),
    )
    assert app.get_competition(director_says).counting == {"evenings": 6, "best": 5}
    shipped = app.handle(
        boss, Command("create_competition", None, {"name": "Zondagen", "rules": WIEZEN})
    )
    assert app.get_competition(shipped).counting == {"evenings": 15, "best": 9}


@pytest.mark.parametrize(
    ("game", "counting", "field", "message"),
    [
        ("bridge", {"movement": "swiss"}, "counting.movement", "must be one of mitchell, howell"),
        (
            "bridge",
            {"method": "rubber"},
            "counting.method",
            "must be one of matchpoints, butler, cross_imps",
        ),
        ("bridge", {"movement": 1}, "counting.movement", "must be one of mitchell, howell"),
        ("bridge", {"boards_per_round": 0}, "counting.boards_per_round", "from 1 to 10"),
        ("bridge", {"boards_per_round": 11}, "counting.boards_per_round", "from 1 to 10"),
        ("schafkopf", {"durchgaenge": 11}, "counting.durchgaenge", "from 1 to 10"),
        ("schafkopf", {"durchgaenge": 2.0}, "counting.durchgaenge", "whole number"),
        ("klaverjas", {"evenings": -1}, "counting.evenings", "from 0 to 366"),
        ("klaverjas", {"method": "matchpoints"}, "counting.method", "not a setting"),
        ("wiezen", {"movement": "howell"}, "counting.movement", "not a setting"),
        ("wiezen", {"evenings": 0}, "counting.evenings", "from 1 to 366"),
        ("wiezen", {"best": True}, "counting.best", "whole number"),
        ("wiezen", {"evenings": 9, "best": 10}, "counting.best", "at most the season's 9"),
        ("wiezen", {"evenings": 5}, "counting.best", "at most the season's 5"),
        ("wiezen", ["best", 9], "counting", "must be an object"),
    ],
)
def test_a_counting_rule_the_game_cannot_count_or_draw_with_is_refused_naming_the_field(
    app: Troef, boss: Actor, game: str, counting: Any, field: str, message: str
) -> None:
    with pytest.raises(InvalidInput) as refused:
        app.handle(
            boss,
            Command(
                "create_competition",
                None,
                {"name": "Seizoen", "rules": RULES[game], "counting": counting},
            ),
        )
    assert refused.value.field == field
    assert message in refused.value.message
    assert app.recorder.max_notification_id() in (None, 0)  # nothing was stored


def test_the_movement_and_method_the_director_chose_are_the_ones_used(
    app: Troef, boss: Actor
) -> None:
    cid = app.handle(
        boss,
        Command(
            "create_competition",
            None,
            {
                "name": "Parenavond",
                "rules": RULES["bridge"],
                "counting": {"movement": "howell", "method": "butler"},
            },
        ),
    )
    pairs = [
        app.handle(boss, Command("enrol_player", cid, {"name": f"Paar {i}"})) for i in range(1, 5)
    ]
    app.handle(boss, Command("schedule_evening", cid, {"date": "2026-03-03"}))
    for pair in pairs:
        app.handle(
            boss,
            Command(
                "record_attendance", cid, {"evening": 1, "player_id": pair, "status": "present"}
            ),
        )
    drawn = app.handle(boss, Command("draw_seating", cid, {"evening": 1, "seed": "howell"}))
    assert drawn["draw"]["movement"]["movement"] == "howell"
    assert app.get_competition(cid).counting["method"] == "butler"


def test_a_wiezen_competition_stored_before_the_counting_rule_counted_keeps_its_standings(
    sqlite_env: dict[str, str], boss: Actor, tmp_path: Path
) -> None:
    """Version 1 stored the defaults 15 / 9 and counted the rule set's season: upcast on load.

    The rule set's value replaces a counting value still at that default (what the standings
    used); a value the director set stays. No stored byte changes: the chain still verifies.
    """
    app = Troef(env=sqlite_env)
    own = {"id": "korte-reeks", "base": WIEZEN, "options": {"season_sundays": 3, "season_best": 2}}
    cid = app.handle(
        boss,
        Command(
            "create_competition",
            None,
            {"name": "Korte reeks", "rules": own, "counting": {"best": 1}},
        ),
    )
    made = app.get_competition(cid)
    conn = sqlite3.connect(sqlite_env["SQLITE_DBNAME"])
    rowid, raw = conn.execute(
        "SELECT rowid, state FROM stored_events WHERE originator_version = 1 AND originator_id = ?",
        [cid.replace("-", "")],
    ).fetchone()
    state = json.loads(raw)
    assert state.pop("class_version") == 2
    state["counting"] = {"evenings": 15, "best": 1}  # as version 1 wrote it
    fields = {k: v for k, v in state.items() if k != "timestamp"}
    state["hash"] = event_hash("Created", made.id, 1, made.created_on, fields)
    conn.execute(
        "UPDATE stored_events SET state = ? WHERE rowid = ?", [json.dumps(state).encode(), rowid]
    )
    conn.execute("DELETE FROM stored_events_seal")  # that version kept no seal: sealed on start
    conn.commit()
    conn.close()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        app.close()

    fresh = Troef(env=sqlite_env)
    assert fresh.get_competition(cid).counting == {"evenings": 3, "best": 1}
    assert fresh.verify().ok
    views = ReadModels(tmp_path / "rebuilt.sqlite")  # a rebuild reads the upcast event
    try:
        views.catch_up(fresh)
        (row,) = views.rows("SELECT counting FROM competitions WHERE competition_id = ?", [cid])
        assert json.loads(row["counting"]) == {"evenings": 3, "best": 1}
    finally:
        views.close()
        fresh.handle(
            boss, Command("enrol_player", cid, {"name": "An"})
        )  # a new event links to the old head
        assert fresh.verify().ok
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            fresh.close()


def test_a_competition_snapshot_made_before_version_2_is_upcast_like_its_created_event(
    sqlite_env: dict[str, str], boss: Actor
) -> None:
    app = Troef(env=sqlite_env)
    own = {"id": "korte-reeks", "base": WIEZEN, "options": {"season_sundays": 3, "season_best": 2}}
    cid = app.handle(
        boss, Command("create_competition", None, {"name": "Korte reeks", "rules": own})
    )
    app.handle(boss, Command("schedule_evening", cid, {"date": "2026-01-04"}))
    app.take_snapshot(app.get_competition(cid).id)
    conn = sqlite3.connect(sqlite_env["SQLITE_DBNAME"])
    key, version, raw = conn.execute(
        "SELECT originator_id, originator_version, state FROM stored_snapshots"
    ).fetchone()
    snapshot = json.loads(raw)
    state = snapshot["state"]
    assert state.pop("class_version") == 2
    state["counting"] = {"evenings": 15, "best": 9}  # as version 1 stored it
    del state["evenings"][0]["draw_stale"]  # version 1 had no stale draws
    conn.execute(
        "UPDATE stored_snapshots SET state = ? WHERE originator_id = ? AND originator_version = ?",
        [json.dumps(snapshot).encode(), key, version],
    )
    conn.commit()
    conn.close()
    fresh = Troef(env=sqlite_env)
    try:
        loaded = fresh.get_competition(cid)
        assert loaded.counting == {"evenings": 3, "best": 2}
        assert loaded.evening(1)["draw_stale"] is False
    finally:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            fresh.close()
            app.close()

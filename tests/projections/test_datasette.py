"""The read-model file as a club opens it in Datasette, with the metadata Troef ships: the
internal tables hidden, amounts in their unit, JSON split into rows, rows linked by keys."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from datasette.app import Datasette
from sqlite_utils import Database

from backend.application import Troef
from backend.demo.season import build_demo
from backend.projections import ReadModels
from backend.projections.migrations import TABLES, migrations

METADATA = Path(__file__).parents[2] / "backend" / "projections" / "datasette.json"
INTERNAL = {"tracking", "results_due", "mutations", "_sqlite_migrations"}


@pytest.fixture
def season(sqlite_env: dict[str, str], tmp_path: Path) -> Iterator[tuple[Troef, ReadModels]]:
    """A small demo season of wiezen and bridge, caught up in ``views.sqlite``."""
    app = Troef(env=sqlite_env)
    build_demo(app, seed=5, size="small", games=["wiezen", "bridge"])
    views = ReadModels(tmp_path / "views.sqlite")
    views.catch_up(app)
    yield app, views
    views.close()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        app.close()


def browse(path: str, *urls: str) -> list[Any]:
    """GET each address from Datasette serving ``path`` with the shipped metadata."""

    async def run() -> list[Any]:
        ds = Datasette([path], metadata=json.loads(METADATA.read_text(encoding="utf-8")))
        await ds.invoke_startup()
        out = []
        for url in urls:
            answer = await ds.client.get(url)
            assert answer.status_code == 200, (url, answer.text[:300])
            out.append(answer.json())
        return out

    return asyncio.run(run())


def test_datasette_shows_the_standings_in_their_unit_and_hides_the_internal_tables(
    season: tuple[Troef, ReadModels],
) -> None:
    _, views = season
    stored = {
        (r["game"], r["player_id"]): r["total"]
        for r in views.rows(
            "SELECT c.game, s.player_id, s.total FROM standings s JOIN competitions c "
            "USING (competition_id)"
        )
    }
    database, standings, travellers = browse(
        views.path,
        "/views.json",
        "/views/standings_points.json?_shape=array&_size=max",
        "/views/travellers.json?_shape=objects&_labels=on&_size=5",
    )
    hidden = {t["name"] for t in database["tables"] if t["hidden"]}
    shown = {t["name"] for t in database["tables"] if not t["hidden"]}
    assert hidden == INTERNAL and {"standings", "deal_rows", "travellers"} <= shown
    assert {"standings_points", "deal_points", "traveller_lines"} <= {
        v["name"] for v in database["views"]
    }

    assert len(standings) == len(stored) > 0
    for line in standings:
        total = stored[(line["game"], line["player_id"])]
        if line["game"] == "bridge":  # matchpoints: hundredths of a percent in the table
            assert line["total_percent"] == pytest.approx(total / 100)
            assert line["total_points"] is None and line["total_imps"] is None
        else:
            assert line["total_points"] == total and isinstance(line["total_points"], int)
    assert any(0 < line["total_percent"] < 100 for line in standings if line["game"] == "bridge")

    names = {c["competition_id"]: c["name"] for c in views.rows("SELECT * FROM competitions")}
    for row in travellers["rows"]:  # the key links to the competition, labelled by its name
        link = row["competition_id"]
        assert link["label"] == names[link["value"]]


def test_json_fields_read_as_rows_and_keys_are_declared(
    season: tuple[Troef, ReadModels],
) -> None:
    _, views = season
    (points,) = browse(views.path, "/views/deal_points.json?_shape=array&_size=max")
    seats = {
        (r["list_id"], r["seat"]): r["player_id"] for r in views.rows("SELECT * FROM list_seats")
    }
    expected = {
        (d["list_id"], d["deal_no"], seat): value
        for d in views.rows("SELECT list_id, deal_no, points FROM deal_rows")
        for seat, value in json.loads(d["points"]).items()
    }
    got = {(r["list_id"], r["deal_no"], r["seat"]): r["points"] for r in points}
    assert got == expected and len(got) > 100
    assert all(r["player_id"] == seats.get((r["list_id"], r["seat"])) for r in points)

    with sqlite3.connect(views.path) as conn:
        keys = {
            (table, fk[2], fk[3])
            for table in TABLES
            for fk in conn.execute(f"PRAGMA foreign_key_list([{table}])")
        }
        assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
    assert ("deal_rows", "lists", "list_id") in keys
    assert ("standings", "competitions", "competition_id") in keys
    assert ("travellers", "deal_rows", "list_id") in keys


def test_an_older_file_gets_the_keys_and_views_and_keeps_its_rows(
    season: tuple[Troef, ReadModels], tmp_path: Path
) -> None:
    _, views = season
    older = tmp_path / "older.sqlite"
    migrations.apply(Database(older), stop_before="m010_foreign_keys")
    with sqlite3.connect(older) as conn:  # the rows as the version before m010 kept them
        conn.execute("ATTACH DATABASE ? AS new", [views.path])
        for table in TABLES:
            kept = ", ".join(
                f"[{c[1]}]" for c in conn.execute(f"PRAGMA main.table_info([{table}])")
            )
            conn.execute(f"INSERT INTO main.[{table}] ({kept}) SELECT {kept} FROM new.[{table}]")
        conn.commit()
        conn.execute("DETACH DATABASE new")
        assert conn.execute("PRAGMA foreign_key_list(deal_rows)").fetchall() == []
    reopened = ReadModels(older)
    assert reopened.dump() == views.dump()
    assert reopened.rows("SELECT count(*) AS n FROM standings_points")[0]["n"] > 0
    assert reopened.rows("PRAGMA foreign_key_list(deal_rows)")
    reopened.close()

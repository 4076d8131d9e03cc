"""The console's standings screens in Chromium on the demo club: the season table of every game
shows the API's numbers (dropped results struck through with their reason, the klaverjas
4200 / 1600 marked, schafkopf's tie-breaks, bridge percentages), a bridge evening shows its
travellers, a player's page charts the season one point per evening, the standings update by
themselves when a list is submitted; and the public page renders without logging in."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from flask import Flask

from backend.aggregates.actor import director
from backend.application import Command
from tests.standings_club import best_of_one, demo_club, open_evening, play

from .conftest import log_in

DOCS_SHOTS = Path(__file__).resolve().parents[1] / "docs" / "screenshots"

ROWS = """() => [...document.querySelectorAll("table.st-season tbody tr")].map((tr) => ({
  player: tr.dataset.player,
  rank: tr.cells[0].textContent,
  name: tr.cells[1].textContent,
  total: tr.querySelector("[data-total]").textContent,
  cells: [...tr.querySelectorAll(".st-cell")].map((c) => ({
    key: c.dataset.key, shown: (c.querySelector("del, .st-value") || c).textContent,
    struck: !!c.querySelector("del"), reason: (c.querySelector(".st-reason") || {}).textContent,
    marks: [...c.querySelectorAll(".st-mark")].map((m) => m.textContent),
  })),
  tiebreak: [...tr.querySelectorAll("td")].slice(-5, -1).map((td) => td.textContent),
  rulings: [...tr.querySelectorAll(".st-ruling")].map((r) => [r.textContent, r.title]),
}))"""


def shots_dir(tmp_path: Path) -> Path:
    return DOCS_SHOTS if os.environ.get("TROEF_SCREENSHOTS") else tmp_path


def show(page: Any, hash_: str, ready: str) -> None:
    """Go to a console screen by its hash and wait until it has drawn its data."""
    page.evaluate(f"location.hash = {json.dumps(hash_)}")
    page.wait_for_selector(f"{ready} .st-live[data-updated]")
    assert "[object" not in page.inner_text("main")  # every part drawn as text, not as a name


def deciding_columns(lines: list[dict[str, Any]]) -> list[list[bool]]:
    """Schafkopf Nr. 9 per line: which of the four tie-break columns separated it from a
    neighbour on the same total (the first one in which the two differ)."""
    order = ("touts", "solos_won", "solos_played", "lot")
    out = [[False] * len(order) for _ in lines]
    for i in range(1, len(lines)):
        a, b = lines[i - 1], lines[i]
        if not a["rank"] or not b["rank"] or a["total"] != b["total"]:
            continue
        for k, name in enumerate(order):
            if a["details"].get(name) != b["details"].get(name):
                out[i - 1][k] = out[i][k] = True
                break
    return out


def shown(value: int, unit: str) -> str:
    """How the console writes a total in en-GB: thousands with commas, hundredths with a point."""
    if unit == "pct_hundredths":
        return f"{value / 100:,.2f} %"
    return f"{value:,}"


def console(browser: Any, base: str) -> tuple[Any, list[str]]:
    page = browser.new_page(locale="en-GB", viewport={"width": 1200, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    log_in(page, base)
    return page, errors


def test_the_season_table_of_every_game_shows_the_apis_numbers_and_marks(
    served: tuple[Flask, str], browser: Any, tmp_path: Path
) -> None:
    web, base = served
    app = web.extensions["troef"].app
    club = demo_club(app)
    klaverjas = club["klaverjas"].competition_id
    app.handle(
        director("anna"),
        Command(
            "adjust_standing",
            klaverjas,
            {"player_id": "p2", "points": -50, "reason": "list handed in late", "article": "SB-9"},
        ),
    )
    page, errors = console(browser, base)
    api = web.test_client()
    for game, summary in club.items():
        cid = summary.competition_id
        standings = api.get(f"/api/competitions/{cid}/standings").json
        if all("field_rank" in x["details"] for x in standings["lines"]):  # a Mitchell: NS, EW
            standings["lines"] = [
                {**x, "rank": x["details"]["field_rank"]}
                for side in ("NS", "EW")
                for x in sorted(standings["lines"], key=lambda x: x["details"]["field_rank"])
                if x["details"]["direction"] == side
            ]
        show(page, f"#/c/{cid}/standings", f'.st-season-screen[data-cid="{cid}"]')
        rows = page.evaluate(ROWS)
        unit = standings["unit"]
        assert [(r["player"], r["rank"], r["name"], r["total"]) for r in rows] == [
            (line["player_id"], str(line["rank"]), line["name"], shown(line["total"], unit))
            for line in standings["lines"]
        ], game
        for row, line in zip(rows, standings["lines"], strict=True):
            results = {r["key"]: r for r in line["results"]}
            rulings = {key for key in results if key.startswith("ruling ")}
            assert {c["key"] for c in row["cells"]} == set(results) - rulings, game
            for cell in row["cells"]:
                result = results[cell["key"]]
                assert cell["shown"] == shown(result["value"], unit), (game, cell)
                assert cell["struck"] is (not result["counts"]), (game, cell)
        page.screenshot(
            path=str(shots_dir(tmp_path) / f"console-standings-{game}.png"), full_page=True
        )
        if game == "wiezen":  # the absent Sundays are dropped first (W-D4), struck through
            struck = [c for r in rows for c in r["cells"] if c["struck"]]
            assert struck and all(c["reason"] == "absent — dropped first" for c in struck)
        if game == "klaverjas":  # SB-7 and SB-8 by their value and their rule
            marks = [m for r in rows for c in r["cells"] for m in c["marks"]]
            assert "4200 absent with notice (SB-7)" in marks
            assert any(m.endswith("× 1600 sat out (SB-8)") for m in marks)
            (ruled,) = [r for r in rows if r["player"] == "p2"]
            assert ruled["rulings"] == [["-50", "ruling: list handed in late (SB-9)"]]
            assert page.eval_on_selector_all(
                ".st-adjustments tbody tr", "rows => rows.map((tr) => tr.cells[2].textContent)"
            ) == ["list handed in late"]
        if game == "schafkopf":
            assert [r["tiebreak"] for r in rows] == [
                [
                    "–" if line["details"][k] is None else str(line["details"][k])
                    for k in ("touts", "solos_won", "solos_played", "lot")
                ]
                for line in standings["lines"]
            ]
            shaded = page.eval_on_selector_all(
                "table.st-season tbody tr",
                "trs => trs.map((tr) => [...tr.querySelectorAll('td')].slice(-5, -1)"
                ".map((td) => td.classList.contains('st-decides')))",
            )
            assert shaded == deciding_columns(standings["lines"])
        heads = page.eval_on_selector_all(
            ".st-chain-table tbody td.mono", "cells => cells.map((c) => c.textContent)"
        )
        assert heads == [entry["submitted_head"] for entry in standings["lists"]], game
        assert page.get_attribute("#st-wall", "href") == f"/standings/{cid}?wall"
    assert errors == []


def test_a_result_not_among_the_best_is_struck_through_with_its_reason(
    served: tuple[Flask, str], browser: Any
) -> None:
    web, base = served
    cid = best_of_one(web.extensions["troef"].app, ("An", "Bert", "Carla", "Dirk"))
    page, errors = console(browser, base)
    show(page, f"#/c/{cid}/standings", f'.st-season-screen[data-cid="{cid}"]')
    rows = page.evaluate(ROWS)
    assert len(rows) == 4
    counting = web.test_client().get(f"/api/competitions/{cid}").json["counting"]
    assert counting["best"] == 1  # the rule set's season_best, copied into the counting rule
    note = f"the best 1 of {counting['evenings']} Sundays count"
    assert note in page.inner_text(".st-season-screen .st-rule")
    for row in rows:
        struck = [c for c in row["cells"] if c["struck"]]
        assert len(struck) == 1 and struck[0]["reason"] == "not among the best 1"
        kept = [c for c in row["cells"] if not c["struck"]]
        assert kept[0]["shown"] == row["total"]
    assert errors == []


def test_a_bridge_evening_shows_its_results_and_every_boards_traveller(
    served: tuple[Flask, str], browser: Any
) -> None:
    web, base = served
    cid = demo_club(web.extensions["troef"].app)["bridge"].competition_id
    api = web.test_client()
    results = api.get(f"/api/competitions/{cid}/evenings/1/results").json["results"]
    boards = api.get(f"/api/competitions/{cid}/evenings/1/travellers").json["boards"]
    page, errors = console(browser, base)
    show(page, f"#/c/{cid}/e/1/results", f'.st-evening-screen[data-cid="{cid}"]')
    on_screen = page.eval_on_selector_all(
        "table.st-evening tbody tr",
        "rows => rows.map((tr) => [tr.dataset.player, tr.cells[3].textContent])",
    )
    assert sorted(on_screen) == sorted(
        [r["player_id"], shown(r["points"], "pct_hundredths")] for r in results
    )
    travellers = page.eval_on_selector_all(
        ".st-board",
        """boards => boards.map((b) => [Number(b.dataset.board), [...b.querySelectorAll("tbody tr")]
             .map((tr) => [...tr.cells].map((c) => c.textContent))])""",
    )
    assert [board for board, _ in travellers] == [b["board"] for b in boards]
    for (_, rows), board in zip(travellers, boards, strict=True):
        assert [[row[0], row[1], row[2], row[7], row[8]] for row in rows] == [
            [
                str(r["table"]),
                r["ns"]["name"],
                r["ew"]["name"],
                f"{r['ns_mp'] / 100:.2f}",
                f"{r['ew_mp'] / 100:.2f}",
            ]
            for r in board["results"]
        ]
    adjusted = [row for _, rows in travellers for row in rows if "AVG+" in row[3]]
    assert len(adjusted) == 1  # the director's ruling on the board with 14 and 12 cards
    assert errors == []


def test_a_players_page_charts_the_season_with_one_point_per_evening(
    served: tuple[Flask, str], browser: Any, tmp_path: Path
) -> None:
    web, base = served
    cid = demo_club(web.extensions["troef"].app)["wiezen"].competition_id
    api = web.test_client()
    lines = api.get(f"/api/competitions/{cid}/standings").json["lines"]
    # the lowest placed of those who played every Sunday (a season with ups and downs)
    line = next(x for x in reversed(lines) if all(r["counts"] for r in x["results"]))
    evenings = api.get(f"/api/competitions/{cid}").json["evenings"]
    page, errors = console(browser, base)
    show(page, f"#/c/{cid}/standings", f'.st-season-screen[data-cid="{cid}"]')
    page.click(f'table.st-season tr[data-player="{line["player_id"]}"] a')
    page.wait_for_selector(f'.st-player-screen[data-player="{line["player_id"]}"] .st-chart')
    points = page.eval_on_selector_all(
        ".st-chart circle.st-point",
        "cs => cs.map((c) => [Number(c.dataset.evening), Number(c.dataset.position)])",
    )
    table = page.eval_on_selector_all(
        "table.st-player tbody tr",
        "rows => rows.map((tr) => [...tr.cells].map((c) => c.textContent))",
    )
    assert [n for n, _ in points] == [e["evening"] for e in evenings] == [1, 2, 3]
    assert [str(position) for _, position in points] == [row[5] for row in table]
    played = {
        int(r["key"].split("#")[1].rstrip(")")): r["value"] for r in line["results"] if r["counts"]
    }
    assert [row[2] for row in table] == [shown(played[n], "points") for n, _ in points]
    assert table[-1][4] == shown(line["total"], "points")  # 3 Sundays: all of them count
    assert points[-1][1] == line["rank"]
    page.screenshot(path=str(shots_dir(tmp_path) / "console-player.png"), full_page=True)
    assert errors == []


def test_the_standings_update_by_themselves_when_a_list_is_submitted(
    served: tuple[Flask, str], browser: Any, tmp_path: Path
) -> None:
    web, base = served
    app = web.extensions["troef"].app
    evening = open_evening(app, ("Els", "Frank", "Greet", "Hugo"))
    cid = evening["competition_id"]
    page, errors = console(browser, base)
    show(page, f"#/c/{cid}/standings", f'.st-season-screen[data-cid="{cid}"]')
    assert page.eval_on_selector_all(".st-chain-table", "t => t.length") == 0  # none submitted
    play(app, evening["entry"])  # the table's phones enter every deal and submit the list
    standings = web.test_client().get(f"/api/competitions/{cid}/standings").json
    assert {line["total"] for line in standings["lines"]} != {0}
    expected = [shown(line["total"], "points") for line in standings["lines"]]
    page.wait_for_function(
        """(expected) => JSON.stringify(
             [...document.querySelectorAll(".st-season [data-total]")].map((b) => b.textContent)
           ) === JSON.stringify(expected)""",
        arg=expected,
        timeout=20000,
    )
    heads = page.eval_on_selector_all(
        ".st-chain-table tbody td.mono", "cells => cells.map((c) => c.textContent)"
    )
    assert heads == [standings["lists"][0]["submitted_head"]]
    assert errors == []


def test_the_public_standings_page_needs_no_login(
    served: tuple[Flask, str], browser: Any, tmp_path: Path
) -> None:
    web, base = served
    club = demo_club(web.extensions["troef"].app)
    cid = club["klaverjas"].competition_id
    heads = web.test_client().get(f"/api/competitions/{cid}/standings").json["lists"]
    page = browser.new_page(locale="nl-NL", viewport={"width": 1000, "height": 800})
    page.goto(f"{base}/standings/{cid}")
    assert page.inner_text("h1") == "Klaverjascompetitie donderdagavond 2025-2026"
    assert page.eval_on_selector_all(
        ".chain-heads code.hash", "cs => cs.map((c) => c.textContent)"
    ) == [entry["submitted_head"] for entry in heads]
    page.screenshot(path=str(shots_dir(tmp_path) / "public-standings.png"), full_page=True)
    page.set_viewport_size({"width": 360, "height": 640})
    assert page.evaluate("document.documentElement.scrollWidth") <= 360

"""Every screen of the table app and of the console passes axe-core's WCAG 2 A and AA rules:
labels, contrast, names of buttons, landmarks, languages. The table app is checked on a
360×640 phone, the console on a laptop; each in the language its players speak.

axe-core (MPL-2.0) comes from npm (`package.json`, installed by `scripts/test`); it is put
into the page by the test only, with the page's CSP bypassed for that, never served."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from backend.aggregates.actor import director
from backend.application import Command

from .conftest import drawn_evening, log_in

AXE = Path(__file__).resolve().parents[1] / "node_modules" / "axe-core" / "axe.min.js"
RUN = """async () => {
  const result = await axe.run(document, {runOnly: {type: "tag", values: ["wcag2a", "wcag2aa"]}});
  return {passed: result.passes.length, violations: result.violations.map((v) => ({id: v.id,
    help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" "))}))};
}"""
PRESETS = {
    "wiezen": ("wiezen-reglement-2019", ["An", "Bert", "Carla", "Dirk", "Els"]),
    "klaverjas": ("klaverjas-amsterdams", ["Anna", "Bert", "Cor", "Dirk"]),
    "bridge": ("bridge-nbb-1930", [f"Paar {i}" for i in range(1, 7)]),
    "schafkopf": ("schafkopf-tsv-lengfeld", ["Anna", "Bert", "Cor", "Dirk"]),
}
FIRST_DEAL = {
    "wiezen": {"dealer": 1, "contract": "VRAAG", "declarers": [2, 4], "tricks": 9},
    "klaverjas": {
        "dealer": "N",
        "playing": "EW",
        "trump": "H",
        "card_points": {"NS": 60, "EW": 102},
        "tricks": {"NS": 3, "EW": 5},
    },
    "bridge": {
        "board": 1,
        "contract": {"level": 4, "strain": "S", "dbl": 0},
        "declarer": "S",
        "tricks": 10,
    },
    "schafkopf": {
        "dealer": 1,
        "type": "RUFSPIEL",
        "declarer": 2,
        "partner": 4,
        "called_ace": "GRAS",
        "decl_augen": 70,
        "decl_tricks": 5,
    },
}


def violations(page: Any) -> list[dict[str, Any]]:
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.evaluate(AXE.read_text(encoding="utf-8"))
    outcome = page.evaluate(RUN)
    assert outcome["passed"] > 5, outcome  # the rules did run on a page with content
    found: list[dict[str, Any]] = outcome["violations"]
    return found


def check(page: Any, screen: str, report: dict[str, Any]) -> None:
    found = violations(page)
    if found:
        report[screen] = found


def a_drawn_evening(web: Flask, game: str) -> dict[str, Any]:
    """A competition of the game with its first list holding one deal; the list and its code."""
    preset, names = PRESETS[game]
    drawn = drawn_evening(web, f"Club {game}", preset, names)
    first = drawn["lists"][0]
    web.extensions["troef"].app.handle(
        director("anna"),
        Command("record_deal", first["list_id"], {"deal_no": 1, "record": FIRST_DEAL[game]}),
    )
    return {"competition_id": drawn["competition_id"], **first}


@pytest.fixture
def axe_browser(browser: Any) -> Any:
    if not AXE.exists():
        pytest.fail("axe-core is missing: run `npm ci` (scripts/test does)")
    return browser


def test_every_screen_of_the_table_app_meets_wcag_2_aa_on_a_phone(
    served: tuple[Flask, str], axe_browser: Any
) -> None:
    web, base = served
    report: dict[str, Any] = {}
    for game, lang in (
        ("wiezen", "nl-BE"),
        ("klaverjas", "nl-NL"),
        ("bridge", "en-GB"),
        ("schafkopf", "de-DE"),
    ):
        evening = a_drawn_evening(web, game)
        context = axe_browser.new_context(
            viewport={"width": 360, "height": 640}, locale=lang, bypass_csp=True
        )
        page = context.new_page()
        page.goto(f"{base}/t/{evening['code']}")
        if game == "wiezen":
            check(page, "join", report)
        page.click("button[type=submit]")
        page.wait_for_selector(".pen-mine")
        page.wait_for_selector('#entry-title[data-deal="2"]', state="attached")
        check(page, f"{game} entry", report)
        for tab in ("sheet", "penalty", "submit"):
            tabs = page.locator(f"#tab-{tab}")
            if tabs.count():
                tabs.click()
                check(page, f"{game} {tab}", report)
        page.click("#tab-sheet")
        page.click("#sheet tbody tr >> nth=0")
        check(page, f"{game} explanation", report)
        context.close()
    assert not report, json.dumps(report, indent=1)


def test_every_screen_of_the_console_and_the_public_page_meets_wcag_2_aa(
    served: tuple[Flask, str], axe_browser: Any
) -> None:
    web, base = served
    evenings = {game: a_drawn_evening(web, game) for game in ("wiezen", "bridge")}
    cid, lid = evenings["wiezen"]["competition_id"], evenings["wiezen"]["list_id"]
    bridge = evenings["bridge"]["competition_id"]
    page = axe_browser.new_page(
        viewport={"width": 1280, "height": 800}, locale="nl-BE", bypass_csp=True
    )
    report: dict[str, Any] = {}
    page.goto(f"{base}/director")
    page.wait_for_selector("#login")
    check(page, "login", report)
    # The check sees what it should: a field without its label is reported, then put back.
    page.evaluate("document.querySelector('label[for=login-name]').remove()")
    assert "label" in {v["id"] for v in violations(page)}
    page.reload()
    log_in(page, base)
    screens = {
        "club": ("#/", "#new-competition"),
        "new competition": ("#/new", "#create"),
        "overview": (f"#/c/{cid}", "#schedule"),
        "players": (f"#/c/{cid}/players", "#add-player"),
        "evening": (f"#/c/{cid}/e/1", "#attendance"),
        "cards": (f"#/c/{cid}/e/1/cards", ".table-card"),
        "room": (f"#/c/{cid}/e/1/room", "#room-tables"),
        "checklist": (f"#/c/{cid}/e/1/checklist", "#checklist li"),
        "list": (f"#/l/{lid}", "#list-rows"),
        "replay": (f"#/l/{lid}/replay?deal=1", "#step"),
        "standings": (f"#/c/{cid}/standings", ".st-season-screen"),
        "results": (f"#/c/{bridge}/e/1/results", "main h2"),
        "player": (f"#/c/{cid}/p/p1", "main h2"),
        "audit": (f"#/c/{cid}/audit", ".au-filters"),
        "exports": (f"#/c/{cid}/exports", "[data-testid=season]"),
    }
    for screen, (hash_, ready) in screens.items():
        page.goto(f"{base}/director{hash_}")
        page.wait_for_selector(ready)
        check(page, screen, report)
    page.goto(f"{base}/standings/{cid}")
    check(page, "public standings", report)
    assert not report, json.dumps(report, indent=1)

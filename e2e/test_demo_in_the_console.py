"""The demo club is what a newcomer sees first: every console screen of each of its four
competitions opens without a script error, a refusal or a missing value written as text,
and so does tonight's open table."""

from __future__ import annotations

import re
from typing import Any

from flask import Flask

from backend.aggregates.actor import director
from backend.api.auth import join_code
from backend.demo.season import build_demo, tonight

from .conftest import log_in

LEAKS = re.compile(r"\b(?:null|undefined|NaN)\b|\[object \w+\]")
SCREENS = (
    ("", "#schedule"),
    ("/players", "#add-player"),
    ("/e/1", "#attendance"),
    ("/e/1/cards", ".table-card"),
    ("/e/1/room", "#room-tables"),
    ("/e/1/results", "main h2"),
    ("/standings", ".st-season-screen"),
    ("/audit", ".au-filters"),
    ("/exports", "[data-testid=season]"),
)


def test_every_console_screen_of_the_demo_club_opens_cleanly(
    served: tuple[Flask, str], browser: Any
) -> None:
    web, base = served
    app, boss = web.extensions["troef"].app, director("anna")
    summaries = build_demo(app, seed=2, size="small", boss=boss)
    klaverjas = next(s for s in summaries if s.game == "klaverjas")
    tonight_lists = tonight(app, boss, klaverjas.competition_id, "2026-12-03")
    page = browser.new_page(viewport={"width": 1280, "height": 800}, locale="de-DE")
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    log_in(page, base)
    page.wait_for_selector("#new-competition")
    assert page.locator("main a[href^='#/c/']").count() >= 4
    seen = 0
    for summary in summaries:
        cid = summary.competition_id
        first = summary.lists[0]
        screens = [
            *((f"#/c/{cid}{path}", ready) for path, ready in SCREENS),
            (f"#/l/{first.list_id}", "#list-rows"),
            (f"#/l/{first.list_id}/replay?deal=1", "#step"),
            (f"#/c/{cid}/p/p1", "main h2"),
        ]
        for hash_, ready in screens:
            page.goto(f"{base}/director{hash_}")
            page.wait_for_selector(ready)
            assert page.locator(".error-box").count() == 0, (hash_, page.inner_text("main"))
            leaked = LEAKS.findall(page.inner_text("main"))
            assert leaked == [], (hash_, leaked)  # a missing value written as text
            seen += 1
        assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    assert seen == 4 * (len(SCREENS) + 3)
    # Every bridge evening offers its PBN and USEBIO files as links (not as a list's text).
    bridge = next(s for s in summaries if s.game == "bridge").competition_id
    page.goto(f"{base}/director#/c/{bridge}/exports")
    page.wait_for_selector("[data-testid=season]")
    evenings = page.locator("[data-testid^=evening-]").count()
    assert evenings >= 1
    for ending in ("/session.pbn", "/session.usebio.xml"):
        links = page.locator(f'[data-testid^=evening-] a[href$="{ending}"]')
        assert links.count() == evenings, ending
    with web.app_context():
        code = join_code(tonight_lists[0]["list_id"])
    phone = browser.new_page(viewport={"width": 360, "height": 640}, locale="nl-NL")
    phone.on("pageerror", lambda exc: errors.append(str(exc)))
    phone.goto(f"{base}/t/{code}")
    phone.click("button[type=submit]")
    phone.wait_for_selector(".pen-mine")
    phone.wait_for_selector('#entry-title[data-deal="1"]', state="attached")
    assert errors == []

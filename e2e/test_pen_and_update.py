"""Two phones at one table: the second sees the pen elsewhere, asks for it, gets it when the
director moves it, and the first turns read-only. And a new app version is offered, then
activated by Reload."""

from __future__ import annotations

import re
import shutil
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from backend.aggregates.actor import director
from backend.application import Command
from backend.web import app_pages

from .conftest import klaverjas_evening
from .test_list_actions import DEVICE, SYNCED


def phone(browser: Any, base: str, code: str, errors: list[str]) -> tuple[Any, Any]:
    context = browser.new_context(viewport={"width": 360, "height": 640}, locale="en-GB")
    page = context.new_page()
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(f"{base}/t/{code}")
    page.click("button[type=submit]")
    return context, page


def record_deal(page: Any, n: int, points: int) -> None:
    page.click("#tab-entry")
    page.wait_for_selector(f'#entry-title[data-deal="{n}"]')
    page.fill("#kj-points", str(points))
    page.click("#record")


def test_a_second_phone_sees_the_pen_elsewhere_and_writes_once_it_is_moved(
    served: tuple[Flask, str], browser: Any
) -> None:
    web, base = served
    evening = klaverjas_evening(web)
    list_id = evening["list_id"]
    app = web.extensions["troef"].app
    errors: list[str] = []
    first_context, first = phone(browser, base, evening["code"], errors)
    first.wait_for_selector(".pen-mine")
    record_deal(first, 1, 100)
    first.wait_for_selector('#pending[data-count="0"]', timeout=SYNCED)

    second_context, second = phone(browser, base, evening["code"], errors)
    second.wait_for_selector(".pen-other")
    second.wait_for_selector('tr.row[data-deal="1"]:not(.provisional)', timeout=SYNCED)
    assert second.locator("#tab-entry, #record").count() == 0

    # Without the pen it cannot void a deal, but it can raise a dispute about one.
    second.click('tr.row[data-deal="1"]')
    second.wait_for_selector(".explain")
    assert second.locator("#void-send").count() == 0
    second.fill("#dispute-reason", "the roem was not shown")
    second.click("#dispute-send")
    second.wait_for_selector("#ra-disputed")
    second.click("#explain-close")
    second.wait_for_selector('tr.row.disputed[data-deal="1"]')
    second.wait_for_selector('#pending[data-count="0"]', timeout=SYNCED)
    assert [d["reason"] for d in app.get_list(list_id).disputes] == ["the roem was not shown"]

    # Asking for the pen while the first phone holds it: the server keeps it there.
    second.click("#take-pen")
    second.wait_for_selector("#pen-refused", timeout=SYNCED)
    assert "director" in second.inner_text("#pen-refused")
    # the first phone's round ends before it goes offline: a round still under way would
    # bring it the pen's move below, and the offline form this test is about would be gone
    sheet = f"/api/lists/{list_id}"
    with first.expect_response(lambda r: r.url.endswith(sheet) and r.request.method == "GET"):
        first.click("#sync-now")
    first.wait_for_function("() => document.querySelector('#net').textContent === 'online'")
    first.wait_for_selector(".pen-mine")
    first.wait_for_selector('#pending[data-count="0"]', timeout=SYNCED)
    first_context.set_offline(True)

    # The director moves it; the second phone writes, the first reads along.
    moved_to = second.evaluate(DEVICE, list_id)["client"]
    app.handle(director("anna"), Command("move_pen", list_id, {"device": moved_to}))
    second.click("#sync-now")
    second.wait_for_selector(".pen-mine", timeout=SYNCED)
    record_deal(second, 2, 90)
    second.wait_for_selector('#entry-title[data-deal="3"]')

    # The first phone, offline meanwhile, still offers the form; what it writes is refused
    # with advice once it is back, and the app turns read-only as it hears where the pen is.
    record_deal(first, 2, 70)
    first.wait_for_selector('#pending[data-count="1"]')
    first_context.set_offline(False)
    first.wait_for_selector('.conflict[data-kind="pen_elsewhere"]', timeout=SYNCED)
    assert "Ask the director to move it" in first.inner_text(".conflicts")
    first.wait_for_selector(".pen-other", timeout=SYNCED)
    assert first.locator("#tab-entry, #record").count() == 0
    first.click("#sync-now")
    first.wait_for_selector('tr.row[data-deal="2"]:not(.provisional)', timeout=SYNCED)
    assert first.locator("tr.row").count() == 2

    rows = app.get_list(list_id).rows
    assert [r["record"]["card_points"] for r in rows] == [
        {"EW": 100, "NS": 62},
        {"NS": 90, "EW": 72},
    ]
    assert app.get_list(list_id).pen_name() == moved_to  # the device by its name
    # Fetches failing while offline are expected; anything else is not.
    assert not [e for e in errors if "ERR_INTERNET_DISCONNECTED" not in e], errors
    first_context.close()
    second_context.close()


CACHES = "() => caches.keys()"
ACTIVATED = "() => (navigator.serviceWorker.controller || {}).state === 'activated'"


def served_version(base: str) -> str:
    """The cache version in the service worker the server sends now."""
    with urllib.request.urlopen(f"{base}/sw.js") as answer:
        found = re.search(r'const VERSION = "([^"]+)";', answer.read().decode())
    assert found is not None
    return found.group(1)


def test_a_new_version_is_offered_and_reload_activates_it(
    served: tuple[Flask, str], browser: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The server sends the app from a copy of pwa/, so the test can publish a new version.
    pwa = tmp_path / "pwa"
    shutil.copytree(app_pages.PWA, pwa, ignore=shutil.ignore_patterns("tests"))
    monkeypatch.setattr(app_pages, "PWA", pwa)
    web, base = served
    evening = klaverjas_evening(web)
    errors: list[str] = []
    context, page = phone(browser, base, evening["code"], errors)
    page.wait_for_selector(".pen-mine")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    old = served_version(base)
    old_cache = f"troef-static-{old}"
    assert old_cache in page.evaluate(CACHES)
    assert page.is_hidden("#update")

    # A new release changes a file of the shell and nothing else: no version bumped by hand.
    css = pwa / "css" / "app.css"
    css.write_text(css.read_text() + "\n/* the next release */\n")
    new = served_version(base)
    assert new != old and new.split("-")[0] == old.split("-")[0]
    page.reload()
    page.wait_for_selector("#update:not([hidden])", timeout=SYNCED)
    assert page.inner_text("#update span") == "A new version is available."
    with page.expect_navigation(timeout=SYNCED):
        page.click("#update button")
    page.wait_for_selector(".pen-mine")
    page.wait_for_function(ACTIVATED)
    caches = page.evaluate(CACHES)
    assert f"troef-static-{new}" in caches and old_cache not in caches, caches
    assert page.is_hidden("#update")
    assert not errors, errors
    context.close()

"""A table records a whole klaverjas list offline, reloads, and syncs every deal exactly once."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from flask import Flask

from .conftest import klaverjas_evening, wait_offline_ready

# The screenshots in docs/ are refreshed only when asked (TROEF_SCREENSHOTS=1), so a test run
# leaves the working tree alone.
DOCS_SHOTS = Path(__file__).resolve().parents[1] / "docs" / "screenshots"
# Per deal: the playing pair's card points and roem clicks; deal 5 is nat, deal 9 is pit.
POINTS = {n: 80 + n for n in range(1, 17)} | {5: 60, 9: 162}
ROEM = {3: "NS-20-stuk", 7: "EW-50-vierkaart", 12: "NS-100-any"}


def record_deal(page: Any, n: int) -> None:
    page.wait_for_selector(f'#entry-title[data-deal="{n}"]')
    page.fill("#kj-points", str(POINTS[n]))
    if n in ROEM:
        page.click(f'[data-roem="{ROEM[n]}"]')
    page.click('[data-field="trump"][data-value="H"]')
    page.click("#record")
    page.wait_for_selector(f'#pending[data-count="{n}"]')


def test_sixteen_deals_recorded_offline_survive_a_reload_and_reach_the_server_once(
    served: tuple[Flask, str], browser: Any, tmp_path: Path
) -> None:
    shots = DOCS_SHOTS if os.environ.get("TROEF_SCREENSHOTS") else tmp_path
    web, base = served
    evening = klaverjas_evening(web)
    context = browser.new_context(viewport={"width": 360, "height": 640}, locale="nl-NL")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)

    page.goto(f"{base}/t/{evening['code']}")
    assert page.input_value("#code") == evening["code"]
    page.click("button[type=submit]")
    page.wait_for_selector(".pen-mine")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.wait_for_selector('#pending[data-count="0"]')
    wait_offline_ready(page)

    context.set_offline(True)
    for n in range(1, 17):
        if n == 16:
            page.fill("#kj-points", "97")
            page.click('[data-roem="EW-20-driekaart"]')
            page.click('[data-field="trump"][data-value="S"]')
            shots.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(shots / "klaverjas-entry.png"), full_page=True)
            page.click('.undo[aria-label$="EW"]')
        record_deal(page, n)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360

    response = page.reload()
    assert response is not None and response.from_service_worker
    page.click("#tab-sheet")
    page.wait_for_selector("tr.row >> nth=15")
    assert page.locator("tr.row").count() == 16
    assert page.locator("tr.provisional").count() == 16
    offline_totals = page.locator("tfoot td[data-seat]").all_inner_texts()
    assert page.locator('#pending[data-count="16"]').count() == 1

    context.set_offline(False)
    page.wait_for_selector('#pending[data-count="0"]', timeout=20_000)
    page.wait_for_selector("tr.row:not(.provisional) >> nth=15")
    assert page.locator("tr.provisional").count() == 0
    assert page.locator("tfoot td[data-seat]").all_inner_texts() == offline_totals
    page.screenshot(path=str(shots / "klaverjas-list.png"), full_page=True)
    page.click('tr.row[data-deal="9"]')
    assert "162 + 100" in page.locator(".explain").inner_text()
    page.click(".explain button")
    page.wait_for_selector("#sheet")

    app = web.extensions["troef"].app
    server_list = app.get_list(evening["list_id"])
    assert [row["deal_no"] for row in server_list.rows] == list(range(1, 17))
    totals = server_list.totals()
    assert [str(totals[s]) for s in ("N", "E", "S", "W")] == offline_totals
    markers = [m for row in server_list.rows for m in row["score"]["markers"]]
    assert "nat" in markers and "pit" in markers

    client = web.test_client()
    standings = client.get(f"/api/competitions/{evening['competition_id']}/standings").json
    assert any(line["total"] for line in standings["lines"]), standings
    # A second phone at the table follows the list read-only: the first one holds the pen.
    other = browser.new_context(viewport={"width": 360, "height": 640}, locale="en-GB")
    follower = other.new_page()
    follower.goto(f"{base}/t/{evening['code']}")
    follower.click("button[type=submit]")
    follower.wait_for_selector(".pen-other")
    follower.wait_for_selector("tr.row >> nth=15")
    assert follower.locator("#record").count() == 0
    assert follower.locator("tfoot td[data-seat]").all_inner_texts() == offline_totals
    other.close()

    # Fetches failing while offline are expected; anything else (a CSP refusal) is not.
    assert not [e for e in errors if "ERR_INTERNET_DISCONNECTED" not in e], errors
    context.close()

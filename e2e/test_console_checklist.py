"""The director's evening checklist in the console: it starts with the phones and lists to
do, Print on the table cards page ticks the cards off, a phone joining ticks off the phones,
and each step to do links to where the director acts."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from flask import Flask

from tests.api.http import Client

from .conftest import drawn_evening, log_in

PLAYERS = ["Anna", "Bert", "Cor", "Dirk"]
# The screenshot in docs/ is refreshed only when asked (TROEF_SCREENSHOTS=1).
DOCS_SHOTS = Path(__file__).resolve().parents[1] / "docs" / "screenshots"


def state(page: Any, item: str) -> str | None:
    return page.get_attribute(f'#checklist li[data-item="{item}"]', "data-done")


def test_the_checklist_ticks_off_the_cards_and_the_phone_as_the_director_goes(
    served: tuple[Flask, str], browser: Any, tmp_path: Path
) -> None:
    shots = DOCS_SHOTS if os.environ.get("TROEF_SCREENSHOTS") else tmp_path
    web, base = served
    drawn = drawn_evening(web, "Zondagen", "wiezen-reglement-2019", PLAYERS)
    cid, (table,) = drawn["competition_id"], drawn["lists"]
    page = browser.new_page(viewport={"width": 1280, "height": 800}, locale="en-GB")
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    log_in(page, base, f"#/c/{cid}/e/1")
    page.click("#to-checklist")
    page.wait_for_selector("#checklist li")
    assert [state(page, i) for i in ("present", "draw", "cards", "phones")] == [
        "true",
        "true",
        "false",
        "false",
    ]
    phones = page.locator('#checklist li[data-item="phones"]')
    assert "0 of 1 table cards joined" in phones.inner_text()
    assert phones.locator(f'a[href="#/l/{table["list_id"]}"]').inner_text() == "table 1"
    assert page.inner_text("#checklist-summary") == "3 of 8 done"  # present, draw, disputes

    # Print on the cards page: the print dialogue is the browser's; the server notes the press.
    page.locator('#checklist li[data-item="cards"] a.button').click()
    page.wait_for_selector(".table-card")
    page.evaluate("window.print = () => {}")
    with page.expect_response(lambda r: r.url.endswith("/cards/printed")) as answer:
        page.click("#print")
    assert answer.value.status == 200
    page.go_back()
    page.wait_for_selector('#checklist li[data-item="cards"][data-done="true"]')
    assert "Print pressed at" in page.inner_text('#checklist li[data-item="cards"]')

    # The table's phone joins: a refresh shows it.
    Client(base).join(table["code"], "phone-anna")
    page.click("#checklist-refresh")
    page.wait_for_selector('#checklist li[data-item="phones"][data-done="true"]')
    assert "1 of 1 table cards joined" in page.inner_text('#checklist li[data-item="phones"]')
    assert page.inner_text("#checklist-summary") == "5 of 8 done"
    page.screenshot(path=str(shots / "console-checklist.png"), full_page=True)
    assert errors == []

"""A refusal never blocks the table: what the server refuses is shown, the rest goes through.

A dispute whose reason holds half an emoji (a lone surrogate, as a cut-off paste leaves it)
is queued offline, with a deal behind it. Back online, the server refuses the dispute alone
and applies the deal; the phone shows the refusal with what to do. Then the director
withdraws the phone: it stops sending, says it must join again, and once it has, everything
it kept goes through.
"""

from __future__ import annotations

from typing import Any

from flask import Flask

from backend.aggregates.actor import director
from backend.api.auth import join_code
from backend.application import Command

from .conftest import klaverjas_evening, phone_at_table

BROKEN_REASON = "() => { document.querySelector('#dispute-reason').value = 'Roem fout \\ud83d'; }"
EXPECTED = ("ERR_INTERNET_DISCONNECTED", "401")


def record_deal(page: Any, n: int, pending: int | None = None) -> None:
    """Record deal ``n``; offline, ``pending`` entries then wait (online, a count of 1 may
    last too short a moment to see: the form moving on says the deal is recorded)."""
    page.click("#tab-entry")
    page.wait_for_selector(f'#entry-title[data-deal="{n}"]')
    page.fill("#kj-points", str(80 + n))
    page.click('[data-field="trump"][data-value="H"]')
    page.click("#record")
    page.wait_for_selector(f'#entry-title[data-deal="{n + 1}"]')
    if pending is not None:
        page.wait_for_selector(f'#pending[data-count="{pending}"]')


def test_a_refused_dispute_is_shown_and_the_deal_behind_it_applied(
    served: tuple[Flask, str], browser: Any
) -> None:
    web, base = served
    evening = klaverjas_evening(web)
    context, page, errors = phone_at_table(browser, base, evening["code"], "en-GB")
    record_deal(page, 1)
    page.wait_for_selector('#pending[data-count="0"]')

    context.set_offline(True)
    page.click("#tab-sheet")
    page.click('tr.row[data-deal="1"]')
    page.wait_for_selector("#dispute-reason")  # the explanation is drawn after the tap
    page.evaluate(BROKEN_REASON)
    page.click("#dispute-send")
    page.wait_for_selector('#pending[data-count="1"]')
    page.click(".explain button")
    record_deal(page, 2, 2)
    context.set_offline(False)

    page.wait_for_selector('#pending[data-count="0"]', timeout=20_000)
    refusal = page.locator(".conflict")
    assert refusal.count() == 1
    assert "Deal 1" in refusal.inner_text() and "Unicode" in refusal.inner_text()
    page.click("#tab-sheet")
    page.wait_for_selector('tr.row[data-deal="2"]:not(.provisional)')
    server_list = web.extensions["troef"].app.get_list(evening["list_id"])
    assert [row["deal_no"] for row in server_list.rows] == [1, 2]
    assert server_list.disputes == []

    # The director withdraws the phone (by mistake): its secret stops working, so the phone
    # stops and asks to join again; joined again, it takes the pen that became free.
    app = web.extensions["troef"].app
    (name,) = [d["name"] for d in app.get_list(evening["list_id"]).joined_devices()]
    withdraw = {"device": name, "reason": "tapped the wrong phone"}
    app.handle(director(), Command("withdraw_device", evening["list_id"], withdraw))
    record_deal(page, 3, 1)
    page.wait_for_selector('#blocked[data-kind="rejoin"]')
    assert "join the table again" in page.locator("#blocked").inner_text()
    page.wait_for_timeout(1500)
    assert page.locator('#pending[data-count="1"]').count() == 1  # kept, and not resent
    page.click("#rejoin")
    with web.app_context():
        page.fill("#code", join_code(evening["list_id"]))
    page.click("button[type=submit]")
    page.wait_for_selector('#pending[data-count="0"]', timeout=20_000)
    assert page.locator("#blocked").count() == 0
    server_list = web.extensions["troef"].app.get_list(evening["list_id"])
    assert [row["deal_no"] for row in server_list.rows] == [1, 2, 3]
    assert not [e for e in errors if not any(word in e for word in EXPECTED)], errors
    context.close()

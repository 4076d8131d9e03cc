"""A second tap on "record" before the form is redrawn writes the deal once, not twice."""

from __future__ import annotations

from typing import Any

from flask import Flask

from .conftest import klaverjas_evening, phone_at_table


def test_a_double_tap_on_record_queues_the_deal_once(
    served: tuple[Flask, str], browser: Any
) -> None:
    web, base = served
    evening = klaverjas_evening(web)
    context, page, errors = phone_at_table(browser, base, evening["code"], "nl-NL")
    context.set_offline(True)
    page.wait_for_selector('#entry-title[data-deal="1"]')
    page.fill("#kj-points", "90")
    page.click('[data-field="trump"][data-value="H"]')
    page.dblclick("#record")
    page.wait_for_selector('#pending[data-count="1"]')
    page.wait_for_selector('#entry-title[data-deal="2"]')
    assert page.evaluate(
        "() => new Promise((done) => { const r = indexedDB.open('troef'); r.onsuccess = () => {"
        " const all = r.result.transaction('outbox').objectStore('outbox').getAll();"
        " all.onsuccess = () => done(all.result.map((e) => e.args.deal_no || 0)); }; })"
    ) == [1]
    context.set_offline(False)
    page.wait_for_selector('#pending[data-count="0"]', timeout=20_000)
    rows = web.extensions["troef"].app.get_list(evening["list_id"]).rows
    assert [r["deal_no"] for r in rows] == [1]
    assert page.locator(".conflict, .status .refused").count() == 0
    assert [e for e in errors if "net::" not in e and "Failed to fetch" not in e] == []
    context.close()

"""The wiezen list on a 360 px phone says what was played and by whom, shows made as no loss,
marks each row the server has, lets the pen holder undo a deal before it is sent, offers the
dealer after a voided deal by the rules, and shows the director's rulings and an early close
(#16 items 21, 25, 26 and the undo)."""

from __future__ import annotations

from typing import Any

from flask import Flask
from playwright.sync_api import expect

from backend.aggregates.actor import director
from backend.application import Command

from .conftest import drawn_evening, phone_at_table

PLAYERS = ["An Peeters", "Bart Claes", "Chris Wouters", "Dirk Maes"]
SYNCED = 20_000
GREEN, RED = "rgb(11, 93, 59)", "rgb(179, 38, 30)"


def tap(page: Any, name: str, value: Any) -> None:
    page.click(f'[data-field="{name}"][data-value="{value}"]')


# Two taps on Record in one go: the button is off after the first, until the deal is stored.
DOUBLE_TAP = """() => { const b = document.querySelector('#record'); b.click();
  const off = b.disabled; b.click(); return off; }"""


def record(
    page: Any, deal_no: int, game: str, seats: list[int], tricks: int, double: bool = False
) -> None:
    page.click("#tab-entry")
    page.wait_for_selector(f'#entry-title[data-deal="{deal_no}"]')
    tap(page, "contract", game)
    for s in seats:
        tap(page, "declarers", s)
    tap(page, "tricks", tricks)
    if double:
        assert page.evaluate(DOUBLE_TAP) is True
    else:
        page.click("#record")
    page.wait_for_selector(f'#entry-title[data-deal="{deal_no + 1}"]')


def row(deal_no: int) -> str:
    return f'tr.row[data-deal="{deal_no}"]'


def test_the_wiezen_list_names_contracts_marks_synced_rows_and_undoes_an_unsent_deal(
    served: tuple[Flask, str], browser: Any
) -> None:
    web, base = served
    drawn = drawn_evening(web, "Zondagen", "wiezen-reglement-2019", PLAYERS, date="2026-11-29")
    (table,) = drawn["lists"]
    app = web.extensions["troef"].app
    names = dict(zip(drawn["players"], PLAYERS, strict=True))
    first = {s: names[p].split()[0] for s, p in app.get_list(table["list_id"]).seats.items()}
    context, page, errors = phone_at_table(browser, base, table["code"], "en-GB")

    # Deal 1, made: the list names the players and the contract; made is green, not red.
    record(page, 1, "VRAAG", [1, 3], 9, double=True)
    page.click("#tab-sheet")
    page.wait_for_selector(f"{row(1)}:not(.provisional) .sync-mark.synced", timeout=SYNCED)
    heads = page.locator("#sheet thead th[data-seat]").all_inner_texts()
    assert heads == [f"{s} {first[s]}" for s in "1234"]
    assert page.inner_text('tr.what-row[data-deal="1"] .what') == (
        f"vraag/mee · 1 {first['1']} + 3 {first['3']} · 9 tricks"
    )
    made = page.locator(f'{row(1)} [data-marker="made"]')
    assert made.inner_text() == "made"
    expect(made).to_have_css("color", GREEN)  # retried: a sync round may redraw the sheet

    # Deal 2 offline, failed (red); not on the server yet: the pen holder undoes it.
    context.set_offline(True)
    record(page, 2, "VRAAG", [2, 4], 6)
    page.click("#tab-sheet")
    page.wait_for_selector(f"{row(2)}.provisional .sync-mark.prov")
    failed = page.locator(f'{row(2)} [data-marker="failed"]')
    expect(failed).to_have_css("color", RED)
    assert page.locator("#undo").count() == 1
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.click("#undo")
    page.wait_for_selector('#pending[data-count="0"]')
    assert page.locator(row(2)).count() == 0
    record(page, 2, "ALLEEN", [2], 5)
    context.set_offline(False)
    page.click("#tab-sheet")
    page.wait_for_selector(f"{row(2)}:not(.provisional) .sync-mark.synced", timeout=SYNCED)
    assert page.locator("#undo").count() == 0  # the server has it: nothing to undo
    rows = app.get_list(table["list_id"]).rows  # deal 1 once (two taps), deal 2 as redone
    assert [(r["deal_no"], r["record"]["contract"]) for r in rows] == [(1, "VRAAG"), (2, "ALLEEN")]
    assert page.locator(".conflict").count() == 0

    # Deal 2 voided at the table: its cards were dealt, so seat 3 deals next; seat 2 (who
    # dealt it) is one tap away for recording the same deal again.
    page.click(row(2))
    page.fill("#void-reason", "typed the wrong declarer")
    page.click("#void-send")
    page.click("#explain-close")
    page.click("#tab-entry")
    page.wait_for_selector('#entry-title[data-deal="3"]')
    page.wait_for_selector('#wz-dealer[data-seat="3"]')
    assert page.get_attribute("#wz-voided", "data-dealer") == "2"
    page.click("#wz-same-dealer")
    page.wait_for_selector('#wz-dealer[data-seat="2"]')
    page.wait_for_selector('#pending[data-count="0"]', timeout=SYNCED)

    # The director corrects deal 1, adjusts by points and closes the list early.
    boss = director("anna")
    corrected = {"dealer": 1, "contract": "VRAAG", "declarers": [1, 3], "tricks": 8}
    lid = table["list_id"]
    rulings = [
        {"decision": "corrected", "reason": "recounted", "record": corrected},
        {"decision": "adjusted", "reason": "slow play", "adjustment": {"1": -2, "2": 2}},
    ]
    for ruling in rulings:
        app.handle(boss, Command("give_ruling", lid, {"deal_no": 1, **ruling}))
    app.handle(boss, Command("close_list_short", lid, {"reason": "the hall closed"}))
    page.click("#tab-sheet")
    page.click("#sync-now")
    page.wait_for_selector("#sheet-closed-short", timeout=SYNCED)
    assert "Closed early by the director: the hall closed" in page.inner_text("#sheet-closed-short")
    assert "corrected by the director" in page.inner_text('tr.what-row[data-deal="1"]')
    adjustment = page.inner_text('tr.adjustment-what[data-deal="1"]')
    assert "Adjustment" in adjustment and "slow play" in adjustment
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert [e for e in errors if "net::" not in e and "Failed to fetch" not in e] == []
    context.close()

"""A row of the list tapped while a sync round draws the list again still opens.

The list is drawn again after every sync round. A tap whose press came before such a redraw
and whose release came after it landed on two different rows (the one under the finger was
a new one at the release), so the browser made no click: the player tapped a row and nothing
happened. When the list would look the same, what is on the screen now stays.
"""

from __future__ import annotations

from typing import Any

from flask import Flask

from .conftest import klaverjas_evening, phone_at_table


def test_a_row_pressed_before_a_redraw_and_released_after_it_opens(
    served: tuple[Flask, str], browser: Any
) -> None:
    web, base = served
    table = klaverjas_evening(web)
    context, page, errors = phone_at_table(browser, base, table["code"], "en-GB")
    page.wait_for_selector('#entry-title[data-deal="1"]')
    page.fill("#kj-points", "91")
    page.click('[data-field="trump"][data-value="H"]')
    page.click("#record")
    page.wait_for_selector('#entry-title[data-deal="2"]')
    page.click("#tab-sheet")
    row = 'tr.row[data-deal="1"]'
    page.wait_for_selector(f"{row}:not(.provisional) .sync-mark.synced", timeout=15_000)

    box = page.locator(row).bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    # the network comes back: a sync round, and the list drawn again before and after it
    page.evaluate("window.dispatchEvent(new Event('online'))")
    page.wait_for_function("() => document.querySelector('#net').textContent === 'online'")
    page.wait_for_timeout(500)  # the redraws after the round (they took a few ms)
    page.mouse.up()
    page.wait_for_selector("#explain-close", timeout=2_000)
    assert errors == []
    context.close()

"""What is tapped into the form stays while a sync round brings the list's sheet.

Right after joining, on a slow network, the first sync round's sheet arrives while the players
already tap in the first deal: it must not redraw the form from scratch (the taps were lost,
and a bridge board's "over" button vanished under the finger).
"""

from __future__ import annotations

from typing import Any

from flask import Flask

from .conftest import klaverjas_evening


def test_the_first_sheet_arriving_mid_entry_keeps_what_was_tapped(
    served: tuple[Flask, str], browser: Any
) -> None:
    web, base = served
    table = klaverjas_evening(web)
    context = browser.new_context(viewport={"width": 360, "height": 640}, locale="nl-NL")
    page = context.new_page()
    held: list[Any] = []
    sheets: list[str] = []

    def hold_sheet(route: Any) -> None:
        if route.request.method == "GET":
            sheets.append(route.request.url)
        # the join reads the sheet first (the list's rules); the first sync round's sheet
        # waits until the deal is half tapped in
        if len(sheets) == 2 and not held:
            held.append(route)
        else:
            route.continue_()

    page.route(f"**/api/lists/{table['list_id']}", hold_sheet)
    page.goto(f"{base}/t/{table['code']}")
    page.click("button[type=submit]")
    page.wait_for_selector(".pen-mine")
    page.wait_for_selector('#entry-title[data-deal="1"]')
    page.fill("#kj-points", "91")
    page.click('[data-field="trump"][data-value="H"]')
    assert held, "the app asked for the list's sheet after joining"
    assert page.inner_text("#net") == "synchroniseren…"  # the round waits for its sheet
    held[0].continue_()
    page.wait_for_function("() => document.querySelector('#net').textContent === 'online'")
    assert page.input_value("#kj-points") == "91"
    assert page.get_attribute('[data-field="trump"][data-value="H"]', "aria-checked") == "true"
    page.click("#record")
    page.wait_for_selector('#entry-title[data-deal="2"]')
    context.close()

"""The director sees a table's phones by the names their players gave them, withdraws one
(its secret then gets 401) and re-issues the table card (the old code stops working)."""

from __future__ import annotations

from typing import Any

from flask import Flask

from .conftest import klaverjas_evening, log_in
from .test_devices import call


def test_the_director_withdraws_a_phone_and_reissues_the_table_card(
    served: tuple[Flask, str], browser: Any
) -> None:
    web, base = served
    table = klaverjas_evening(web)
    status, joined = call(base, "/api/join", {"code": table["code"], "name": "Anna's phone"})
    assert status == 200, joined
    token = joined["token"]

    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="nl-NL")
    page = context.new_page()
    log_in(page, base, f"#/l/{table['list_id']}")
    phones = page.locator("#list-devices")
    phones.get_by_text("Anna's phone").wait_for()
    assert phones.locator("tbody tr").count() == 1

    page.once("dialog", lambda dialog: dialog.accept())
    page.locator('[data-withdraw="Anna\'s phone"]').click()
    page.locator("#devices-result .ok").wait_for()
    assert "ingetrokken" in phones.locator("tbody tr").inner_text()
    status, refused = call(base, "/api/sync/push", {"mutations": []}, token=token)
    assert status == 401, refused

    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("#reissue-card").click()
    new_code = page.locator("#new-code").inner_text()
    assert new_code and new_code != table["code"]
    status, gone = call(base, "/api/join", {"code": table["code"], "name": "Bert's phone"})
    assert status == 410, gone
    status, again = call(base, "/api/join", {"code": new_code, "name": "Bert's phone"})
    assert status == 200, again
    context.close()

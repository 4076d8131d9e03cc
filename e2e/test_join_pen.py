"""Joining a table shows the truth from the first moment (#16, item 14): the phone that takes
a free pen never says "another device holds the pen", and a phone that has not synced yet
says "last sync: never"."""

from __future__ import annotations

from typing import Any

from flask import Flask

from .conftest import klaverjas_evening

# Every text the pen line shows, from before the join until the end.
WATCH = """() => {
  window.penTexts = [];
  new MutationObserver(() => {
    const pen = document.querySelector("#pen");
    const text = pen ? pen.textContent : null;
    if (text && window.penTexts[window.penTexts.length - 1] !== text) window.penTexts.push(text);
  }).observe(document.body, { childList: true, subtree: true, characterData: true });
}"""


def test_a_phone_joining_a_free_table_holds_the_pen_at_once_and_never_synced_says_never(
    served: tuple[Flask, str], browser: Any
) -> None:
    web, base = served
    table = klaverjas_evening(web)
    context = browser.new_context(viewport={"width": 360, "height": 640}, locale="nl-NL")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{base}/t/{table['code']}")
    page.wait_for_selector("#code")
    page.wait_for_load_state("networkidle")  # the start's sync round has run: nothing to sync
    assert page.inner_text("#last-sync") == "Laatste sync: nooit"
    page.evaluate(WATCH)
    page.click("button[type=submit]")
    page.wait_for_selector(".pen-mine")
    page.wait_for_selector('#pending[data-count="0"]')
    assert page.evaluate("window.penTexts") == ["U heeft de pen: u schrijft."]
    assert page.inner_text("#last-sync") != "Laatste sync: nooit"  # now it has synced
    assert errors == []
    context.close()


def test_a_join_whose_answer_was_lost_is_sent_again_as_the_same_device(
    served: tuple[Flask, str], browser: Any
) -> None:
    web, base = served
    table = klaverjas_evening(web)
    context = browser.new_context(viewport={"width": 360, "height": 640}, locale="en-GB")
    page = context.new_page()
    keys: list[str] = []

    def lose_first_answer(route: Any) -> None:
        keys.append(route.request.headers.get("idempotency-key", ""))
        answer = route.fetch()  # the server registers the phone...
        if len(keys) == 1:
            route.abort("connectionreset")  # ...and its answer never reaches the phone
        else:
            route.fulfill(response=answer)

    page.route("**/api/join", lose_first_answer)
    page.goto(f"{base}/t/{table['code']}")
    page.click("button[type=submit]")
    page.wait_for_selector(".error")  # the join failed, as far as the phone knows
    page.click("button[type=submit]")
    page.wait_for_selector(".pen-mine")
    page.wait_for_selector('#pending[data-count="0"]')
    assert len(keys) == 2 and keys[0] == keys[1] and len(keys[0]) >= 16
    devices = web.extensions["troef"].app.get_list(table["list_id"]).joined_devices()
    assert len(devices) == 1, devices
    context.close()


def test_what_is_typed_into_the_join_form_stays_when_the_app_draws_it_again(
    served: tuple[Flask, str], browser: Any
) -> None:
    web, base = served
    table = klaverjas_evening(web)
    context = browser.new_context(viewport={"width": 360, "height": 640}, locale="en-GB")
    page = context.new_page()
    page.goto(f"{base}/t/{table['code']}")
    page.fill("#device-name", "Anna's phone")
    # the network coming back (a sync round, a redraw) while the player types
    page.evaluate("window.dispatchEvent(new Event('online'))")
    page.select_option("#lang", "de")  # the form drawn anew, in German
    page.wait_for_selector('label[for="device-name"]:has-text("Name dieses Telefons")')
    assert page.input_value("#device-name") == "Anna's phone"
    assert page.input_value("#code") == table["code"]
    page.click("button[type=submit]")
    page.wait_for_selector(".pen-mine")
    page.wait_for_selector('#pending[data-count="0"]')
    devices = web.extensions["troef"].app.get_list(table["list_id"]).joined_devices()
    assert [d["name"] for d in devices] == ["Anna's phone"], devices
    context.close()

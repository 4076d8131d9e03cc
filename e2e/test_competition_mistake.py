"""A competition made by mistake is corrected or taken off the club's list from the console
(#16, item 2); nothing is deleted, and it says why when opened by its address."""

from __future__ import annotations

from typing import Any

from flask import Flask

from backend.aggregates.actor import director
from backend.application import Command

from .conftest import log_in


def test_the_director_renames_a_competition_and_takes_another_off_the_list(
    served: tuple[Flask, str], browser: Any
) -> None:
    web, base = served
    app, boss = web.extensions["troef"].app, director("anna")
    typo = app.handle(
        boss,
        Command("create_competition", None, {"name": "Zondagn", "rules": "wiezen-reglement-2019"}),
    )
    twice = app.handle(
        boss,
        Command("create_competition", None, {"name": "Zondagen", "rules": "wiezen-reglement-2019"}),
    )
    page = browser.new_page(locale="nl-NL", viewport={"width": 360, "height": 740})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    log_in(page, base, f"#/c/{typo}")
    page.click("#competition-mistake summary")
    page.fill("#competition-name", "Zondagen 2026")
    page.click("#rename-competition button[type=submit]")
    page.wait_for_selector('main h2:has-text("Zondagen 2026")')

    page.evaluate(f"location.hash = '#/c/{twice}'")
    page.wait_for_selector('main h2:text-is("Zondagen")')
    page.click("#competition-mistake summary")
    page.fill("#archive-reason", "twee keer aangemaakt")
    page.click("#archive-competition button[type=submit]")
    page.wait_for_selector("#competitions")
    listed = page.eval_on_selector_all(
        "#competitions tbody a", "links => links.map((a) => a.textContent)"
    )
    assert listed == ["Zondagen 2026"]
    page.evaluate(f"location.hash = '#/c/{twice}'")
    page.wait_for_selector("#archived")
    assert page.inner_text("#archived") == "Van de clublijst gehaald: twee keer aangemaakt"
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert errors == []
    page.close()

"""A club's own copy of a rule set scores on the table's phone, end to end (#16, items 1 and 3):
the phone gets the list's rule set itself, and the schafkopf form offers the games it admits
and shows the ones it forbids with their rule."""

from __future__ import annotations

import json
from typing import Any

from flask import Flask

from .conftest import drawn_evening, phone_at_table

PLAYERS = ["Anna", "Bert", "Cor", "Dirk"]
WITH_WENZ = {
    "id": "lengfeld-mit-wenz",
    "title": "Lengfeld mit Wenz",
    "base": "schafkopf-tsv-lengfeld",
    "options": {"admit_wenz_geier": True},
}


def first_list(drawn: dict[str, Any]) -> dict[str, Any]:
    return next(entry for entry in drawn["lists"] if entry["round"] == 1)


def test_a_wenz_on_the_clubs_copy_of_the_lengfeld_rules_is_recorded_from_the_phone(
    served: tuple[Flask, str], browser: Any
) -> None:
    web, base = served
    table = first_list(drawn_evening(web, "Mit Wenz", WITH_WENZ, PLAYERS))
    context, page, errors = phone_at_table(browser, base, table["code"], "de-DE")

    assert page.locator("#sk-forbidden li").all_inner_texts() == [
        "Kontra — Nr. 2: Spritze (Kontra) ist nicht gestattet"
    ]
    assert page.is_disabled('[data-field="type"][data-value="KONTRA"]')
    page.click('[data-field="type"][data-value="WENZ"]')
    page.click('[data-field="declarer"][data-value="2"]')
    page.fill("#sk-augen", "70")
    assert page.locator("#preview .error").count() == 0
    cells = page.locator("#sk-line li[data-seat]").all_inner_texts()
    assert [int(c.split()[1]) for c in cells] == [-3, 9, -3, -3]
    assert page.get_attribute("#sk-line", "data-dot") == "1"
    page.click("#record")
    page.wait_for_selector('#entry-title[data-deal="2"]')
    page.wait_for_selector('#pending[data-count="0"]')

    rows = web.extensions["troef"].views.rows(
        "SELECT points FROM deal_rows WHERE list_id = ?", [table["list_id"]]
    )
    assert [json.loads(r["points"]) for r in rows] == [{"1": -3, "2": 9, "3": -3, "4": -3}]
    assert errors == []
    context.close()


def test_the_shipped_lengfeld_rules_show_wenz_geier_and_kontra_as_not_allowed(
    served: tuple[Flask, str], browser: Any
) -> None:
    web, base = served
    table = first_list(drawn_evening(web, "Lengfeld", "schafkopf-tsv-lengfeld", PLAYERS))
    context, page, errors = phone_at_table(browser, base, table["code"], "nl-NL")

    for game in ("WENZ", "GEIER", "KONTRA"):
        assert page.is_disabled(f'[data-field="type"][data-value="{game}"]'), game
    for game in ("RUFSPIEL", "SOLO", "TOUT", "NO_GAME"):
        assert page.is_enabled(f'[data-field="type"][data-value="{game}"]'), game
    assert page.locator("#sk-forbidden li").all_inner_texts() == [
        "Wenz — Nr. 2 laat alleen Rufspiel, Solo en Solo-Tout toe (S-D5)",
        "Geier — Nr. 2 laat alleen Rufspiel, Solo en Solo-Tout toe (S-D5)",
        "Kontra — Nr. 2: Spritze (Kontra) is niet toegestaan",
    ]
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert errors == []
    context.close()

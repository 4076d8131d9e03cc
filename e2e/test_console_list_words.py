"""The console's list speaks the director's language (#16, item 13): each deal as the
language writes it (no English words, no Python lists), miserie with its players and tricks,
and the markers as words."""

from __future__ import annotations

from typing import Any

from flask import Flask

from backend.aggregates.actor import director
from backend.application import Command

from .conftest import drawn_evening, log_in

DEALS = [
    {"dealer": 1, "contract": "VRAAG", "declarers": [2, 4], "tricks": 9},
    {"dealer": 2, "contract": "MIS", "miserie": [{"seat": 3, "open": False, "tricks": 0}]},
]


def test_a_wiezen_list_in_dutch_says_what_each_deal_was_in_dutch(
    served: tuple[Flask, str], browser: Any
) -> None:
    web, base = served
    drawn = drawn_evening(web, "Zondagen", "wiezen-reglement-2019", ["An", "Bo", "Cas", "Dries"])
    lid = drawn["lists"][0]["list_id"]
    app = web.extensions["troef"].app
    for n, record in enumerate(DEALS, start=1):
        app.handle(director("anna"), Command("record_deal", lid, {"deal_no": n, "record": record}))
    page = browser.new_page(locale="nl-NL", viewport={"width": 1200, "height": 800})
    log_in(page, base, f"#/l/{lid}")
    page.wait_for_selector("#list-rows tbody tr")
    what = page.eval_on_selector_all(
        "#list-rows td.rm-what", "tds => tds.map((td) => td.textContent)"
    )
    assert what == ["VRAAG · spelers 2, 4 · 9 slagen", "MIS · 3 (0 slagen)"]
    table = page.inner_text("#list-rows")
    for english in ("declarers", "[", "made", "miserie:"):
        assert english not in table, english
    page.close()

"""At phone width (360 px) nothing runs off the screen (#16, item 9): a 200-character name
without spaces breaks inside the table app's tables and the standings, and the public
standings keep a percentage with its "%" and an evening's date on one line."""

from __future__ import annotations

from typing import Any

from flask import Flask

from backend.aggregates.actor import director
from backend.application import Command
from tests.standings_club import demo_club

from .conftest import drawn_evening, log_in, phone_at_table

LONG = ("Wolfeschlegelsteinhausenbergerdorff" * 6)[:200]
WIDE = "document.documentElement.scrollWidth"
# The cells of numbers (and their headers) whose own text runs over more than one line.
WRAPPED = """(selector) => [...document.querySelectorAll(selector)].filter((cell) => {
  const tops = new Set();
  for (const node of cell.childNodes) {
    const text = node.nodeType === 3 ? node : (node.tagName === "A" ? node.firstChild : null);
    if (!text || !text.textContent.trim()) continue;
    const range = document.createRange();
    range.selectNodeContents(text);
    for (const rect of range.getClientRects()) if (rect.width) tops.add(Math.round(rect.top));
  }
  return tops.size > 1;
}).map((cell) => cell.textContent)"""


def test_a_name_of_200_characters_without_spaces_stays_on_a_phones_screen(
    served: tuple[Flask, str], browser: Any
) -> None:
    web, base = served
    drawn = drawn_evening(web, "Lange namen", "klaverjas-amsterdams", [LONG, "Bert", "Cor", "Dirk"])
    table = drawn["lists"][0]
    record = {"playing": "NS", "trump": "H", "card_points": {"NS": 100, "EW": 62}}
    record |= {"tricks": {"NS": 5, "EW": 3}, "dealer": "W"}
    web.extensions["troef"].app.handle(
        director("anna"),
        Command("record_deal", table["list_id"], {"deal_no": 1, "record": record}),
    )
    context, page, errors = phone_at_table(browser, base, table["code"], "nl-NL")
    for tab in ("sheet", "entry", "submit"):
        page.click(f"#tab-{tab}")
        assert page.evaluate(WIDE) <= 360, tab
    assert errors == []
    page.goto(f"{base}/standings/{drawn['competition_id']}")
    assert LONG in page.inner_text("main")
    assert page.evaluate(WIDE) <= 360
    console = context.new_page()
    log_in(console, base, f"#/c/{drawn['competition_id']}/standings")
    console.wait_for_selector(".st-season-screen .st-live[data-updated]")
    assert console.evaluate(WIDE) <= 360
    context.close()


def test_the_public_bridge_standings_keep_percentages_and_dates_on_one_line_on_a_phone(
    served: tuple[Flask, str], browser: Any
) -> None:
    web, base = served
    cid = demo_club(web.extensions["troef"].app)["bridge"].competition_id
    page = browser.new_page(viewport={"width": 360, "height": 640}, locale="de-DE")
    page.goto(f"{base}/standings/{cid}?lang=de")
    assert "%" in page.inner_text("table.season")
    assert page.evaluate(WRAPPED, "table.grid th.num, table.grid td.num") == []
    assert page.evaluate(WIDE) <= 360
    page.close()

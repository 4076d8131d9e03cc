"""The console's bridge list shows each board's points in its pair's column, and the total under
the same columns (#16, item 11): a board's points are keyed by seat (N, E, S, W), the
list's columns by pair (NS, EW)."""

from __future__ import annotations

from typing import Any

from flask import Flask

from tests.api.conftest import bridge_pairs, four_spades_on_board_one

from .conftest import log_in

# Per column header: its text, and its left edge (to find the cells under it).
COLUMNS = """() => [...document.querySelectorAll("#list-rows thead th")].map((th) =>
  [th.textContent, Math.round(th.getBoundingClientRect().left)])"""
UNDER = """(left) => [...document.querySelectorAll("#list-rows tbody tr, #list-rows tfoot tr")]
  .map((tr) => [...tr.cells].find((c) => Math.round(c.getBoundingClientRect().left) === left))
  .map((cell) => (cell || {}).textContent)"""


def test_a_bridge_list_in_the_console_shows_each_boards_points_and_the_total_under_its_pair(
    served: tuple[Flask, str], browser: Any
) -> None:
    web, base = served
    drawn = bridge_pairs(web)
    four_spades_on_board_one(web, drawn["lists"], [10, 11, 9])
    first = next(e for e in drawn["lists"] if 1 in e["boards"])
    page = browser.new_page(locale="en-GB", viewport={"width": 1200, "height": 800})
    log_in(page, base, f"#/l/{first['list_id']}")
    page.wait_for_selector("#list-rows tbody tr")
    columns = dict(page.evaluate(COLUMNS))
    ns = next(left for text, left in columns.items() if text.startswith("NS "))
    ew = next(left for text, left in columns.items() if text.startswith("EW "))
    # 4♠ by S making 10 tricks, nobody vulnerable on board 1: NS +420, EW −420 (§B6).
    assert page.evaluate(UNDER, ns) == ["420", "420"]  # board 1, then the total row
    assert page.evaluate(UNDER, ew) == ["-420", "-420"]
    assert page.inner_text("#list-rows tfoot th").startswith("Total")
    page.close()

"""The director loads an evening's deals from a PBN file in the console; a malformed file is
refused naming the board and the tag, and afterwards a board's play starts from its hands
and a card that was not dealt to the seat is refused."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from backend.aggregates.actor import Actor
from backend.aggregates.errors import InvalidInput
from backend.application import Command
from tests.api.conftest import bridge_pairs
from tests.application.test_hand_records import dealt, pbn_file

from .conftest import log_in


def test_the_director_loads_the_deals_in_the_console_and_a_card_not_dealt_is_refused(
    served: tuple[Flask, str], browser: Any, tmp_path: Path
) -> None:
    web, base = served
    drawn = bridge_pairs(web)
    cid = drawn["competition_id"]
    good = tmp_path / "dealt.pbn"
    good.write_text(pbn_file(range(1, 10)))
    bad = tmp_path / "broken.pbn"
    bad.write_text(pbn_file(range(1, 10)).replace('[Board "5"]', '[Board "5a"]'))
    page = browser.new_page(locale="en-GB", viewport={"width": 1200, "height": 900})
    log_in(page, base, f"#/c/{cid}/e/1")
    page.wait_for_selector("#hand-records-loaded")
    assert page.inner_text("#hand-records-loaded") == "No deals loaded yet."
    page.set_input_files("#hand-records-file", str(bad))
    page.click("#hand-records-load")
    page.wait_for_selector("#hand-records-result .error, #hand-records-result [role=alert]")
    assert "board 5a, [Board]" in page.inner_text("#hand-records-result")
    page.set_input_files("#hand-records-file", str(good))
    page.click("#hand-records-load")
    page.wait_for_selector("#hand-records-result .ok")
    assert page.inner_text("#hand-records-loaded") == "9 boards loaded: 1-9"
    page.close()

    app = web.extensions["troef"].app
    entry = drawn["lists"][0]
    table = Actor("table", client_id="phone-a")
    app.handle(table, Command("join", entry["list_id"]))
    start = {"deal_no": 1, "context": {"leader": "E", "strain": "NT"}}
    app.handle(table, Command("start_play", entry["list_id"], start))
    board = entry["boards"][0]
    not_dealt = dealt(board)["S"][0]
    with pytest.raises(InvalidInput, match=f"{not_dealt} is not in seat E's hand"):
        card = {"deal_no": 1, "seat": "E", "card": not_dealt}
        app.handle(table, Command("play_card", entry["list_id"], card))

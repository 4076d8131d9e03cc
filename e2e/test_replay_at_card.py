"""The director replays a bridge board played card by card: at the seventh card the replay
shows the auction, the tricks so far with who won them and the count, and the dispute he
opens there names that card."""

from __future__ import annotations

from typing import Any

from flask import Flask

from backend.aggregates.actor import director
from tests.application.test_ruling_at_card import played_board

from .conftest import log_in


def test_the_director_opens_a_dispute_at_the_card_the_replay_stands_on(
    served: tuple[Flask, str], browser: Any
) -> None:
    web, base = served
    app = web.extensions["troef"].app
    list_id, _, played = played_board(app, director("anna"))
    steps = app.replay(list_id, 1)
    cards = [i for i, s in enumerate(steps) if s["event"] == "CardPlayed"]
    seventh = cards[6]
    page = browser.new_page(locale="en-GB", viewport={"width": 1200, "height": 900})
    log_in(page, base, f"#/l/{list_id}/replay?deal=1")
    page.wait_for_selector('#step[data-event="PlayStarted"]')
    page.click(f'#steps li[data-index="{seventh}"] button')
    page.wait_for_selector('#step-card[data-card="7"]')
    assert page.inner_text("#step-card") == "Card 7 of the play"
    assert page.inner_text("#step-auction").startswith("Auction: N 1NT · E pass")
    first = page.locator('#step-tricks tr[data-trick="1"]')
    assert first.locator(".rm-won-by").inner_text() in ("N", "E", "S", "W")
    assert " · " in first.locator(".rm-count").inner_text()  # NS n · EW m after trick 1
    assert page.locator('#step-tricks tr[data-trick="2"] td').nth(1).inner_text().count(",") == 2
    assert played[6] in page.inner_text("#step-tricks")
    page.fill("#dispute-reason", "was the third card of trick 2 a revoke?")
    assert page.inner_text("#dispute-at-card") == "Open a dispute at card 7"
    page.click("#dispute-at-card")
    page.wait_for_selector('#step[data-event="DisputeRaised"]')
    (dispute,) = app.get_list(list_id).disputes
    assert dispute["at_card"] == 7 and dispute["reason"].startswith("was the third card")
    page.close()

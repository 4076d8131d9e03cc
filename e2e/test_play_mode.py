"""Play mode on a phone: a bridge board and a wiezen deal played card by card, one offline."""

from __future__ import annotations

import time
from typing import Any

from flask import Flask

from .conftest import drawn_evening, phone_at_table
from .playing import open_play_tab, play_cards, switch_on, tap_hands

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
# Who is dealt which card: each suit's ranks go round the four seats in turn.
DECK = [suit + rank for suit in "SHDC" for rank in RANKS]


def deal(seats: list[str]) -> dict[str, list[str]]:
    return {seat: DECK[i::4] for i, seat in enumerate(seats)}


def play_every_card(page: Any) -> list[str]:
    """Play the whole deal, 52 cards, the first legal one offered each time."""
    played = play_cards(page, 52)
    page.wait_for_selector("#play-done")
    return played


def played_cards(web: Flask, list_id: str) -> list[str]:
    state = web.extensions["troef"].app.get_list(list_id).play["1"]
    return [c["card"] for t in state["tricks"] for c in t["cards"]]


def server_cards(web: Flask, list_id: str, played: list[str], within: float = 20) -> list[str]:
    """The cards the server has once it has as many as were played (the last tap is shown a
    moment before it is in the outbox, so "nothing to send" can come just before it)."""
    deadline = time.monotonic() + within
    while len(cards := played_cards(web, list_id)) < len(played) and time.monotonic() < deadline:
        time.sleep(0.1)
    return cards


def test_a_bridge_board_is_played_card_by_card_and_its_facts_come_from_the_cards(
    served: tuple[Flask, str], browser: Any
) -> None:
    web, base = served
    pairs = [
        "Jansen – de Vries",
        "Peeters – Maes",
        "Bakker – Visser",
        "Smit – Mulder",
        "Claes – Wouters",
        "Meijer – de Boer",
    ]
    drawn = drawn_evening(web, "Donderdagdrive", "bridge-nbb-1930", pairs)
    table = drawn["lists"][0]
    switch_on(web, table["list_id"])
    context, page, errors = phone_at_table(browser, base, table["code"], "nl-NL")
    page.reload()
    open_play_tab(page)
    hands = deal(["N", "E", "S", "W"])
    tap_hands(page, hands, ["N", "E", "S", "W"])
    page.click('#deal-leader [data-value="E"]')
    page.click('#deal-trump [data-value="null"]')
    page.click("#play-start")
    page.wait_for_selector("#play-auction")
    for n, bid in enumerate(("3NT", "pass", "pass", "pass")):
        page.click(f'#play-auction [data-bid="{bid}"]')
        page.wait_for_selector(f"#bids li >> nth={n}")
    page.click("#to-play")
    page.wait_for_selector('#trick-title[data-turn="E"]')
    played = play_every_card(page)
    page.wait_for_selector('#pending[data-count="0"]', timeout=20_000)
    assert server_cards(web, table["list_id"], played) == played
    page.wait_for_selector("#play-facts", timeout=20_000)
    facts = page.locator("#play-facts").inner_text()
    assert "declarer: N" in facts and "contract" in facts
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert errors == []
    context.close()


def test_a_wiezen_deal_played_offline_reaches_the_server_card_by_card_once(
    served: tuple[Flask, str], browser: Any
) -> None:
    web, base = served
    drawn = drawn_evening(web, "Zondagen", "wiezen-reglement-2019", ["An", "Bo", "Cas", "Dree"])
    table = drawn["lists"][0]
    switch_on(web, table["list_id"])
    context, page, errors = phone_at_table(browser, base, table["code"], "nl-NL")
    page.reload()
    open_play_tab(page)
    context.set_offline(True)
    hands = deal(["1", "2", "3", "4"])
    tap_hands(page, hands, ["1", "2", "3", "4"])
    page.click('#deal-trump [data-value="H"]')
    page.check('#deal-declarers input[value="1"]')
    page.check('#deal-declarers input[value="3"]')
    page.click("#play-start")
    for n, bid in enumerate(("vraag", "mee")):
        page.click(f'#play-auction [data-bid="{bid}"]')
        page.wait_for_selector(f"#bids li >> nth={n}")
    page.click("#to-play")
    first = page.locator("#hand .pc").first.get_attribute("data-card")
    page.click(f'#hand [data-card="{first}"]')
    page.wait_for_selector('#play[data-played="1"]')
    page.click("#undo")  # a wrong tap, taken back while the trick lies open
    page.wait_for_selector('#play[data-played="0"]')
    played = play_every_card(page)
    response = page.reload()
    assert response is not None and response.from_service_worker
    page.click("#tab-play")
    page.wait_for_selector("#play-done")
    context.set_offline(False)
    page.wait_for_selector('#pending[data-count="0"]', timeout=30_000)
    assert server_cards(web, table["list_id"], played) == played
    events = web.extensions["troef"].app.replay(table["list_id"], deal_no=1)
    names = [e["event"] for e in events]
    assert names.count("CardPlayed") == 53 and names.count("CardTakenBack") == 1
    assert not [e for e in errors if "ERR_INTERNET_DISCONNECTED" not in e], errors
    context.close()

"""Play mode on a phone at 360 px: a klaverjas deal (trump chosen by the forced player) ended
by a claim the opponents accept, and a schafkopf Solo announced over 'weiter' and played card
by card offline; each deal's facts come from the cards and are confirmed and recorded on the
phone."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Flask

from backend.rules import klaverjas_play

from .conftest import drawn_evening, phone_at_table
from .playing import open_play_tab, play_cards, switch_on, tap_hands

KLAVERJAS_DECK = [s + r for s in "SHDC" for r in ("A", "10", "K", "Q", "J", "9", "8", "7")]
SCHAFKOPF_DECK = [s + r for s in "EGHS" for r in ("A", "10", "K", "O", "U", "9", "8", "7")]


def server_has(page: Any, check: Callable[[], Any]) -> Any:
    """Wait for the server's state (the phone sends what it holds with its sync rounds)."""
    for _ in range(150):
        found = check()
        if found:
            return found
        page.wait_for_timeout(200)
    raise AssertionError(page.locator("main").inner_text())


def recorded(page: Any, app: Any, list_id: str) -> dict[str, Any]:
    """The deal's row once the server has it."""
    return dict(server_has(page, lambda: app.get_list(list_id).rows)[0])


def cards_on_server(page: Any, web: Flask, list_id: str, count: int) -> list[str]:
    """The cards the server has of deal 1, once it has ``count`` of them."""
    app = web.extensions["troef"].app

    def cards() -> list[str]:
        state = app.get_list(list_id).play.get("1")
        held = [c["card"] for t in state["tricks"] for c in t["cards"]] if state else []
        return held if len(held) == count else []

    return server_has(page, cards)


def test_a_klaverjas_deal_ends_by_an_accepted_claim_and_its_facts_are_recorded(
    served: tuple[Flask, str], browser: Any
) -> None:
    web, base = served
    app = web.extensions["troef"].app
    drawn = drawn_evening(
        web, "Dinsdagklaverjas", "klaverjas-amsterdams", ["Ab", "Bep", "Cor", "Dini"]
    )
    table = drawn["lists"][0]
    switch_on(web, table["list_id"])
    context, page, errors = phone_at_table(browser, base, table["code"], "nl-NL")
    page.reload()
    open_play_tab(page)
    hands = {seat: KLAVERJAS_DECK[i::4] for i, seat in enumerate("NESW")}
    tap_hands(page, hands, ["N", "E", "S", "W"])
    # deal 1: N deals, so E must play: he chooses the trump and leads (art. 3, K-D3)
    assert page.locator("#deal-forced").get_attribute("data-seat") == "E"
    page.click('#deal-trump [data-value="S"]')
    page.click("#play-start")
    page.wait_for_selector('#trick-title[data-turn="E"]')
    lead = play_cards(page, 1)
    # S holds the cards the rules allow in colour, the others greyed (art. 6-10)
    offered = page.locator("#hand .pc:not(.grey)").evaluate_all(
        "els => els.map(e => e.dataset.card)"
    )
    assert sorted(offered) == sorted(klaverjas_play.legal_cards(hands["S"], lead, "S"))
    assert page.locator("#hand .pc.grey").count() == 8 - len(offered) > 0
    played = lead + play_cards(page, 11, start=1)
    page.click("#claim-open")
    page.click('#claim-seat [data-value="E"]')
    page.click("#claim-send")  # the rest of the tricks (5) for E/W
    page.wait_for_selector("#claim-accept")
    page.click("#claim-accept")
    page.wait_for_selector("#play-done")
    assert cards_on_server(page, web, table["list_id"], 12) == played
    server_has(page, lambda: app.get_list(table["list_id"]).play["1"]["complete"])
    state = app.get_list(table["list_id"]).play["1"]
    assert state["bids"] == [{"seat": "E", "bid": {"trump": "S"}}]
    assert state["claims"][0]["status"] == "accepted" and state["claims"][0]["tricks"] == 5
    facts = app.get_list(table["list_id"]).facts_from_play(1)
    assert sum(facts["card_points"].values()) == 162 and facts["tricks"]["EW"] >= 5
    page.wait_for_selector("#play-result")
    # the roem on the table in trick 1 was not claimed before the trick was taken (art. 4b)
    assert [r["trick"] for r in facts["roem"]] == [1, 2, 3]
    page.click('#roem-claimed [data-trick="1"]')
    page.wait_for_selector('#roem-claimed [data-trick="1"][aria-pressed="false"]')
    page.click("#play-record")
    row = recorded(page, app, table["list_id"])
    assert row["record"]["card_points"] == facts["card_points"]
    assert [r["trick"] for r in row["record"]["roem"]] == [2, 3]
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert errors == []
    context.close()


def test_a_schafkopf_solo_is_announced_and_played_card_by_card(
    served: tuple[Flask, str], browser: Any
) -> None:
    web, base = served
    app = web.extensions["troef"].app
    drawn = drawn_evening(
        web, "Schafkopfabend", "schafkopf-tsv-lengfeld", ["Xaver", "Yvonne", "Zenzi", "Wastl"]
    )
    table = drawn["lists"][0]
    switch_on(web, table["list_id"])
    context, page, errors = phone_at_table(browser, base, table["code"], "de-DE")
    page.reload()
    open_play_tab(page)
    context.set_offline(True)  # the whole deal on the phone alone: it sends it when back online
    hands = {seat: SCHAFKOPF_DECK[i::4] for i, seat in enumerate("1234")}
    tap_hands(page, hands, ["1", "2", "3", "4"])
    page.wait_for_selector('#speaker[data-seat="1"]')
    # seat 1 holds every ace: it may call none; Wenz, Geier, Sie and Kontra are not played here
    for bid in ("RUFSPIEL-E", "RUFSPIEL-G", "WENZ", "GEIER", "SIE", "KONTRA"):
        assert page.locator(f'#deal-announce [data-bid="{bid}"]').is_disabled(), bid
    assert "S-D5" in page.locator("#announce-forbidden").inner_text()
    page.click('#deal-announce [data-bid="SOLO-H"]')
    for seat in ("2", "3", "4"):
        page.wait_for_selector(f'#speaker[data-seat="{seat}"]')
        page.click('#deal-announce [data-bid="weiter"]')
    page.wait_for_selector("#announced.ok")
    page.click("#play-start")
    page.wait_for_selector('#trick-title[data-turn="1"]')
    played = play_cards(page, 32)
    page.wait_for_selector("#play-done")
    # offline, the phone works the facts out itself: seat 1's Herz-Solo with the Ober and Unter
    offline = page.locator("#play-facts").inner_text()
    page.wait_for_selector("#play-result")
    assert "decl_augen" in offline and app.get_list(table["list_id"]).play == {}
    context.set_offline(False)
    assert cards_on_server(page, web, table["list_id"], 32) == played
    state = app.get_list(table["list_id"]).play["1"]
    assert state["context"]["contract"] == {"type": "SOLO", "declarer": 1, "suit": "H"}
    assert [b["bid"] for b in state["bids"]] == [
        {"game": "SOLO", "suit": "H"},
        "weiter",
        "weiter",
        "weiter",
    ]
    facts = app.get_list(table["list_id"]).facts_from_play(1)
    assert f"decl_augen: {facts['decl_augen']}" in offline  # the phone's reading is the server's
    page.click("#play-record")
    row = recorded(page, app, table["list_id"])
    assert row["record"]["decl_augen"] == facts["decl_augen"]
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert not [e for e in errors if "ERR_INTERNET_DISCONNECTED" not in e], errors
    context.close()

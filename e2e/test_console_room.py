"""The director's room on a wiezen evening of two tables, in a real browser against a real server.

The tables record through the sync API while the director watches: a deal pushed after the
room opened appears without a reload, a refused and a conflicting mutation show with their
reasons, a dispute is raised, the director replays the deal step by step (and another deal
card by card), rules with a corrected result and the standings follow; the pen is moved to
another phone, a short list is closed with a reason, and the evening closes only once every
list is submitted.
"""

from __future__ import annotations

import os
import time
from itertools import count
from pathlib import Path
from typing import Any

from flask import Flask

from backend.aggregates.actor import director
from backend.application import Command
from tests.api.http import Client

from .conftest import drawn_evening, log_in

DOCS_SHOTS = Path(__file__).resolve().parents[1] / "docs" / "screenshots"
PLAYERS = ["Anna", "Bert", "Carla", "Dirk", "Els", "Frans", "Greet", "Hugo"]
HANDS = {
    "1": ["SA", "SK", "SQ", "SJ", "S10", "S9", "S8", "HA", "HK", "HQ", "DA", "DK", "DQ"],
    "2": ["S7", "S6", "HJ", "H10", "H9", "H8", "H7", "DJ", "D10", "D9", "CA", "CK", "CQ"],
    "3": ["S5", "S4", "H6", "H5", "H4", "D8", "D7", "D6", "CJ", "C10", "C9", "C8", "C7"],
    "4": ["S3", "S2", "H3", "H2", "D5", "D4", "D3", "D2", "C6", "C5", "C4", "C3", "C2"],
}
# Seat 2 leads spades; seat 1 wins the trick, leads hearts, and seat 2 (holding hearts)
# plays a club: a revoke of Wiezen ART 6.
CARDS = [("2", "S7"), ("3", "S5"), ("4", "S3"), ("1", "SA"), ("1", "HA"), ("2", "CA")]


def vraag(n: int, tricks: int) -> dict[str, Any]:
    return {"dealer": (n - 1) % 4 + 1, "contract": "VRAAG", "declarers": [1, 3], "tricks": tricks}


class Phone:
    """A table's phone: joined with the card's code, numbering its mutations 1, 2, 3 …"""

    def __init__(self, base: str, list_id: str, code: str, client_id: str) -> None:
        self.client = Client(base)
        self.client.join(code, client_id)
        self.list_id, self.client_id, self.ids = list_id, client_id, count(1)

    def push(self, name: str, **args: Any) -> dict[str, Any]:
        """Push one mutation; its result (applied, refused, conflict …)."""
        mutation = {"id": next(self.ids), "name": name, "list": self.list_id, "args": args}
        answer = self.client.post(
            "/api/sync/push", {"client_id": self.client_id, "mutations": [mutation]}
        )
        assert answer.status == 200, answer
        result: dict[str, Any] = answer.json["results"][0]
        return result


def wiezen_evening(web: Flask) -> dict[str, Any]:
    """A wiezen competition with eight players drawn at two tables; their lists and codes."""
    drawn = drawn_evening(web, "Zondagen", "wiezen-reglement-2019", PLAYERS, date="2026-11-29")
    lists = drawn["lists"]
    return {
        "competition_id": drawn["competition_id"],
        "lists": [e["list_id"] for e in lists],
        "codes": [e["code"] for e in lists],
    }


def row(page: Any, table: int) -> str:
    return str(page.inner_text(f'#room-tables tr[data-table="{table}"]'))


def wait_row(page: Any, table: int, selector: str, text: str) -> None:
    page.wait_for_function(
        "([sel, text]) => (document.querySelector(sel)?.textContent || '').includes(text)",
        arg=[f'#room-tables tr[data-table="{table}"] {selector}', text],
        timeout=15_000,
    )


def seat_name(base: str, list_id: str, seat: str) -> str:
    """The name of the player at a seat of a list, as the director reads it."""
    boss = Client(base)
    boss.login("anna", "geheim-genoeg")
    seats = boss.get(f"/api/lists/{list_id}").json["seats"]
    return str(next(s["name"] for s in seats if s["seat"] == seat))


def standing(base: str, cid: str) -> dict[str, int]:
    lines = Client(base).get(f"/api/competitions/{cid}/standings").json["lines"]
    return {line["name"]: line["total"] for line in lines}


def test_the_director_follows_the_room_replays_a_dispute_rules_and_closes_the_evening(
    served: tuple[Flask, str], browser: Any, tmp_path: Path
) -> None:
    shots = DOCS_SHOTS if os.environ.get("TROEF_SCREENSHOTS") else tmp_path
    shots.mkdir(parents=True, exist_ok=True)
    web, base = served
    web.config["TROEF_LIVE_HEARTBEAT"] = 1  # a closed page's stream is noticed within 1 s
    ev = wiezen_evening(web)
    cid, (list1, list2) = ev["competition_id"], ev["lists"]
    one = Phone(base, list1, ev["codes"][0], "phone-t1")
    two = Phone(base, list2, ev["codes"][1], "phone-t2")
    assert one.push("join")["status"] == "applied" and two.push("join")["status"] == "applied"
    for n, tricks in ((1, 9), (2, 10)):
        assert one.push("record_deal", deal_no=n, record=vraag(n, tricks))["status"] == "applied"
    assert two.push("record_deal", deal_no=1, record=vraag(1, 8))["status"] == "applied"

    page = browser.new_page(viewport={"width": 1280, "height": 800}, locale="en-GB")
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    asked: list[str] = []  # what each confirmation said, before the director said yes
    page.on("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    log_in(page, base, f"#/c/{cid}/e/1/room")
    page.wait_for_selector('#room-live[data-state="live"]')
    wait_row(page, 1, ".rm-deals", "2 / 40")
    assert "phone-t1" in row(page, 1) and "1 / 40" in row(page, 2)
    page.evaluate("window.stayed = true")

    # Live: a deal, a refusal, a conflict and a dispute reach the open room without a reload.
    assert one.push("record_deal", deal_no=3, record=vraag(3, 7))["status"] == "applied"
    wait_row(page, 1, ".rm-deals", "3 / 40")
    refused = two.push("record_deal", deal_no=2, record=vraag(2, 14))
    assert refused["status"] == "refused" and "tricks" in refused["error"]["fields"]
    taken = two.push("record_deal", deal_no=1, record=vraag(1, 8))
    assert taken["status"] == "conflict"
    wait_row(page, 2, ".rm-refused", "2")
    page.wait_for_selector("#room-mutations td.bad >> text=conflict")
    mutations = page.inner_text("#room-mutations")
    assert "record a deal" in mutations and "record_deal" not in mutations  # words, not codes
    assert "deal 1 is already recorded" in mutations and "tricks" in mutations
    assert "phone-t2" in mutations
    one.push("raise_dispute", deal_no=2, reason="seat 3 says we made 9 tricks, not 10")
    wait_row(page, 1, ".rm-disputes", "1")
    assert page.evaluate("window.stayed") is True
    page.screenshot(path=str(shots / "console-room.png"))

    # Closing the evening is refused by name while the lists are open.
    page.click("#close-evening")
    assert "have not submitted their list" in page.inner_text("#close-result .error-box")

    # The list, its dispute, and the replay of deal 2 step by step.
    page.click('#room-tables tr[data-table="1"] .rm-table-link')
    page.wait_for_selector("#list-disputes .rm-rule-link")
    assert page.inner_text('#list-rows tfoot [data-total="1"]') == "1"  # +3 +4 -6
    page.click("#list-disputes .rm-rule-link")
    page.wait_for_selector("#step")
    assert page.inner_text("#step-pos") == "Step 1 of 2"
    assert page.inner_text("#step-event") == "Deal recorded DealRecorded"
    assert "phone-t1" in page.inner_text("#step-who") and "mutation 3" in page.inner_text(
        "#step-who"
    )
    assert "Wiezen ART 7" in page.inner_text("#step-explain")
    assert page.is_disabled("#step-prev")
    page.keyboard.press("ArrowRight")
    page.wait_for_selector('#step[data-event="DisputeRaised"]')
    assert "made 9 tricks" in page.inner_text("#step-summary")
    page.click("#step-first")
    page.wait_for_selector('#step[data-event="DealRecorded"]')
    before = standing(base, cid)

    # The ruling: a corrected result, 9 tricks instead of 10; a new event, never an edit.
    # Each decision with its rule beside it; a correction is one field a fact, no JSON to type.
    page.select_option("#ruling-decision", "corrected")
    assert "scored again from the corrected facts" in page.inner_text("#ruling-rule")
    assert page.input_value("#ruling-fact-tricks") == "10"
    page.fill("#ruling-reason", "the tricks were counted again at the table")
    page.fill("#ruling-fact-tricks", "14")
    page.click("#give-ruling")  # refused by name, and the list is left as it was
    page.wait_for_selector('#ruling-result .error-box [data-field="tricks"]')
    page.fill("#ruling-fact-declarers", "[1, 3")
    page.click("#give-ruling")
    page.wait_for_selector('#ruling-result .error-box [data-field="record.declarers"]')
    boss = Client(base)
    boss.login("anna", "geheim-genoeg")
    assert len(boss.get(f"/api/lists/{list1}/replay?deal=2").json["steps"]) == 2
    page.fill("#ruling-fact-declarers", "[1, 3]")
    page.fill("#ruling-fact-tricks", "9")
    page.fill("#ruling-article", "Wiezen ART 7")
    assert page.is_hidden("#ruling-adj-1") and page.is_hidden("#ruling-penalty-points")
    page.screenshot(path=str(shots / "console-ruling.png"), full_page=True)
    page.click("#give-ruling")
    page.wait_for_selector('#step[data-event="RulingGiven"]')
    assert page.inner_text("#step-pos") == "Step 3 of 3"
    assert "corrected" in page.inner_text("#step-summary")
    assert "9 tricks" in page.inner_text("#step-explain")
    assert page.inner_text("#step-totals tbody td:first-child") == "0"  # +3 +3 -6
    assert "corrected" in page.inner_text("#list-disputes")
    after = standing(base, cid)
    seat1 = seat_name(base, list1, "1")
    assert after[seat1] == before[seat1] - 1  # 10 tricks gave +4, 9 tricks give +3

    # Card by card: table 2 records deal 2 in play mode; the director steps through the cards.
    context = {"hands": HANDS, "leader": "2", "trump": "S", "declarers": [1, 3]}
    assert two.push("start_play", deal_no=2, context=context)["status"] == "applied"
    for seat, card in CARDS:
        assert two.push("play_card", deal_no=2, seat=seat, card=card)["status"] == "applied"
    assert two.push("record_deal", deal_no=2, record=vraag(2, 9))["status"] == "applied"
    page.goto(f"{base}/director#/l/{list2}/replay?deal=2")
    page.wait_for_selector('#step[data-event="PlayStarted"]')
    played: list[str] = []
    for seat, card in CARDS:
        page.keyboard.press("ArrowRight")
        page.wait_for_selector(f'#step-trick [data-card="{card}"][data-seat="{seat}"]')
        played.append(card)
    assert page.inner_text("#step-pos") == "Step 7 of 8"
    assert "(revoke)" in page.inner_text('#step-trick [data-card="CA"]')
    assert "Wiezen ART 6" in page.inner_text("#step-play")
    assert "1 1" in page.inner_text("#step-tricks-won")  # seat 1 won the first trick
    page.screenshot(path=str(shots / "console-replay.png"), full_page=True)
    page.click("#step-last")
    page.wait_for_selector('#step[data-event="DealRecorded"]')

    # The pen moves to a second phone of table 1; the first phone is refused from then on.
    spare = Phone(base, list1, ev["codes"][0], "phone-t1-spare")
    page.goto(f"{base}/director#/l/{list1}")
    page.wait_for_selector("#pen-form")
    assert page.inner_text("#list-pen") == "phone-t1"
    page.fill("#pen-device", "phone-t1-spare")
    page.click("#move-pen")
    page.wait_for_selector("#list-pen >> text=phone-t1-spare")
    assert one.push("record_deal", deal_no=4, record=vraag(4, 8))["status"] == "conflict"
    assert spare.push("record_deal", deal_no=4, record=vraag(4, 8))["status"] == "applied"
    page.wait_for_selector('#list-rows tr[data-deal="4"]')
    page.wait_for_selector("#list-refused >> text=another device holds the pen")
    page.screenshot(path=str(shots / "console-list.png"), full_page=True)

    # The 23:00 rule: table 1 stops after 4 deals; the reason is kept.
    page.click("#close-short")
    assert "reason" in page.inner_text("#short-result .error-box")
    page.fill("#short-reason", "23:00: the café closes")
    page.click("#close-short")
    page.wait_for_selector("#list-short >> text=23:00: the café closes")
    assert "cannot be undone" in asked[-1] and "table 1" in asked[-1]
    assert spare.push("submit_list", scorer="1", confirmed_by="2")["status"] == "applied"

    # Back in the room: table 2 is still open, so the evening stays open until it submits.
    page.goto(f"{base}/director#/c/{cid}/e/1/room")
    page.wait_for_selector('#room-live[data-state="live"]')
    wait_row(page, 1, ".rm-status", "submitted")
    page.click("#close-evening")
    assert "table(s) 2 have not submitted" in page.inner_text("#close-result .error-box")
    web.extensions["troef"].app.handle(
        director("anna"), Command("close_list_short", list2, {"reason": "23:00"})
    )
    assert two.push("submit_list", scorer="2", confirmed_by="1")["status"] == "applied"
    wait_row(page, 2, ".rm-status", "submitted")
    page.click("#close-evening")
    page.wait_for_selector("#room-closed:not([hidden])")
    assert page.is_disabled("#close-evening")
    assert asked[-1].startswith("Close evening 1? This cannot be undone")
    assert errors == []
    page.close()
    time.sleep(2.5)  # the stream notices the closed page before the server stops


def test_the_room_follows_by_long_polling_on_a_phone_where_a_stream_cannot_stay_open(
    served: tuple[Flask, str], browser: Any
) -> None:
    web, base = served
    web.config["TROEF_LIVE_POLL_WAIT"] = 2  # polls answer empty after 2 s and are sent again
    ev = wiezen_evening(web)
    phone = Phone(base, ev["lists"][1], ev["codes"][1], "phone-t2")
    phone.push("join")
    page = browser.new_page(viewport={"width": 360, "height": 640}, locale="de-DE")
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    log_in(page, base, f"#/c/{ev['competition_id']}/e/1/room?live=poll")
    page.wait_for_selector('#room-live[data-state="polling"]')
    assert page.inner_text("#room-live") == "live (Polling)"
    wait_row(page, 2, ".rm-deals", "0 / 40")
    page.wait_for_timeout(2500)  # at least one poll ran out empty and the next one waits
    assert phone.push("record_deal", deal_no=1, record=vraag(1, 9))["status"] == "applied"
    wait_row(page, 2, ".rm-deals", "1 / 40")
    assert "offen" in row(page, 2) and errors == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 360  # the grid scrolls alone
    page.close()
    time.sleep(2.5)  # the last poll answers before the server stops

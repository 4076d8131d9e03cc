"""A club evening from start to finish, the way a director runs it: the console sets up a
klaverjas competition, enrols the members from a CSV file, records attendance and draws; the
tables join with the codes on their cards and record over HTTP; a dispute is raised, replayed
and ruled; the tables submit (one list from the paper, by the director); the evening closes;
the standings on the wall and the CSV export agree with the lists, deal by deal."""

from __future__ import annotations

import csv
import io
import json
from itertools import count
from pathlib import Path
from typing import Any

from flask import Flask

from backend.api.auth import join_code
from tests.api.http import Client

from .conftest import log_in

MEMBERS = "naam\nAnna\nBert\nCor\nDirk\nEls\nFrans\nGreet\nHugo\nIda\n"
ABSENT = "Ida"  # absent with notice: 4200 for the evening (Klaverjas SB-7)
LEFT = {"N": "E", "E": "S", "S": "W", "W": "N"}
DEALS = 16


def deal(n: int) -> dict[str, Any]:
    """Deal n of a list: the dealer moves on, his left-hand player's pair plays and makes it."""
    dealer = "NESW"[(n - 1) % 4]
    playing = "NS" if LEFT[dealer] in "NS" else "EW"
    other = "EW" if playing == "NS" else "NS"
    points = 82 + (n * 7) % 60
    return {
        "dealer": dealer,
        "playing": playing,
        "trump": "SHDC"[n % 4],
        "card_points": {playing: points, other: 162 - points},
        "tricks": {playing: 5, other: 3},
    }


class Phone:
    """A table's phone that joined with the code on its card; it numbers its mutations."""

    def __init__(self, base: str, list_id: str, code: str, name: str) -> None:
        self.client, self.list_id, self.name, self.ids = Client(base), list_id, name, count(1)
        self.client.join(code, name)

    def push(self, *mutations: tuple[str, dict[str, Any]]) -> list[dict[str, Any]]:
        batch = [
            {"id": next(self.ids), "name": name, "list": self.list_id, "args": args}
            for name, args in mutations
        ]
        answer = self.client.post("/api/sync/push", {"client_id": self.name, "mutations": batch})
        assert answer.status == 200, answer
        results: list[dict[str, Any]] = answer.json["results"]
        return results


def test_a_director_runs_a_klaverjas_evening_and_the_wall_agrees_with_the_lists(
    served: tuple[Flask, str], browser: Any
) -> None:
    web, base = served
    page = browser.new_page(viewport={"width": 1280, "height": 800}, locale="nl-NL")
    asked: list[str] = []  # the confirmations, each said yes to
    page.on("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    log_in(page, base)

    # The competition, the members from the club's file, an evening, attendance, the draw.
    page.click("#new-competition")
    page.fill("#competition-name", "Dinsdagen")
    page.select_option("#preset", "klaverjas-amsterdams@1")
    page.click("#create")
    page.wait_for_selector("#import-text")
    cid = page.evaluate("location.hash").split("/")[2]
    page.fill("#import-text", MEMBERS)
    page.click("#import-run")
    page.wait_for_selector("#import-report .summary")
    assert page.locator("#players tbody tr").count() == 9
    page.click(".tabs a.tab >> nth=0")
    page.fill("#evening-date", "2026-12-01")
    page.click("#schedule button[type=submit]")
    page.wait_for_selector("#attendance")
    absent = page.locator(f'#attendance [data-player]:has-text("{ABSENT}")')
    absent.locator(".att-absent_notice input").click()
    page.click("#all-present")
    page.wait_for_function(
        "() => document.querySelector('#present-count').textContent.includes('8')"
    )
    page.wait_for_selector("#all-present:not([disabled])")
    page.fill("#draw-seed", "dinsdag-1")
    page.click("#draw")
    page.wait_for_selector("#seed >> text=dinsdag-1")

    # The table cards: every code on them opens its own table's list.
    page.click("#to-cards")
    page.wait_for_selector(".table-card")
    app = web.extensions["troef"].app
    lists = app.get_competition(cid).evening(1)["draw"]["lists"]
    assert len(lists) == 6  # two tables, three partijen with partners rotated
    cards = page.inner_text("main")
    with web.app_context():
        codes = {e["list_id"]: join_code(e["list_id"]) for e in lists}
    assert all(code in cards for code in codes.values())

    # The tables record their partijen; table 1 disputes deal 5 of its first partij.
    phones = {
        e["list_id"]: Phone(base, e["list_id"], codes[e["list_id"]], f"phone-{i}")
        for i, e in enumerate(lists)
    }
    for phone in phones.values():
        results = phone.push(
            ("join", {}),
            *(("record_deal", {"deal_no": n, "record": deal(n)}) for n in range(1, 17)),
        )
        assert [r["status"] for r in results] == ["applied"] * (DEALS + 1), results
    disputed = lists[0]["list_id"]
    (raised,) = phones[disputed].push(
        ("raise_dispute", {"deal_no": 5, "reason": "EW say they had 100, not 69"})
    )
    assert raised["status"] == "applied"
    (refused,) = phones[disputed].push(("submit_list", {"scorer": "N", "confirmed_by": "E"}))
    assert refused["status"] == "conflict" and "dispute" in refused["error"]["message"]

    # The director replays deal 5 and corrects it: EW had 100; a new event, never an edit.
    page.goto(f"{base}/director#/l/{disputed}")
    page.wait_for_selector("#list-disputes .rm-rule-link")
    page.click("#list-disputes .rm-rule-link")
    page.wait_for_selector('#step[data-event="DealRecorded"]')
    page.keyboard.press("ArrowRight")
    page.wait_for_selector('#step[data-event="DisputeRaised"]')
    said = "geschil 1 over spel 5: EW say they had 100, not 69"  # the console's Dutch
    assert page.inner_text("#step-summary") == said
    page.select_option("#ruling-decision", "corrected")
    points = json.loads(page.input_value("#ruling-fact-card_points"))  # one field a fact
    assert points == deal(5)["card_points"]
    page.fill("#ruling-fact-card_points", json.dumps({"NS": 62, "EW": 100}))
    page.fill("#ruling-reason", "the tricks were counted again with the director")
    page.click("#give-ruling")
    page.wait_for_selector('#step[data-event="RulingGiven"]')
    assert page.inner_text("#step-summary").startswith("uitspraak over spel 5: gecorrigeerd")

    # Submission: five tables by phone, the last from the signed paper list by the director.
    by_paper = lists[-1]["list_id"]
    for lid, phone in phones.items():
        if lid != by_paper:
            (done,) = phone.push(("submit_list", {"scorer": "N", "confirmed_by": "E"}))
            assert done["status"] == "applied", done
    page.goto(f"{base}/director#/l/{by_paper}")
    page.wait_for_selector("#submit-form")
    page.select_option("#submit-scorer", "S")
    page.select_option("#submit-confirmer", "W")
    page.click("#submit-list")
    page.wait_for_selector('#list-status[data-status="submitted"]')
    assert "kan nooit meer veranderen" in asked[-1]  # said before, in the director's Dutch

    # The room closes the evening.
    page.goto(f"{base}/director#/c/{cid}/e/1/room")
    page.click("#close-evening")
    page.wait_for_selector("#room-closed:not([hidden])")
    assert "kan niet ongedaan worden gemaakt" in asked[-1]
    assert app.get_competition(cid).evening(1)["closed"] is True

    # Each player's evening: the points of their pair in each partij, as the lists say.
    boss = Client(base)
    boss.login("anna", "geheim-genoeg")
    expected: dict[str, int] = {}
    for e in lists:
        sheet = boss.get(f"/api/lists/{e['list_id']}").json
        assert sheet["status"] == "submitted" and len(sheet["rows"]) == DEALS
        for seat in sheet["seats"]:
            expected[seat["name"]] = expected.get(seat["name"], 0) + sheet["totals"][seat["seat"]]
    expected[ABSENT] = 4200
    corrected = next(
        r for r in boss.get(f"/api/lists/{disputed}").json["rows"] if r["deal_no"] == 5
    )
    assert corrected["corrected"] and corrected["record"]["card_points"] == {"NS": 62, "EW": 100}

    # The standings on the wall, and the CSV the secretary downloads, say the same.
    page.goto(f"{base}/director#/c/{cid}/standings")
    page.wait_for_selector("tr[data-player] [data-total]")
    shown = {
        row.locator("td").nth(1).inner_text().strip(): int(
            row.locator("[data-total]").get_attribute("data-total")
        )
        for row in page.locator("tr[data-player]").all()
    }
    assert shown == expected
    assert "4200" in page.inner_text(f'tr[data-player]:has-text("{ABSENT}")')
    page.goto(f"{base}/director#/c/{cid}/exports")
    season = page.locator("[data-testid=season]")
    season.wait_for()
    with page.expect_download() as caught:
        season.get_by_text("standings.csv").click()
    text = Path(caught.value.path()).read_text(encoding="utf-8-sig")
    exported = {
        r["name"]: int(r["total"]) for r in csv.DictReader(io.StringIO(text), delimiter=";")
    }
    assert exported == expected
    assert errors == []

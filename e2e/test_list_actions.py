"""A table records a penalty, voids a deal, raises a dispute and submits its list; after that
the app offers no change and the server refuses every one, appending nothing."""

from __future__ import annotations

import json
import os
import urllib.request
from pathlib import Path
from typing import Any

from flask import Flask

from backend.aggregates.actor import director
from backend.application import Command

from .conftest import klaverjas_evening, phone_at_table
from .test_wiezen_evening import wiezen_evening

DOCS_SHOTS = Path(__file__).resolve().parents[1] / "docs" / "screenshots"
SEATS = "NESW"
SYNCED = 20_000

# What the device keeps in IndexedDB for a list: its name, its next mutation id on the list
# and the secret the server gave it.
DEVICE = """async (listId) => {
  const db = await new Promise((ok, fail) => {
    const r = indexedDB.open("troef");
    r.onsuccess = () => ok(r.result);
    r.onerror = () => fail(r.error);
  });
  const get = (store, key) => new Promise((ok) => {
    const q = db.transaction(store).objectStore(store).get(key);
    q.onsuccess = () => ok(q.result);
  });
  const device = await get("devices", listId);
  return { client: device.device, next: await get("meta", `next_mutation_id:${listId}`),
           token: device.token };
}"""


def played(n: int, playing_points: int = 100) -> dict[str, Any]:
    """Deal n as the paper list has it: the forced player's pair plays and makes it."""
    dealer = SEATS[(n - 1) % 4]
    playing = "NS" if SEATS[n % 4] in "NS" else "EW"
    other = "EW" if playing == "NS" else "NS"
    return {
        "dealer": dealer,
        "playing": playing,
        "card_points": {playing: playing_points, other: 162 - playing_points},
        "tricks": {playing: 5, other: 3},
    }


def record_in_app(page: Any, n: int, points: int) -> None:
    page.click("#tab-entry")
    page.wait_for_selector(f'#entry-title[data-deal="{n}"]')
    page.fill("#kj-points", str(points))
    page.click('[data-field="trump"][data-value="H"]')
    page.click("#record")
    # the next deal's form, or none once every planned deal is counted
    page.wait_for_selector(f'#entry-title[data-deal="{n + 1}"], #entry-complete')


def open_row(page: Any, n: int) -> None:
    page.click("#tab-sheet")
    page.click(f'tr.row[data-deal="{n}"]')
    page.wait_for_selector(".explain")


def confirmed(page: Any, selector: str) -> None:
    """Wait until the server has it: the row is no longer provisional and nothing is pending."""
    page.wait_for_selector(f"{selector}:not(.provisional)", timeout=SYNCED)
    page.wait_for_selector('#pending[data-count="0"]', timeout=SYNCED)


def push(base: str, token: str, mutations: list[dict[str, Any]]) -> dict[str, Any]:
    request = urllib.request.Request(
        f"{base}/api/sync/push",
        data=json.dumps({"mutations": mutations}).encode(),  # the secret says which device
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {token}"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


def test_penalty_void_dispute_and_submit_then_nothing_changes(
    served: tuple[Flask, str], browser: Any, tmp_path: Path
) -> None:
    shots = DOCS_SHOTS if os.environ.get("TROEF_SCREENSHOTS") else tmp_path
    shots.mkdir(parents=True, exist_ok=True)
    web, base = served
    evening = klaverjas_evening(web)
    list_id = evening["list_id"]
    app = web.extensions["troef"].app
    boss = director("anna")
    for n in range(1, 14):
        app.handle(boss, Command("record_deal", list_id, {"deal_no": n, "record": played(n)}))

    context, page, errors = phone_at_table(browser, base, evening["code"], "en-GB")
    page.click("#tab-sheet")
    page.wait_for_selector('tr.row[data-deal="13"]', timeout=SYNCED)

    # Card points typed for EW that no deal can have are named as EW's, also on "record".
    page.click("#tab-entry")
    page.click('[data-field="pointsPair"][data-value="EW"]')
    page.fill("#kj-points", "170")
    refused = '#preview .error[data-field="card_points.EW"]'
    assert page.inner_text(refused) == "Points EW: must be between 0 and 162, not 170"
    page.click('[data-field="trump"][data-value="H"]')
    page.click("#record")
    assert page.inner_text(refused) == "Points EW: must be between 0 and 162, not 170"
    assert page.locator('#pending[data-count="0"]').count() == 1  # nothing was written

    # Deal 14: N revokes while EW play; the menu's revoke gives EW 162 and counts as a deal.
    page.click("#tab-penalty")
    page.wait_for_selector("#pf-kind-revoke")
    assert "null" not in page.inner_text(".penalty"), "nothing chosen yet: nothing but the menu"
    page.click("#pf-kind-revoke")
    page.click('[data-pf="dealer"][data-value="N"]')
    page.click('[data-pf="playing"][data-value="EW"]')
    page.click('[data-pf="by"][data-value="N"]')
    page.wait_for_selector("#pf-preview .ok")
    assert "E 162" in page.inner_text("#pf-preview")
    assert "verzaakt" in page.inner_text("#pf-preview")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.screenshot(path=str(shots / "penalty.png"), full_page=True)
    page.click("#pf-record")
    confirmed(page, 'tr.row[data-deal="14"]')
    assert "verzaakt" in page.inner_text('tr.row[data-deal="14"] .marks')

    # Deal 15: a redeal is a row of its own (a penalty row), scoring nothing and not counted.
    page.click("#tab-penalty")
    page.click("#pf-kind-redeal")
    page.click('[data-pf="dealer"][data-value="E"]')
    page.click("#pf-record")
    confirmed(page, 'tr.row[data-deal="15"][data-kind="penalty"]')

    # Deal 16 is recorded, then voided from its explanation: struck through, out of the totals.
    record_in_app(page, 16, 90)
    open_row(page, 16)
    page.click("#void-send")
    assert page.inner_text("#void-error") == "Give a reason."
    page.fill("#void-reason", "wrong pair wrote the points")
    page.click("#void-send")
    page.wait_for_selector("#ra-voided")
    page.click("#explain-close")
    confirmed(page, 'tr.row[data-deal="16"][data-voided]')
    record_in_app(page, 17, 120)
    record_in_app(page, 18, 82)
    # 16 deals counted (15 is a redeal, 16 voided): the partij is full, no deal 19 is offered.
    assert page.locator("#entry-title").count() == 0
    assert "All 16 deals are on the list: there is no deal 19" in page.inner_text("#entry-complete")
    page.click("#tab-sheet")
    confirmed(page, 'tr.row[data-deal="18"]')

    server = app.get_list(list_id)
    assert [r["kind"] for r in server.rows[13:]] == ["deal", "penalty", "deal", "deal", "deal"]
    assert server.rows[13]["record"]["verzaakt"] == {"pair": "NS", "trick": None, "by": "N"}
    assert server.rows[15]["voided"] == "wrong pair wrote the points"
    assert server.counted_deals == 16
    totals = server.totals()
    shown = page.locator("tfoot td[data-seat]").all_inner_texts()
    assert shown == [str(totals[s]) for s in SEATS]

    # A dispute about deal 3 holds the submission until the director rules.
    open_row(page, 3)
    page.fill("#dispute-reason", "roem claimed after the next lead")
    page.click("#dispute-send")
    page.wait_for_selector("#ra-disputed")
    page.click("#explain-close")
    page.wait_for_selector('#pending[data-count="0"]', timeout=SYNCED)
    assert [d["reason"] for d in app.get_list(list_id).disputes] == [
        "roem claimed after the next lead"
    ]
    page.click("#tab-submit")
    page.wait_for_selector('#sub-blocks [data-block="disputes"]')
    app.handle(
        boss,
        Command(
            "give_ruling",
            list_id,
            {"deal_no": 3, "decision": "upheld", "reason": "the roem was claimed in time"},
        ),
    )
    page.click("#sync-now")
    page.wait_for_selector("#sub-next", timeout=SYNCED)

    # The scorer (N) signs; only a player of the other pair may confirm.
    page.click('[data-sub="scorer"][data-value="N"]')
    page.click("#sub-next")
    options = page.locator('[data-sub="confirmed_by"]')
    assert [options.nth(i).get_attribute("data-value") for i in range(options.count())] == [
        "E",
        "W",
    ]
    page.click('[data-sub="confirmed_by"][data-value="E"]')
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    # What cannot be undone is said before the last tap (#16, item 23).
    assert "cannot be undone" in page.inner_text("#sub-final")
    page.screenshot(path=str(shots / "submit.png"), full_page=True)
    # Confirmed without network: the app is read-only at once and sends it when it can.
    context.set_offline(True)
    page.click("#sub-confirm")
    page.wait_for_selector("#sub-waiting")
    assert page.inner_text("#pen") == "Submitted on this device; waiting for the network."
    assert page.locator("#tab-entry, #tab-penalty, #tab-submit").count() == 0
    assert app.get_list(list_id).submitted is None
    context.set_offline(False)
    page.wait_for_selector("#submitted-head", timeout=SYNCED)

    submitted = app.get_list(list_id)
    assert submitted.submitted == {
        "head": submitted.submitted["head"],
        "scorer": "N",
        "confirmed_by": "E",
    }
    assert page.get_attribute("#submitted-head", "data-head") == submitted.submitted["head"]
    page.screenshot(path=str(tmp_path / "submitted.png"), full_page=True)

    # The app offers no change any more: no tabs, no forms, no row actions, no pen.
    assert page.locator("#tab-entry, #tab-penalty, #tab-submit, #record, #take-pen").count() == 0
    assert page.locator(".pen-closed").count() == 1
    assert page.inner_text("#sheet-hint") == "Tap a row for its explanation."
    page.click('tr.row[data-deal="5"]')
    page.wait_for_selector(".explain")
    assert page.locator("#void-send, #dispute-send").count() == 0

    # And the server refuses every change with the table's own token, appending nothing.
    device = page.evaluate(DEVICE, list_id)
    version = submitted.version
    attempts = [
        ("record_deal", {"deal_no": 19, "record": played(19)}),
        ("record_penalty", {"deal_no": 19, "record": {"dealer": "N", "type": "REDEAL_NO_PICTURE"}}),
        ("void_deal", {"deal_no": 5, "reason": "after the fact"}),
        ("raise_dispute", {"deal_no": 5, "reason": "after the fact"}),
        ("submit_list", {"scorer": "E", "confirmed_by": "N"}),
    ]
    mutations = [
        {"id": device["next"] + i, "name": name, "list": list_id, "args": args}
        for i, (name, args) in enumerate(attempts)
    ]
    answer = push(base, device["token"], mutations)
    assert [r["status"] for r in answer["results"]] == ["conflict"] * len(attempts)
    assert {r["error"]["error"] for r in answer["results"]} == {"list_submitted"}
    after = app.get_list(list_id)
    assert after.version == version
    assert after.head == submitted.head

    # Fetches failing while offline are expected; anything else is not.
    assert not [e for e in errors if "ERR_INTERNET_DISCONNECTED" not in e], errors
    context.close()


def test_wiezen_penalty_rows_count_in_the_totals_but_not_as_deals(
    served: tuple[Flask, str], browser: Any
) -> None:
    web, base = served
    evening = wiezen_evening(web, players=4)
    context, page, _errors = phone_at_table(browser, base, evening["code"], "nl-NL")

    # Seat 2 shuffles after the first deal (ART 1): a row of its own, −3 for him, +1 each.
    page.click("#tab-penalty")
    page.click("#pf-kind-shuffle")
    page.click('[data-pf="offender"][data-value="2"]')
    page.click("#pf-record")
    page.wait_for_selector('tr.row[data-deal="1"][data-kind="penalty"]')
    # Seat 1 trumps in trick 5 of his own vraag with seat 3; they had 4 tricks (ART 10).
    page.click("#tab-penalty")
    page.click("#pf-kind-misplay")
    page.click('[data-pf="contract"][data-value="VRAAG"]')
    page.click('[data-pf="declarer"][data-value="1"]')
    page.click('[data-pf="partner"][data-value="3"]')
    page.click('[data-pf="offender"][data-value="1"]')
    page.fill("#pf-trick", "5")
    page.fill("#pf-before", "4")
    page.wait_for_selector("#pf-preview .ok")
    page.click("#pf-record")
    confirmed(page, 'tr.row[data-deal="2"]')

    app = web.extensions["troef"].app
    server = app.get_list(evening["list_id"])
    assert [(r["kind"], r["score"]["counts"]) for r in server.rows] == [
        ("penalty", False),
        ("deal", True),
    ]
    assert server.counted_deals == 1
    totals = server.totals()
    assert totals == {"1": -23, "2": 9, "3": 1, "4": 13}
    assert page.locator("tfoot td[data-seat]").all_inner_texts() == ["-23", "9", "1", "13"]
    assert "straf" in page.inner_text('tr.row[data-deal="1"] .marks')
    context.close()

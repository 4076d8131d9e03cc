"""Devices the server knows, in the real app: a phone with today's (version 1) database and
deals not yet sent is upgraded and sends them once; a second phone that knows the table code
and the pen holder's name cannot write as the pen holder, and a phone at another table cannot
use up its mutation ids."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from typing import Any

from flask import Flask
from itsdangerous import URLSafeSerializer

from backend.aggregates.actor import TABLE, Actor
from backend.application import Command

from .conftest import drawn_evening, klaverjas_evening
from .test_list_actions import SYNCED, played

# What the release before wrote: version 1 of the database, its stores made unconditionally,
# a client id the phone chose, one mutation counter, the list with its old token.
VERSION_1 = """async ({ list, outbox, clientId, next }) => {
  const db = await new Promise((ok, fail) => {
    const r = indexedDB.open("troef", 1);
    r.onupgradeneeded = () => {
      const d = r.result;
      d.createObjectStore("meta");
      d.createObjectStore("lists", { keyPath: "list_id" });
      d.createObjectStore("events", { keyPath: ["list", "position"] });
      d.createObjectStore("outbox", { keyPath: "id" });
      d.createObjectStore("conflicts", { keyPath: "id" });
      d.createObjectStore("cursors");
    };
    r.onsuccess = () => ok(r.result);
    r.onerror = () => fail(r.error);
  });
  const tx = db.transaction(["meta", "lists", "outbox"], "readwrite");
  tx.objectStore("meta").put(clientId, "client_id");
  tx.objectStore("meta").put(next, "next_mutation_id");
  tx.objectStore("meta").put(list.list_id, "current_list");
  tx.objectStore("lists").put(list);
  for (const entry of outbox) tx.objectStore("outbox").put(entry);
  await new Promise((ok) => { tx.oncomplete = ok; });
  db.close();
}"""


def call(base: str, path: str, body: Any, token: str | None = None) -> tuple[int, Any]:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    req = urllib.request.Request(
        base + path, data=json.dumps(body).encode(), headers=headers, method="POST"
    )
    try:
        with urllib.request.urlopen(req, timeout=10) as res:
            return res.status, json.load(res)
    except urllib.error.HTTPError as err:
        with err:
            return err.code, json.load(err)


def test_a_phone_with_todays_database_and_unsent_deals_is_upgraded_and_sends_them_once(
    served: tuple[Flask, str], browser: Any
) -> None:
    web, base = served
    evening = klaverjas_evening(web)
    app, lst = web.extensions["troef"].app, evening["list_id"]
    old = Actor(TABLE, client_id="dev-old")  # the phone as the release before knew it
    app.handle(Actor(TABLE, client_id="dev-old", mutation_id=1), Command("join", lst))
    app.handle(
        Actor(TABLE, client_id="dev-old", mutation_id=2),
        Command("record_deal", lst, {"deal_no": 1, "record": played(1)}),
    )
    assert app.get_list(lst).pen == old.client_id
    sl = app.get_list(lst)
    token = URLSafeSerializer(web.secret_key, salt="troef-table").dumps(
        {"list": lst, "client": "dev-old"}
    )
    listed = {
        "list_id": lst, "token": token, "game": "klaverjas", "table": sl.table, "round": 1,
        "boards": None, "seats": sl.seats, "players": {s: s for s in sl.seats},
        "pen": "dev-old", "holds_pen": True, "status": "open",
    }  # fmt: skip
    unsent = [
        {"id": 3, "name": "record_deal", "list": lst, "client_id": "dev-old",
         "args": {"deal_no": 2, "record": played(2)}, "queued_at": "2026-12-01T20:00:00Z"},
        {"id": 4, "name": "record_deal", "list": lst, "client_id": "dev-old",
         "args": {"deal_no": 3, "record": played(3)}, "queued_at": "2026-12-01T20:01:00Z"},
    ]  # fmt: skip
    context = browser.new_context(viewport={"width": 360, "height": 640}, locale="en-GB")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{base}/manifest.webmanifest")  # the app's origin, without the app
    page.evaluate(VERSION_1, {"list": listed, "outbox": unsent, "clientId": "dev-old", "next": 5})

    page.goto(f"{base}/")  # the new app opens the old database
    page.wait_for_selector('#pending[data-count="2"]')
    page.click("#tab-sheet")
    page.wait_for_selector('tr.row.provisional[data-deal="3"]')
    page.wait_for_selector('#blocked[data-kind="rejoin"]', timeout=SYNCED)  # the old token
    assert len(app.get_list(lst).rows) == 1  # nothing was recorded with it

    page.click("#rejoin")
    page.fill("#code", evening["code"])
    page.fill("#device-name", "Anna's phone")
    page.click("button[type=submit]")
    page.wait_for_selector('#pending[data-count="0"]', timeout=SYNCED)
    page.wait_for_selector(".pen-mine", timeout=SYNCED)
    after = app.get_list(lst)
    assert [r["deal_no"] for r in after.rows] == [1, 2, 3]  # nothing lost, nothing doubled
    assert [r["record"]["card_points"] for r in after.rows] == [
        played(n)["card_points"] for n in (1, 2, 3)
    ]
    assert after.pen_name() == "Anna's phone"
    version = page.evaluate(
        "() => new Promise((ok) => { const r = indexedDB.open('troef'); "
        "r.onsuccess = () => { ok(r.result.version); r.result.close(); }; })"
    )
    assert version == 2
    assert not errors, errors
    context.close()


def test_a_phone_that_knows_the_code_and_the_pen_holders_name_cannot_write_as_the_holder(
    served: tuple[Flask, str], browser: Any
) -> None:
    web, base = served
    names = ["Anna", "Bert", "Cor", "Dirk", "Els", "Fien", "Gijs", "Huub"]
    evening = drawn_evening(web, "Dinsdagen", "klaverjas-amsterdams", names)
    app = web.extensions["troef"].app
    (mine, code), (theirs, other_code) = ((e["list_id"], e["code"]) for e in evening["lists"][:2])
    context = browser.new_context(viewport={"width": 360, "height": 640}, locale="en-GB")
    page = context.new_page()
    page.goto(f"{base}/t/{code}")
    page.fill("#device-name", "Anna's phone")
    page.click("button[type=submit]")
    page.wait_for_selector(".pen-mine", timeout=SYNCED)
    for _ in range(600):  # the phone says it holds the pen at once; wait for the server's word
        if app.get_list(mine).pen_name() == "Anna's phone":
            break
        page.wait_for_timeout(100)
    assert app.get_list(mine).pen_name() == "Anna's phone", "the server never heard the phone"

    status, intruder = call(base, "/api/join", {"code": code, "name": "Anna's phone"})
    assert status == 200 and intruder["device"] != "Anna's phone"  # names stay apart
    assert intruder["pen"] == "Anna's phone" and intruder["holds_pen"] is False
    deal = {
        "id": 1,
        "name": "record_deal",
        "list": mine,
        "args": {"deal_no": 1, "record": played(1)},
    }
    for body in (
        {"mutations": [deal]},
        {"client_id": "annas-phone", "mutations": [deal]},  # an id it chose counts for nothing
    ):
        status, pushed = call(base, "/api/sync/push", body, intruder["token"])
        assert status == 200 and pushed["results"][0]["status"] == "conflict"
        assert pushed["results"][0]["error"]["error"] == "pen_elsewhere"
    assert app.get_list(mine).rows == []

    status, elsewhere = call(base, "/api/join", {"code": other_code, "name": "Anna's phone"})
    assert status == 200
    used_up = [{"id": n, "name": "join", "list": mine, "args": {}} for n in range(1, 6)]
    status, _ = call(base, "/api/sync/push", {"mutations": used_up}, elsewhere["token"])
    assert status == 403  # its secret is good for its own table only
    own = [{"id": n, "name": "join", "list": theirs, "args": {}} for n in range(1, 6)]
    status, _ = call(base, "/api/sync/push", {"mutations": own}, elsewhere["token"])
    assert status == 200

    page.click("#tab-entry")
    page.wait_for_selector('#entry-title[data-deal="1"]')
    page.fill("#kj-points", "100")
    page.click('[data-field="trump"][data-value="H"]')
    page.click("#record")
    page.click("#tab-sheet")  # the row loses its provisional mark once the server has it
    page.wait_for_selector('tr.row[data-deal="1"]:not(.provisional)', timeout=SYNCED)
    rows = app.get_list(mine).rows
    assert len(rows) == 1 and app.get_list(mine).pen_name() == "Anna's phone"
    context.close()

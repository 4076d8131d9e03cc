"""A whole club evening of each of the four games, from enrolment to a closed evening.

Each evening starts in the director's console (a competition, the members, the evening, who
is present, the draw); a table's phone at 360 px joins with the code on its card and records
deals by tapping them in, in the table's language; the other tables send theirs as their
phones would (pushed mutations); the lists are submitted, the evening is closed in the room,
and the standings agree with points worked out here by hand from the rules. The phone's screen
holds no tell-tale word of another language. Schafkopf plays on the club's own copy of the
Lengfeld rules, with the Wenz admitted.
"""

from __future__ import annotations

import re
from itertools import count
from typing import Any

from flask import Flask
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from backend.api.auth import join_code
from tests.api.http import Client

from .conftest import log_in, phone_at_table

WIDE = {"width": 1280, "height": 800}
SYNCED = 20_000
# Words that show a screen slipped into another language (game words like Solo stay).
TELLS = {
    "nl": re.compile(r"\b(Tafel|Spel \d|Punten|Inleveren|Verstuur|wachten|Lijst|Gever)\b"),
    "de": re.compile(r"\b(Tisch|Punkte|Abgeben|Senden|Liste|Geber|Spiel \d)\b"),
    "en": re.compile(r"\b(Table|Points|Submit|Record|Deal \d|Dealer|the|List)\b"),
}


def other_languages(page: Any, mine: str) -> list[str]:
    """Tell-tale words of the other two languages on the phone's screen (and none of its own
    would mean the words below no longer tell anything)."""
    text = page.inner_text("body")
    assert TELLS[mine].search(text), text
    return [
        f"{lang}: {m}" for lang, tell in TELLS.items() if lang != mine for m in tell.findall(text)
    ]


class Phone:
    """A table's phone that is not in the browser: it joins with the card's code and pushes
    its mutations, numbered per list, as the table app does."""

    def __init__(self, base: str, list_id: str, code: str, name: str) -> None:
        self.client, self.list_id, self.ids = Client(base), list_id, count(1)
        self.client.join(code, name)
        self.push(("join", {}))

    def push(self, *mutations: tuple[str, dict[str, Any]]) -> None:
        batch = [
            {"id": next(self.ids), "name": name, "list": self.list_id, "args": args}
            for name, args in mutations
        ]
        answer = self.client.post("/api/sync/push", {"mutations": batch})
        assert answer.status == 200, answer
        assert [r["status"] for r in answer.json["results"]] == ["applied"] * len(batch), answer


def director(base: str) -> Client:
    boss = Client(base)
    boss.login("anna", "geheim-genoeg")
    return boss


def enrol_and_draw(
    page: Any,
    preset: str,
    players: list[str],
    *,
    options: dict[str, str] | None = None,
    counting: dict[str, str] | None = None,
) -> str:
    """In the console: a competition of ``preset`` (a club copy when ``options`` are given),
    the members from a file, an evening with everybody present, and the draw."""
    page.goto(page.url.split("#")[0] + "#/")
    page.click("#new-competition")
    page.fill("#competition-name", f"Club {preset}")
    page.select_option("#preset", preset)
    if options:
        page.check("#rules-copy")
        for name, value in options.items():
            page.select_option(f'[data-option="{name}"] select', value)
        page.fill("#copy-title", "Club copy")
    for key, value in (counting or {}).items():
        page.fill(f"#counting-{key}", value)
    page.click("#create")
    page.wait_for_selector("#import-text")
    cid: str = page.evaluate("location.hash").split("/")[2]
    page.fill("#import-text", "name\n" + "\n".join(players) + "\n")
    page.click("#import-run")
    page.wait_for_selector("#import-report .summary")
    assert page.locator("#players tbody tr").count() == len(players)
    page.click(".tabs a.tab >> nth=0")
    page.fill("#evening-date", "2026-12-01")
    page.click("#schedule button[type=submit]")
    page.wait_for_selector("#attendance")
    page.click("#all-present")
    page.wait_for_function(
        f"() => document.querySelector('#present-count').textContent.includes('{len(players)}')"
    )
    page.wait_for_selector("#all-present:not([disabled])")
    page.fill("#draw-seed", "club")
    page.click("#draw")
    page.wait_for_selector("#seed >> text=club")
    return cid


def cards(boss: Client, cid: str) -> list[dict[str, Any]]:
    answer = boss.get(f"/api/competitions/{cid}/evenings/1/cards")
    assert answer.status == 200, answer
    found: list[dict[str, Any]] = answer.json["cards"]
    return found


def close_in_the_room(page: Any, cid: str) -> None:
    page.goto(page.url.split("#")[0] + f"#/c/{cid}/e/1/room")
    page.once("dialog", lambda dialog: dialog.accept())  # an evening is never reopened
    page.click("#close-evening")
    # the note, or the refusal the console shows instead (said in the failure)
    page.wait_for_selector("#room-closed:not([hidden]), #close-result .error-box")
    assert page.is_visible("#room-closed"), page.inner_text("#close-result")


def submit_on_phone(page: Any, scorer: str, confirmer: str, then: str = "#submitted-head") -> None:
    """Sign the list on the phone and wait for the server's answer to show (``then``)."""
    page.click("#sync-now")
    page.click("#tab-submit")
    page.wait_for_selector("#sub-next", timeout=SYNCED)
    page.click(f'[data-sub="scorer"][data-value="{scorer}"]')
    page.click("#sub-next")
    page.click(f'[data-sub="confirmed_by"][data-value="{confirmer}"]')
    page.click("#sub-confirm")
    page.wait_for_selector(then, timeout=SYNCED)


def season_totals(boss: Client, cid: str) -> dict[str, int]:
    """Each player's (or pair's) season total, by name, as the standings say."""
    answer = boss.get(f"/api/competitions/{cid}/standings")
    assert answer.status == 200, answer
    return {line["name"]: line["total"] for line in answer.json["lines"]}


def seated(card: dict[str, Any]) -> dict[str, str]:
    return {s["seat"]: s["name"] for s in card["seats"]}


# --- Klaverjas (Dutch): three partijen of four players, two deals each, closed early. -----

KLAVERJAS = ["Anna Smit", "Bert Bakker", "Cor Visser", "Dirk Mulder"]
LEFT = {"N": "E", "E": "S", "S": "W", "W": "N"}


def klaverjas_deal(n: int, points: int) -> dict[str, Any]:
    """Deal n: the player left of the dealer must play (Amsterdams), his pair makes it."""
    dealer = "NESW"[(n - 1) % 4]
    playing = "NS" if LEFT[dealer] in "NS" else "EW"
    other = "EW" if playing == "NS" else "NS"
    return {
        "dealer": dealer,
        "playing": playing,
        "trump": "H",
        "card_points": {playing: points, other: 162 - points},
        "tricks": {playing: 5, other: 3},
    }


def test_a_klaverjas_evening_in_dutch(served: tuple[Flask, str], browser: Any) -> None:
    web, base = served
    console = browser.new_page(viewport=WIDE, locale="nl-NL")
    log_in(console, base)
    cid = enrol_and_draw(console, "klaverjas-amsterdams@1", KLAVERJAS)
    console.click("#to-cards")
    console.wait_for_selector(".table-card")
    console.evaluate("window.print = () => {}")  # the browser's dialogue; the server is told
    with console.expect_response(lambda r: r.url.endswith("/cards/printed")):
        console.click("#print")
    boss = director(base)
    partijen = cards(boss, cid)
    assert [c["round"] for c in partijen] == [1, 2, 3]
    points = {1: [100, 90], 2: [120, 82], 3: [95, 140]}  # the playing pair's card points
    expected = dict.fromkeys(KLAVERJAS, 0)
    for card in partijen:
        for n, made in enumerate(points[card["round"]], start=1):
            deal = klaverjas_deal(n, made)  # made (82 or more, no roem): each pair its points
            for seat, name in seated(card).items():
                expected[name] += deal["card_points"]["NS" if seat in "NS" else "EW"]

    # Partij 1 on the Dutch phone: two deals tapped in, then signed once the director closed
    # the list early.
    first = partijen[0]
    context, page, errors = phone_at_table(browser, base, first["join_code"], "nl-NL")
    for n, made in enumerate(points[1], start=1):
        page.click("#tab-entry")
        page.wait_for_selector(f'#entry-title[data-deal="{n}"]')
        page.fill("#kj-points", str(made))
        page.click('[data-field="trump"][data-value="H"]')
        assert other_languages(page, "nl") == []
        page.click("#record")
        page.wait_for_selector(f'#entry-title[data-deal="{n + 1}"]')
    page.wait_for_selector('#pending[data-count="0"]', timeout=SYNCED)
    closed = boss.post(f"/api/lists/{first['list_id']}/close-short", {"reason": "de zaal sluit"})
    assert closed.status == 200, closed
    submit_on_phone(page, "N", "E")
    assert other_languages(page, "nl") == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 360

    # Partijen 2 and 3 from the table's next phones, as the app sends them.
    for card in partijen[1:]:
        phone = Phone(base, card["list_id"], card["join_code"], f"tafel-{card['round']}")
        phone.push(
            *(
                ("record_deal", {"deal_no": n, "record": klaverjas_deal(n, made)})
                for n, made in enumerate(points[card["round"]], start=1)
            )
        )
        closed = boss.post(f"/api/lists/{card['list_id']}/close-short", {"reason": "laat"})
        assert closed.status == 200, closed
        phone.push(("submit_list", {"scorer": "S", "confirmed_by": "W"}))

    close_in_the_room(console, cid)
    server = web.extensions["troef"].app
    for card in partijen:
        rows = server.get_list(card["list_id"]).rows
        assert [r["record"]["card_points"] for r in rows] == [
            klaverjas_deal(n, made)["card_points"]
            for n, made in enumerate(points[card["round"]], start=1)
        ]
    assert season_totals(boss, cid) == expected
    # The director's checklist has every step of the evening done.
    console.goto(console.url.split("#")[0] + f"#/c/{cid}/e/1/checklist")
    console.wait_for_selector("#checklist li")
    assert console.locator('#checklist li[data-done="false"]').count() == 0
    assert console.inner_text("#checklist-summary") == "8 van 8 klaar"
    assert errors == []
    context.close()


# --- Wiezen (Dutch): one table of four, three deals on the phone, closed early. -----------

WIEZEN = ["An Peeters", "Bart Claes", "Chris Wouters", "Dirk Maes"]
# (declarers, tricks) of three vraag/mee deals and each seat's points by hand (Wiezen ART 7):
# 9 tricks made: 2 + 1 = 3 each; 6 tricks: 2 short, -(2 + 2) x 2 = -8 each; 8 tricks: 2 each.
WIEZEN_DEALS = [
    ((1, 3), 9, {"1": 3, "2": -3, "3": 3, "4": -3}),
    ((2, 4), 6, {"1": 8, "2": -8, "3": 8, "4": -8}),
    ((1, 2), 8, {"1": 2, "2": 2, "3": -2, "4": -2}),
]


def test_a_wiezen_evening_in_dutch(served: tuple[Flask, str], browser: Any) -> None:
    web, base = served
    console = browser.new_page(viewport=WIDE, locale="nl-BE")
    log_in(console, base)
    cid = enrol_and_draw(console, "wiezen-reglement-2019@1", WIEZEN)
    boss = director(base)
    (table,) = cards(boss, cid)
    context, page, errors = phone_at_table(browser, base, table["join_code"], "nl-BE")
    page.click("#tab-entry")
    for n, (declarers, tricks, _) in enumerate(WIEZEN_DEALS, start=1):
        page.wait_for_selector(f'#entry-title[data-deal="{n}"]')
        page.click('[data-field="contract"][data-value="VRAAG"]')
        for seat in declarers:
            page.click(f'[data-field="declarers"][data-value="{seat}"]')
        page.click(f'[data-field="tricks"][data-value="{tricks}"]')
        assert other_languages(page, "nl") == []
        page.click("#record")
    page.wait_for_selector(f'#entry-title[data-deal="{len(WIEZEN_DEALS) + 1}"]')
    page.wait_for_selector('#pending[data-count="0"]', timeout=SYNCED)
    closed = boss.post(f"/api/lists/{table['list_id']}/close-short", {"reason": "café dicht"})
    assert closed.status == 200, closed
    submit_on_phone(page, "1", "2")
    assert other_languages(page, "nl") == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    close_in_the_room(console, cid)

    by_seat = {s: sum(points[s] for *_, points in WIEZEN_DEALS) for s in "1234"}
    rows = web.extensions["troef"].app.get_list(table["list_id"]).rows
    assert [r["score"]["points"] for r in rows] == [p for *_, p in WIEZEN_DEALS]
    names = seated(table)
    assert season_totals(boss, cid) == {names[s]: by_seat[s] for s in by_seat}
    assert errors == []
    context.close()


# --- Schafkopf (German), on the club's copy of the Lengfeld rules with the Wenz admitted. --

SCHAFKOPF = ["Anton Huber", "Bernd Maier", "Christl Bauer", "Dieter Wagner"]
# Each line as called out, and its points by hand (Nr. 3, Nr. 10): a Rufspiel won (1 each
# way); a Wenz won, played like a Solo (3 from each defender); a Solo won schneider (4 each).
SCHAFKOPF_LINES = [
    ({"type": "RUFSPIEL", "declarer": "1", "ace": "GRAS", "partner": "3", "augen": 75},
     {"1": 1, "2": -1, "3": 1, "4": -1}),
    ({"type": "WENZ", "declarer": "2", "augen": 70}, {"1": -3, "2": 9, "3": -3, "4": -3}),
    ({"type": "SOLO", "declarer": "3", "augen": 91}, {"1": -4, "2": -4, "3": 12, "4": -4}),
]  # fmt: skip


def test_a_schafkopf_evening_in_german_on_the_clubs_own_rules(
    served: tuple[Flask, str], browser: Any
) -> None:
    web, base = served
    console = browser.new_page(viewport=WIDE, locale="de-DE")
    log_in(console, base)
    cid = enrol_and_draw(
        console,
        "schafkopf-tsv-lengfeld@1",
        SCHAFKOPF,
        options={"admit_wenz_geier": "true"},
        counting={"durchgaenge": "1"},
    )
    server = web.extensions["troef"].app
    assert server.get_competition(cid).rules["options"]["admit_wenz_geier"] is True
    boss = director(base)
    (table,) = cards(boss, cid)
    context, page, errors = phone_at_table(browser, base, table["join_code"], "de-DE")
    page.click("#tab-entry")
    for n, (line, points) in enumerate(SCHAFKOPF_LINES, start=1):
        page.wait_for_selector(f'#entry-title[data-deal="{n}"]')
        page.click(f'[data-field="type"][data-value="{line["type"]}"]')
        page.click(f'[data-field="declarer"][data-value="{line["declarer"]}"]')
        if "ace" in line:
            page.click(f'[data-field="ace"][data-value="{line["ace"]}"]')
            page.click(f'[data-field="partner"][data-value="{line["partner"]}"]')
        page.fill("#sk-augen", str(line["augen"]))
        cells = page.locator("#sk-line li[data-seat]").all_inner_texts()
        assert [int(c.split()[1]) for c in cells] == [points[s] for s in "1234"], line
        assert other_languages(page, "de") == []
        page.click("#record")
    page.wait_for_selector(f'#entry-title[data-deal="{len(SCHAFKOPF_LINES) + 1}"]')
    page.wait_for_selector('#pending[data-count="0"]', timeout=SYNCED)
    closed = boss.post(f"/api/lists/{table['list_id']}/close-short", {"reason": "Sperrstunde"})
    assert closed.status == 200, closed
    submit_on_phone(page, "1", "2")
    assert other_languages(page, "de") == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    close_in_the_room(console, cid)

    rows = server.get_list(table["list_id"]).rows
    assert [r["record"]["type"] for r in rows] == ["RUFSPIEL", "WENZ", "SOLO"]
    by_seat = {s: sum(points[s] for _, points in SCHAFKOPF_LINES) for s in "1234"}
    names = seated(table)
    assert season_totals(boss, cid) == {names[s]: by_seat[s] for s in by_seat}
    assert errors == []
    context.close()


# --- Bridge (English): five pairs, a Mitchell of one board a round; one table on the phone. --

PAIRS = ["Smith – Jones", "Brown – Green", "White – Black", "Young – King", "Hall – Wood"]
# Each board's two results in the order the rounds play it, with the NS score by hand (§B1-B6).
BOARDS = {
    1: [("4S N 10", 420), ("3NT S 9", 400)],
    2: [("2H N 8", 110), ("3NTX E 7", 300)],
    3: [("1NT W 7", -90), ("2S E 7", 100)],
}
CONTRACT = re.compile(r"^(\d)(C|D|H|S|NT)(X{0,2}) ([NESW]) (\d+)$")


def bridge_facts(result: str, board: int) -> dict[str, Any]:
    level, strain, dbl, declarer, tricks = CONTRACT.match(result).groups()  # type: ignore[union-attr]
    contract = {"level": int(level), "strain": strain, "dbl": len(dbl)}
    return {"board": board, "contract": contract, "declarer": declarer, "tricks": int(tricks)}


def enter_board(page: Any, board: int, result: tuple[str, int]) -> None:
    """Tap the board's contract, declarer and tricks over or under into the phone.

    Right after the phone moved on to the next round, the first sync that brings that
    round's list may draw the form anew and drop the taps made so far: the player taps
    again (at most twice more), as at the table.
    """
    facts = bridge_facts(result[0], board)
    contract = facts["contract"]
    over = facts["tricks"] - contract["level"] - 6
    taps = [
        f'[data-field="level"][data-value="{contract["level"]}"]',
        f'[data-field="strain"][data-value="{contract["strain"]}"]',
        *([f'[data-field="dbl{contract["dbl"]}"]'] if contract["dbl"] else []),
        f'[data-field="declarer"][data-value="{facts["declarer"]}"]',
        f'[data-field="over"][data-value="{over}"]',
    ]
    page.wait_for_selector(".pen-mine", timeout=SYNCED)
    page.wait_for_selector('#pending[data-count="0"]', timeout=SYNCED)
    page.click("#tab-entry")
    page.wait_for_selector(f'#br-info[data-board="{board}"]', timeout=SYNCED)
    for attempt in range(3):
        try:
            for tap in taps:
                page.click(tap, timeout=5_000)
            page.wait_for_selector("#br-score[data-ns]", timeout=5_000)
            break
        except PlaywrightTimeout:
            assert attempt < 2, "the form kept dropping the taps"
    assert int(page.get_attribute("#br-score", "data-ns") or "") == result[1]
    assert other_languages(page, "en") == []
    page.click("#record")
    page.wait_for_selector('#pending[data-count="0"]', timeout=SYNCED)


def test_a_bridge_evening_in_english(served: tuple[Flask, str], browser: Any) -> None:
    web, base = served
    console = browser.new_page(viewport=WIDE, locale="en-GB")
    log_in(console, base)
    cid = enrol_and_draw(console, "bridge-nbb-1930@1", PAIRS, counting={"boards_per_round": "1"})
    boss = director(base)
    server = web.extensions["troef"].app
    comp = server.get_competition(cid)
    drawn = sorted(comp.evening(1)["draw"]["lists"], key=lambda e: (e["round"], e["table"]))
    assert len(drawn) == 6 and all(len(e["boards"]) == 1 for e in drawn)
    played: dict[int, list[dict[str, Any]]] = {}
    for entry in drawn:
        played.setdefault(entry["boards"][0], []).append(entry)
    assert sorted((b, len(e)) for b, e in played.items()) == [(1, 2), (2, 2), (3, 2)]
    result = {e["list_id"]: BOARDS[b][i] for b, es in played.items() for i, e in enumerate(es)}

    # Table 1 on the English phone, from its table card: each round's board tapped in and the
    # list signed; the phone then follows the movement to the table's next round by itself.
    card = next(c for c in cards(boss, cid) if c["table"] == 1)
    at_table_1 = [e for e in drawn if e["table"] == 1]
    context, page, errors = phone_at_table(browser, base, card["join_code"], "en-GB")
    missing: list[str] = []
    page.on("response", lambda r: missing.append(r.url) if r.status == 404 else None)
    for entry, later in zip(at_table_1, [*at_table_1[1:], None], strict=True):
        enter_board(page, entry["boards"][0], result[entry["list_id"]])
        moved = f'#movement-round:has-text("Round {later["round"]}")' if later else ""
        submit_on_phone(page, "NS", "EW", moved or "#submitted-head")
        assert other_languages(page, "en") == []
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert [server.get_list(e["list_id"]).submitted is not None for e in at_table_1] == [
        True
    ] * len(at_table_1)

    # The other tables, as their phones send it, each list joined with its own code.
    for entry in drawn:
        if entry in at_table_1:
            continue
        with web.app_context():
            code = join_code(entry["list_id"])
        phone = Phone(base, entry["list_id"], code, f"table-{entry['round']}-{entry['table']}")
        facts = bridge_facts(result[entry["list_id"]][0], entry["boards"][0])
        phone.push(("record_deal", {"deal_no": 1, "record": facts}))
        phone.push(("submit_list", {"scorer": "NS", "confirmed_by": "EW"}))
    close_in_the_room(console, cid)

    # Matchpoints by hand: of a board's two results the higher NS score gets the top (2 MP,
    # 200 in hundredths) for NS and nothing for EW; a pair's evening is its MP over its tops,
    # in hundredths of a per cent, rounded half up (§B7).
    mps: dict[str, list[int]] = {}
    for entry in drawn:
        ns = result[entry["list_id"]][1]
        other = next(result[e["list_id"]][1] for e in played[entry["boards"][0]] if e is not entry)
        ns_mp = 200 if ns > other else 100 if ns == other else 0
        mps.setdefault(comp.player(entry["seats"]["NS"])["name"], []).append(ns_mp)
        mps.setdefault(comp.player(entry["seats"]["EW"])["name"], []).append(200 - ns_mp)
    percent = {
        pair: (sum(m) * 10000 * 2 + 200 * len(m)) // (2 * 200 * len(m)) for pair, m in mps.items()
    }
    results = boss.get(f"/api/competitions/{cid}/evenings/1/results").json
    assert results["provisional"] is False
    got = {comp.player(r["player_id"])["name"]: r["points"] for r in results["results"]}
    assert got == percent
    assert season_totals(boss, cid) == percent
    # A Mitchell has two winners (#16, item 17): the console's evening results rank the
    # North-South and the East-West pairs apart, each direction placed from 1.
    console.goto(f"{base}/director#/c/{cid}/e/1/results")
    for side, heading in (("NS", "North-South"), ("EW", "East-West")):
        console.wait_for_selector(f'#evening-field-{side}:has-text("{heading}")')
        own = {comp.player(e["seats"][side])["name"] for e in drawn}
        rows = console.locator(f'table.st-evening[data-field="{side}"] tbody tr')
        shown = {
            rows.nth(i).locator("td").nth(1).inner_text(): rows.nth(i).locator("td").nth(0)
            for i in range(rows.count())
        }
        assert set(shown) == own
        for pair, place in shown.items():
            better = sum(1 for other in own if percent[other] > percent[pair])
            assert place.inner_text() == str(better + 1), (side, pair)
    # After the table's last round the server has no next list for it (404): the movement
    # is over, and the browser logs the answer; nothing else went wrong.
    assert missing == [f"{base}/api/join/next"]
    assert [e for e in errors if "404" not in e] == []
    context.close()

"""The director sets up a season in the console: a competition with a changed copy of a rule
set, players by hand and from a CSV file, attendance, the draw by lot (seed shown, the seed
redraws the same tables), the table cards with a QR code that a phone opens to join."""

from __future__ import annotations

import io
import os
import re
from pathlib import Path
from typing import Any

import zxingcpp
from flask import Flask
from PIL import Image

from backend.aggregates.actor import director
from backend.api.auth import join_code
from backend.api.lookups import names
from backend.application import Command

from .conftest import log_in

# The docs' screenshots are refreshed only when asked (TROEF_SCREENSHOTS=1).
DOCS_SHOTS = Path(__file__).resolve().parents[1] / "docs" / "screenshots"
WIDE = {"width": 1280, "height": 800}
TABLET = {"width": 820, "height": 1180}
MEMBERS = "name;phone\nCarla Wouters;0470\nDirk Maes;0471\nbert  peeters;0472\nEls Goossens;0473\n"
MORE = "Frans Jacobs\nGreet Claes\nHugo Smet\nIngrid Dewit\nJan Peeters\nKoen Aerts\n"


def shots_dir(tmp_path: Path) -> Path:
    shots = DOCS_SHOTS if os.environ.get("TROEF_SCREENSHOTS") else tmp_path
    shots.mkdir(parents=True, exist_ok=True)
    return shots


def watch(page: Any, refusals: tuple[int, ...] = ()) -> list[str]:
    """Collect the page's script errors (and failed requests other than the expected refusals,
    which the browser logs as console errors)."""
    errors: list[str] = []
    expected = tuple(f"status of {status} " for status in refusals)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on(
        "console",
        lambda m: (
            errors.append(m.text)
            if m.type == "error" and not any(e in m.text for e in expected)
            else None
        ),
    )
    return errors


def decoded_qr(page: Any, selector: str) -> str:
    """Read the QR code shown on the page back, from a picture of it, with a QR decoder."""
    picture = Image.open(io.BytesIO(page.locator(selector).screenshot()))
    found = [r.text for r in zxingcpp.read_barcodes(picture)]
    assert len(found) == 1, found
    return found[0]


def codes_of(web: Flask, cid: str, evening: int) -> dict[int, str]:
    """Each table's join code, as the server makes it, by table number (round 1)."""
    app = web.extensions["troef"].app
    lists = app.get_competition(cid).evening(evening)["draw"]["lists"]
    with web.app_context():
        return {e["table"]: join_code(e["list_id"]) for e in lists if e["round"] == 1}


def tables_shown(page: Any) -> list[str]:
    return page.locator("#tables .table-box").all_inner_texts()


def draw(page: Any, seed: str = "") -> str:
    """Draw with this seed (empty: by lot) and return the seed the page shows."""
    before = page.locator("#seed").inner_text() if page.locator("#seed").count() else None
    number = page.locator(".seed-line").inner_text() if before else ""
    page.fill("#draw-seed", seed)
    page.click("#draw")
    page.wait_for_function(
        "([before]) => { const s = document.querySelector('.seed-line');"
        " return s && s.textContent !== before; }",
        arg=[number],
    )
    return page.locator("#seed").inner_text()


def join_on_a_phone(browser: Any, url: str, code: str) -> None:
    phone = browser.new_context(viewport={"width": 360, "height": 640}, locale="nl-NL")
    page = phone.new_page()
    page.goto(url)
    assert page.input_value("#code") == code
    page.click("button[type=submit]")
    page.wait_for_selector(".pen-mine")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    phone.close()


def test_a_wiezen_season_is_set_up_drawn_for_nine_and_a_table_joins_from_its_card(
    served: tuple[Flask, str], browser: Any, tmp_path: Path
) -> None:
    web, base = served
    app = web.extensions["troef"].app
    shots = shots_dir(tmp_path)
    context = browser.new_context(viewport=WIDE, locale="en-GB")
    page = context.new_page()
    errors = watch(page, refusals=(409, 422))  # a refused option; a redraw after a deal
    log_in(page, base)

    # A competition with a copy of the wiezen rules, one value changed, and 12 evenings.
    page.click("#new-competition")
    page.fill("#competition-name", "Zondagen 2027")
    page.select_option("#preset", "wiezen-reglement-2019@1")
    page.check("#rules-copy")
    # A value the rules refuse is named by the server and marked at its row; nothing is stored.
    page.fill('[data-option="pas_rond_factor"] input', "0")
    page.click("#create")
    page.wait_for_selector('[data-option="pas_rond_factor"].refused')
    assert "rules.options.pas_rond_factor" in page.inner_text(".error-box")
    assert web.extensions["troef"].views.rows("SELECT * FROM competitions") == []
    page.fill('[data-option="pas_rond_factor"] input', "2")
    assert page.locator(".refused, .error-box").count() == 0
    page.select_option('[data-option="pas_rond_doubles_special"] select', "true")
    assert page.locator('[data-option="pas_rond_doubles_special"].changed').count() == 1
    assert page.inner_text('[data-option="pas_rond_doubles_special"] td.default') == "no"
    page.fill("#counting-evenings", "12")
    page.fill("#copy-title", "Wiezen, club copy")
    page.screenshot(path=str(shots / "console-new-competition.png"), full_page=True)
    page.click("#create")
    page.wait_for_selector("#add-player")
    cid = page.evaluate("location.hash").split("/")[2]
    comp = app.get_competition(cid)
    assert comp.rules["id"] == "zondagen-2027-wiezen-reglement-2019"
    assert comp.rules["options"]["pas_rond_doubles_special"] is True
    assert comp.counting == {"evenings": 12, "best": 9}

    # Two players by hand, then a CSV file: one line refused by name, the others taken.
    for name in ("An Claes", "Bert Peeters"):
        page.fill("#player-name", name)
        page.click("#add-player button[type=submit]")
        page.wait_for_selector(f'#players td:has-text("{name}")')
    # Adding one player checks the name as the import does (case and spacing aside).
    page.fill("#player-name", "bert  PEETERS")
    page.click("#add-player button[type=submit]")
    page.wait_for_selector('#add-player + div .error-box li[data-field="name"]')
    assert "already enrolled (p2)" in page.inner_text("#add-player + div .error-box")
    assert page.locator("#players tbody tr").count() == 2
    page.fill("#import-text", MEMBERS)
    page.click("#import-check")
    page.wait_for_selector("#import-report .summary:has-text('nothing stored yet')")
    assert "taken: 3, refused: 1" in page.inner_text("#import-report .summary")
    assert len(app.get_competition(cid).players) == 2  # checking enrolled nobody
    page.click("#import-run")
    page.wait_for_selector("#import-report .summary:not(:has-text('nothing stored'))")
    lines = page.locator("#import-lines tbody tr").all_inner_texts()
    assert [line.split("\t")[0] for line in lines] == ["2", "3", "4", "5"]
    assert "refused: bert peeters is already enrolled (p2)" in lines[2]
    assert all("taken" in lines[i] for i in (0, 1, 3))
    page.fill("#import-text", MORE)
    page.click("#import-run")
    page.wait_for_selector("#import-report .summary:has-text('taken: 6, refused: 0')")
    assert page.locator("#players tbody tr").count() == 11

    # Correct a name; withdraw a player with the reason.
    page.click('#players tr:has([data-player="p11"]) [data-action="rename"]')
    page.fill("#players .inline-edit input", "Koen Aerts-Vos")
    page.click("#players .inline-edit button[type=submit]")
    page.wait_for_selector('#players [data-player="p11"]:has-text("Koen Aerts-Vos")')
    # The federation number, entered later (a pair would get two, separated by a comma).
    page.click('#players tr:has([data-player="p11"]) [data-action="numbers"]')
    page.fill("#players .inline-edit input", " 10 023 ")
    page.click("#players .inline-edit button[type=submit]")
    page.wait_for_selector('#players [data-numbers="p11"]:has-text("10 023")')
    assert app.get_competition(cid).players["p11"]["numbers"] == ["10 023"]
    page.click('#players tr:has([data-player="p10"]) [data-action="withdraw"]')
    page.fill("#players .inline-edit input", "moved to Gent")
    page.click("#players .inline-edit button[type=submit]")
    page.wait_for_selector('#players td:has-text("withdrawn: moved to Gent")')
    page.screenshot(path=str(shots / "console-players.png"), full_page=True)

    # Schedule an evening; one absent with notice, everybody else present: nine players.
    page.click('.tabs a:has-text("Overview")')
    page.fill("#evening-date", "2027-01-10")
    page.click("#schedule button[type=submit]")
    page.wait_for_selector("#attendance")
    page.click('[data-player="p4"] .att-absent_notice input')
    page.wait_for_selector("#present-count:has-text('Present: 0')")
    page.click("#all-present")
    page.wait_for_selector("#present-count:has-text('Present: 9')")
    page.wait_for_selector("#all-present:not([disabled])")
    assert page.is_checked('[data-player="p4"] .att-absent_notice input')
    assert not page.is_checked('[data-player="p10"] .att-present input')
    ev = app.get_competition(cid).evening(1)
    assert sorted(app.get_competition(cid).present(1)) == sorted(
        f"p{i}" for i in (1, 2, 3, 5, 6, 7, 8, 9, 11)
    )
    assert ev["attendance"]["p4"] == "absent_notice"

    # The draw by lot: tables of 4 and 5, the seed shown; that seed draws the same tables.
    first = draw(page)
    assert first
    sizes = sorted(
        int(s)
        for s in page.locator(".table-box").evaluate_all("boxes => boxes.map(b => b.dataset.size)")
    )
    assert sizes == [4, 5]
    tables = tables_shown(page)
    assert draw(page, "another-seed") == "another-seed"
    assert draw(page, first) == first
    assert tables_shown(page) == tables
    assert "Draw 3" in page.inner_text(".seed-line")
    assert app.get_competition(cid).evening(1)["draw"]["seed"] == first
    page.screenshot(path=str(shots / "console-evening.png"), full_page=True)

    # The table cards: one per table, the server's join code, a QR code of the join link.
    page.click("#to-cards")
    page.wait_for_selector(".table-card")
    codes = codes_of(web, cid, 1)
    cards = page.locator(".table-card")
    assert cards.count() == 2
    for i in range(2):
        card = cards.nth(i)
        table = int(card.get_attribute("data-table"))
        assert card.locator(".tc-code").inner_text() == codes[table]
        assert card.locator(".tc-seats li").count() in (4, 5)
    url = decoded_qr(page, ".table-card >> nth=0 >> .tc-qr")
    first_code = codes[int(cards.nth(0).get_attribute("data-table"))]
    assert url == f"{base}/t/{first_code}"
    page.screenshot(path=str(shots / "console-cards.png"), full_page=True)
    # Printed: no buttons, each card half an A4 page (134 mm of the 277 mm inside the
    # margins, 96 px to the inch), a page break after every second card.
    page.emulate_media(media="print")
    assert page.locator("#print").is_hidden()
    heights = [cards.nth(i).bounding_box()["height"] for i in range(2)]
    assert all(abs(height - 134 / 25.4 * 96) < 2 for height in heights), heights
    breaks = cards.evaluate_all("cs => cs.map(c => getComputedStyle(c).breakAfter)")
    assert breaks == ["auto", "page"]
    page.emulate_media(media="screen")

    # A phone opens the QR link and joins its table.
    join_on_a_phone(browser, url, first_code)

    # Once a deal is recorded the draw stands: the server's refusal is shown.
    lst = app.get_competition(cid).evening(1)["draw"]["lists"][0]
    seats = len(lst["seats"])
    # The last seat deals (at a table of five the dealer sits out); seats 1 and 3 play.
    record = {"dealer": seats, "contract": "VRAAG", "declarers": [1, 3], "tricks": 9}
    app.handle(
        director("anna"), Command("record_deal", lst["list_id"], {"deal_no": 1, "record": record})
    )
    page.goto(f"{base}/director#/c/{cid}/e/1")
    page.wait_for_selector("#draw")
    page.click("#draw")
    page.wait_for_selector(".draw .error-box")
    assert "the draw stands" in page.inner_text(".draw .error-box")
    assert page.inner_text(".draw .error-box .refusal") == "Not possible now"
    assert app.get_competition(cid).evening(1)["draw"]["draw_no"] == 3

    # The club page lists the competitions (two more, made directly); the evening on a tablet.
    app.handle(
        director("anna"),
        Command(
            "create_competition",
            None,
            {"name": "Dinsdagavond klaverjas", "rules": "klaverjas-amsterdams"},
        ),
    )
    app.handle(
        director("anna"),
        Command(
            "create_competition",
            None,
            {"name": "Paarzitting", "rules": "bridge-nbb-1930", "counting": {"evenings": 10}},
        ),
    )
    page.goto(f"{base}/director#/")
    page.wait_for_selector("#competitions")
    listed = page.locator("#competitions tbody tr").all_inner_texts()
    assert [row.split("\t")[0] for row in listed] == [
        "Zondagen 2027",
        "Dinsdagavond klaverjas",
        "Paarzitting",
    ]
    assert listed[0].split("\t")[-2:] == ["11", "1 / 12"]
    page.screenshot(path=str(shots / "console-club.png"), full_page=True)
    tablet = browser.new_context(viewport=TABLET, locale="nl-BE", has_touch=True)
    tab = tablet.new_page()
    errors += watch(tab)
    log_in(tab, base, f"#/c/{cid}/e/1")
    tab.wait_for_selector("#tables")
    assert "Aanwezig: 9" in tab.inner_text("#present-count")
    assert tab.evaluate("document.documentElement.scrollWidth") <= TABLET["width"]
    tab.screenshot(path=str(shots / "console-evening-tablet.png"), full_page=True)
    tablet.close()
    assert errors == []


def test_a_bridge_evening_is_drawn_as_a_mitchell_with_boards_on_the_cards(
    served: tuple[Flask, str], browser: Any, tmp_path: Path
) -> None:
    web, base = served
    app = web.extensions["troef"].app
    context = browser.new_context(viewport=WIDE, locale="de-DE")
    page = context.new_page()
    errors = watch(page)
    log_in(page, base, "#/new")
    page.wait_for_selector("#competition-name")
    page.fill("#competition-name", "Paarturnier")
    page.select_option("#preset", "bridge-nbb-1930@1")
    assert page.input_value("#counting-movement") == "mitchell"
    page.fill("#counting-boards_per_round", "2")
    page.click("#create")
    page.wait_for_selector("#import-text")
    cid = page.evaluate("location.hash").split("/")[2]
    pairs = [
        "An & Bert",
        "Carla & Dirk",
        "Els & Frans",
        "Greet & Hugo",
        "Ingrid & Jan",
        "Koen & Lies",
        "Mia & Noah",
        "Olga & Piet",
    ]
    page.set_input_files(
        "#import-file",
        files=[{"name": "paren.csv", "mimeType": "text/csv", "buffer": "\n".join(pairs).encode()}],
    )
    page.wait_for_function("() => document.querySelector('#import-text').value.includes('Olga')")
    page.click("#import-run")
    page.wait_for_selector("#import-report .summary:has-text('übernommen: 8, abgelehnt: 0')")

    page.goto(f"{base}/director#/c/{cid}")
    page.wait_for_selector("#schedule")
    page.fill("#evening-date", "2027-02-02")
    page.click("#schedule button[type=submit]")
    page.wait_for_selector("#all-present")
    page.click("#all-present")
    page.wait_for_selector("#present-count:has-text('Anwesend: 8')")
    page.wait_for_selector("#all-present:not([disabled])")
    assert draw(page, "lenteavond") == "lenteavond"
    rounds = page.locator("#tables .round")
    movement = app.get_competition(cid).evening(1)["draw"]["draw"]
    assert rounds.count() == len(movement["rounds"]) >= 3
    assert (
        "Mitchell" in page.inner_text(".draw .explain")
        or "mitchell" in page.inner_text(".draw .explain").lower()
    )
    first_round = rounds.nth(0).locator(".table-box")
    assert first_round.count() == 4
    seats = first_round.nth(0).locator("li").all_inner_texts()
    assert [s.split()[0] for s in seats] == ["NS", "EW"]
    assert "Boards: 1–2" in first_round.nth(0).inner_text()

    page.click("#to-cards")
    page.wait_for_selector(".table-card")
    # Bridge: one card per table for the whole evening, printed with the movement at that
    # table; its code is that of the table's first list and leads to the round in play.
    lists = app.get_competition(cid).evening(1)["draw"]["lists"]
    tables = sorted({e["table"] for e in lists})
    assert page.locator(".table-card").count() == len(tables) == 4
    with web.app_context():
        expected = {e["table"]: join_code(e["list_id"]) for e in lists if e["round"] == 1}
        who = names(cid)
    shown = {
        int(c.get_attribute("data-table")): c.get_attribute("data-code")
        for c in page.locator(".table-card").all()
    }
    assert shown == expected
    number = {pid: int(n) for n, pid in movement["numbers"].items()}
    for table in tables:
        rows = page.locator(f'.table-card[data-table="{table}"] .tc-movement tbody tr')
        printed = [r.locator("td").all_inner_texts() for r in rows.all()]
        steps = sorted((e for e in lists if e["table"] == table), key=lambda e: e["round"])
        assert len(steps) == len(movement["rounds"])
        assert printed == [
            [
                str(e["round"]),
                f"{e['boards'][0]}–{e['boards'][-1]}",
                *(f"{number[e['seats'][side]]} {who[e['seats'][side]]}" for side in ("NS", "EW")),
            ]
            for e in steps
        ]
    card = page.locator('.table-card[data-table="1"]')
    assert "Wechselplan" in card.inner_text()
    assert card.locator('.tc-movement tr[data-round="1"] td').nth(1).inner_text() == "1–2"
    code = card.locator(".tc-code").inner_text()
    url = decoded_qr(page, '.table-card[data-table="1"] .tc-qr')
    assert url == f"{base}/t/{code}"
    # Printed on A4, two cards to a page (the last page may hold one).
    pdf = page.pdf(format="A4", prefer_css_page_size=True)
    pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
    assert pages == (len(tables) + 1) // 2
    join_on_a_phone(browser, url, code)
    assert errors == []

"""What a director sees in the console for three things a club evening ran into (#16, items 4,
5 and 6), each in Chromium against a real server:

- a withdrawn klaverjas player cannot be marked absent with notice (SB-7's 4200 is for a player
  still playing), only absent, and the player still playing who cancelled in time ranks first;
- a list's submission reaches the open room and the open standings without a reload, also when
  it moves no total (the deals were counted provisionally before it);
- adding one player with a name already enrolled is refused, in the director's language.
"""

from __future__ import annotations

from typing import Any

from flask import Flask

from backend.aggregates.actor import director
from backend.application import Command

from .conftest import log_in
from .test_console_room import Phone, vraag, wiezen_evening
from .test_languages import LOCALES, foreign_words


def console(browser: Any, base: str, lang: str, hash_: str) -> tuple[Any, list[str]]:
    """A logged-in console page in ``lang`` at ``hash_``; the page and its script errors."""
    context = browser.new_context(locale=LOCALES[lang], viewport={"width": 1200, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    log_in(page, base, hash_)
    return page, errors


def klaverjas_competition(web: Flask, players: list[str]) -> str:
    app, boss = web.extensions["troef"].app, director("anna")
    cid = app.handle(
        boss,
        Command("create_competition", None, {"name": "Dinsdagen", "rules": "klaverjas-amsterdams"}),
    )
    for name in players:
        app.handle(boss, Command("enrol_player", cid, {"name": name}))
    return str(cid)


def test_a_withdrawn_klaverjas_player_is_offered_only_absent_and_does_not_rank_first(
    served: tuple[Flask, str], browser: Any
) -> None:
    web, base = served
    app, boss = web.extensions["troef"].app, director("anna")
    cid = klaverjas_competition(web, ["Anna", "Bert", "Cor", "Dirk", "Els", "Fien"])
    app.handle(boss, Command("withdraw_player", cid, {"player_id": "p1", "reason": "verhuisd"}))
    app.handle(boss, Command("schedule_evening", cid, {"date": "2026-12-01"}))
    page, errors = console(browser, base, "nl", f"#/c/{cid}/e/1")
    page.wait_for_selector("#attendance .att-row")
    gone = '#attendance [data-player="p1"]'
    assert "teruggetrokken" in page.inner_text(f"{gone} legend")
    assert page.is_disabled(f'{gone} input[value="absent_notice"]')
    assert page.is_disabled(f'{gone} input[value="present"]')
    assert page.is_enabled(f'{gone} input[value="absent"]')
    page.click(f"{gone} .att-absent")
    page.click('#attendance [data-player="p2"] .att-absent_notice')
    page.click("#all-present")  # everybody else: the withdrawn player stays absent
    page.wait_for_selector('#present-count:text-matches("4")')
    page.wait_for_selector("#all-present:enabled")
    assert page.is_checked(f'{gone} input[value="absent"]')
    assert page.query_selector(".error-box") is None
    attendance = web.test_client().get(f"/api/competitions/{cid}/evenings/1").json["attendance"]
    assert {a["player_id"]: a["status"] for a in attendance} == {
        "p1": "absent",
        "p2": "absent_notice",
        **{f"p{n}": "present" for n in range(3, 7)},
    }
    page.click("#draw")
    page.wait_for_selector("#seed")

    page.evaluate(f"location.hash = '#/c/{cid}/standings'")
    page.wait_for_selector(".st-season-screen .st-live[data-updated]")
    ranked = page.eval_on_selector_all(
        "table.st-season tbody tr",
        "trs => trs.map((tr) => [tr.dataset.player, tr.cells[0].textContent,"
        " tr.querySelector('[data-total]').dataset.total])",
    )
    assert ranked[0] == ["p2", "1", "4200"]  # Bert cancelled in time: SB-7's 4200
    assert [(rank, total) for player, rank, total in ranked if player == "p1"] in ([], [("2", "0")])
    assert errors == []


def test_a_lists_submission_reaches_the_open_room_and_standings_without_a_reload(
    served: tuple[Flask, str], browser: Any
) -> None:
    web, base = served
    web.config["TROEF_LIVE_HEARTBEAT"] = 1  # a closed page's stream is noticed within 1 s
    ev = wiezen_evening(web)
    cid, list1 = ev["competition_id"], ev["lists"][0]
    one = Phone(base, list1, ev["codes"][0], "phone-t1")
    assert one.push("join")["status"] == "applied"
    assert one.push("record_deal", deal_no=1, record=vraag(1, 9))["status"] == "applied"
    app = web.extensions["troef"].app
    app.handle(director("anna"), Command("close_list_short", list1, {"reason": "23:00"}))

    room, errors = console(browser, base, "en", f"#/c/{cid}/e/1/room")
    room.wait_for_selector('#room-live[data-state="live"]')
    room.wait_for_selector('#room-tables tr[data-table="1"] .rm-status')
    assert room.query_selector('#room-tables tr[data-table="1"] .rm-status.ok') is None
    standings = room.context.new_page()
    standings.on("pageerror", lambda exc: errors.append(str(exc)))
    standings.goto(f"{base}/director#/c/{cid}/standings")
    standings.wait_for_selector(f'.st-season-screen[data-cid="{cid}"] .st-live[data-updated]')
    assert standings.query_selector(".st-chain-table") is None  # nothing submitted yet
    totals = standings.eval_on_selector_all("[data-total]", "bs => bs.map((b) => b.textContent)")
    for page in (room, standings):
        page.evaluate("window.stayed = true")

    # The list is submitted: its deal was counted already, so no total moves.
    assert one.push("submit_list", scorer="1", confirmed_by="2")["status"] == "applied"
    (submitted,) = web.test_client().get(f"/api/competitions/{cid}/standings").json["lists"]
    room.wait_for_selector('#room-tables tr[data-table="1"] .rm-status.ok', timeout=15_000)
    assert "submitted" in room.inner_text('#room-tables tr[data-table="1"] .rm-status')
    assert room.query_selector('#room-tables tr[data-table="2"] .rm-status.ok') is None
    standings.wait_for_selector(".st-chain-table tbody td.mono", timeout=15_000)
    heads = standings.eval_on_selector_all(
        ".st-chain-table tbody td.mono", "cells => cells.map((c) => c.textContent)"
    )
    assert heads == [submitted["submitted_head"]]
    assert (
        standings.eval_on_selector_all("[data-total]", "bs => bs.map((b) => b.textContent)")
        == totals
    )
    for page in (room, standings):
        assert page.evaluate("window.stayed") is True  # no reload brought it
    assert errors == []
    standings.close()
    room.close()


def test_a_name_already_enrolled_is_refused_in_the_directors_language(
    served: tuple[Flask, str], browser: Any
) -> None:
    web, base = served
    cid = klaverjas_competition(web, ["Anna de Vries", "Bert"])
    said = {
        "nl": "anna de vries is al ingeschreven (p1)",
        "de": "anna de vries ist schon angemeldet (p1)",
        "en": "anna de vries is already enrolled (p1)",
    }
    for lang, words in said.items():
        page, errors = console(browser, base, lang, f"#/c/{cid}/players")
        page.wait_for_selector("#players tbody tr")
        page.fill("#player-name", "anna de vries")  # the same name, case aside
        page.click("#add-player button[type=submit]")
        box = page.wait_for_selector("#add-player + div .error-box")
        assert words in box.inner_text(), (lang, box.inner_text())
        assert foreign_words(page, lang) == [], lang
        names = page.eval_on_selector_all("#players tbody tr", "trs => trs.length")
        assert names == 2, lang
        page.close()
        assert errors == [], lang
    players = web.test_client().get(f"/api/competitions/{cid}").json["players"]
    assert [p["name"] for p in players] == ["Anna de Vries", "Bert"]

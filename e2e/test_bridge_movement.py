"""A two-round bridge evening (a curtailed Mitchell): table 1's phone scans its one card once,
plays round 1, submits, and follows the movement into round 2 by itself; a revoke found after
a board is written starts from the board as recorded; the standings show two winners."""

from __future__ import annotations

from typing import Any

from flask import Flask

from backend.aggregates.actor import director
from backend.api.auth import join_code
from backend.application import Command

from .test_club_evenings import SYNCED, submit_on_phone

PAIRS = ["Jansen – de Vries", "Peeters – Maes", "Bakker – Visser", "Smit – Mulder",
         "Claes – Wouters", "Meijer – de Boer"]  # fmt: skip


def curtailed_mitchell(web: Flask) -> dict[str, Any]:
    """Six pairs at three tables, two rounds of two boards (fewer rounds than tables)."""
    app, boss = web.extensions["troef"].app, director("anna")
    counting = {"rounds": 2, "boards_per_round": 2}
    cid = app.handle(
        boss,
        Command(
            "create_competition",
            None,
            {"name": "Dinsdagdrive", "rules": "bridge-nbb-1930", "counting": counting},
        ),
    )
    ids = [app.handle(boss, Command("enrol_player", cid, {"name": p})) for p in PAIRS]
    app.handle(boss, Command("schedule_evening", cid, {"date": "2026-12-01"}))
    for pid in ids:
        args = {"evening": 1, "player_id": pid, "status": "present"}
        app.handle(boss, Command("record_attendance", cid, args))
    lists = app.handle(boss, Command("draw_seating", cid, {"evening": 1, "seed": "3"}))["lists"]
    with web.app_context():
        card = join_code(next(e for e in lists if e["table"] == 1 and e["round"] == 1)["list_id"])
    return {"competition_id": cid, "lists": lists, "card": card}


def tap_board(page: Any, level: int, strain: str, declarer: str, over: int) -> None:
    page.click(f'[data-field="level"][data-value="{level}"]')
    page.click(f'[data-field="strain"][data-value="{strain}"]')
    page.click(f'[data-field="declarer"][data-value="{declarer}"]')
    page.click(f'[data-field="over"][data-value="{over}"]')
    page.click("#record")


def test_one_phone_follows_the_movement_and_the_mitchell_has_two_winners(
    served: tuple[Flask, str], browser: Any
) -> None:
    web, base = served
    app = web.extensions["troef"].app
    evening = curtailed_mitchell(web)
    lists = evening["lists"]
    assert sorted({e["round"] for e in lists}) == [1, 2]
    mine = {e["round"]: e for e in lists if e["table"] == 1}

    context = browser.new_context(viewport={"width": 360, "height": 640}, locale="nl-NL")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{base}/t/{evening['card']}")
    page.click("button[type=submit]")
    page.wait_for_selector(".pen-mine")
    first = mine[1]["boards"]
    assert page.inner_text("#movement-round").startswith(f"Ronde 1 · spellen {first[0]}–{first[1]}")
    page.wait_for_selector(f'#br-info[data-board="{first[0]}"]')
    tap_board(page, 4, "S", "N", 0)
    page.wait_for_selector(f'#br-info[data-board="{first[1]}"]')
    tap_board(page, 3, "NT", "S", 1)
    page.wait_for_selector("#br-info:not([data-board])")  # both boards are on the list

    # A revoke on the first board, found after it was written: the form starts from 4♠ N =.
    page.click("#tab-penalty")
    page.click("#pf-kind-revoke")
    assert page.inner_text("#pf-title") == f"Straf · Spel {first[1]}"  # the board last written
    page.click(f'[data-pf="board"][data-value="{first[0]}"]')
    assert page.inner_text("#pf-title") == f"Straf · Spel {first[0]}"
    spades = page.locator('[data-pf="strain"][data-value="S"]')
    assert spades.inner_text() == "♠" and spades.get_attribute("aria-checked") == "true"
    assert "4♠ N =" in page.inner_text("#pf-replaces")
    page.click('[data-pf="offender"][data-value="E"]')
    page.click("#pf-record")
    # the list as the server has it: board 1 voided, board 2, and board 1 again with the revoke
    page.wait_for_selector("#sheet tbody tr.row:not(.provisional) >> nth=2", timeout=SYNCED)
    rows = app.get_list(mine[1]["list_id"]).rows
    assert [(r["record"]["board"], bool(r["voided"])) for r in rows] == [
        (first[0], True),
        (first[1], False),
        (first[0], False),
    ]
    assert rows[2]["record"]["revokes"][0]["offender"] == "E"
    assert rows[2]["record"]["contract"] == {"level": 4, "strain": "S", "dbl": 0}

    # Submitted: the phone moves on to table 1's round 2 by itself, with no card scanned.
    submit_on_phone(page, "NS", "EW", then="#movement-note")
    second = mine[2]["boards"]
    page.wait_for_selector(f'#br-info[data-board="{second[0]}"]', timeout=SYNCED)
    assert page.inner_text("#movement-round").startswith(
        f"Ronde 2 · spellen {second[0]}–{second[1]}"
    )
    assert "OW paar" in page.inner_text("#movement-note")
    page.wait_for_selector('#pending[data-count="0"]', timeout=SYNCED)  # the pen taken
    page.wait_for_selector(".pen-mine")
    tap_board(page, 2, "H", "E", -1)
    page.wait_for_selector(f'#br-info[data-board="{second[1]}"]')
    tap_board(page, 1, "NT", "W", 0)
    submit_on_phone(page, "NS", "EW", then="#movement-note")
    page.wait_for_selector('#movement-note:has-text("laatste ronde")', timeout=SYNCED)
    assert app.get_list(mine[2]["list_id"]).submitted is not None

    # The other tables play through the application.
    for entry in lists:
        if entry["table"] == 1:
            continue
        for deal_no, board in enumerate(entry["boards"], 1):
            tricks = 9 + (entry["table"] + board) % 3
            record = {"board": board, "contract": {"level": 3, "strain": "NT"}, "declarer": "S"}
            args = {"deal_no": deal_no, "record": record | {"tricks": tricks}}
            app.handle(director(), Command("record_deal", entry["list_id"], args))

    # Two winners: North-South and East-West, each ranked on its own.
    page.goto(f"{base}/standings/{evening['competition_id']}?lang=nl")
    assert page.inner_text("#field-NS") == "Noord-Zuid"
    assert page.inner_text("#field-EW") == "Oost-West"
    for side in ("NS", "EW"):
        places = page.locator(f'table[data-field="{side}"] tbody tr td:first-child')
        assert places.all_inner_texts()[0] == "1" and places.count() == 3
    assert not errors, errors
    context.close()

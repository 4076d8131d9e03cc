"""The director's console without hand-typed JSON or silent points of no return (#16, items 18
and 22): a bridge board gets an artificial adjusted score per side from fields, with the rule
beside the decision; a mistaken enrolment is undone after a confirmation, and refused, naming
the rule, for a player who has a seat."""

from __future__ import annotations

from typing import Any

from flask import Flask

from backend.aggregates.actor import director
from backend.application import Command
from tests.api.conftest import bridge_pairs, four_spades_on_board_one

from .conftest import drawn_evening, log_in


def test_a_bridge_board_gets_a_split_artificial_score_from_fields_with_the_rule_beside_it(
    served: tuple[Flask, str], browser: Any
) -> None:
    web, base = served
    drawn = bridge_pairs(web)
    four_spades_on_board_one(web, drawn["lists"], [10, 11, 9])
    first = next(e for e in drawn["lists"] if 1 in e["boards"])
    page = browser.new_page(locale="en-GB", viewport={"width": 1200, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    log_in(page, base, f"#/l/{first['list_id']}/replay?deal=1")
    page.wait_for_selector("#ruling")
    decisions = page.eval_on_selector_all("#ruling-decision option", "os => os.map(o => o.value)")
    assert decisions == ["upheld", "assigned", "artificial", "voided"]
    # The assigned result starts from what was played: 4♠ by South, 10 tricks.
    page.select_option("#ruling-decision", "assigned")
    assert "Law 12C1" in page.inner_text("#ruling-rule")
    assert [
        page.input_value(f"#ruling-{f}") for f in ("level", "strain", "declarer", "tricks")
    ] == [
        "4",
        "S",
        "S",
        "10",
    ]
    # The artificial score: each side its mark, not mirrored (a split score), with B-D7 beside it.
    page.select_option("#ruling-decision", "artificial")
    rule = page.inner_text("#ruling-rule")
    assert "60 %" in rule and "B-D7" in rule and "split score" in rule
    assert page.input_value("#ruling-article") == "Bridge §A4, B-D7 (Law 12C2(a))"
    assert page.is_hidden("#ruling-level")
    page.select_option("#ruling-mark-ns", "AVG+")
    page.select_option("#ruling-mark-ew", "AVG")
    page.fill("#ruling-reason", "a card was missing from the board")
    page.click("#give-ruling")
    page.wait_for_selector('#step[data-event="RulingGiven"]')
    row = web.extensions["troef"].app.get_list(first["list_id"]).rows[0]
    assert row["record"]["adjusted"] == {"ns": "AVG+", "ew": "AVG"}
    picked = page.inner_text("#replay-deal option[selected]")
    assert picked == "Deal 1 · board 1: adjusted score NS AVG+, EW AVG"
    assert errors == []
    page.close()


def test_a_mistaken_enrolment_is_undone_after_a_confirmation_and_a_seated_player_stays(
    served: tuple[Flask, str], browser: Any
) -> None:
    web, base = served
    drawn = drawn_evening(web, "Zondagen", "wiezen-reglement-2019", ["An", "Bert", "Cor", "Dirk"])
    cid = drawn["competition_id"]
    app = web.extensions["troef"].app
    twice = app.handle(director("anna"), Command("enrol_player", cid, {"name": "Bert Twice"}))
    page = browser.new_page(locale="nl-NL", viewport={"width": 1000, "height": 800})
    asked: list[str] = []
    page.on("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    log_in(page, base, f"#/c/{cid}/players")
    page.wait_for_selector(f'[data-player="{twice}"]')

    seated = drawn["players"][1]
    row = page.locator("#players tbody tr", has=page.locator(f'[data-player="{seated}"]'))
    row.locator('[data-action="unenrol"]').click()
    refusal = row.locator(".error-box")
    refusal.wait_for()
    # the rule in Dutch beside the field (#16, items 22 and 27) ...
    rule = refusal.locator('li[data-field="player_id"]').inner_text()
    assert f"{seated} heeft een plaats op avond 1, die al geloot is" in rule
    assert "trek de speler in plaats daarvan terug" in rule and "withdraw" not in rule
    said = refusal.text_content() or ""  # ... and the server's English one tap away
    assert "player_id" in said and "has a seat in evening 1" in said and "withdraw" in said
    assert "Bert" in asked[-1] and "ongedaan" in asked[-1]

    row = page.locator("#players tbody tr", has=page.locator(f'[data-player="{twice}"]'))
    row.locator('[data-action="unenrol"]').click()
    page.wait_for_selector(
        "#players-note >> text=De inschrijving van Bert Twice is ongedaan gemaakt."
    )
    assert page.locator(f'[data-player="{twice}"]').count() == 0
    assert twice not in app.get_competition(cid).players
    assert page.locator("#players tbody tr").count() == 4
    page.close()

"""A whole wiezen Sunday at a table of five, recorded on a phone, part of it offline.

The dealer sits out at a table of five (ART 2) and the evening runs to 50 counted deals (Wiezen
TS); a pas rond does not count, the same dealer deals again and the next trick game counts
double (ART 9, W-D5, W-D6). The expected points come from the Python rules, not the app.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from flask import Flask

from backend.rules.games import score_record

from .conftest import drawn_evening, phone_at_table

# The screenshots in docs/ are refreshed only when asked (TROEF_SCREENSHOTS=1).
DOCS_SHOTS = Path(__file__).resolve().parents[1] / "docs" / "screenshots"
PLAYERS = ("An Peeters", "Bart Claes", "Chris Wouters", "Dirk Maes", "Els Janssens")
SEATS = 5
COUNTED = 50  # Wiezen TS: 50 deals at a five-player table
OFFLINE = range(20, 41)  # the rows recorded without network (a reload offline at row 31)
RELOAD_AT = 31
LIST_SHOT_AT = 12


def wiezen_evening(web: Flask, players: int = SEATS) -> dict[str, Any]:
    """A wiezen competition with ``players`` present and drawn at one table; its list and code."""
    drawn = drawn_evening(
        web, "Zondagen", "wiezen-reglement-2019", PLAYERS[:players], date="2026-11-29"
    )
    (table,) = drawn["lists"]
    return {"competition_id": drawn["competition_id"], "list_id": table["list_id"], **table}


@dataclass
class Deal:
    """One row as the table plays it; seats are counted from the dealer's left (1..4)."""

    game: str
    seats: tuple[int, ...] = ()
    tricks: int | None = None
    abondance: tuple[int, bool] | None = None
    miserie: dict[int, tuple[bool, int]] = field(default_factory=dict)  # offset: (open, tricks)


# Ten contracts, played five times over: 50 counted deals. A pas rond comes before four of
# them: alleen, troel (offline) and vraag/mee are doubled, solo slim is not (ART 9, W-D6).
CYCLE = [
    Deal("VRAAG", (1, 3), 9),
    Deal("VRAAG", (2, 4), 6),  # vraag/mee failed
    Deal("ALLEEN", (1,), 5),
    Deal("TROEL", (2, 3), 9),
    Deal("AB", (4,), 9, abondance=(9, False)),
    Deal("MIS", miserie={1: (False, 0), 3: (False, 2)}),  # two miseries, one failed
    Deal("VRAAG", (3, 4), 8),
    Deal("OMIS", miserie={2: (True, 0)}),
    Deal("AB", (1,), 9, abondance=(10, True)),  # abondance 10 in troef failed
    Deal("SOLOSLIM", (3,), 13),
]
PAS_ROND_BEFORE = {3, 10, 24, 41}  # counted deal numbers that follow a pas rond


def evening() -> list[Deal]:
    rows: list[Deal] = []
    for counted in range(1, COUNTED + 1):
        if counted in PAS_ROND_BEFORE:
            rows.append(Deal("PAS_ROND"))
        rows.append(CYCLE[(counted - 1) % len(CYCLE)])
    return rows


def seat(dealer: int, offset: int) -> int:
    return (dealer + offset - 1) % SEATS + 1


def facts_of(deal: Deal, dealer: int, after_pas_rond: bool) -> dict[str, Any]:
    """The facts the phone should send for ``deal``, worked out here without the app."""
    facts: dict[str, Any] = {"dealer": dealer, "sitting_out": dealer}
    if after_pas_rond:
        facts["after_pas_rond"] = True
    if deal.game == "PAS_ROND":
        return facts | {"contract": "PAS_ROND"}
    if deal.miserie:
        entries = [
            {"seat": seat(dealer, k), "open": o, "tricks": n} for k, (o, n) in deal.miserie.items()
        ]
        every_open = all(e["open"] for e in entries)
        return facts | {"contract": "OMIS" if every_open else "MIS", "miserie": entries}
    code = deal.game
    if deal.abondance:
        code = f"AB{deal.abondance[0]}{'T' if deal.abondance[1] else ''}"
    declarers = [seat(dealer, k) for k in deal.seats]
    return facts | {"contract": code, "declarers": declarers, "tricks": deal.tricks}


def tap(page: Any, name: str, value: Any) -> None:
    page.click(f'[data-field="{name}"][data-value="{value}"]')


def enter(page: Any, deal: Deal, dealer: int) -> None:
    """Tap the deal into the form, as few taps as the table needs."""
    tap(page, "contract", deal.game)
    if deal.abondance:
        number, in_troef = deal.abondance
        if number != 9:
            tap(page, "abondance", number)
        if in_troef:
            page.click("#wz-in-troef")
    for k, (is_open, tricks) in deal.miserie.items():
        s = seat(dealer, k)
        tap(page, "declarers", s)
        if is_open != (deal.game == "OMIS"):
            page.click(f'[data-open="{s}"]')
        if tricks:
            tap(page, f"mis-{s}", tricks)
    for k in deal.seats:
        tap(page, "declarers", seat(dealer, k))
    if deal.tricks is not None and deal.game not in ("SOLO", "SOLOSLIM"):
        tap(page, "tricks", deal.tricks)


def sheet_totals(page: Any) -> dict[str, int]:
    """The totals row of the list on the phone, per seat."""
    cells = page.locator("tfoot td[data-seat]")
    seats = cells.evaluate_all("cells => cells.map(c => c.dataset.seat)")
    return {s: int(v) for s, v in zip(seats, cells.all_inner_texts(), strict=True)}


def test_a_whole_evening_at_a_table_of_five_reaches_the_server_once_with_the_lists_totals(
    served: tuple[Flask, str], browser: Any, tmp_path: Path
) -> None:
    shots = DOCS_SHOTS if os.environ.get("TROEF_SCREENSHOTS") else tmp_path
    shots.mkdir(parents=True, exist_ok=True)
    web, base = served
    table = wiezen_evening(web)
    context, page, errors = phone_at_table(browser, base, table["code"], "nl-BE")
    # the app may open on the list when it drew it before the pen came back: go to the entry
    page.click("#tab-entry")

    sent: list[dict[str, Any]] = []
    dealer, pending_pas_rond, counted = 1, False, 0
    for n, deal in enumerate(evening(), start=1):
        page.wait_for_selector(f'#entry-title[data-deal="{n}"]')
        if n == LIST_SHOT_AT:
            # the list as on paper so far: a pas rond, a doubled deal, troel, two miseries
            page.wait_for_selector('#pending[data-count="0"]', timeout=20_000)
            page.click("#tab-sheet")
            page.wait_for_selector(f"tr.row:not(.provisional) >> nth={n - 2}")
            assert page.evaluate("document.documentElement.scrollWidth") <= 360
            page.screenshot(path=str(shots / "wiezen-list.png"), full_page=True)
            page.click("#tab-entry")
            page.wait_for_selector(f'#entry-title[data-deal="{n}"]')
        if n == OFFLINE.start:
            page.wait_for_selector('#pending[data-count="0"]', timeout=20_000)
            context.set_offline(True)
        if n == RELOAD_AT:
            # the phone is restarted offline: the outbox alone says whose deal it is
            response = page.reload()
            assert response is not None and response.from_service_worker
            page.wait_for_selector(f'#entry-title[data-deal="{n}"]')
        if n == OFFLINE.stop:
            # the provisional list (a doubled deal after a pas rond among it) is what the
            # server makes of it
            page.click("#tab-sheet")
            page.wait_for_selector(f"tr.provisional >> nth={len(OFFLINE) - 1}")
            offline_totals = sheet_totals(page)
            context.set_offline(False)
            page.wait_for_selector('#pending[data-count="0"]', timeout=20_000)
            page.wait_for_selector(f"tr.row:not(.provisional) >> nth={n - 2}")
            assert page.locator("tr.provisional").count() == 0
            assert sheet_totals(page) == offline_totals
            page.click("#tab-entry")
            page.wait_for_selector(f'#entry-title[data-deal="{n}"]')
        # the dealer moves on by itself and sits out; the form counts the counted deals
        page.wait_for_selector(
            f'#wz-count[data-counted="{counted}"] ~ #wz-dealer[data-seat="{dealer}"]'
            f' #wz-out[data-seat="{dealer}"]'
        )
        assert page.locator("#wz-doubled").count() == (1 if pending_pas_rond else 0)

        if n == 1:
            # with a keyboard: the pressed button keeps the focus when the form is redrawn
            page.focus('[data-field="contract"][data-value="VRAAG"]')
            page.keyboard.press("Enter")
            focused = "[document.activeElement.dataset.value, document.activeElement.ariaChecked]"
            assert page.evaluate(focused) == ["VRAAG", "true"]
        if deal.game == "MIS" and n > 40:
            # validation as you type, in the player's language, before the form is complete
            tap(page, "contract", "VRAAG")
            tap(page, "declarers", seat(dealer, 1))
            page.wait_for_selector('#preview .error[data-field="declarers"]')
            assert page.inner_text("#preview") == "Wie speelt: kies 2 spelers (nu 1)"
            tap(page, "declarers", seat(dealer, 1))
            assert page.evaluate("document.documentElement.scrollWidth") <= 360
        enter(page, deal, dealer)
        if deal.game != "PAS_ROND":
            assert page.is_disabled(f'[data-field="declarers"][data-value="{dealer}"]')
        if deal.game == "MIS" and n > 40:
            page.wait_for_selector("#preview .ok")
            assert page.evaluate("document.documentElement.scrollWidth") <= 360
            smallest = page.evaluate(
                "Math.min(...[...document.querySelectorAll('.wz button')].flatMap(b => {"
                " const r = b.getBoundingClientRect(); return [r.width, r.height]; }))"
            )
            assert smallest >= 44  # every target fits a thumb
            page.screenshot(path=str(shots / "wiezen-entry.png"), full_page=True)
        page.click("#record")
        if n in OFFLINE:
            page.wait_for_selector(f'#pending[data-count="{n - OFFLINE.start + 1}"]')

        sent.append(facts_of(deal, dealer, pending_pas_rond))
        if deal.game == "PAS_ROND":
            pending_pas_rond = True
        else:
            pending_pas_rond, counted = False, counted + 1
            dealer = dealer % SEATS + 1

    rows = len(sent)
    assert counted == COUNTED and rows == COUNTED + len(PAS_ROND_BEFORE)
    page.wait_for_selector(f'#entry-title[data-deal="{rows + 1}"]')
    assert page.get_attribute("#wz-count", "data-counted") == str(COUNTED)
    assert page.locator("#wz-complete").count() == 1  # the evening's 50 counted deals are in
    tap(page, "contract", "SOLO")
    assert page.is_disabled("#record")
    page.wait_for_selector('#pending[data-count="0"]', timeout=20_000)
    page.click("#tab-sheet")
    page.wait_for_selector(f"tr.row:not(.provisional) >> nth={rows - 1}")
    assert page.locator("tr.provisional").count() == 0
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    app_totals = sheet_totals(page)

    # The server has every row once, as the phone meant it, and each deal sums to zero.
    app = web.extensions["troef"].app
    server_list = app.get_list(table["list_id"])
    assert [row["deal_no"] for row in server_list.rows] == list(range(1, rows + 1))
    expected = {str(s): 0 for s in range(1, SEATS + 1)}
    seats = {str(s): f"p{s}" for s in range(1, SEATS + 1)}
    for row, facts in zip(server_list.rows, sent, strict=True):
        record = {"format": 1, "game": "wiezen", "seats": seats, **facts}
        assert {k: row["record"].get(k) for k in facts} == facts, row["deal_no"]
        points = score_record(record).as_dict()["points"]
        assert row["score"]["points"] == points, (row["deal_no"], facts)
        assert sum(points.values()) == 0
        assert points[str(facts["dealer"])] == 0  # the dealer sat out
        for s, p in points.items():
            expected[s] += p
    markers = {m for row in server_list.rows for m in row["score"]["markers"]}
    assert {"failed", "made", "troel", "after_pas_rond", "pas_rond"} <= markers
    contracts = {row["score"]["contract"] for row in server_list.rows}
    assert {"PAS_ROND", "TROEL", "MIS", "OMIS", "AB9", "AB10T", "SOLOSLIM", "VRAAG"} <= contracts

    # The list on the phone, the server's list over HTTP and the rules agree on the totals.
    client = web.test_client()
    token = client.post("/api/join", json={"code": table["code"], "client_id": "dev-check"})
    auth = {"Authorization": f"Bearer {token.json['token']}"}
    sheet = client.get(f"/api/lists/{table['list_id']}", headers=auth).json
    assert sheet["counted_deals"] == COUNTED == sheet["planned_deals"]
    assert sheet["totals"] == expected
    assert app_totals == expected
    assert sum(expected.values()) == 0

    # Fetches failing while offline are expected; anything else (a CSP refusal) is not.
    assert not [e for e in errors if "ERR_INTERNET_DISCONNECTED" not in e], errors
    context.close()

"""A bridge pairs evening: two tables record their round's boards in the table app, the rest
of the Mitchell is played through the application, and the travellers and the evening's
results the director sees agree with matchpoints worked out here from the boards alone."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from flask import Flask

from backend.application import Command
from backend.demo.tables import Phone
from backend.rules.bridge import board_info

from .conftest import drawn_evening

DOCS_SHOTS = Path(__file__).resolve().parents[1] / "docs" / "screenshots"
PAIRS = [
    "Jansen – de Vries",
    "Peeters – Maes",
    "Bakker – Visser",
    "Smit – Mulder",
    "Claes – Wouters",
    "Meijer – de Boer",
]
# Each board's result in rounds 1, 2 and 3 ("level strain[X|XX] declarer tricks" or "pass"),
# with the NS score worked out by hand from the score table (§B1-B6).
RESULTS: dict[int, list[tuple[str, int]]] = {
    1: [("4S N 10", 420), ("4S N 10", 420), ("3NT S 9", 400)],
    2: [("3NTX E 7", 300), ("2H N 8", 110), ("pass", 0)],
    3: [("pass", 0), ("1NT W 7", -90), ("2S E 7", 100)],
    4: [("6H S 12", 1430), ("4H S 11", 650), ("6H S 11", -100)],
    5: [("3C W 9", -110), ("3NT N 8", -100), ("5CX W 9", 300)],
    6: [("1NT N 7", 90), ("1NT N 8", 120), ("2SXX E 8", -840)],
    7: [("4S E 10", -620), ("4S E 9", 100), ("4S E 11", -650)],
    8: [("2D S 8", 90), ("3D S 9", 110), ("pass", 0)],
    9: [("7NT N 13", 1520), ("6NT N 12", 990), ("6NT N 13", 1020)],
}
# The entry's buttons narrower or lower than 44 px (WCAG target size), as "label WxH".
SMALL_TARGETS = """[...document.querySelectorAll('.br button')]
  .map((b) => [b.textContent, b.getBoundingClientRect()])
  .filter(([, r]) => r.width < 44 || r.height < 44)
  .map(([text, r]) => `${text} ${r.width.toFixed(1)}x${r.height.toFixed(1)}`)"""
CONTRACT = re.compile(r"^(\d)(C|D|H|S|NT)(X{0,2}) ([NESW]) (\d+)$")
# Table 1 writes down the opening lead of its second board: the king of hearts, "♥H" in Dutch.
LEAD = ("H", "K", "♥H")


def facts_of(result: str, board: int) -> dict[str, Any]:
    """The board's record as the application takes it."""
    if result == "pass":
        return {"board": board, "contract": None}
    found = CONTRACT.match(result)
    assert found, result
    level, strain, dbl, declarer, tricks = found.groups()
    contract = {"level": int(level), "strain": strain, "dbl": len(dbl)}
    return {"board": board, "contract": contract, "declarer": declarer, "tricks": int(tricks)}


def traveller_contract(result: str) -> str:
    """The contract as the traveller writes it: "3NTx", "passed"."""
    if result == "pass":
        return "passed"
    level, strain, dbl = result.split()[0].partition("X")[0], "", result.count("X")
    return f"{level}{strain}{'x' * dbl}"


def bridge_evening(web: Flask) -> dict[str, Any]:
    """Six pairs drawn into a three-table Mitchell (three rounds of three boards)."""
    drawn = drawn_evening(web, "Donderdagdrive", "bridge-nbb-1930", PAIRS)
    names = dict(zip(drawn["players"], PAIRS, strict=True))
    return {"competition_id": drawn["competition_id"], "lists": drawn["lists"], "names": names}


def enter_board(page: Any, board: int, result: str, *, by_tricks: bool = False) -> None:
    """Tap one board's result into the open entry form (the board is already chosen)."""
    if result == "pass":
        page.click('[data-field="passed"]')
        return
    facts = facts_of(result, board)
    contract = facts["contract"]
    page.click(f'[data-field="level"][data-value="{contract["level"]}"]')
    page.click(f'[data-field="strain"][data-value="{contract["strain"]}"]')
    if contract["dbl"]:
        page.click(f'[data-field="dbl{contract["dbl"]}"]')
    page.click(f'[data-field="declarer"][data-value="{facts["declarer"]}"]')
    if by_tricks:
        page.click('[data-field="mode"][data-value="tricks"]')
        page.click(f'[data-field="tricks"][data-value="{facts["tricks"]}"]')
    else:
        over = facts["tricks"] - contract["level"] - 6
        page.click(f'[data-field="over"][data-value="{over}"]')


def preview_ns(page: Any) -> int:
    """The NS score the app shows before the board is sent (the rules port's, provisional)."""
    shown = page.locator("#br-score")
    text = shown.inner_text().replace("−", "-")
    found = re.match(r"NS ([-+]?\d+) · EW ([-+]?\d+)", text)
    assert found, text
    ns, ew = int(found.group(1)), int(found.group(2))
    assert ew == -ns and int(shown.get_attribute("data-ns") or "") == ns
    return ns


def play_round_on_phone(
    page: Any, entry: dict[str, Any], order: list[int], shots: Path | None, offline: bool = False
) -> dict[int, int]:
    """Record the table's boards in ``order``; return each board's previewed NS score.

    A board the app does not offer next is chosen from the round's boards; after it the app
    offers the first board of the round that is not on the list (sent or not).
    """
    shown: dict[int, int] = {}
    for i, board in enumerate(order):
        offered = next(b for b in entry["boards"] if b not in shown)
        page.wait_for_selector(f'#br-info[data-board="{offered}"]')
        if board != offered:
            page.click(f'[data-field="board"][data-value="{board}"]')
        info = page.locator(f'#br-info[data-board="{board}"]')
        dealer, vulnerable = board_info(board)
        assert info.get_attribute("data-dealer") == dealer
        assert info.get_attribute("data-vulnerable") == vulnerable
        assert f" {dealer}" in info.inner_text()
        result = RESULTS[board][entry["round"] - 1][0]
        enter_board(page, board, result, by_tricks=entry["table"] == 2 and i == 1)
        if entry["table"] == 1 and i == 1:
            toggle = page.locator("#br-lead-toggle")
            assert toggle.get_attribute("aria-expanded") == "false"  # folded: no tap unless used
            toggle.click()
            page.click(f'[data-field="lead-suit"][data-value="{LEAD[0]}"]')
            page.click(f'[data-field="lead-rank"][data-value="{LEAD[1]}"]')
            assert LEAD[2] in page.inner_text("#br-summary")
        shown[board] = preview_ns(page)
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        small = page.evaluate(SMALL_TARGETS)
        assert not small, small
        if shots is not None and i == 1:
            page.screenshot(path=str(shots / "bridge-entry.png"), full_page=True)
        page.click("#record")
        page.wait_for_selector(f'#br-info:not([data-board="{board}"])')
        page.wait_for_selector(f'#pending[data-count="{i + 1 if offline else 0}"]', timeout=20_000)
    page.wait_for_selector("#br-info:not([data-board])")
    return shown


def phone_contract(result: str) -> str:
    """A result as the phone's list writes it: \"4♠ N =\" (Dutch: SA for no trumps)."""
    level, strain, dbl, declarer, tricks = CONTRACT.match(result).groups()  # type: ignore[union-attr]
    over = int(tricks) - int(level) - 6
    made = "=" if over == 0 else f"+{over}" if over > 0 else f"−{-over}"
    sign = {"C": "♣", "D": "♦", "H": "♥", "S": "♠", "NT": "SA"}[strain]
    return f"{level}{sign}{'×' * len(dbl)} {declarer} {made}"


def matchpoints(scores: list[int]) -> list[int]:
    """NS matchpoints in centi-MP: 2 for every score beaten, 1 for every tie (§B7)."""
    return [
        100 * sum(2 if s > other else 1 if s == other else 0 for other in scores) - 100
        for s in scores
    ]


def test_two_tables_record_their_round_and_the_travellers_agree(
    served: tuple[Flask, str], browser: Any, tmp_path: Path
) -> None:
    shots = DOCS_SHOTS if os.environ.get("TROEF_SCREENSHOTS") else tmp_path
    shots.mkdir(parents=True, exist_ok=True)
    web, base = served
    app = web.extensions["troef"].app
    evening = bridge_evening(web)
    lists = sorted(evening["lists"], key=lambda e: (e["round"], e["table"]))
    assert len(lists) == 9 and all(len(e["boards"]) == 3 for e in lists)
    on_phones = [e for e in lists if e["round"] == 1 and e["table"] in (1, 2)]

    errors: list[str] = []
    contexts, pages = [], []
    for entry, locale in zip(on_phones, ("nl-NL", "de-DE"), strict=True):
        context = browser.new_context(viewport={"width": 360, "height": 640}, locale=locale)
        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.goto(f"{base}/t/{entry['code']}")
        page.click("button[type=submit]")
        page.wait_for_selector(".pen-mine")
        contexts.append(context)
        pages.append(page)

    # Validation as you type, in the player's language: a contract without a declarer.
    first = pages[0]  # a Dutch phone
    first.click('[data-field="level"][data-value="2"]')
    first.click('[data-field="strain"][data-value="H"]')
    error = first.locator('#preview .error[data-field="declarer"]')
    assert error.inner_text() == "Leider: vul dit nog in"
    first.click('[data-field="passed"]')
    first.click('[data-field="passed"]')  # and back: the pad keeps 2♥ for the next taps

    # Table 1 plays its boards in order, online; table 2 offline, starting with its last
    # board, and syncs when the network is back.
    shown: dict[str, dict[int, int]] = {}
    table1, table2 = on_phones
    shown[table1["list_id"]] = play_round_on_phone(pages[0], table1, table1["boards"], shots)
    pages[0].wait_for_selector('#pending[data-count="0"]', timeout=20_000)
    # A board already on the list is refused as the server would, and nothing is sent.
    done = table1["boards"][0]
    pages[0].click(f'[data-field="board"][data-value="{done}"]')
    pages[0].click("#record")
    refused = pages[0].locator('#preview .error[data-field="board"]')
    assert f"spel {done} staat al op de lijst" in refused.inner_text()
    assert pages[0].get_attribute("#pending", "data-count") == "0"
    contexts[1].set_offline(True)
    order = [table2["boards"][2], table2["boards"][0], table2["boards"][1]]
    shown[table2["list_id"]] = play_round_on_phone(pages[1], table2, order, None, offline=True)
    assert pages[1].get_attribute("#pending", "data-count") == "3"
    assert app.get_list(table2["list_id"]).rows == []
    contexts[1].set_offline(False)
    pages[1].wait_for_selector('#pending[data-count="0"]', timeout=20_000)

    # Every board of the phones' rounds is on the server once, with the score the app showed.
    for entry, played in ((table1, table1["boards"]), (table2, order)):
        server = app.get_list(entry["list_id"])
        assert [row["record"]["board"] for row in server.rows] == played
        for row in server.rows:
            board = row["record"]["board"]
            led = entry is table1 and board == table1["boards"][1]
            assert row["record"].get("lead") == ("".join(LEAD[:2]) if led else None)
            assert row["score"]["score"] == shown[entry["list_id"]][board]
            assert row["score"]["score"] == RESULTS[board][0][1]

    # The list on the phone, confirmed by the server: a row per board (its number and its
    # contract), and no matchpoints yet: no other table has played these boards.
    page = pages[0]
    page.click("#tab-sheet")
    page.wait_for_selector("tr.row:not(.provisional) >> nth=2")
    assert page.locator("tr.provisional").count() == 0
    rows = page.locator("#sheet tbody tr.row")
    assert rows.locator("th").all_inner_texts() == [str(b) for b in table1["boards"]]
    first_result = RESULTS[table1["boards"][0]][0][0]
    contract = page.locator("#sheet tr.what-row .what").nth(0).inner_text()
    assert contract == phone_contract(first_result)
    assert page.locator("#sheet-mp td[data-seat]").all_inner_texts() == ["–", "–"]
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.screenshot(path=str(shots / "bridge-list.png"), full_page=True)

    # The other tables play through the application, each from its own device.
    for entry in lists:
        if entry in on_phones:
            continue
        device = Phone(f"table-{entry['round']}-{entry['table']}")
        app.handle(device(), Command("join", entry["list_id"]))
        for deal_no, board in enumerate(entry["boards"], start=1):
            result = RESULTS[board][entry["round"] - 1][0]
            app.handle(
                device(),
                Command(
                    "record_deal",
                    entry["list_id"],
                    {"deal_no": deal_no, "record": facts_of(result, board)},
                ),
            )

    client = web.test_client()
    cid = evening["competition_id"]
    travellers = client.get(f"/api/competitions/{cid}/evenings/1/travellers").json
    assert [b["board"] for b in travellers["boards"]] == list(range(1, 10))
    table_of = {e["list_id"]: e for e in lists}
    tally: dict[str, list[int]] = {}
    for board in travellers["boards"]:
        rows = board["results"]
        assert len(rows) == 3 and board["top"] == 400
        # Each board once per round, at three different tables.
        assert sorted(table_of[r["list_id"]]["round"] for r in rows) == [1, 2, 3]
        by_round = {table_of[r["list_id"]]["round"]: r for r in rows}
        expected_scores = [score for _, score in RESULTS[board["board"]]]
        expected_mp = matchpoints(expected_scores)
        for rnd, (result, score) in enumerate(RESULTS[board["board"]], start=1):
            row = by_round[rnd]
            entry = table_of[row["list_id"]]
            assert row["score"] == score
            assert row["ns_mp"] == expected_mp[rnd - 1]
            assert row["ew_mp"] == 400 - expected_mp[rnd - 1]
            assert row["table"] == entry["table"]
            assert row["ns"]["player_id"] == entry["seats"]["NS"]
            assert row["contract"] == traveller_contract(result)
            led = row["list_id"] == table1["list_id"] and board["board"] == table1["boards"][1]
            assert row["lead"] == ("".join(LEAD[:2]) if led else None)
            for pair, mp in (
                (entry["seats"]["NS"], row["ns_mp"]),
                (entry["seats"]["EW"], row["ew_mp"]),
            ):
                tally.setdefault(pair, []).append(mp)

    results = client.get(f"/api/competitions/{cid}/evenings/1/results").json
    assert results["provisional"] is True
    got = {r["player_id"]: r["points"] for r in results["results"]}
    assert set(got) == set(evening["names"])
    for pair, mps in tally.items():
        assert len(mps) == 9
        # Session % in hundredths: Σ MP / Σ top, rounded half up (§B7).
        assert got[pair] == (sum(mps) * 10000 * 2 + 400 * 9) // (2 * 400 * 9), pair

    # Every board has been played three times now: after a sync the phone shows each board's
    # percentage for NS, as the travellers have it, and the session so far.
    page.click("#sync-now")
    page.locator('#sheet-mp td[data-seat="NS"]', has_not_text="–").wait_for()
    by_board = {b["board"]: b for b in travellers["boards"]}
    own = [
        next(r for r in by_board[board]["results"] if r["list_id"] == table1["list_id"])
        for board in table1["boards"]
    ]
    shown_pct = page.locator("#sheet tbody tr.row td:nth-child(2) .run").all_inner_texts()
    assert shown_pct == [f"{r['ns_pct'] / 100:.2f} %".replace(".", ",") for r in own]

    # Fetches failing while offline are expected; anything else (a CSP refusal) is not.
    assert not [e for e in errors if "ERR_INTERNET_DISCONNECTED" not in e], errors
    for context in contexts:
        context.close()

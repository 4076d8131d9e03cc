"""A trick in four taps on an old phone: the table app's play mode under CPU throttling.

Measured the way :mod:`bench.phone` measures the forms: a 360×640 phone (nl-BE) that joined
a wiezen, klaverjas or schafkopf table in play mode (``--game``), Chrome's
``Emulation.setCPUThrottlingRate`` at each rate, and a tap is ``page.click`` on a card and
then the first frame with the card on the table (a ``MutationObserver`` set up before the
click waits for ``#play[data-played="n"]``, then ``requestAnimationFrame`` and a task). The
hands are dealt and the play started untimed (klaverjas: the forced player's trump;
schafkopf: a Herz-Solo of seat 1 over three 'weiter'); then every card (52, or 32) is tapped,
each the first card the app offers (a legal one) for the seat whose turn it is, while the
phone syncs in the background as it does at a table. The baseline is a click on a button
that does nothing and the next frame (``bench.phone``'s), so "app's own" is a tap's median
less the baseline's.

``python -m bench.play_tap [--rates 1 4] [--game wiezen|klaverjas|schafkopf]``
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path
from typing import Any

from backend import instance
from backend.aggregates.actor import director
from backend.api import create_app
from backend.api.auth import join_code
from backend.api.local_server import local_server
from backend.application import Command

from .common import workdir
from .phone import ARGS, CHROMIUM, FRAME, NOOP, READY

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
DECK = [suit + rank for suit in "SHDC" for rank in RANKS]
# Per game: the rule set, the deck, the seats whose cards are tapped (the last gets the rest).
GAMES = {
    "wiezen": ("wiezen-reglement-2019", DECK, "123"),
    "klaverjas": (
        "klaverjas-amsterdams",
        [s + r for s in "SHDC" for r in ("A", "10", "K", "Q", "J", "9", "8", "7")],
        "NES",
    ),
    "schafkopf": (
        "schafkopf-tsv-lengfeld",
        [s + r for s in "EGHS" for r in ("A", "10", "K", "O", "U", "9", "8", "7")],
        "123",
    ),
}


def table_in_play_mode(web: Any, game: str = "wiezen") -> str:
    """An evening of four of ``game``, its list switched to play mode; the table card's code."""
    app, boss = web.extensions["troef"].app, director("anna")
    rules = GAMES[game][0]
    cid = app.handle(
        boss, Command("create_competition", None, {"name": f"Bench {game}", "rules": rules})
    )
    ids = [app.handle(boss, Command("enrol_player", cid, {"name": f"P{i}"})) for i in range(4)]
    app.handle(boss, Command("schedule_evening", cid, {"date": "2026-11-29"}))
    for pid in ids:
        args = {"evening": 1, "player_id": pid, "status": "present"}
        app.handle(boss, Command("record_attendance", cid, args))
    drawn = app.handle(boss, Command("draw_seating", cid, {"evening": 1, "seed": "1"}))
    list_id = drawn["lists"][0]["list_id"]
    app.handle(boss, Command("set_play_mode", list_id, {"on": True}))
    with web.app_context():
        return str(join_code(list_id))


def tap(page: Any, selector: str, ready: str | None) -> float:
    """Click and wait for the next frame (with ``ready`` in the page first); seconds."""
    if ready:
        page.evaluate(READY, ready)
    start = time.perf_counter()
    page.click(selector)
    if ready:
        page.evaluate("() => window.benchReady")
    else:
        page.evaluate(FRAME)
    return time.perf_counter() - start


def measure(
    browser: Any, base: str, code: str, rate: int, game: str = "wiezen"
) -> dict[str, list[float]]:
    context = browser.new_context(viewport={"width": 360, "height": 640}, locale="nl-BE")
    page = context.new_page()
    page.goto(f"{base}/t/{code}")
    page.click("button[type=submit]")
    page.wait_for_selector(".pen-mine")
    page.wait_for_selector('#pending[data-count="0"]')
    page.reload()
    page.wait_for_selector("#tab-play", timeout=30_000)
    page.click("#tab-play")
    _, deck, seats = GAMES[game]
    for i, seat in enumerate(seats):
        page.click(f'#deal-seat [data-value="{seat}"]')
        for card in deck[i::4]:
            page.click(f'.pl-grid [data-card="{card}"]')
    if game == "schafkopf":
        page.click('#deal-announce [data-bid="SOLO-H"]')
        for _ in range(3):
            page.click('#deal-announce [data-bid="weiter"]')
    page.click("#play-start")
    if game == "wiezen":
        page.click("#to-play")
    page.wait_for_selector('#play[data-played="0"]')
    page.evaluate(NOOP)
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    out: dict[str, list[float]] = {"card": [], "baseline": []}
    for n in range(1, len(deck) + 1):
        out["baseline"].append(tap(page, "#bench-noop", None))
        card = page.locator("#hand .pc:not(.grey)").first.get_attribute("data-card")
        out["card"].append(tap(page, f'#hand [data-card="{card}"]', f'#play[data-played="{n}"]'))
    context.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rates", type=int, nargs="+", default=[1, 4])
    parser.add_argument("--game", choices=list(GAMES), default="wiezen")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with workdir() as tmp:
        folder = Path(tmp) / "club"
        instance.init(folder, "Bench", "anna", "geheim-genoeg")
        web = create_app({"TROEF_INSTANCE": str(folder), "TROEF_WORKER": False})
        with local_server(web) as base, sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
            print(
                "| CPU rate | card tap median ms | p90 ms | max ms | baseline ms | app's own ms |"
            )
            print("|---|---|---|---|---|---|")
            for rate in args.rates:
                code = table_in_play_mode(web, args.game)
                got = measure(browser, base, code, rate, args.game)
                cards, base_ms = sorted(got["card"]), statistics.median(got["baseline"])
                med = statistics.median(cards)
                p90 = cards[int(len(cards) * 0.9) - 1]
                print(
                    f"| {rate}× | {med * 1000:.1f} | {p90 * 1000:.1f} | {cards[-1] * 1000:.1f} "
                    f"| {base_ms * 1000:.1f} | {(med - base_ms) * 1000:.1f} |"
                )
            browser.close()
        web.extensions["troef"].close()


if __name__ == "__main__":
    main()

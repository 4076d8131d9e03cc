"""An old phone at the table: the table app's taps under Chrome's CPU throttling.

A player enters the deals on a phone a few years old, whose CPU is several times slower
than the machine this runs on. Chrome DevTools slows the page's CPU down by a rate
(``Emulation.setCPUThrottlingRate``: 1 is the machine as it is, 4 and 6 a slow phone) and
the benchmark times, on a 360×640 phone (locale nl-BE) that joined its table with the code
of the table card, every step a player takes:

- **wiezen** (``wiezen-reglement-2019``, four players): a list that already holds
  ``WIEZEN_HELD`` deals recorded on the server; per deal the contract tap (vraag/mee), each
  declarer tap, the tricks tap, and "record → the next deal's form is ready"; between two
  deals, opening the list tab (its rows shown) and going back to the form.
- **klaverjas** (``klaverjas-amsterdams``, N/E/S/W): a list holding ``KLAVERJAS_HELD`` deals;
  per deal typing the card points (``#kj-points``; the playing pair, left of the dealer, is
  preselected), the trump tap, and record → next form; the list tab and back as above.

Every rate has its own phone and list (a fresh competition with the same deals held), so
every rate starts from the same list; each phone first plays one untimed deal at its rate,
then the timed deals are played in rounds (deal k on every phone, the order rotated), so a
change in the machine's load hits every rate alike. A tap is
``page.click`` (typing: ``page.fill``) and then the next frame (``requestAnimationFrame``,
then a task): what the player sees change. A step that waits for the app (record, the tabs)
is the click and then the first frame with its result in the page, seen by a
``MutationObserver`` set up before the click (Playwright's own waits poll at widening
intervals, up to 500 ms apart, which would round the times up). After each deal the
benchmark waits, untimed, until the phone has synced it (``#pending[data-count="0"]``), as
a table does between two deals.

Each step also reads the page's main-thread busy time before and after it (DevTools'
``Performance.getMetrics``, ``TaskDuration``; throttled, so at rate 6 a task takes about
six times its unthrottled time): what the slow CPU spends on the step, without Playwright's
round trips and the waits for a frame, though with its checks in the page. It is kept in the
``cpu`` list of each :class:`~bench.common.Series` (not this process's CPU time).

**Baseline**, in the same page at the same rate: a click on a button that does nothing
(added by ``page.evaluate``, with an empty click listener) and then the next frame, as the
taps are; for typing, ``page.fill`` of a number field that does nothing. It is Playwright's
own round trip, its checks that the element can be clicked, the browser's input handling
and a frame, which every timed step holds: "app's own" is a step's median minus the
baseline's median.

``python -m bench.phone [--quick] [--out FILE]``
"""

from __future__ import annotations

import argparse
import os
import shutil
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from flask import Flask

from backend import instance
from backend.aggregates.actor import director
from backend.api import create_app
from backend.api.auth import join_code
from backend.api.local_server import local_server
from backend.application import Command

from .common import Series, load_average, ms, publish, ratio, table, timed, workdir

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
RATES = (1, 4, 6)
WIEZEN_HELD = 30  # deals on the list before the phone joins (a list holds 40 at four players)
KLAVERJAS_HELD = 4  # of a partij of 16
DEALS = 8  # timed deals per rate (full run); at most 9 fit on the wiezen list
QUICK_DEALS = 2
BASELINE_CLICKS = 4  # baseline clicks before every timed deal
FRAME = "() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)))"
NOOP = """() => {
  const style = "position:fixed;right:0;bottom:0;width:40px;height:40px;z-index:9999";
  const button = document.createElement("button");
  button.type = "button";
  button.id = "bench-noop";
  button.textContent = "·";
  button.style.cssText = style;
  button.addEventListener("click", () => {});
  const input = document.createElement("input");
  input.type = "number";
  input.id = "bench-noop-input";
  input.style.cssText = style.replace("right:0", "right:40px");
  input.addEventListener("input", () => {});
  document.body.append(button, input);
}"""
# Resolves ``window.benchReady`` at the first frame after ``selector`` is in the page. Set up
# before the action, awaited after it: the page itself sees the change (a MutationObserver),
# where Playwright's own waits poll at widening intervals (20, 50, 100, 100, 500 ms).
READY = """(selector) => {
  window.benchReady = new Promise((resolve, reject) => {
    if (document.querySelector(selector)) {
      reject(new Error(`already in the page: ${selector}`));
      return;
    }
    const timer = setTimeout(() => {
      seen.disconnect();
      reject(new Error(`not in the page after 30 s: ${selector}`));
    }, 30000);
    const seen = new MutationObserver(() => {
      if (!document.querySelector(selector)) return;
      seen.disconnect();
      clearTimeout(timer);
      requestAnimationFrame(() => setTimeout(resolve, 0));
    });
    seen.observe(document.documentElement, { subtree: true, childList: true });
  });
  window.benchReady.catch(() => {});
}"""
STEPS = {  # step: (what the player does, the baseline it is compared with)
    "wiezen": [
        ("contract", "tap the contract (vraag/mee)", "click"),
        ("declarer", "tap a declarer", "click"),
        ("tricks", "tap the tricks (9)", "click"),
        ("record", "record → next form ready", "click"),
        ("sheet", "open the list tab (rows shown)", "click"),
        ("entry", "back to the form", "click"),
    ],
    "klaverjas": [
        ("points", "type the card points (97)", "typing"),
        ("trump", "tap the trump (♥)", "click"),
        ("record", "record → next form ready", "click"),
        ("sheet", "open the list tab (rows shown)", "click"),
        ("entry", "back to the form", "click"),
    ],
}


class AppBroke(RuntimeError):
    """The app showed a script error or did not advance: the benchmark stops and says so."""


@dataclass
class Rated:
    """What one page measured at one throttling rate."""

    rate: int
    baseline: Series = field(default_factory=lambda: Series("baseline click"))
    typing: Series = field(default_factory=lambda: Series("baseline typing"))
    steps: dict[str, Series] = field(default_factory=dict)
    list_rows: int = 0

    def step(self, name: str) -> Series:
        return self.steps.setdefault(name, Series(name))

    def base(self, kind: str) -> Series:
        return self.typing if kind == "typing" else self.baseline


@dataclass
class PhoneResult:
    deals: int
    games: dict[str, list[Rated]] = field(default_factory=dict)
    load: tuple[str, str] = ("", "")
    total_seconds: float = 0.0


# --- the server and the lists ---------------------------------------------------------------


@contextmanager
def served(folder: Path) -> Iterator[tuple[Flask, str]]:
    """The web app on a fresh instance, served by waitress in a thread; (app, base URL)."""
    instance.init(folder / "club", "De Troef", "anna", "geheim-genoeg")
    web = create_app({"TROEF_INSTANCE": str(folder / "club"), "TROEF_WORKER": False})
    try:
        with local_server(web) as base:
            yield web, base
    finally:
        web.extensions["troef"].close()


def drawn_list(web: Flask, name: str, rules: str, players: list[str]) -> dict[str, Any]:
    """A competition of ``rules`` whose first evening has ``players`` drawn at one table;
    the first list of the draw, with the join code of its table card (``code``)."""
    app = web.extensions["troef"].app
    boss = director("anna")
    cid = app.handle(boss, Command("create_competition", None, {"name": name, "rules": rules}))
    ids = [app.handle(boss, Command("enrol_player", cid, {"name": player})) for player in players]
    app.handle(boss, Command("schedule_evening", cid, {"date": "2026-11-30"}))
    for pid in ids:
        app.handle(
            boss,
            Command(
                "record_attendance", cid, {"evening": 1, "player_id": pid, "status": "present"}
            ),
        )
    first: dict[str, Any] = app.handle(
        boss, Command("draw_seating", cid, {"evening": 1, "seed": "phone"})
    )["lists"][0]
    with web.app_context():
        first["code"] = join_code(first["list_id"])
    return first


def wiezen_list(web: Flask, rate: int) -> dict[str, Any]:
    """A wiezen list at a table of four holding ``WIEZEN_HELD`` vraag/mee deals."""
    players = ["An Peeters", "Bart Claes", "Chris Wouters", "Dirk Maes"]
    drawn = drawn_list(web, f"Zondagen {rate}×", "wiezen-reglement-2019", players)
    app, boss = web.extensions["troef"].app, director("anna")
    for n in range(1, WIEZEN_HELD + 1):
        dealer = (n - 1) % 4 + 1
        declarers = [dealer % 4 + 1, (dealer + 1) % 4 + 1]
        facts = {"dealer": dealer, "contract": "VRAAG", "declarers": declarers}
        app.handle(
            boss,
            Command(
                "record_deal",
                drawn["list_id"],
                {"deal_no": n, "record": facts | {"tricks": 8 + n % 4}},
            ),
        )
    return drawn


def klaverjas_list(web: Flask, rate: int) -> dict[str, Any]:
    """A klaverjas list holding ``KLAVERJAS_HELD`` deals, each played by the pair left of
    the dealer."""
    drawn = drawn_list(
        web, f"Dinsdagen {rate}×", "klaverjas-amsterdams", ["Anna", "Bert", "Cor", "Dirk"]
    )
    app, boss = web.extensions["troef"].app, director("anna")
    for n in range(1, KLAVERJAS_HELD + 1):
        dealer = "NESW"[(n - 1) % 4]
        playing = "EW" if dealer in "NS" else "NS"
        other = "NS" if playing == "EW" else "EW"
        points = 82 + (n * 7) % 60
        facts = {
            "dealer": dealer,
            "playing": playing,
            "trump": "SHDC"[n % 4],
            "card_points": {playing: points, other: 162 - points},
            "tricks": {playing: 5, other: 3},
        }
        app.handle(boss, Command("record_deal", drawn["list_id"], {"deal_no": n, "record": facts}))
    return drawn


# --- the phone ------------------------------------------------------------------------------


class Phone:
    """A 360×640 phone (nl-BE) that joined a table, holds the pen, and runs at ``rate``."""

    def __init__(self, browser: Any, base: str, code: str, rate: int) -> None:
        self.context = browser.new_context(viewport={"width": 360, "height": 640}, locale="nl-BE")
        self.page = page = self.context.new_page()
        self.errors: list[str] = []
        page.on("pageerror", lambda exc: self.errors.append(f"script error: {exc}"))
        page.on(
            "console",
            lambda m: self.errors.append(f"console error: {m.text}") if m.type == "error" else None,
        )
        page.goto(f"{base}/t/{code}")
        page.click("button[type=submit]")
        page.wait_for_selector(".pen-mine")
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        page.wait_for_selector('#pending[data-count="0"]')
        page.evaluate(NOOP)
        self.cdp = self.context.new_cdp_session(page)
        self.cdp.send("Performance.enable")
        self.cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})

    def close(self) -> None:
        self.context.close()

    def check(self, what: str) -> None:
        if self.errors:
            raise AppBroke(f"{what}: " + " | ".join(self.errors))

    def busy(self) -> float:
        """Seconds the page's main thread has spent running tasks (DevTools' TaskDuration)."""
        metrics = self.cdp.send("Performance.getMetrics")["metrics"]
        return float(next(m["value"] for m in metrics if m["name"] == "TaskDuration"))

    def measure(self, go: Callable[[], Any], series: Series | None) -> None:
        """Run ``go``; into ``series`` its wall time and the main thread's busy time."""
        if series is None:
            go()
            return
        before = self.busy()
        seconds, _ = timed(go)
        series.add(seconds, self.busy() - before)

    def frame(self) -> None:
        self.page.evaluate(FRAME)

    def tap(self, selector: str, series: Series | None = None) -> None:
        """Click ``selector`` and wait for the next frame (timed into ``series``)."""

        def go() -> None:
            self.page.click(selector)
            self.frame()

        self.measure(go, series)

    def fill(self, selector: str, text: str, series: Series | None = None) -> None:
        def go() -> None:
            self.page.fill(selector, text)
            self.frame()

        self.measure(go, series)

    def step(self, action: Callable[[], Any], ready: str, series: Series | None, what: str) -> None:
        """Run ``action`` and wait for the first frame with ``ready`` in the page, timed into
        ``series``; a wait that runs out means the app did not advance."""
        self.page.evaluate(READY, ready)

        def go() -> None:
            action()
            self.page.evaluate("() => window.benchReady")

        try:
            self.measure(go, series)
        except Exception as exc:  # Playwright's Error: the page never showed ``ready``
            self.check(what)
            raise AppBroke(f"{what}: {str(exc).splitlines()[0]}") from exc
        self.check(what)

    def baseline(self, click: Series | None, typing: Series | None, times: int) -> None:
        for k in range(times):
            self.tap("#bench-noop", click)
            self.fill("#bench-noop-input", str(90 + k), typing)

    def synced(self) -> None:
        """Wait (untimed) until the outbox is empty and the page is quiet again."""
        self.page.wait_for_selector('#pending[data-count="0"]', state="attached", timeout=30_000)
        time.sleep(0.2)
        self.frame()

    def sheet_and_back(self, deal_no: int, rated: Rated | None) -> None:
        """Open the list tab until its rows show, and go back to the form of ``deal_no``."""
        sheet = rated.step("sheet") if rated else None
        entry = rated.step("entry") if rated else None
        click = self.page.click
        self.step(lambda: click("#tab-sheet"), "#sheet tbody tr", sheet, "the list tab")
        if rated is not None:
            rated.list_rows = self.page.locator("#sheet tbody tr").count()
        title = f'#entry-title[data-deal="{deal_no}"]'
        self.step(lambda: click("#tab-entry"), title, entry, "back to the form")

    def record(self, deal_no: int, series: Series | None) -> None:
        """Tap "record" and wait for the form of the next deal."""
        title = f'#entry-title[data-deal="{deal_no + 1}"]'
        self.step(lambda: self.page.click("#record"), title, series, f"record deal {deal_no}")


def wiezen_deal(phone: Phone, deal_no: int, rated: Rated | None) -> None:
    """Tap a vraag/mee of two seats with 9 tricks into the form and record it."""
    s = rated.step if rated else (lambda _name: None)
    phone.page.wait_for_selector(f'#entry-title[data-deal="{deal_no}"]', state="attached")
    dealer = (deal_no - 1) % 4 + 1
    first, second = dealer % 4 + 1, (dealer + 1) % 4 + 1
    phone.tap('[data-field="contract"][data-value="VRAAG"]', s("contract"))
    phone.tap(f'[data-field="declarers"][data-value="{first}"]', s("declarer"))
    phone.tap(f'[data-field="declarers"][data-value="{second}"]', s("declarer"))
    phone.tap('[data-field="tricks"][data-value="9"]', s("tricks"))
    phone.check(f"the form of deal {deal_no}")
    phone.record(deal_no, s("record"))


def klaverjas_deal(phone: Phone, deal_no: int, rated: Rated | None) -> None:
    """Type 97 card points for the preselected pair, tap hearts as trump and record."""
    s = rated.step if rated else (lambda _name: None)
    phone.page.wait_for_selector(f'#entry-title[data-deal="{deal_no}"]', state="attached")
    phone.fill("#kj-points", "97", s("points"))
    phone.tap('[data-field="trump"][data-value="H"]', s("trump"))
    phone.check(f"the form of deal {deal_no}")
    phone.record(deal_no, s("record"))


GAMES: dict[str, tuple[Callable[[Flask, int], dict[str, Any]], Callable[..., None], int]] = {
    "wiezen": (wiezen_list, wiezen_deal, WIEZEN_HELD),
    "klaverjas": (klaverjas_list, klaverjas_deal, KLAVERJAS_HELD),
}


def measure_game(browser: Any, web: Flask, base: str, game: str, deals: int) -> list[Rated]:
    """One phone per rate, each on a fresh list of ``game``: a warm-up deal each, then
    ``deals`` timed deals in rounds (deal k on every phone, the order rotated each round),
    so a change in the machine's load hits every rate alike."""
    make, play, held = GAMES[game]
    phones: list[Phone] = []
    try:
        for rate in RATES:
            phones.append(Phone(browser, base, make(web, rate)["code"], rate))
        rated = [Rated(rate) for rate in RATES]
        for phone in phones:
            phone.baseline(None, None, 2)
            play(phone, held + 1, None)  # warm-up, untimed
            phone.synced()
            phone.sheet_and_back(held + 2, None)
        for k in range(deals):
            deal_no = held + 2 + k
            pairs = list(zip(phones, rated, strict=True))
            turn = k % len(pairs)
            for phone, r in pairs[turn:] + pairs[:turn]:
                phone.baseline(r.baseline, r.typing, BASELINE_CLICKS)
                play(phone, deal_no, r)
                phone.synced()
                phone.sheet_and_back(deal_no + 1, r)
        for phone, rate in zip(phones, RATES, strict=True):
            phone.check(f"{game} at {rate}×")
    finally:
        for phone in phones:
            phone.close()
    return rated


def run(deals: int, folder: Path) -> PhoneResult:
    from playwright.sync_api import sync_playwright

    if not shutil.which(CHROMIUM) and not Path(CHROMIUM).exists():
        raise SystemExit(f"Chromium is not at {CHROMIUM} (apt-get install -y chromium)")
    result = PhoneResult(deals)
    result.load = (load_average(), "")
    start = time.perf_counter()
    with served(folder) as (web, base), sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        try:
            for game in GAMES:
                result.games[game] = measure_game(browser, web, base, game, deals)
        finally:
            browser.close()
    result.total_seconds = time.perf_counter() - start
    result.load = (result.load[0], load_average())
    return result


# --- the report -----------------------------------------------------------------------------


def own(series: Series, baseline: Series) -> str:
    return ms(series.median - baseline.median)


def game_table(game: str, rated: list[Rated]) -> str:
    headers = ["step"]
    for r in rated:
        headers += [f"{r.rate}× median", f"{r.rate}× p95", f"{r.rate}× / base", f"{r.rate}× own"]
    bases = ["click"] + (["typing"] if any(b == "typing" for _, _, b in STEPS[game]) else [])
    words = {
        "click": "a click that does nothing",
        "typing": "typing into a field that does nothing",
    }
    rows = []
    for base in bases:
        row = [f"baseline: {words[base]}"]
        for r in rated:
            s = r.base(base)
            row += [ms(s.median), ms(s.p95), "1.00×", "0.00"]
        rows.append(row)
    for name, label, base in STEPS[game]:
        row = [label + (" *" if base == "typing" else "")]
        for r in rated:
            s, b = r.steps.get(name, Series(name)), r.base(base)
            row += [ms(s.median), ms(s.p95), ratio(s.median, b.median), own(s, b)]
        rows.append(row)
    return table(headers, rows)


def busy_table(game: str, rated: list[Rated]) -> str:
    """The page's main thread: its busy time per step, and the step's minus the baseline's."""
    headers = ["step"]
    for r in rated:
        headers += [f"{r.rate}× busy", f"{r.rate}× own"]
    rows = []
    for name, label, base in STEPS[game]:
        row = [label + (" *" if base == "typing" else "")]
        for r in rated:
            s, b = r.steps.get(name, Series(name)), r.base(base)
            row += [ms(s.cpu_median), ms(s.cpu_median - b.cpu_median)]
        rows.append(row)
    return table(headers, rows)


def report(result: PhoneResult) -> str:
    _, _, held_w = GAMES["wiezen"]
    _, _, held_k = GAMES["klaverjas"]
    lines = [
        f"**{result.deals} timed deals per game and rate**, after one untimed deal; CPU "
        f"throttling rates {', '.join(f'{r}×' for r in RATES)}; a 360×640 phone, nl-BE. "
        f"Whole run {result.total_seconds:.0f} s. Load average at the start: {result.load[0]}; "
        f"at the end: {result.load[1]}.",
        "",
        "Milliseconds: median, p95, the median over the baseline's at the same rate, and the "
        "app's own (the median minus the baseline's median). Every step is timed to the first "
        "frame that shows its result. The baseline is the click, except for a step marked * "
        "(compared with typing into a field that does nothing).",
    ]
    for game, held in (("wiezen", held_w), ("klaverjas", held_k)):
        rated = result.games[game]
        counts = ", ".join(
            f"{len(r.baseline)} baseline clicks and {len(r.steps.get('record', []))} records "
            f"at {r.rate}×"
            for r in rated
        )
        rows_at_end = max(r.list_rows for r in rated)
        lines += [
            "",
            f"### {game.capitalize()}",
            "",
            f"A list holding {held} deals when the phone joins, up to {rows_at_end} rows when "
            f"the list tab is last opened ({counts}).",
            "",
            game_table(game, rated),
            "",
            "The page's main thread (DevTools' `TaskDuration`), medians in ms: busy during the "
            "step, and the step's minus its baseline's ("
            + ", ".join(f"baseline click {ms(r.baseline.cpu_median)} at {r.rate}×" for r in rated)
            + "):",
            "",
            busy_table(game, rated),
        ]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--quick", action="store_true", help=f"{QUICK_DEALS} timed deals per rate ({DEALS})"
    )
    parser.add_argument("--out", type=Path, help="also write the report to this file")
    args = parser.parse_args()
    deals = QUICK_DEALS if args.quick else DEALS
    with workdir() as folder:
        try:
            result = run(deals, folder)
        except AppBroke as exc:
            raise SystemExit(f"The app broke under the benchmark: {exc}") from exc
    publish("An old phone at the table", report(result), args.out)


if __name__ == "__main__":
    main()

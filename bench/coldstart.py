"""The table app's offline cold start in headless Chromium: from opening it to a usable list.

A phone (360×640) joins a wiezen table with its card's code and takes the pen while online;
the service worker installs the shell. Then, with the network off (Playwright's offline
context), each repetition opens a new tab on the app's address and waits until the list
with the pen is shown (``.pen-mine``): the wall time from ``goto`` to that element, and the
page's own ``performance.now()`` when it appeared. Baseline in the same run: the same tab
opening an empty page (``about:blank``) and reading a selector.

``python -m bench.coldstart [--repeats N] [--out FILE]``
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from tests.test_pwa_budget import game_files

from .common import Series, load_average, ms, publish, table, workdir
from .phone import ARGS, CHROMIUM, drawn_list, served

PLAYERS = ["An Peeters", "Bart Claes", "Chris Wouters", "Dirk Maes"]
KEPT = """async () => {
  const paths = [];
  for (const name of await caches.keys()) {
    for (const r of await (await caches.open(name)).keys()) paths.push(new URL(r.url).pathname);
  }
  return %s.every((path) => paths.includes(path));
}"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeats", type=int, default=10)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    cold, inside, blank = Series("cold"), Series("inside"), Series("blank")
    with workdir() as folder, served(folder) as (web, base), sync_playwright() as p:
        listed = drawn_list(web, "Cold start", "wiezen-reglement-2019", PLAYERS)
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        context = browser.new_context(viewport={"width": 360, "height": 640}, locale="nl-BE")
        page = context.new_page()
        page.goto(f"{base}/t/{listed['code']}")
        page.click("button[type=submit]")
        page.wait_for_selector(".pen-mine")
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        # the game's part (js/games.js) is in the worker's cache before the network goes
        page.wait_for_function(KEPT % json.dumps(game_files()["wiezen"]))
        address = page.url
        page.close()
        context.set_offline(True)
        for _ in range(args.repeats):
            tab = context.new_page()
            start = time.perf_counter()
            tab.goto(address)
            tab.wait_for_selector(".pen-mine")
            cold.add(time.perf_counter() - start)
            inside.add(tab.evaluate("performance.now()") / 1000)
            tab.close()
            tab = context.new_page()
            start = time.perf_counter()
            tab.goto("about:blank")
            tab.wait_for_selector("body", state="attached")
            blank.add(time.perf_counter() - start)
            tab.close()
        browser.close()
    rows = [
        [
            "offline cold start to the list with the pen (wall, from `goto`)",
            len(cold),
            ms(cold.median),
            ms(cold.p95),
        ],
        [
            "the same, the page's own clock (`performance.now()` when shown)",
            len(inside),
            ms(inside.median),
            ms(inside.p95),
        ],
        ["baseline: a new tab opening `about:blank`", len(blank), ms(blank.median), ms(blank.p95)],
    ]
    publish(
        "Troef benchmark: the table app's offline cold start",
        table(["measure", "n", "median ms", "p95 ms"], rows)
        + f"\n\nLoad average at the end: {load_average()}.",
        args.out,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

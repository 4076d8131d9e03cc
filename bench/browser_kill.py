"""Chromium SIGKILLed in the middle of a sync: a phone with a persistent profile holds N deals
recorded offline, goes online, and its browser process is killed at a random moment of the
sync; relaunched on the same profile it finishes. Every run must end with each deal on the
server exactly once.

Per run: a new wiezen competition and table (a list holds 40 counted deals, so four deals in
five are a pas rond, which does not count), a new profile folder, the phone joins with the
table card's code while online and takes the pen. Offline, the N deals go into the outbox
through the app's own ``Store.enqueue`` (what a tap on "record" calls), by ``page.evaluate``
on the page's ``/js/db.js`` (tapping 200 deals would take minutes a run); the page is
reloaded from the service worker and must show N pending. Online, a thread watches the
server's list: once it holds r deals (r at random in 0 … N−1) it waits a random 0–0.5 s
more and SIGKILLs the browser's main process (its pid read from /proc by the profile
folder). The kill lands between a batch stored and its answer, in the middle of the phone
writing the answers down, or in a request on its way. Then Chromium is started again on the
same profile, offline first (the page from the service worker: the outbox as the kill left
it), then online until nothing is pending.

``python -m bench.browser_kill [--runs 10] [--deals 200] [--seed N] [--out FILE]``
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import signal
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from flask import Flask

from .common import load_average, publish, table, workdir
from .phone import ARGS, CHROMIUM, drawn_list, served

PLAYERS = ["An Peeters", "Bart Claes", "Chris Wouters", "Dirk Maes"]
BATCH = 50  # entries of one list a push carries (pwa/js/outbox.js, batches)
SYNCED_MS = 180_000  # a loaded machine may take long to push and pull 200 deals
ENQUEUE = """async ({ list, deals }) => {
  const { openDb } = await import("/js/db.js");
  const store = await openDb();
  for (const args of deals) await store.enqueue("record_deal", list, args);
  return (await store.pending()).length;
}"""


def wiezen_deals(count: int) -> list[dict[str, Any]]:
    """``count`` deals of a wiezen list: every fifth a vraag made with nine tricks, the others
    a pas rond (same dealer again, ART 9); the dealer moves on after a played deal."""
    out, dealer = [], 1
    for n in range(1, count + 1):
        if n % 5:
            record: dict[str, Any] = {"dealer": dealer, "contract": "PAS_ROND"}
        else:
            record = {"dealer": dealer, "contract": "VRAAG", "declarers": [1, 3], "tricks": 9}
            dealer = dealer % 4 + 1
        out.append({"deal_no": n, "record": record})
    return out


@dataclass
class Moment:
    """When the kill comes: ``delay`` seconds after the ``nth`` push request is sent
    ("request"), after the nth push answer arrived ("response"), or after the server holds
    nth deals ("stored")."""

    kind: str
    nth: int
    delay: float

    @classmethod
    def drawn(cls, rng: random.Random, deals: int) -> Moment:
        kind = rng.choice(("request", "response", "stored"))
        pushes = -(-deals // BATCH)
        if kind == "request":
            return cls(kind, rng.randint(1, pushes), rng.uniform(0, 0.3))
        if kind == "response":
            return cls(kind, rng.randint(1, pushes), rng.uniform(0, 0.05))
        return cls(kind, rng.randint(1, deals - 1), 0.0)

    def __str__(self) -> str:
        what = {"request": "push {} sent", "response": "answer {} in", "stored": "{} stored"}
        return f"{what[self.kind].format(self.nth)} + {self.delay * 1000:.0f} ms"


@dataclass
class Run:
    deals: int
    moment: Moment
    stored_at_kill: int  # deals the server held when the browser was killed
    stored_before_relaunch: int  # and once the requests in flight had ended
    pending_after_relaunch: int  # the outbox as the killed browser left it
    stored: list[int]  # deal numbers on the server at the end, in order
    seconds: float

    @property
    def resent(self) -> int:
        """Deals the server held that the phone still had to send: their answers were lost."""
        return self.stored_before_relaunch + self.pending_after_relaunch - self.deals

    @property
    def exactly_once(self) -> bool:
        return self.stored == list(range(1, self.deals + 1))


def launch(playwright: Any, profile: Path) -> Any:
    """Chromium on a persistent profile (the phone's storage survives the process)."""
    return playwright.chromium.launch_persistent_context(
        str(profile),
        executable_path=CHROMIUM,
        headless=True,
        args=ARGS,
        viewport={"width": 360, "height": 640},
        locale="nl-BE",
    )


def browser_pid(profile: Path) -> int:
    """The pid of the browser's main process on ``profile`` (not a renderer nor a helper)."""
    flag = f"--user-data-dir={profile}".encode()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            argv = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if flag in argv and not any(a.startswith(b"--type=") for a in argv):
            return int(entry.name)
    raise AssertionError(f"no browser process runs on {profile}")


def stored_deals(web: Flask, list_id: str) -> list[int]:
    return [row["deal_no"] for row in web.extensions["troef"].app.get_list(list_id).rows]


def page_of(context: Any) -> Any:
    return context.pages[0] if context.pages else context.new_page()


def one_run(
    playwright: Any, web: Flask, base: str, profile: Path, count: int, moment: Moment
) -> Run:
    """One phone, ``count`` offline deals, one kill in the sync at ``moment``, a relaunch;
    the outcome."""
    started = time.monotonic()
    listed = drawn_list(web, f"Zondagen {profile.name}", "wiezen-reglement-2019", PLAYERS)
    list_id = listed["list_id"]
    context = launch(playwright, profile)
    page = page_of(context)
    page.goto(f"{base}/t/{listed['code']}")
    page.click("button[type=submit]")
    try:
        page.wait_for_selector(".pen-mine", timeout=SYNCED_MS)
    except Exception:
        print(page.inner_text("body"), flush=True)  # what the phone shows instead
        raise
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.wait_for_selector('#pending[data-count="0"]', timeout=SYNCED_MS)

    context.set_offline(True)
    queued = page.evaluate(ENQUEUE, {"list": list_id, "deals": wiezen_deals(count)})
    assert queued == count, queued
    page.reload()
    page.wait_for_selector(f'#pending[data-count="{count}"]')

    pid = browser_pid(profile)
    pushes: dict[str, int] = {"request": 0, "response": 0}
    armed = threading.Event()
    seen: dict[str, int] = {}

    def counted(kind: str, request: Any) -> None:
        if request.method == "POST" and request.url.endswith("/api/sync/push"):
            pushes[kind] += 1
            if moment.kind == kind and pushes[kind] == moment.nth:
                armed.set()

    # The API passes the service worker by (sw.js): each push is one request of the page.
    context.on("request", lambda request: counted("request", request))
    context.on("response", lambda response: counted("response", response.request))

    def kill_in_the_sync() -> None:
        deadline = time.monotonic() + SYNCED_MS / 1000
        while not armed.is_set() and time.monotonic() < deadline:
            if moment.kind == "stored" and len(stored_deals(web, list_id)) >= moment.nth:
                break
            armed.wait(0.005)
        time.sleep(moment.delay)
        seen["at_kill"] = len(stored_deals(web, list_id))
        os.kill(pid, signal.SIGKILL)

    killer = threading.Thread(target=kill_in_the_sync)
    killer.start()
    with contextlib.suppress(Exception):  # the browser dies under a call, maybe this one
        context.set_offline(False)
        while killer.is_alive():
            page.wait_for_timeout(5)  # Playwright hands the page's events over meanwhile
    killer.join()
    with contextlib.suppress(Exception):  # closing a killed browser fails in many ways
        context.close()  # only Playwright's side of it is left
    time.sleep(1.0)  # requests the server had already received end
    before = len(stored_deals(web, list_id))

    context = launch(playwright, profile)
    context.set_offline(True)
    page = page_of(context)
    page.goto(f"{base}/")
    page.wait_for_selector("#pending[data-count]")
    pending = int(page.get_attribute("#pending", "data-count") or "0")
    context.set_offline(False)
    page.wait_for_selector('#pending[data-count="0"]', timeout=SYNCED_MS)
    context.close()
    return Run(
        deals=count,
        moment=moment,
        stored_at_kill=seen["at_kill"],
        stored_before_relaunch=before,
        pending_after_relaunch=pending,
        stored=stored_deals(web, list_id),
        seconds=time.monotonic() - started,
    )


def report(runs: list[Run], seconds: float, loads: tuple[str, str]) -> str:
    rows = [
        [
            i,
            str(r.moment),
            r.stored_at_kill,
            r.stored_before_relaunch,
            r.pending_after_relaunch,
            r.resent,
            len(r.stored),
            len(r.stored) - len(set(r.stored)),
            r.deals - len(set(r.stored)),
            f"{r.seconds:.0f}",
        ]
        for i, r in enumerate(runs, 1)
    ]
    whole = sum(r.exactly_once for r in runs)
    return "\n".join(
        [
            f"Load average at the start: {loads[0]}; at the end: {loads[1]}.",
            "",
            table(
                [
                    "run",
                    "killed at",
                    "stored at the kill",
                    "stored before relaunch",
                    "pending after relaunch",
                    "stored, still pending (answer lost)",
                    "stored at the end",
                    "doubled",
                    "lost",
                    "s",
                ],
                rows,
            ),
            "",
            f"{whole} of {len(runs)} runs ended with every deal on the server exactly once "
            f"({sum(r.deals for r in runs)} deals, {len(runs)} kills, {seconds:.0f} s).",
        ]
    )


def run(runs: int, deals: int, seed: int, folder: Path) -> list[Run]:
    from playwright.sync_api import sync_playwright

    rng = random.Random(seed)
    out = []
    with served(folder) as (web, base), sync_playwright() as playwright:
        for i in range(1, runs + 1):
            moment = Moment.drawn(rng, deals)
            out.append(one_run(playwright, web, base, folder / f"profile-{i}", deals, moment))
            last = out[-1]
            print(
                f"run {i}: killed at {last.moment} with {last.stored_at_kill} stored, "
                f"{last.pending_after_relaunch} pending after relaunch, "
                f"{'exactly once' if last.exactly_once else 'NOT exactly once'}",
                flush=True,
            )
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    first = load_average()
    started = time.monotonic()
    with workdir() as folder:
        runs = run(args.runs, args.deals, args.seed, folder)
    text = report(runs, time.monotonic() - started, (first, load_average()))
    publish("Chromium killed in the middle of a sync", text, args.out)
    return 0 if all(r.exactly_once for r in runs) else 1


if __name__ == "__main__":
    raise SystemExit(main())

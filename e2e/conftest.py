"""The real app served by waitress on 127.0.0.1 in a thread, and Debian's Chromium."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from backend import instance
from backend.aggregates.actor import director
from backend.api import create_app
from backend.api.auth import join_code
from backend.api.local_server import local_server
from backend.application import Command

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Flask, str]]:
    """The web app on a fresh instance, served over HTTP; yields (app, base URL)."""
    pytest.importorskip("waitress.server")
    instance.init(tmp_path / "club", "De Troef", "anna", "geheim-genoeg")
    web = create_app({"TROEF_INSTANCE": str(tmp_path / "club"), "TROEF_WORKER": False})
    try:
        with local_server(web) as base:
            yield web, base
    finally:
        web.extensions["troef"].close()


@pytest.fixture
def browser() -> Iterator[Any]:
    """Debian's Chromium driven by Playwright (skipped when either is missing)."""
    sync_api = pytest.importorskip("playwright.sync_api")
    if not shutil.which(CHROMIUM) and not Path(CHROMIUM).exists():
        pytest.skip("Chromium is not installed (apt-get install -y chromium)")
    with sync_api.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield launched
        launched.close()


def drawn_evening(
    web: Flask,
    name: str,
    rules: str | dict[str, Any],
    players: list[str],
    *,
    seed: str = "1",
    date: str = "2026-11-30",
) -> dict[str, Any]:
    """A competition of ``rules`` whose first evening has ``players`` present and drawn.

    Returns its id, the players' ids and the draw's lists, each with the join code of its
    table card (``code``).
    """
    app = web.extensions["troef"].app
    boss = director("anna")
    cid = app.handle(boss, Command("create_competition", None, {"name": name, "rules": rules}))
    ids = [app.handle(boss, Command("enrol_player", cid, {"name": player})) for player in players]
    app.handle(boss, Command("schedule_evening", cid, {"date": date}))
    for pid in ids:
        app.handle(
            boss,
            Command(
                "record_attendance", cid, {"evening": 1, "player_id": pid, "status": "present"}
            ),
        )
    lists = app.handle(boss, Command("draw_seating", cid, {"evening": 1, "seed": seed}))["lists"]
    with web.app_context():
        for entry in lists:
            entry["code"] = join_code(entry["list_id"])
    return {"competition_id": cid, "players": ids, "lists": lists}


def klaverjas_evening(web: Flask) -> dict[str, Any]:
    """A klaverjas competition with four players drawn at one table; its list and code."""
    drawn = drawn_evening(web, "Dinsdagen", "klaverjas-amsterdams", ["Anna", "Bert", "Cor", "Dirk"])
    first = drawn["lists"][0]
    return {
        "competition_id": drawn["competition_id"],
        "list_id": first["list_id"],
        "code": first["code"],
    }


def phone_at_table(browser: Any, base: str, code: str, locale: str) -> tuple[Any, Any, list[str]]:
    """A 360×640 phone that opened the table card's link, joined, holds the pen and has its
    service worker in control; returns (context, page, the page's script and console errors)."""
    context = browser.new_context(viewport={"width": 360, "height": 640}, locale=locale)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(f"{base}/t/{code}")
    page.click("button[type=submit]")
    page.wait_for_selector(".pen-mine")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.wait_for_selector('#pending[data-count="0"]')
    wait_offline_ready(page)
    return context, page, errors


def wait_offline_ready(page: Any) -> None:
    """Wait until the phone says it is ready for offline (the service worker kept the list's
    game's part): from then on it starts offline (before, a reload offline finds no form)."""
    page.wait_for_selector("#offline-ready", timeout=30_000)


def log_in(page: Any, base: str, hash_: str = "#/") -> None:
    """Open the director's console and log in as the fixture's director (anna)."""
    page.goto(f"{base}/director{hash_}")
    page.fill("#login-name", "anna")
    page.fill("#login-password", "geheim-genoeg")
    page.click("#login")
    page.wait_for_selector("#logout:not([hidden])")

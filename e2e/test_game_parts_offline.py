"""A game's part of the table app (its form, rules, play screens...) is not in the precached
shell: the phone loads it when it joins, online, and the service worker keeps it. Opened cold
offline afterwards, and after an update to a new version, the phone still records a deal."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from backend.web import app_pages
from tests.test_pwa_budget import game_files

from .conftest import drawn_evening, phone_at_table

SYNCED = 20_000
# The paths in every cache of the app, by cache.
CACHED = """async () => {
  const found = {};
  for (const name of await caches.keys()) {
    found[name] = (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname);
  }
  return found;
}"""
ACTIVATED = "() => (navigator.serviceWorker.controller || {}).state === 'activated'"


def schafkopf_table(web: Flask) -> dict[str, Any]:
    drawn = drawn_evening(
        web, "Schafkopfturnier", "schafkopf-tsv-lengfeld", ["Anna", "Bert", "Cor", "Dirk"]
    )
    return next(entry for entry in drawn["lists"] if entry["round"] == 1)


def wait_kept(page: Any, cache: str, part: list[str]) -> None:
    """Wait until the cache has every file of the game's part (the worker keeps them)."""
    page.wait_for_function(
        f"""async () => {{
          const cache = await caches.open({cache!r});
          const paths = (await cache.keys()).map((r) => new URL(r.url).pathname);
          return {part!r}.every((p) => paths.includes(p));
        }}""",
        timeout=SYNCED,
    )


def record_cold_offline(context: Any, web: Flask, base: str, list_id: str, deal: int) -> None:
    """Offline, a new tab opens the app cold and records a Solo; online again, the server has it."""
    context.set_offline(True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    from_worker: dict[str, bool] = {}
    page.on("response", lambda r: from_worker.__setitem__(r.url, r.from_service_worker))
    page.goto(base)
    page.wait_for_selector(f'#entry-title[data-deal="{deal}"]')
    page.click('[data-field="type"][data-value="SOLO"]')
    page.click('[data-field="declarer"][data-value="2"]')
    page.fill("#sk-augen", "91")
    page.wait_for_selector("#sk-line")
    page.click("#record")
    page.wait_for_selector('#pending[data-count="1"]')
    assert page.locator("#game-missing").count() == 0
    part = [url for url in from_worker if "/js/games/schafkopf.js" in url]
    assert part and all(from_worker[url] for url in part), from_worker  # from the cache
    assert not errors, errors
    context.set_offline(False)
    page.wait_for_selector('#pending[data-count="0"]', timeout=SYNCED)
    rows = web.extensions["troef"].app.get_list(list_id).rows
    assert rows[-1]["deal_no"] == deal and rows[-1]["record"]["type"] == "SOLO"


def test_a_schafkopf_phone_opened_cold_offline_records_a_deal(
    served: tuple[Flask, str], browser: Any
) -> None:
    web, base = served
    table = schafkopf_table(web)
    context, page, errors = phone_at_table(browser, base, table["code"], "de-DE")
    part = game_files()["schafkopf"]
    assert "/js/views/schafkopf_form.js" in part and "/js/rules/schafkopf.js" in part
    (cache,) = [name for name in page.evaluate(CACHED) if name.startswith("troef-static-")]
    # the phone says it is ready for offline (phone_at_table waited for it) only once every
    # file of its game's part is kept
    assert page.inner_text("#offline-ready") == "✓ offline bereit"
    assert not [url for url in part if url not in page.evaluate(CACHED)[cache]]
    wait_kept(page, cache, part)
    record_cold_offline(context, web, base, table["list_id"], 1)
    assert not [e for e in errors if "ERR_INTERNET_DISCONNECTED" not in e], errors
    context.close()


def test_after_an_update_the_part_kept_is_in_the_new_cache_and_works_offline(
    served: tuple[Flask, str], browser: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The server sends the app from a copy of pwa/, so the test can publish a new version.
    pwa = tmp_path / "pwa"
    shutil.copytree(app_pages.PWA, pwa, ignore=shutil.ignore_patterns("tests"))
    monkeypatch.setattr(app_pages, "PWA", pwa)
    web, base = served
    table = schafkopf_table(web)
    context, page, errors = phone_at_table(browser, base, table["code"], "de-DE")
    part = game_files(pwa)["schafkopf"]
    (old,) = [name for name in page.evaluate(CACHED) if name.startswith("troef-static-")]
    wait_kept(page, old, part)

    # The new release changes a file of the game's part only.
    form = pwa / "js" / "views" / "schafkopf_form.js"
    form.write_text(form.read_text() + "\n// the next release\n")
    page.reload()
    page.wait_for_selector("#update:not([hidden])", timeout=SYNCED)
    with page.expect_navigation(timeout=SYNCED):
        page.click("#update button")
    page.wait_for_selector(".pen-mine")
    page.wait_for_function(ACTIVATED)
    caches = page.evaluate(CACHED)
    (new,) = [name for name in caches if name.startswith("troef-static-")]
    assert new != old and old not in caches
    assert not [url for url in part if url not in caches[new]]  # carried over
    form_url = "/js/views/schafkopf_form.js"
    fresh = page.evaluate(
        f"async () => (await (await caches.open({new!r})).match({form_url!r})).text()"
    )
    assert fresh.endswith("// the next release\n")  # fetched again, not the old copy
    record_cold_offline(context, web, base, table["list_id"], 1)
    assert not [e for e in errors if "ERR_INTERNET_DISCONNECTED" not in e], errors
    context.close()


def test_a_phone_without_its_games_part_says_so_offline_and_goes_on_once_online(
    served: tuple[Flask, str], browser: Any
) -> None:
    web, base = served
    table = schafkopf_table(web)
    context, page, errors = phone_at_table(browser, base, table["code"], "en-GB")
    (cache,) = [name for name in page.evaluate(CACHED) if name.startswith("troef-static-")]
    wait_kept(page, cache, game_files()["schafkopf"])
    # The browser dropped the part (say, to free space); the shell is still there.
    page.evaluate(f"async () => (await caches.open({cache!r})).delete('/js/games/schafkopf.js')")
    context.set_offline(True)
    cold = context.new_page()
    cold.goto(base)
    cold.wait_for_selector("#game-missing")
    assert "schafkopf" in cold.inner_text("#game-missing")
    assert cold.locator("#entry-title").count() == 0
    context.set_offline(False)
    cold.wait_for_selector('#entry-title[data-deal="1"]', timeout=SYNCED)
    assert cold.locator("#game-missing").count() == 0
    assert not [e for e in errors if "ERR_INTERNET_DISCONNECTED" not in e], errors
    context.close()

"""Phones get the offline app over HTTPS: Troef behind Caddy (ops/Caddyfile.club) on a name
that is not localhost, with Caddy's local root trusted by the browser's own profile; and over
plain HTTP on such a name the table app says it cannot work offline."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from .conftest import ARGS, CHROMIUM, klaverjas_evening
from .test_offline_klaverjas import record_deal

OPS = Path(__file__).resolve().parents[1] / "ops"
NAME = "club.troef.test"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for(check: Any, what: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting for {what}")
        time.sleep(0.1)


def listening(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0


@pytest.fixture
def caddy(served: tuple[Flask, str], tmp_path: Path) -> Iterator[tuple[Flask, str, Path]]:
    """Caddy with ops/Caddyfile.club in front of the served app; yields (app, https URL,
    Caddy's root certificate)."""
    if not shutil.which("caddy"):
        pytest.skip("Caddy is not installed (apt-get install -y caddy)")
    web, base = served
    https, http = free_port(), free_port()
    data = tmp_path / "caddy"
    env = {
        **os.environ,
        "HOME": str(tmp_path),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "TROEF_SITE": f"{NAME}:{https}",
        "TROEF_HTTPS_PORT": str(https),
        "TROEF_HTTP_PORT": str(http),
        "TROEF_CADDY_DATA": str(data),
        "TROEF_UPSTREAM": base.removeprefix("http://"),
    }
    log = (tmp_path / "caddy.log").open("wb")
    process = subprocess.Popen(
        ["caddy", "run", "--config", str(OPS / "Caddyfile.club"), "--adapter", "caddyfile"],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    root = data / "pki" / "authorities" / "local" / "root.crt"
    try:
        wait_for(lambda: root.exists() and listening(https), "Caddy's root and port")
        yield web, f"https://{NAME}:{https}", root
    finally:
        process.terminate()
        process.wait(timeout=10)
        log.close()


def trusting_profile(home: Path, root: Path) -> None:
    """Make ``home`` a profile whose NSS database trusts ``root`` (Chromium on Linux)."""
    if not shutil.which("certutil"):
        pytest.skip("NSS tools are not installed (apt-get install -y libnss3-tools)")
    nssdb = home / ".pki" / "nssdb"
    nssdb.mkdir(parents=True)
    subprocess.run(["certutil", "-d", f"sql:{nssdb}", "-N", "--empty-password"], check=True)
    subprocess.run(
        ["certutil", "-d", f"sql:{nssdb}", "-A", "-t", "C,,", "-n", "troef-test-ca", "-i", root],
        check=True,
    )


@pytest.fixture
def chromium_at(tmp_path: Path) -> Iterator[Any]:
    """Launch Chromium with its own HOME, resolving the club's name to this machine."""
    sync_api = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        pytest.skip("Chromium is not installed (apt-get install -y chromium)")
    home = tmp_path / "home"
    home.mkdir()
    with sync_api.sync_playwright() as p:

        def launch() -> Any:
            return p.chromium.launch(
                executable_path=CHROMIUM,
                headless=True,
                args=[*ARGS, f"--host-resolver-rules=MAP {NAME} 127.0.0.1"],
                env={**os.environ, "HOME": str(home)},
            )

        yield home, launch


def test_over_https_on_the_club_name_a_phone_gets_the_service_worker_and_records_offline(
    caddy: tuple[Flask, str, Path], chromium_at: tuple[Path, Any]
) -> None:
    web, site, root = caddy
    home, launch = chromium_at
    trusting_profile(home, root)
    evening = klaverjas_evening(web)
    browser = launch()
    context = browser.new_context(viewport={"width": 360, "height": 640}, locale="nl-NL")
    page = context.new_page()

    page.goto(f"{site}/t/{evening['code']}")
    assert page.evaluate("window.isSecureContext") is True
    assert page.locator("#insecure").is_hidden()
    page.click("button[type=submit]")
    page.wait_for_selector(".pen-mine")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.wait_for_selector('#pending[data-count="0"]')

    context.set_offline(True)
    record_deal(page, 1)
    response = page.reload()
    assert response is not None and response.from_service_worker
    page.wait_for_selector('#pending[data-count="1"]')

    context.set_offline(False)
    page.wait_for_selector('#pending[data-count="0"]', timeout=20_000)
    rows = web.extensions["troef"].app.get_list(evening["list_id"]).rows
    assert [row["deal_no"] for row in rows] == [1]

    # Through Caddy: the service worker is revalidated at every visit.
    caching = page.evaluate(
        "fetch('/sw.js', {cache: 'no-store'}).then((r) => r.headers.get('cache-control'))"
    )
    assert "no-cache" in caching
    context.close()
    browser.close()


def test_over_plain_http_on_a_network_name_the_table_app_says_it_cannot_work_offline(
    served: tuple[Flask, str], chromium_at: tuple[Path, Any]
) -> None:
    web, base = served
    _home, launch = chromium_at
    evening = klaverjas_evening(web)
    port = base.rsplit(":", 1)[1]
    browser = launch()
    for locale, words in (("nl-NL", "niet offline"), ("de-DE", "nicht offline")):
        context = browser.new_context(locale=locale)
        page = context.new_page()
        page.goto(f"http://{NAME}:{port}/t/{evening['code']}")
        assert page.evaluate("window.isSecureContext") is False
        page.wait_for_selector("#insecure:not([hidden])")
        assert words in page.locator("#insecure").inner_text()
        context.close()
    browser.close()


def test_the_console_warns_the_director_when_it_is_not_served_over_https(
    served: tuple[Flask, str], chromium_at: tuple[Path, Any]
) -> None:
    _web, base = served
    _home, launch = chromium_at
    browser = launch()
    context = browser.new_context(locale="en-GB")
    page = context.new_page()
    page.goto(f"{base}/director#/")
    page.wait_for_selector("#insecure:not([hidden])")
    assert "no offline app" in page.locator("#insecure").inner_text()
    context.close()
    browser.close()

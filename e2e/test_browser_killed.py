"""Chromium SIGKILLed in the middle of a sync, twice: a phone (a persistent profile) holds 30
deals recorded offline, goes online and its browser is killed, once right after the push
went out and once right after its answer came in; relaunched on the same profile, the phone
finishes and the server holds every deal exactly once. ``bench/browser_kill.py`` is the long
run (200 deals, 10 kills and more, at random moments)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from bench.browser_kill import Moment, one_run

from .conftest import CHROMIUM

DEALS = 30


@pytest.fixture
def playwright() -> Iterator[Any]:
    sync_api = pytest.importorskip("playwright.sync_api")
    if not shutil.which(CHROMIUM) and not Path(CHROMIUM).exists():
        pytest.skip("Chromium is not installed (apt-get install -y chromium)")
    with sync_api.sync_playwright() as p:
        yield p


@pytest.mark.parametrize(
    "moment",
    [Moment("request", 1, 0.0), Moment("response", 1, 0.0)],
    ids=["killed-with-the-push-on-its-way", "killed-while-the-answers-are-written-down"],
)
def test_a_browser_killed_in_a_sync_loses_and_doubles_nothing(
    served: tuple[Flask, str], playwright: Any, tmp_path: Path, moment: Moment
) -> None:
    web, base = served
    run = one_run(playwright, web, base, tmp_path / "profile", DEALS, moment)
    # At the kill every deal was on the server or still in the phone's outbox, or both.
    assert run.stored_before_relaunch + run.pending_after_relaunch >= DEALS, run
    # (killed right after the push went out, the answer may still have been written down
    # before the kill landed: then nothing is pending and the server has every deal)
    assert run.stored == list(range(1, DEALS + 1)), run

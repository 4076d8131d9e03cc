"""Play mode in the browser tests: switching it on, opening the play tab, dealing by taps and
playing the first card offered, as a table's players would."""

from __future__ import annotations

import contextlib
from typing import Any

from flask import Flask
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from backend.aggregates.actor import director
from backend.application import Command


def switch_on(web: Flask, list_id: str) -> None:
    web.extensions["troef"].app.handle(
        director("anna"), Command("set_play_mode", list_id, {"on": True})
    )


def open_play_tab(page: Any) -> None:
    """The phone learns play mode after a sync round; its play tab then opens the deal."""
    for _round in range(15):  # a tap during a round already under way starts no new one
        try:
            page.wait_for_selector("#tab-play", timeout=2_000)
            break
        except PlaywrightTimeout:
            # the button is disabled while a round is under way: tap it once it is not
            with contextlib.suppress(PlaywrightTimeout):
                page.click("#sync-now:not([disabled])", timeout=2_000)
    page.wait_for_selector("#tab-play", timeout=20_000)
    page.click("#tab-play")
    page.wait_for_selector('#play[data-started="false"]')


def tap_hands(page: Any, hands: dict[str, list[str]], order: list[str]) -> None:
    """Tap the cards of every seat but the last (it gets the rest)."""
    for seat in order[:-1]:
        page.click(f'#deal-seat [data-value="{seat}"]')
        for card in hands[seat]:
            page.click(f'.pl-grid [data-card="{card}"]')


def play_cards(page: Any, count: int, start: int = 0) -> list[str]:
    """Tap the first card offered (a legal one) for whoever is to play, ``count`` times."""
    played = []
    for n in range(start + 1, start + count + 1):
        for _attempt in range(5):  # a sync may redraw the hand between reading and tapping
            card = page.locator("#hand .pc:not(.grey)").first.get_attribute("data-card")
            try:
                page.click(f'#hand [data-card="{card}"]', timeout=5_000)
                break
            except PlaywrightTimeout:
                continue
        page.wait_for_selector(f'#play[data-played="{n}"]')
        played.append(str(card))
    return played

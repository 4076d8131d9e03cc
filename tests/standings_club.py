"""Clubs for the standings tests, built through the application as the console and phones do.

``demo_club`` is the demo's small club with a few more evenings (so a season has a shape);
``best_of_one`` is a wiezen season where only the best Sunday counts, so every player has a
result dropped for not being among the best.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from backend.aggregates.actor import director
from backend.application import Troef
from backend.demo.season import SIZES, Summary, build_demo
from backend.demo.tables import Phones, play_list

# The demo's small club with a season to count: three wiezen Sundays, two klaverjas evenings.
SMALL_SEASON = replace(SIZES["small"], wiezen_sundays=3, klaverjas_evenings=2)


def demo_club(app: Troef, seed: int = 3) -> dict[str, Summary]:
    """The four demo competitions by game, directed by the test instance's director."""
    return {s.game: s for s in build_demo(app, seed=seed, size=SMALL_SEASON, boss=director("anna"))}


def best_of_one(app: Troef, names: tuple[str, ...], sundays: int = 2, seed: int = 5) -> str:
    """A wiezen competition of four players where the best 1 Sunday counts; all lists played."""
    boss = director("anna")
    rules = {"id": "een-telt", "base": "wiezen-reglement-2019", "options": {"season_best": 1}}
    cid = app.create_competition(boss, "Beste zondag telt", rules)
    players = [app.enrol_player(boss, cid, name) for name in names]
    rng, phones = random.Random(seed), Phones(f"phone-{cid[:8]}")
    for sunday in range(sundays):
        evening = app.schedule_evening(boss, cid, f"2026-01-{4 + 7 * sunday:02d}")
        for player in players:
            app.record_attendance(boss, cid, evening, player, "present")
        drawn = app.draw_seating(boss, cid, evening, seed=f"{seed}-{evening}")
        for entry in drawn["lists"]:
            play_list(app, boss, entry, "wiezen", rng, phones)
        app.close_evening(boss, cid, evening)
    return cid


def open_evening(app: Troef, names: tuple[str, ...]) -> dict[str, Any]:
    """A wiezen competition with one drawn evening whose list is not played yet."""
    boss = director("anna")
    cid = app.create_competition(boss, "Vrijdagen", "wiezen-reglement-2019")
    players = [app.enrol_player(boss, cid, name) for name in names]
    app.schedule_evening(boss, cid, "2026-02-06")
    for player in players:
        app.record_attendance(boss, cid, 1, player, "present")
    drawn = app.draw_seating(boss, cid, 1, seed="vrijdag")
    return {"competition_id": cid, "entry": drawn["lists"][0]}


def play(app: Troef, entry: dict[str, Any], seed: int = 9) -> None:
    """Play a drawn wiezen list to its end and submit it, as its table's phones would."""
    play_list(
        app,
        director("anna"),
        entry,
        "wiezen",
        random.Random(seed),
        Phones(f"phone-{entry['list_id'][:8]}"),
    )

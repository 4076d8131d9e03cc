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
from backend.application import Command, Troef
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
    cid = app.handle(
        boss, Command("create_competition", None, {"name": "Beste zondag telt", "rules": rules})
    )
    players = [app.handle(boss, Command("enrol_player", cid, {"name": name})) for name in names]
    rng, phones = random.Random(seed), Phones(f"phone-{cid[:8]}")
    for sunday in range(sundays):
        evening = app.handle(
            boss, Command("schedule_evening", cid, {"date": f"2026-01-{4 + 7 * sunday:02d}"})
        )
        for player in players:
            app.handle(
                boss,
                Command(
                    "record_attendance",
                    cid,
                    {"evening": evening, "player_id": player, "status": "present"},
                ),
            )
        drawn = app.handle(
            boss, Command("draw_seating", cid, {"evening": evening, "seed": f"{seed}-{evening}"})
        )
        for entry in drawn["lists"]:
            play_list(app, boss, entry, "wiezen", rng, phones)
        app.handle(boss, Command("close_evening", cid, {"evening": evening}))
    return cid


def open_evening(app: Troef, names: tuple[str, ...]) -> dict[str, Any]:
    """A wiezen competition with one drawn evening whose list is not played yet."""
    boss = director("anna")
    cid = app.handle(
        boss,
        Command(
            "create_competition", None, {"name": "Vrijdagen", "rules": "wiezen-reglement-2019"}
        ),
    )
    players = [app.handle(boss, Command("enrol_player", cid, {"name": name})) for name in names]
    app.handle(boss, Command("schedule_evening", cid, {"date": "2026-02-06"}))
    for player in players:
        app.handle(
            boss,
            Command(
                "record_attendance", cid, {"evening": 1, "player_id": player, "status": "present"}
            ),
        )
    drawn = app.handle(boss, Command("draw_seating", cid, {"evening": 1, "seed": "vrijdag"}))
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

"""Problems the stateful history test ran into, each kept as a regression test."""

from __future__ import annotations

from typing import Any

from backend.aggregates.actor import Actor
from backend.application import Command, Troef

from .aggregates.helpers import open_list


def test_a_list_of_a_competition_the_read_models_do_not_know_does_not_stop_later_commands(
    wired: tuple[Troef, Any], boss: Actor
) -> None:
    app, views = wired
    open_list(app, boss)  # competition "c-test", as tests/aggregates/helpers.py opens lists
    competition = app.handle(
        boss,
        Command("create_competition", None, {"name": "Wiezen", "rules": "wiezen-reglement-2019"}),
    )
    rows = views.rows("SELECT competition_id FROM competitions")
    assert rows == [{"competition_id": competition}]

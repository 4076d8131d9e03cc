"""Problems the stateful history test ran into, each as a minimal reproduction.

Each test states the behaviour we expect and is marked ``xfail(strict=True)`` until the
owner of the code fixes it; then it passes, the strict marker fails the run, and the
marker is removed.
"""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from sqlite_utils.db import NotFoundError

from backend.aggregates.actor import Actor
from backend.application import Troef

from .aggregates.helpers import open_list


@pytest.mark.xfail(
    strict=True,
    raises=NotFoundError,
    reason=(
        "results.refresh (backend/projections/results.py:35) looks up the list's competition "
        "with db['competitions'].get() and raises NotFoundError when the read models do not "
        "know it; the catch-up rolls back and stops at that event, and Troef.save "
        "(backend/application.py:51) lets the error escape after the commit, so every later "
        "command is stored but reported as failed, and the read models never move again"
    ),
)
def test_a_list_of_a_competition_the_read_models_do_not_know_does_not_stop_later_commands(
    wired: tuple[Troef, Any], boss: Actor
) -> None:
    app, views = wired
    with contextlib.suppress(NotFoundError):
        open_list(app, boss)  # competition "c-test", as tests/aggregates/helpers.py opens lists
    competition = app.create_competition(boss, "Wiezen", "wiezen-reglement-2019")
    rows = views.rows("SELECT competition_id FROM competitions")
    assert rows == [{"competition_id": competition}]

"""The wire accepts exactly the words the rest of Troef uses.

The schemas import nothing of Troef, so they state their own vocabulary; a word added to a
game, a role or a ruling must reach the wire too (and one dropped must leave it).
"""

from __future__ import annotations

import pytest
from marshmallow import ValidationError

from backend.aggregates import actor, competition, score_list
from backend.application import values
from backend.exports import words
from backend.rules import counting, games
from backend.schemas import vocabulary
from backend.schemas.evenings import AttendanceSetSchema

SOURCES = [
    ("GAME_NAMES", games.GAME_NAMES),
    ("ROLES", actor.ROLES),
    ("ATTENDANCE", competition.ATTENDANCE),
    ("RULINGS", score_list.RULINGS),
    ("MAX_TEXT", score_list.MAX_TEXT),
    ("LANGUAGES", words.LANGUAGES),
    ("RULESET_PRESETS", tuple(rs.ref for rs in games.presets())),
    ("MAX_NAME", competition.MAX_NAME),
    ("MAX_INT", values.MAX_INT),
    ("COUNTING_SETTINGS", {game: tuple(names) for game, names in counting.COUNTING.items()}),
    ("COUNTING_LIMITS", competition.LIMITS),
    ("LEAST_WIEZEN_EVENINGS", competition.LEAST_WIEZEN_EVENINGS),
    ("COUNTING_CHOICES", competition.CHOICES),
    ("RULESET_GAMES", {rs.ref: rs.game for rs in games.presets()}),
    (
        "RULESET_OPTIONS",
        {
            game: {o.name: (type(o.default), o.choices, o.minimum) for o in module.OPTIONS}
            for game in games.GAME_NAMES
            for module in [games.game_module(game)]
        },
    ),
]


@pytest.mark.parametrize(("name", "source"), SOURCES, ids=[name for name, _ in SOURCES])
def test_the_wire_names_the_same_words_as_the_domain(name: str, source: object) -> None:
    assert getattr(vocabulary, name) == source


@pytest.mark.parametrize("status", competition.ATTENDANCE)
def test_the_wire_takes_each_attendance_the_competition_records(status: str) -> None:
    assert AttendanceSetSchema().load({"status": status}) == {"status": status}


def test_the_wire_refuses_an_attendance_the_competition_does_not_know() -> None:
    with pytest.raises(ValidationError) as refused:
        AttendanceSetSchema().load({"status": "on_holiday"})
    assert "status" in refused.value.messages

"""What a director may set on a new competition: a club's rule-set options, the counting rule.

The document says exactly what the server takes, and these schemas refuse what it refuses:
each option of a game's rule sets with its type, its choices and its least value; each
counting setting with its range or its words. What depends on the game of ``rules`` cannot
be said in the body's schema (OpenAPI 3.0 has no if/then): the counting settings are the
union of the games' ones, and the rules across them are named in :data:`COUNTING_DOC`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import Schema, ValidationError, fields, validate

from .strict import StrictBoolean
from .vocabulary import (
    COUNTING_CHOICES,
    COUNTING_LIMITS,
    COUNTING_SETTINGS,
    LEAST_WIEZEN_EVENINGS,
    MAX_INT,
    RULESET_GAMES,
    RULESET_OPTIONS,
)

Kind = tuple[type, "tuple[object, ...] | None", "int | None"]
BASE_GAMES = {
    **RULESET_GAMES,
    **{ref.partition("@")[0]: game for ref, game in RULESET_GAMES.items()},
}
"""The game of each shipped rule set, by ``id@version`` and by ``id``."""
AMONG = "must be one of {choices}"
"""The aggregates' and the rules' words for a value outside its choices."""


def whole(least: int, most: int) -> validate.Range:
    """A whole number from ``least`` to ``most``, refused in the aggregates' words."""
    return validate.Range(min=least, max=most, error="must be a whole number from {min} to {max}")


def option_doc(kind: Kind) -> dict[str, Any]:
    """One option's value as JSON Schema: its type, its choices, its least value."""
    python_type, choices, minimum = kind
    if python_type is bool:
        return {"type": "boolean"}
    if python_type is str:
        return {"type": "string", **({"enum": list(choices)} if choices else {})}
    least = -MAX_INT if minimum is None else minimum
    return {
        "type": "integer",
        "minimum": least,
        "maximum": MAX_INT,
        **({"enum": list(choices)} if choices else {}),
    }


def option_field(kind: Kind) -> fields.Field:
    """One option's value as the wire takes it (what :func:`option_doc` says)."""
    python_type, choices, minimum = kind
    among = [validate.OneOf(choices, error=AMONG)] if choices else []
    if python_type is bool:
        return StrictBoolean()
    if python_type is str:
        return fields.String(validate=among)
    least = -MAX_INT if minimum is None else minimum
    return fields.Integer(strict=True, validate=[whole(least, MAX_INT), *among])


OPTIONS = {
    game: Schema.from_dict(
        {name: option_field(kind) for name, kind in options.items()},
        name=f"{game.title()}Options",
    )
    for game, options in RULESET_OPTIONS.items()
}
"""The options a club may change, per game (an unknown one is refused)."""


def options_doc(base: str) -> dict[str, Any]:
    """The options of a club's rule set based on the shipped rule set ``base``."""
    options = RULESET_OPTIONS[BASE_GAMES[base]]
    return {
        "type": "object",
        "description": "option values to change (see GET /api/rulesets): only the options of "
        "the base's game, each of its type, among its choices, not below its least value",
        "properties": {name: option_doc(kind) for name, kind in options.items()},
        "additionalProperties": False,
    }


def checked_options(base: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """The options of a club's rule set based on ``base``; refused as the document says."""
    loaded: dict[str, Any] = OPTIONS[BASE_GAMES[base]]().load(options)
    return loaded


def _games(setting: str) -> str:
    """The games whose counting rule has ``setting``, in words."""
    games = [game for game, names in COUNTING_SETTINGS.items() if setting in names]
    return "every game" if len(games) == len(COUNTING_SETTINGS) else f"{', '.join(games)} only"


def _counting_field(setting: str, meaning: str) -> fields.Field:
    """A counting setting as the wire takes it: a whole number in its range, or a word."""
    described = {"description": f"{meaning} ({_games(setting)})"}
    if setting in COUNTING_CHOICES:
        return fields.String(
            validate=validate.OneOf(COUNTING_CHOICES[setting], error=AMONG), metadata=described
        )
    least, most = COUNTING_LIMITS[setting]
    return fields.Integer(strict=True, validate=whole(least, most), metadata=described)


class CountingSchema(Schema):
    """The settings of a counting rule the director may set: the union of the games' ones."""

    evenings = _counting_field(
        "evenings",
        f"the evenings of the season, 0 for not fixed in advance; wiezen: at least "
        f"{LEAST_WIEZEN_EVENINGS}",
    )
    best = _counting_field("best", "how many results count, at most `evenings`")
    durchgaenge = _counting_field("durchgaenge", "Durchgänge per evening")
    method = _counting_field("method", "how a session is scored")
    movement = _counting_field("movement", "how the pairs and boards move")
    boards_per_round = _counting_field("boards_per_round", "boards played per round")
    rounds = _counting_field(
        "rounds", "rounds played, 0 for the whole movement; fewer curtail it (docs/seating.md)"
    )


class SettingsField(fields.Nested):
    """An object of settings; anything else is refused naming the field itself."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if not isinstance(value, Mapping):
            raise ValidationError("must be an object of settings")
        return super()._deserialize(value, attr, data, **kwargs)


COUNTING_DOC = (
    "the counting rule's settings; each one left out takes the game's default (see "
    "`counting` in GET /api/rulesets). A game takes only its own settings: "
    + "; ".join(f"{game}: {', '.join(names)}" for game, names in COUNTING_SETTINGS.items())
    + ". What the schema cannot say (the game comes from `rules`) is refused with 422 "
    "naming the setting: a setting of another game, a wiezen season of no evenings, and a "
    "wiezen `best` above its `evenings` (the rule set's `season_best` and `season_sundays` "
    "stand for the one left out)"
)
"""The counting rule in words, with the rules across fields that JSON Schema cannot state."""

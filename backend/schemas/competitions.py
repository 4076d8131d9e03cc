"""Rule sets, competitions, players and standing adjustments on the wire."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import Schema, ValidationError, fields, validate

from ..rules.games import GAME_NAMES

TEXT = validate.Length(min=1, max=200)
REASON = validate.Length(min=1, max=500)
POINTS = validate.Range(min=-1_000_000, max=1_000_000)
RULESET_ID = r"^[a-z0-9][a-z0-9-]{1,62}$"


class RuleSetArgsSchema(Schema):
    game = fields.String(
        validate=validate.OneOf(GAME_NAMES), metadata={"description": "only this game"}
    )


class OptionSchema(Schema):
    name = fields.String(required=True)
    value = fields.Raw(required=True, metadata={"description": "a number, a text or true/false"})
    default = fields.Raw(required=True, metadata={"description": "the value in the rulebook"})
    choices = fields.List(fields.Raw(), allow_none=True, required=True)
    doc = fields.String(required=True, metadata={"description": "the rule and its reason"})


class RuleSetSchema(Schema):
    id = fields.String(required=True)
    version = fields.Integer(required=True)
    ref = fields.String(required=True, metadata={"description": "id@version, as lists name it"})
    game = fields.String(required=True)
    title = fields.String(required=True)
    based_on = fields.String(allow_none=True, required=True)
    source = fields.String(required=True)
    options = fields.List(fields.Nested(OptionSchema), required=True)


class PresetSchema(RuleSetSchema):
    default = fields.Boolean(required=True, metadata={"description": "the game's default"})
    counting = fields.Dict(
        keys=fields.String(),
        values=fields.Raw(),
        required=True,
        metadata={"description": "the game's counting rule settings by default"},
    )


class ClubRuleSetSchema(Schema):
    """A club's own rule set: a preset with some option values changed."""

    id = fields.String(required=True, validate=validate.Regexp(RULESET_ID))
    base = fields.String(
        required=True, validate=TEXT, metadata={"description": "the preset it starts from"}
    )
    title = fields.String(validate=TEXT)
    version = fields.Integer(strict=True, validate=validate.Range(min=1, max=10_000))
    options = fields.Dict(keys=fields.String(), values=fields.Raw(), load_default=dict)


RULES_DOC = {
    "description": "a preset (id or id@version, see GET /api/rulesets) or a club's own rule "
    "set {id, base, title, options}",
    "oneOf": [
        {"type": "string", "minLength": 1, "maxLength": 200},
        {
            "type": "object",
            "required": ["id", "base"],
            "properties": {
                "id": {"type": "string", "pattern": RULESET_ID},
                "base": {"type": "string", "minLength": 1, "maxLength": 200},
                "title": {"type": "string", "minLength": 1, "maxLength": 200},
                "version": {"type": "integer", "minimum": 1, "maximum": 10000},
                "options": {"type": "object", "additionalProperties": {}},
            },
            "additionalProperties": False,
        },
    ],
}


class RulesField(fields.Field):
    """A preset's reference, or a club's own rule set as an object."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, str):
            TEXT(value)
            return value
        if isinstance(value, Mapping):
            return ClubRuleSetSchema().load(value)
        raise ValidationError("must be a rule set's id or a rule set object")


class CompetitionCreateSchema(Schema):
    name = fields.String(required=True, validate=TEXT)
    rules = RulesField(required=True, metadata=RULES_DOC)
    counting = fields.Dict(
        keys=fields.String(),
        values=fields.Raw(),
        metadata={"description": "the counting rule's settings (defaults per game)"},
    )


class PlayerSchema(Schema):
    player_id = fields.String(required=True)
    name = fields.String(required=True)
    withdrawn = fields.String(
        allow_none=True, required=True, metadata={"description": "the reason, once withdrawn"}
    )


class EveningSummarySchema(Schema):
    evening = fields.Integer(required=True)
    date = fields.String(required=True)
    closed = fields.Boolean(required=True)
    draw_no = fields.Integer(allow_none=True, required=True)
    seed = fields.String(allow_none=True, required=True)


class AdjustmentSchema(Schema):
    position = fields.Integer(required=True)
    player_id = fields.String(required=True)
    name = fields.String(required=True)
    points = fields.Integer(required=True)
    reason = fields.String(required=True)
    article = fields.String(required=True)
    timestamp = fields.String(required=True)


class CompetitionBaseSchema(Schema):
    id = fields.String(required=True)
    name = fields.String(required=True)
    game = fields.String(required=True)
    rules_ref = fields.String(required=True)
    rules_title = fields.String(required=True)
    counting = fields.Dict(keys=fields.String(), values=fields.Raw(), required=True)
    created_at = fields.String(required=True)
    head = fields.String(required=True, metadata={"description": "the head of its hash chain"})


class CompetitionSchema(CompetitionBaseSchema):
    players = fields.Integer(required=True, metadata={"description": "how many are enrolled"})
    evenings = fields.Integer(required=True, metadata={"description": "how many are scheduled"})


class CompetitionDetailSchema(CompetitionBaseSchema):
    rules = fields.Nested(RuleSetSchema, required=True)
    players = fields.List(fields.Nested(PlayerSchema), required=True)
    evenings = fields.List(fields.Nested(EveningSummarySchema), required=True)
    adjustments = fields.List(
        fields.Nested(AdjustmentSchema),
        required=True,
        metadata={"description": "the director's rulings on the standings"},
    )


class PlayerCreateSchema(Schema):
    name = fields.String(required=True, validate=TEXT)


class WithdrawSchema(Schema):
    reason = fields.String(required=True, validate=TEXT)


class AdjustmentCreateSchema(Schema):
    player_id = fields.String(required=True, validate=TEXT)
    points = fields.Integer(
        required=True, strict=True, validate=POINTS, metadata={"description": "not 0"}
    )
    reason = fields.String(required=True, validate=TEXT)
    article = fields.String(load_default="", validate=validate.Length(max=200))

"""Rule sets, competitions, players and standing adjustments on the wire."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import Schema, ValidationError, fields, validate

from .settings import COUNTING_DOC, CountingSchema, SettingsField, checked_options, options_doc
from .strict import not_blank
from .vocabulary import GAME_NAMES, MAX_NAME, RULESET_PRESETS

TEXT = validate.Length(min=1, max=200)
REASON = validate.Length(min=1, max=500)
POINTS = validate.Range(min=-1_000_000, max=1_000_000)
NAME = not_blank(MAX_NAME)
RULESET_ID = r"^[a-z0-9][a-z0-9-]{1,62}$"
PRESET_NAMES = [
    name for ref in RULESET_PRESETS for name in (ref.partition("@")[0], ref)
]  # each shipped rule set by its id (the newest version) and by id@version
PRESET = validate.OneOf(PRESET_NAMES, error="must be a shipped rule set: {choices}")


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
        required=True, validate=PRESET, metadata={"description": "the preset it starts from"}
    )
    title = fields.String(validate=TEXT)
    version = fields.Integer(strict=True, validate=validate.Range(min=1, max=10_000))
    options = fields.Dict(keys=fields.String(), values=fields.Raw(), load_default=dict)


def _own_rules_doc(ref: str) -> dict[str, Any]:
    """A club's own rule set based on the preset ``ref``: its id must differ from the base's."""
    base_id = ref.partition("@")[0]
    return {
        "type": "object",
        "required": ["id", "base"],
        "properties": {
            "id": {"type": "string", "pattern": RULESET_ID, "not": {"enum": [base_id]}},
            "base": {"type": "string", "enum": [base_id, ref]},
            "title": {"type": "string", "minLength": 1, "maxLength": 200},
            "version": {"type": "integer", "minimum": 1, "maximum": 10000},
            "options": options_doc(ref),
        },
        "additionalProperties": False,
    }


RULES_DOC = {
    "description": "a preset (id or id@version, see GET /api/rulesets) or a club's own rule "
    "set {id, base, title, options} based on one (with an id of its own)",
    "oneOf": [
        {"type": "string", "enum": PRESET_NAMES},
        *(_own_rules_doc(ref) for ref in RULESET_PRESETS),
    ],
}


class RulesField(fields.Field):
    """A preset's reference, or a club's own rule set as an object."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, str):
            PRESET(value)
            return value
        if isinstance(value, Mapping):
            loaded = ClubRuleSetSchema().load(value)
            try:
                loaded["options"] = checked_options(loaded["base"], loaded["options"])
            except ValidationError as refused:
                raise ValidationError({"options": refused.messages}) from None
            return loaded
        raise ValidationError("must be a rule set's id or a rule set object")


class CompetitionCreateSchema(Schema):
    name = fields.String(required=True, validate=NAME)
    rules = RulesField(required=True, metadata=RULES_DOC)
    counting = SettingsField(CountingSchema, metadata={"description": COUNTING_DOC})


NUMBERS_DOC = (
    "federation numbers, one a person the player stands for, in the order of the name (a "
    "bridge pair: two); an empty one is not known. The USEBIO files report them."
)
FEDERATION_NUMBER = fields.String(
    validate=validate.Regexp(
        r"^$|^[A-Za-z0-9][A-Za-z0-9 ./-]{0,19}$",
        error="must be at most 20 letters, digits, spaces, '.', '/' or '-'",
    )
)
NUMBERS = validate.Length(max=4, error="must hold at most 4 numbers, one a person")


class PlayerSchema(Schema):
    player_id = fields.String(required=True)
    name = fields.String(required=True)
    withdrawn = fields.String(
        allow_none=True, required=True, metadata={"description": "the reason, once withdrawn"}
    )
    numbers = fields.List(fields.String(), required=True, metadata={"description": NUMBERS_DOC})


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
    archived = fields.String(
        allow_none=True,
        required=True,
        metadata={"description": "why it was taken off the club's list (null: it is listed)"},
    )


class PlayerCreateSchema(Schema):
    name = fields.String(required=True, validate=NAME)
    numbers = fields.List(
        FEDERATION_NUMBER, validate=NUMBERS, metadata={"description": NUMBERS_DOC}
    )


class PlayerChangeSchema(Schema):
    name = fields.String(validate=NAME, metadata={"description": "a corrected name"})
    numbers = fields.List(
        FEDERATION_NUMBER, validate=NUMBERS, metadata={"description": NUMBERS_DOC}
    )


class WithdrawSchema(Schema):
    reason = fields.String(required=True, validate=NAME)


class UnenrolSchema(Schema):
    reason = fields.String(
        load_default="",
        validate=validate.Length(max=200),
        metadata={"description": "why the enrolment was a mistake (optional)"},
    )


class CompetitionRenameSchema(Schema):
    name = fields.String(required=True, validate=NAME, metadata={"description": "a corrected name"})


class ArchiveSchema(Schema):
    reason = fields.String(
        required=True,
        validate=NAME,
        metadata={"description": "why it leaves the club's list, e.g. 'made by mistake'"},
    )


class AdjustmentCreateSchema(Schema):
    player_id = fields.String(required=True, validate=TEXT)
    points = fields.Integer(
        required=True,
        strict=True,
        validate=[POINTS, validate.NoneOf([0], error="must not be 0")],
        metadata={"description": "not 0", "not": {"enum": [0]}},
    )
    reason = fields.String(required=True, validate=NAME)
    article = fields.String(load_default="", validate=validate.Length(max=200))

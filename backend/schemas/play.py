"""The wire's shapes of play mode: switching it, and the deal in play with its facts."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from .strict import StrictBoolean
from .vocabulary import MAX_INT


class PlayModeSchema(Schema):
    on = StrictBoolean(
        required=True,
        metadata={"description": "true: the table records every bid and card"},
    )


class CompetitionPlayModeSchema(PlayModeSchema):
    evening = fields.Integer(
        load_default=None,
        strict=True,
        validate=validate.Range(min=1, max=MAX_INT),
        metadata={"description": "one evening; left out: every evening, also those to come"},
    )


class PlayModeSetSchema(Schema):
    play_mode = fields.Boolean(required=True)


class CompetitionPlayModeSetSchema(Schema):
    lists = fields.Integer(
        required=True, metadata={"description": "how many open lists were switched now"}
    )


class DealInPlaySchema(Schema):
    play_mode = fields.Boolean(required=True)
    deal_no = fields.Integer(
        required=True, metadata={"description": "the next deal: the one being played"}
    )
    play = fields.Dict(
        allow_none=True,
        metadata={"description": "its play as recorded (docs/play-mode.md), null before start"},
    )
    facts = fields.Dict(
        allow_none=True,
        metadata={"description": "the deal record's fields the play decides, to confirm"},
    )
    hand_record = fields.Dict(
        allow_none=True,
        metadata={
            "description": "bridge, before the play starts: the next board's loaded hand "
            "record {board, dealer, hands} (the play starts from it), or null"
        },
    )

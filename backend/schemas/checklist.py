"""The director's evening checklist on the wire, and the note that the table cards were printed."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

ITEMS = ("present", "draw", "cards", "phones", "submitted", "disputes", "closed", "published")


class WaitingTableSchema(Schema):
    list_id = fields.String(required=True)
    round = fields.Integer(required=True)
    table = fields.Integer(required=True)


class ChecklistItemSchema(Schema):
    item = fields.String(
        required=True,
        validate=validate.OneOf(ITEMS),
        metadata={
            "description": "present: every player's attendance recorded, someone present; "
            "draw: the tables drawn; cards: the current draw's table cards printed; phones: "
            "a phone joined every list; submitted: every list submitted; disputes: none "
            "open; closed: the evening closed; published: its standings final on the wall"
        },
    )
    done = fields.Boolean(required=True)
    count = fields.Integer(
        allow_none=True, required=True, metadata={"description": "how many are done, if counted"}
    )
    of = fields.Integer(
        allow_none=True, required=True, metadata={"description": "out of how many, if counted"}
    )
    at = fields.String(
        allow_none=True,
        required=True,
        metadata={"description": "when it was done, if the server knows (cards: Print pressed)"},
    )
    waiting = fields.List(
        fields.Nested(WaitingTableSchema),
        required=True,
        metadata={"description": "the lists this step still waits for, by round and table"},
    )


class ChecklistSchema(Schema):
    competition_id = fields.String(required=True)
    evening = fields.Integer(required=True)
    date = fields.String(required=True)
    draw_no = fields.Integer(
        allow_none=True, required=True, metadata={"description": "the current draw, if drawn"}
    )
    done = fields.Integer(required=True, metadata={"description": "how many items are done"})
    items = fields.List(fields.Nested(ChecklistItemSchema), required=True)


class CardsPrintedSchema(Schema):
    draw_no = fields.Integer(required=True, metadata={"description": "the draw whose cards"})
    printed_at = fields.String(
        required=True, metadata={"description": "when Print was first pressed (UTC, ISO 8601)"}
    )
    director = fields.String(required=True)

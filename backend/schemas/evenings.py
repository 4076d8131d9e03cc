"""Evenings on the wire: scheduling, attendance, the draw and the table cards."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from .vocabulary import ATTENDANCE


class EveningCreateSchema(Schema):
    date = fields.Date(required=True, metadata={"description": "YYYY-MM-DD"})


class AttendanceSetSchema(Schema):
    status = fields.String(required=True, validate=validate.OneOf(ATTENDANCE))


class DrawArgsSchema(Schema):
    seed = fields.String(
        validate=validate.Regexp(r"^[\x21-\x7e]{1,64}$", error="1-64 printable characters"),
        metadata={"description": "the lot's seed; a random one is recorded when left out"},
    )


class PlayerRefSchema(Schema):
    player_id = fields.String(required=True)
    name = fields.String(required=True)


class SeatSchema(PlayerRefSchema):
    seat = fields.String(required=True, metadata={"description": "1-5, N/E/S/W or NS/EW"})


class AttendanceSchema(PlayerRefSchema):
    status = fields.String(
        allow_none=True,
        required=True,
        metadata={"description": "present, absent_notice or absent; null when not recorded"},
    )


class DrawTableSchema(Schema):
    table = fields.Integer(required=True)
    seats = fields.List(fields.Nested(SeatSchema), required=True)
    boards = fields.List(fields.Integer(), allow_none=True, required=True)


class DrawRoundSchema(Schema):
    round = fields.Integer(required=True)
    tables = fields.List(fields.Nested(DrawTableSchema), required=True)
    sitting_out = fields.List(fields.Nested(PlayerRefSchema), required=True)


class DrawSchema(Schema):
    draw_no = fields.Integer(required=True, metadata={"description": "1, then 2 … per redraw"})
    seed = fields.String(required=True)
    rounds = fields.List(fields.Nested(DrawRoundSchema), required=True)
    explain = fields.List(fields.String(), required=True)
    recorded = fields.Dict(
        required=True, metadata={"description": "the draw as recorded, to reproduce it"}
    )


class EveningListSchema(Schema):
    list_id = fields.String(required=True)
    round = fields.Integer(required=True)
    table = fields.Integer(required=True)
    status = fields.String(required=True, metadata={"description": "open or submitted"})
    closed_short = fields.String(allow_none=True, required=True)
    planned_deals = fields.Integer(required=True)
    counted_deals = fields.Integer(required=True)
    rows = fields.Integer(required=True)
    open_disputes = fields.Integer(required=True)
    submitted_head = fields.String(allow_none=True, required=True)


class EveningSchema(Schema):
    competition_id = fields.String(required=True)
    evening = fields.Integer(required=True)
    date = fields.String(required=True)
    closed = fields.Boolean(required=True)
    attendance = fields.List(fields.Nested(AttendanceSchema), required=True)
    draw = fields.Nested(DrawSchema, allow_none=True, required=True)
    draw_stale = fields.Boolean(
        required=True,
        metadata={"description": "the attendance changed after the draw: draw again before play"},
    )
    lists = fields.List(fields.Nested(EveningListSchema), required=True)


class CardRoundSchema(Schema):
    round = fields.Integer(required=True)
    boards = fields.List(fields.Integer(), allow_none=True, required=True)
    pairs = fields.Dict(
        keys=fields.String(),
        values=fields.Integer(),
        allow_none=True,
        required=True,
        metadata={"description": 'the pair numbers at the table: {"NS": 1, "EW": 6}'},
    )
    names = fields.Dict(keys=fields.String(), values=fields.String(), required=True)


class CardSchema(Schema):
    list_id = fields.String(required=True)
    round = fields.Integer(required=True)
    table = fields.Integer(required=True)
    seats = fields.List(fields.Nested(SeatSchema), required=True)
    boards = fields.List(fields.Integer(), allow_none=True, required=True)
    join_code = fields.String(required=True, metadata={"description": "typed in to join"})
    join_url = fields.String(
        required=True, metadata={"description": "the table app with the code: <origin>/t/<code>"}
    )
    qr = fields.String(
        required=True, metadata={"description": "the QR code of join_url, an SVG data URI"}
    )
    status = fields.String(required=True)
    schedule = fields.List(
        fields.Nested(CardRoundSchema),
        metadata={
            "description": "bridge: one card per table for the whole evening; the movement "
            "at the table, round by round (the card's code leads to the round in play)"
        },
    )


class CardsSchema(Schema):
    competition_id = fields.String(required=True)
    name = fields.String(required=True)
    game = fields.String(required=True)
    evening = fields.Integer(required=True)
    date = fields.String(required=True)
    cards = fields.List(fields.Nested(CardSchema), required=True)

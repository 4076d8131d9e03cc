"""Logging in as the director, and joining a list from a table."""

from __future__ import annotations

from marshmallow import Schema, fields, validate


class LoginSchema(Schema):
    name = fields.String(required=True, validate=validate.Length(min=1, max=100))
    password = fields.String(required=True, validate=validate.Length(min=1, max=200))


class SessionSchema(Schema):
    role = fields.String(required=True, metadata={"description": "director or public"})
    director = fields.String(allow_none=True)
    club = fields.String()
    csrf_token = fields.String(
        allow_none=True,
        metadata={"description": "send it as X-CSRF-Token with every state-changing request"},
    )


class JoinSchema(Schema):
    code = fields.String(
        required=True,
        validate=validate.Length(min=4, max=16),
        metadata={"description": "the code on the table card"},
    )
    client_id = fields.String(
        required=True,
        validate=validate.Regexp(r"^[A-Za-z0-9_.:-]{4,64}$", error="4-64 letters, digits or _.:-"),
        metadata={"description": "the device's stable id"},
    )


class JoinedSchema(Schema):
    token = fields.String(
        required=True,
        metadata={
            "description": "send it as 'Authorization: Bearer <token>'; good for this list only"
        },
    )
    list_id = fields.String(required=True)
    game = fields.String(required=True)
    table = fields.Integer(required=True)
    round = fields.Integer(required=True)
    boards = fields.List(
        fields.Integer(),
        allow_none=True,
        required=True,
        metadata={
            "description": "bridge: the boards this table plays this round (as on the "
            "scoresheet), so the phone offers them before the sheet loads; null otherwise"
        },
    )
    seats = fields.Dict(keys=fields.String(), values=fields.Raw(), required=True)
    players = fields.Dict(keys=fields.String(), values=fields.String(), required=True)
    pen = fields.String(allow_none=True, metadata={"description": "the device holding the pen"})
    holds_pen = fields.Boolean(required=True)
    status = fields.String(required=True)

"""Logging in as the director, and joining a list from a table."""

from __future__ import annotations

import re

from marshmallow import Schema, fields, validate

from .strict import NOT_BLANK, Searched, not_blank


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
    name = fields.String(
        load_default=None,
        validate=not_blank(60),
        metadata={
            "description": 'the name the player gives this phone ("Anna\'s phone"): what '
            "other phones, the public pages and the console see; made unique on the list"
        },
    )
    client_id = fields.String(
        load_default=None,
        validate=validate.Length(max=64),
        metadata={
            "description": "sent by phones of the release before; accepted and ignored for "
            "identity (the server chooses the device); used as the name when none is given"
        },
    )
    secret = fields.String(
        load_default=None,
        validate=validate.Length(max=1000),
        metadata={
            "description": "an expired secret this phone was given for this list: when it is "
            "genuine and the device was not withdrawn, the phone keeps its device and its "
            "mutation ids"
        },
    )


class JoinKeySchema(Schema):
    """The header a phone sends with a join it may have to send again."""

    key = fields.String(
        data_key="Idempotency-Key",
        validate=[
            validate.Length(min=16, max=200),
            Searched(re.compile(NOT_BLANK), error="must not be blank"),
        ],
        metadata={
            "description": "a key the phone makes for this join (16 to 200 characters, "
            "random) and sends again when it retries the join because the answer was lost: "
            "the retry is answered with the same device (and its mutation ids), with a new "
            "secret, instead of registering a second device"
        },
    )


class JoinedSchema(Schema):
    token = fields.String(
        required=True,
        metadata={
            "description": "the device's secret: send it as 'Authorization: Bearer <token>'; "
            "good for this list only, until expires_at"
        },
    )
    expires_at = fields.String(
        required=True, metadata={"description": "when the secret expires (join again then)"}
    )
    device = fields.String(required=True, metadata={"description": "this phone's name"})
    last_mutation_id = fields.Integer(
        required=True,
        metadata={"description": "the last mutation id applied for this device (0: a new one)"},
    )
    renewed = fields.Boolean(
        required=True, metadata={"description": "the phone kept its device (a renewed secret)"}
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
    pen = fields.String(
        allow_none=True,
        metadata={"description": "the name of the device holding the pen; null: it is free"},
    )
    holds_pen = fields.Boolean(required=True)
    status = fields.String(required=True)
    pairs = fields.Dict(
        keys=fields.String(),
        values=fields.Integer(),
        allow_none=True,
        metadata={
            "description": "bridge: the movement's pair numbers at this table this round "
            '({"NS": 1, "EW": 6}); null otherwise'
        },
    )

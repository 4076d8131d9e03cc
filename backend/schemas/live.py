"""Live updates: what a client follows, and the state of each thing it follows."""

from __future__ import annotations

from marshmallow import EXCLUDE, Schema, fields, validate

POLL_WAIT_MAX = 25


class LiveArgsSchema(Schema):
    competition = fields.String(
        required=True,
        validate=validate.Length(min=1, max=64),
        metadata={"description": "the competition's id"},
    )
    standings = fields.Boolean(
        load_default=True,
        metadata={"description": "follow the standings and evening results (public)"},
    )
    list = fields.String(
        validate=validate.Length(min=1, max=64),
        metadata={
            "description": "also follow this list of the competition (the director, the "
            "list's table token, or anyone once it is submitted)"
        },
    )
    room = fields.Integer(
        strict=False,
        validate=validate.Range(min=1, max=10_000),
        metadata={"description": "also follow the director's room view of this evening"},
    )
    since = fields.Integer(
        validate=validate.Range(min=0),
        metadata={
            "description": "a position from an earlier answer: send only what changed after "
            "it (SSE: the Last-Event-ID header does the same)"
        },
    )


class LiveHeadersSchema(Schema):
    class Meta:
        unknown = EXCLUDE

    last_event_id = fields.Integer(
        data_key="Last-Event-ID",
        validate=validate.Range(min=0),
        metadata={"description": "sent by EventSource when it reconnects: resume from there"},
    )


class LivePollArgsSchema(LiveArgsSchema):
    wait = fields.Integer(
        load_default=POLL_WAIT_MAX,
        validate=validate.Range(min=0, max=POLL_WAIT_MAX),
        metadata={"description": "seconds to wait for a change before answering empty"},
    )


class LiveStandingLineSchema(Schema):
    rank = fields.Integer(required=True)
    player_id = fields.String(required=True)
    name = fields.String(required=True)
    total = fields.Integer(required=True)


class LiveEveningSchema(Schema):
    evening = fields.Integer(required=True)
    date = fields.String(required=True)
    closed = fields.Boolean(required=True)
    drawn = fields.Boolean(required=True)
    provisional = fields.Boolean(
        required=True, metadata={"description": "some of its lists are not submitted yet"}
    )
    submitted = fields.Integer(
        required=True,
        metadata={"description": "its lists submitted so far: a submission changes the standings"},
    )
    lists = fields.Integer(required=True, metadata={"description": "its lists, not cancelled"})


class LiveStandingsSchema(Schema):
    competition_id = fields.String(required=True)
    name = fields.String(required=True)
    game = fields.String(required=True)
    head = fields.String(allow_none=True, metadata={"description": "the competition's hash"})
    standings = fields.List(fields.Nested(LiveStandingLineSchema), required=True)
    evenings = fields.List(fields.Nested(LiveEveningSchema), required=True)


class LiveListSchema(Schema):
    list_id = fields.String(required=True)
    competition_id = fields.String(required=True)
    evening = fields.Integer(required=True)
    round = fields.Integer(required=True)
    table = fields.Integer(required=True)
    game = fields.String(required=True)
    version = fields.Integer(required=True, metadata={"description": "the list's event count"})
    head = fields.String(allow_none=True, metadata={"description": "hash of its last event"})
    status = fields.String(required=True, metadata={"description": "open, submitted, cancelled"})
    pen = fields.String(allow_none=True, metadata={"description": "the device holding the pen"})
    rows = fields.Integer(required=True, metadata={"description": "deal rows on the list"})
    counted_deals = fields.Integer(required=True)
    planned_deals = fields.Integer(allow_none=True)
    open_disputes = fields.Integer(required=True)
    seats = fields.Dict(keys=fields.String(), values=fields.String(), required=True)
    players = fields.Dict(
        keys=fields.String(), values=fields.String(), metadata={"description": "seat → name"}
    )
    totals = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)
    last_event_at = fields.String(allow_none=True)
    submitted_at = fields.String(allow_none=True)


class LiveTableSchema(Schema):
    list_id = fields.String(required=True)
    round = fields.Integer(required=True)
    table = fields.Integer(required=True)
    status = fields.String(required=True)
    submitted = fields.Boolean(required=True)
    pen = fields.String(allow_none=True)
    rows = fields.Integer(required=True, metadata={"description": "deals recorded"})
    counted_deals = fields.Integer(required=True)
    planned_deals = fields.Integer(allow_none=True)
    open_disputes = fields.Integer(required=True)
    refused = fields.Integer(required=True, metadata={"description": "refused mutations"})
    revokes = fields.List(
        fields.Dict(),
        load_default=list,
        metadata={
            "description": "the established revokes of its played deals: deal_no, trick, "
            "seat, card, rule (play mode)"
        },
    )
    last_event_at = fields.String(allow_none=True)
    version = fields.Integer(required=True)


class LiveRoomSchema(Schema):
    competition_id = fields.String(required=True)
    evening = fields.Integer(required=True)
    date = fields.String(required=True)
    closed = fields.Boolean(required=True)
    tables = fields.List(fields.Nested(LiveTableSchema), required=True)


class LivePolledSchema(Schema):
    position = fields.Integer(
        required=True, metadata={"description": "send it back as `since` in the next poll"}
    )
    changed = fields.List(
        fields.String(),
        required=True,
        metadata={
            "description": "what changed: standings, list, room; empty when the wait ran out"
        },
    )
    standings = fields.Nested(LiveStandingsSchema)
    list = fields.Nested(LiveListSchema)
    room = fields.Nested(LiveRoomSchema)


PAYLOADS: dict[str, type[Schema]] = {
    "standings": LiveStandingsSchema,
    "list": LiveListSchema,
    "room": LiveRoomSchema,
}

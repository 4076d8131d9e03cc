"""The sync protocol: push numbered mutations, pull events from a cursor."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from .vocabulary import MAX_INT

CLIENT_ID = validate.Regexp(r"^[A-Za-z0-9_.:-]{4,64}$", error="4-64 letters, digits or _.:-")


class MutationSchema(Schema):
    id = fields.Integer(
        required=True,
        strict=True,
        validate=validate.Range(min=1, max=MAX_INT),
        metadata={"description": "the device's mutation id: 1, 2, 3 …"},
    )
    name = fields.String(
        required=True,
        metadata={
            "description": "join, record_deal, record_penalty, void_deal, raise_dispute, "
            "submit_list, start_play, make_bid, play_card, take_back_card, claim or "
            "answer_claim"
        },
    )
    list = fields.String(required=True, metadata={"description": "the list's id"})
    args = fields.Raw(
        load_default=dict,
        allow_none=True,
        metadata={
            "description": "the command's arguments, an object; anything else (or an unknown "
            "name) is refused for this mutation alone"
        },
    )


class PushSchema(Schema):
    client_id = fields.String(
        load_default=None,
        validate=CLIENT_ID,
        metadata={
            "description": "the director's console only: which console is counting; a "
            "table's device is the one its secret names, and this field is ignored"
        },
    )
    mutations = fields.List(
        fields.Nested(MutationSchema), required=True, validate=validate.Length(max=200)
    )


class ListStateSchema(Schema):
    list_id = fields.String(required=True)
    version = fields.Integer(required=True)
    head = fields.String(required=True)
    status = fields.String(required=True)
    pen = fields.String(
        allow_none=True, metadata={"description": "the name of the device holding the pen"}
    )
    holds_pen = fields.Boolean(metadata={"description": "the asking device holds the pen"})
    rows = fields.Integer(required=True)
    totals = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)
    play_mode = fields.Boolean(
        metadata={"description": "the table records every bid and card (docs/play-mode.md)"}
    )


class OutcomeSchema(Schema):
    id = fields.Integer(required=True)
    status = fields.String(
        required=True,
        metadata={"description": "applied, duplicate, refused, conflict, gap or skipped"},
    )
    result = fields.Dict(metadata={"description": "applied/duplicate: what the server computed"})
    error = fields.Dict(metadata={"description": "refused/conflict/gap: {error, message, fields}"})
    list = fields.Nested(
        ListStateSchema,
        allow_none=True,
        metadata={"description": "the list as the server has it now"},
    )


class PushedSchema(Schema):
    client_id = fields.String(allow_none=True, metadata={"description": "as sent"})
    device = fields.String(
        allow_none=True, metadata={"description": "the name of the device that pushed"}
    )
    last_mutation_id = fields.Integer(required=True)
    results = fields.List(fields.Nested(OutcomeSchema), required=True)


class PullArgsSchema(Schema):
    list = fields.String(required=True)
    cursor = fields.Integer(load_default=0, validate=validate.Range(min=0, max=2**63 - 1))
    limit = fields.Integer(load_default=100, validate=validate.Range(min=1, max=500))


class EventSchema(Schema):
    position = fields.Integer(required=True)
    version = fields.Integer(required=True)
    event = fields.String(required=True)
    timestamp = fields.String(required=True)
    hash = fields.String(required=True)
    data = fields.Dict(required=True)


class PulledSchema(Schema):
    list_id = fields.String(required=True)
    events = fields.List(fields.Nested(EventSchema), required=True)
    cursor = fields.Integer(required=True)
    more = fields.Boolean(required=True)

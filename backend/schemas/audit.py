"""The audit trail, the hash chains and the devices' refused mutations on the wire."""

from __future__ import annotations

from datetime import UTC

from marshmallow import Schema, fields, validate

from .sync import CLIENT_ID
from .vocabulary import ROLES

POSITION = validate.Range(min=0, max=2**53)


class PageArgsSchema(Schema):
    since = fields.Integer(
        load_default=0, validate=POSITION, metadata={"description": "the cursor of the last page"}
    )
    limit = fields.Integer(load_default=100, validate=validate.Range(min=1, max=500))


class AuditArgsSchema(PageArgsSchema):
    aggregate = fields.UUID(metadata={"description": "one competition's or list's events"})
    kind = fields.String(validate=validate.OneOf(("Competition", "ScoreList")))
    role = fields.String(validate=validate.OneOf(ROLES))
    client = fields.String(validate=CLIENT_ID, metadata={"description": "one device's events"})
    competition = fields.UUID(
        metadata={"description": "the competition's own events and those of all its lists"}
    )
    evening = fields.Integer(
        validate=validate.Range(min=1, max=9999),
        metadata={"description": "the lists of this evening (with `competition`)"},
    )
    table = fields.Integer(
        validate=validate.Range(min=1, max=9999), metadata={"description": "the lists of a table"}
    )
    event = fields.String(
        validate=validate.Regexp(r"^[A-Za-z]{1,40}$", error="an event name, e.g. DealRecorded"),
        metadata={"description": "one kind of event, e.g. `DealRecorded`"},
    )
    actor = fields.String(
        validate=validate.Length(min=1, max=80),
        metadata={"description": "who: the actor's name or device id (part of it)"},
    )
    start = fields.AwareDateTime(
        data_key="from",
        default_timezone=UTC,
        metadata={"description": "events at or after this time (ISO 8601)"},
    )
    end = fields.AwareDateTime(
        data_key="to",
        default_timezone=UTC,
        metadata={"description": "events before this time (ISO 8601)"},
    )
    before = fields.Integer(
        validate=POSITION,
        metadata={"description": "newest first: the events before this position (0: the latest)"},
    )


class AuditEntrySchema(Schema):
    position = fields.Integer(required=True, metadata={"description": "in the event log"})
    aggregate_id = fields.String(required=True)
    kind = fields.String(required=True)
    version = fields.Integer(required=True)
    event = fields.String(required=True)
    timestamp = fields.String(required=True)
    role = fields.String(allow_none=True, required=True)
    client_id = fields.String(allow_none=True, required=True)
    mutation_id = fields.Integer(allow_none=True, required=True)
    actor_name = fields.String(allow_none=True, required=True)
    hash = fields.String(allow_none=True, required=True)
    prev_hash = fields.String(allow_none=True, required=True)
    summary = fields.String(required=True)
    details = fields.Dict(
        allow_none=True,
        metadata={
            "description": "a list's event: what the summary says, as data (deal_no, reason, "
            "device, decision, article, seat, card …), to say it in any language"
        },
    )
    evening = fields.Integer(allow_none=True, metadata={"description": "a list's evening"})
    round = fields.Integer(allow_none=True, metadata={"description": "a list's round"})
    table = fields.Integer(allow_none=True, metadata={"description": "a list's table"})


class AuditPageSchema(Schema):
    entries = fields.List(fields.Nested(AuditEntrySchema), required=True)
    cursor = fields.Integer(required=True, metadata={"description": "send it as since"})
    more = fields.Boolean(required=True)


class ChainSchema(Schema):
    aggregate_id = fields.String(required=True)
    kind = fields.String(required=True)
    events = fields.Integer(required=True)
    head = fields.String(required=True, metadata={"description": "as recomputed"})
    ok = fields.Boolean(required=True)
    broken_at = fields.Integer(
        allow_none=True, required=True, metadata={"description": "the first broken version"}
    )
    problem = fields.String(required=True)
    unchained = fields.Integer(
        metadata={"description": "events stored before this kind of aggregate was chained"}
    )
    evening = fields.Integer(allow_none=True, metadata={"description": "a list's evening"})
    round = fields.Integer(allow_none=True, metadata={"description": "a list's round"})
    table = fields.Integer(allow_none=True, metadata={"description": "a list's table"})


class ChainArgsSchema(Schema):
    competition = fields.UUID(
        metadata={"description": "only the chains of this competition and its lists"}
    )


class FindingSchema(Schema):
    aggregate_id = fields.String(required=True)
    kind = fields.String(required=True)
    version = fields.Integer(allow_none=True, required=True)
    record = fields.String(
        required=True, metadata={"description": "what was changed: event, seal or snapshot"}
    )
    problem = fields.String(required=True)


class ChainsSchema(Schema):
    ok = fields.Boolean(required=True)
    chains = fields.List(fields.Nested(ChainSchema), required=True)
    findings = fields.List(
        fields.Nested(FindingSchema),
        metadata={"description": "stored records that differ from their seal or their events"},
    )


class MutationArgsSchema(PageArgsSchema):
    status = fields.String(
        load_default="refused",
        validate=validate.OneOf(("refused", "conflict", "applied", "all")),
        metadata={"description": "refused: every refusal, conflicts included"},
    )
    client = fields.String(validate=CLIENT_ID)
    list = fields.UUID(metadata={"description": "one list's mutations"})


class DeviceMutationSchema(Schema):
    cursor = fields.Integer(required=True)
    client_id = fields.String(required=True)
    mutation_id = fields.Integer(required=True)
    outcome = fields.String(required=True, metadata={"enum": ["applied", "refused", "conflict"]})
    name = fields.String(required=True, metadata={"description": "the command"})
    list_id = fields.String(required=True)
    args = fields.Raw(allow_none=True, required=True, metadata={"description": "as sent"})
    error = fields.Dict(
        allow_none=True, required=True, metadata={"description": "{error, message, fields}"}
    )
    timestamp = fields.String(required=True)


class MutationsPageSchema(Schema):
    mutations = fields.List(fields.Nested(DeviceMutationSchema), required=True)
    cursor = fields.Integer(required=True, metadata={"description": "send it as since"})
    more = fields.Boolean(required=True)

"""A table's list on the wire: the scoresheet, its replay, and the director's rulings."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from .evenings import SeatSchema
from .strict import StrictBoolean, not_blank
from .vocabulary import MAX_TEXT, RULINGS

DEAL_NO = validate.Range(min=1, max=10_000)
REASON = not_blank(MAX_TEXT)
POINTS = validate.Range(min=-1_000_000, max=1_000_000)
PER_SEAT = {"description": "points per seat of this list"}


def _points(**kwargs: object) -> fields.Dict:
    return fields.Dict(keys=fields.String(), values=fields.Integer(), metadata=PER_SEAT, **kwargs)


class RowSchema(Schema):
    deal_no = fields.Integer(required=True)
    kind = fields.String(required=True, metadata={"description": "deal or penalty"})
    counts = fields.Boolean(required=True, metadata={"description": "counts towards the plan"})
    counted_no = fields.Integer(
        allow_none=True, required=True, metadata={"description": "its number among counted deals"}
    )
    dealer = fields.String(allow_none=True, required=True)
    summary = fields.String(required=True, metadata={"description": "the contract, in short"})
    record = fields.Dict(required=True, metadata={"description": "the deal's facts"})
    points = _points(required=True)
    running = _points(allow_none=True, required=True)
    markers = fields.List(fields.String(), required=True)
    explain = fields.List(fields.String(), required=True, metadata={"description": "the working"})
    voided = fields.String(
        allow_none=True, required=True, metadata={"description": "the reason, when struck out"}
    )
    corrected = fields.Boolean(required=True, metadata={"description": "by a director's ruling"})
    recorded_at = fields.String(required=True)


class ListAdjustmentSchema(Schema):
    position = fields.Integer(required=True)
    deal_no = fields.Integer(required=True)
    points = _points(required=True)
    reason = fields.String(required=True)
    article = fields.String(allow_none=True, required=True)


class DisputeSchema(Schema):
    dispute_no = fields.Integer(required=True)
    deal_no = fields.Integer(required=True)
    reason = fields.String(required=True)
    raised_at = fields.String(required=True)
    ruling = fields.String(
        allow_none=True, required=True, metadata={"description": ", ".join(RULINGS) + " or null"}
    )
    ruling_reason = fields.String(allow_none=True, required=True)
    article = fields.String(allow_none=True, required=True)
    ruled_at = fields.String(allow_none=True, required=True)


class ListRulesSchema(Schema):
    id = fields.String(required=True)
    version = fields.Integer(required=True)
    ref = fields.String(required=True)
    game = fields.String(required=True)
    title = fields.String(required=True)
    based_on = fields.String(allow_none=True, required=True)
    options = fields.Dict(keys=fields.String(), required=True)


class DeviceSchema(Schema):
    name = fields.String(required=True)
    withdrawn = fields.String(allow_none=True, required=True, metadata={"description": "why"})
    holds_pen = fields.Boolean(required=True)


class ScoresheetSchema(Schema):
    list_id = fields.String(required=True)
    competition_id = fields.String(required=True)
    competition = fields.String(required=True, metadata={"description": "its name"})
    evening = fields.Integer(required=True)
    date = fields.String(allow_none=True, required=True)
    round = fields.Integer(required=True)
    table = fields.Integer(required=True)
    game = fields.String(required=True)
    rules_ref = fields.String(required=True)
    rules = fields.Nested(
        ListRulesSchema,
        allow_none=True,
        required=True,
        metadata={"description": "the rule set in full: a club's own copy scores on the phone"},
    )
    seats = fields.List(fields.Nested(SeatSchema), required=True)
    boards = fields.List(fields.Integer(), allow_none=True, required=True)
    planned_deals = fields.Integer(required=True)
    counted_deals = fields.Integer(required=True)
    status = fields.String(required=True, metadata={"enum": ["open", "submitted", "cancelled"]})
    closed_short = fields.String(allow_none=True, required=True)
    pen = fields.String(
        allow_none=True,
        required=True,
        metadata={"description": "the name of the device holding the pen"},
    )
    holds_pen = fields.Boolean(
        metadata={"description": "a table's request: whether the asking device holds the pen"}
    )
    devices = fields.List(
        fields.Nested(DeviceSchema),
        metadata={"description": "the director's request: the devices that joined, by name"},
    )
    head = fields.String(required=True, metadata={"description": "the head of its hash chain"})
    submitted_head = fields.String(allow_none=True, required=True)
    submitted_at = fields.String(allow_none=True, required=True)
    version = fields.Integer(required=True)
    totals = _points(required=True)
    open_disputes = fields.Integer(required=True)
    rows = fields.List(fields.Nested(RowSchema), required=True)
    adjustments = fields.List(fields.Nested(ListAdjustmentSchema), required=True)
    disputes = fields.List(fields.Nested(DisputeSchema), required=True)


class ReplayArgsSchema(Schema):
    deal = fields.Integer(validate=DEAL_NO, metadata={"description": "only this deal's events"})


class ActorSchema(Schema):
    role = fields.String(required=True)
    client_id = fields.String(allow_none=True)
    mutation_id = fields.Integer(allow_none=True)
    name = fields.String(allow_none=True)


class ReplayStateSchema(Schema):
    totals = _points(required=True)
    counted_deals = fields.Integer(required=True)
    rows = fields.Integer(required=True)
    pen = fields.String(allow_none=True, required=True)
    open_disputes = fields.List(fields.Integer(), required=True)
    submitted = fields.Boolean(required=True)


class PlayedCardSchema(Schema):
    seat = fields.String(required=True)
    card = fields.String(required=True)
    revoke = fields.Boolean(required=True)


class TrickSchema(Schema):
    no = fields.Integer(required=True)
    leader = fields.String(required=True)
    cards = fields.List(fields.Nested(PlayedCardSchema), required=True)
    winner = fields.String(allow_none=True, required=True)


class RevokeSchema(Schema):
    trick = fields.Integer(required=True)
    seat = fields.String(required=True)
    card = fields.String(required=True)
    rule = fields.String(allow_none=True, required=True)


class ReplayPlaySchema(Schema):
    trick = fields.Nested(TrickSchema, allow_none=True, required=True)
    tricks_won = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)
    sides_won = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)
    turn = fields.String(allow_none=True, required=True, metadata={"description": "seat to play"})
    bids = fields.List(fields.Dict(), required=True)
    revokes = fields.List(fields.Nested(RevokeSchema), required=True)
    claims = fields.List(
        fields.Dict(),
        metadata={
            "description": "claims so far: seat, tricks of those still to play (remaining), "
            "status open/accepted/disputed, dispute_no"
        },
    )
    complete = fields.Boolean(required=True)


class ReplayStepSchema(Schema):
    version = fields.Integer(required=True)
    event = fields.String(required=True)
    timestamp = fields.String(required=True)
    actor = fields.Nested(ActorSchema, required=True)
    hash = fields.String(required=True)
    prev_hash = fields.String(required=True)
    deal_no = fields.Integer(allow_none=True, required=True)
    summary = fields.String(required=True)
    details = fields.Dict(
        required=True,
        metadata={
            "description": "what the summary says, as data: the event's reason, device, "
            "dispute number, decision, article, seats, bid, card, trick, winner …"
        },
    )
    explain = fields.List(fields.String(), required=True)
    record = fields.Dict(
        allow_none=True, required=True, metadata={"description": "the deal's facts, if any"}
    )
    points = _points(allow_none=True, required=True)  # a deal's, a correction's, an adjustment's
    play = fields.Nested(
        ReplayPlaySchema,
        allow_none=True,
        required=True,
        metadata={"description": "a step of play mode: the play after it (card by card)"},
    )
    state = fields.Nested(ReplayStateSchema, required=True, metadata={"description": "after it"})


class ReplaySchema(Schema):
    list_id = fields.String(required=True)
    deal = fields.Integer(allow_none=True, required=True)
    steps = fields.List(fields.Nested(ReplayStepSchema), required=True)


class PenSchema(Schema):
    device = fields.String(
        required=True,
        validate=not_blank(60),
        metadata={"description": "the name of a device that joined the list (as shown)"},
    )


class WithdrawDeviceSchema(Schema):
    device = fields.String(
        required=True,
        validate=not_blank(60),
        metadata={"description": "the name of the device to withdraw (as shown)"},
    )
    reason = fields.String(validate=not_blank(MAX_TEXT), metadata={"description": "why"})


class ReissueCardSchema(Schema):
    expires = fields.AwareDateTime(
        load_default=None,
        metadata={"description": "when the new code stops working (else: when the list closes)"},
    )


class ReissuedCardSchema(Schema):
    list_id = fields.String(required=True)
    join_code = fields.String(required=True, metadata={"description": "the new code"})
    join_url = fields.String(required=True)
    qr = fields.String(required=True, metadata={"description": "the QR code of join_url, SVG"})
    expires = fields.String(allow_none=True, required=True)


class CloseShortSchema(Schema):
    reason = fields.String(required=True, validate=REASON)


class SubmitSchema(Schema):
    """The paper list's signatures, when the director submits a list for its table."""

    scorer = fields.String(
        required=True,
        validate=validate.Length(min=1, max=8),
        metadata={"description": "the seat of the player who kept the list"},
    )
    confirmed_by = fields.String(
        required=True,
        validate=validate.Length(min=1, max=8),
        metadata={"description": "the seat of a player of the other side who confirms it"},
    )


AT_CARD = validate.Range(min=1, max=60)


class RulingCreateSchema(Schema):
    deal_no = fields.Integer(required=True, strict=True, validate=DEAL_NO)
    decision = fields.String(required=True, validate=validate.OneOf(RULINGS))
    reason = fields.String(required=True, validate=REASON)
    article = fields.String(load_default="", validate=validate.Length(max=MAX_TEXT))
    record = fields.Dict(
        allow_none=True,
        metadata={"description": "corrected: the deal's corrected facts (without the envelope)"},
    )
    adjustment = fields.Dict(
        keys=fields.String(),
        values=fields.Integer(strict=True, validate=POINTS),
        allow_none=True,
        metadata={"description": 'adjusted: points per seat, e.g. {"1": 5}'},
    )
    at_card = fields.Integer(
        allow_none=True,
        strict=True,
        validate=AT_CARD,
        metadata={"description": "the card of the deal's recorded play it rules on (1 = lead)"},
    )
    override_play = StrictBoolean(
        load_default=False,
        metadata={
            "description": "corrected: rule against the recorded play (otherwise a record the "
            "cards contradict is refused, as record_deal refuses it)"
        },
    )


class DisputeCreateSchema(Schema):
    deal_no = fields.Integer(required=True, strict=True, validate=DEAL_NO)
    reason = fields.String(required=True, validate=REASON)
    at_card = fields.Integer(
        allow_none=True,
        strict=True,
        validate=AT_CARD,
        metadata={"description": "the card of the deal's recorded play it is about (1 = lead)"},
    )

"""Standings, evening results and bridge travellers on the wire."""

from __future__ import annotations

from marshmallow import Schema, fields

from .evenings import PlayerRefSchema

UNIT = {
    "description": "what totals count: points, pct_hundredths (87.50 % is 8750), imps or "
    "imp_hundredths"
}


class ResultSchema(Schema):
    key = fields.String(required=True, metadata={"description": "the evening or round"})
    value = fields.Integer(required=True)
    counts = fields.Boolean(required=True)
    reason = fields.String(required=True, metadata={"description": "why it counts or not"})


class LineSchema(Schema):
    rank = fields.Integer(required=True, metadata={"description": "0: not ranked"})
    player_id = fields.String(required=True)
    name = fields.String(required=True)
    total = fields.Integer(required=True)
    tiebreak = fields.List(fields.Integer(), required=True)
    results = fields.List(fields.Nested(ResultSchema), required=True)
    details = fields.Dict(required=True)
    explain = fields.List(fields.String(), required=True)


class SubmittedListSchema(Schema):
    list_id = fields.String(required=True)
    evening = fields.Integer(required=True)
    round = fields.Integer(required=True)
    table = fields.Integer(required=True)
    submitted_head = fields.String(required=True, metadata={"description": "its chain's head"})
    submitted_at = fields.String(required=True)


class CurrentSchema(Schema):
    event = fields.Integer(
        required=True, metadata={"description": "the results include every event up to this one"}
    )
    at = fields.String(
        required=True, allow_none=True, metadata={"description": "when that event was recorded"}
    )
    behind_since = fields.String(
        required=True,
        allow_none=True,
        metadata={"description": "since when recomputing them fails (null: they are current)"},
    )
    reason = fields.String(required=True, allow_none=True, metadata={"description": "what fails"})


class StandingsSchema(Schema):
    competition_id = fields.String(required=True)
    name = fields.String(required=True)
    game = fields.String(required=True)
    rules_ref = fields.String(required=True)
    unit = fields.String(required=True, metadata=UNIT)
    head = fields.String(required=True, metadata={"description": "the competition's chain head"})
    provisional = fields.Boolean(
        required=True, metadata={"description": "some results come from lists not submitted"}
    )
    problems = fields.List(
        fields.String(), required=True, metadata={"description": "why nobody could be ranked"}
    )
    lines = fields.List(fields.Nested(LineSchema), required=True)
    lists = fields.List(fields.Nested(SubmittedListSchema), required=True)
    current = fields.Nested(CurrentSchema, required=True)


class EveningResultSchema(Schema):
    player_id = fields.String(required=True)
    name = fields.String(required=True)
    status = fields.String(
        required=True, metadata={"description": "played, absent_notice or absent"}
    )
    points = fields.Integer(required=True)
    provisional = fields.Boolean(required=True)
    detail = fields.String(required=True)
    field = fields.String(
        allow_none=True,
        required=True,
        metadata={
            "description": "bridge Mitchell: the direction the pair is ranked in (NS or EW; "
            "the evening has a winner in each); null when all are ranked together"
        },
    )


class EveningResultsSchema(Schema):
    competition_id = fields.String(required=True)
    evening = fields.Integer(required=True)
    date = fields.String(required=True)
    provisional = fields.Boolean(required=True)
    results = fields.List(fields.Nested(EveningResultSchema), required=True)


class TravellerRowSchema(Schema):
    table = fields.Integer(required=True)
    list_id = fields.String(required=True)
    deal_no = fields.Integer(required=True)
    ns = fields.Nested(PlayerRefSchema, required=True)
    ew = fields.Nested(PlayerRefSchema, required=True)
    contract = fields.String(required=True)
    declarer = fields.String(allow_none=True, required=True)
    tricks = fields.Integer(allow_none=True, required=True)
    lead = fields.String(
        allow_none=True,
        required=True,
        metadata={"description": "the opening lead when written down, e.g. HK (not scored)"},
    )
    score = fields.Integer(allow_none=True, required=True, metadata={"description": "NS score"})
    marks = fields.List(
        fields.String(),
        required=True,
        metadata={
            "description": "what the result carries besides its score: revoke (its penalty is "
            "in the score) and ruling (the director corrected it, or ruled a dispute on it)"
        },
    )
    adjusted = fields.Dict(
        keys=fields.String(),
        values=fields.String(),
        allow_none=True,
        required=True,
        metadata={"description": 'an artificial score, e.g. {"ns": "AVG+", "ew": "AVG-"}'},
    )
    ns_mp = fields.Integer(
        allow_none=True,
        required=True,
        metadata={"description": "NS's result on the board in the travellers' `unit`"},
    )
    ew_mp = fields.Integer(
        allow_none=True,
        required=True,
        metadata={"description": "EW's result on the board in the travellers' `unit`"},
    )
    ns_pct = fields.Integer(
        allow_none=True, required=True, metadata={"description": "hundredths of a percent"}
    )


class BoardSchema(Schema):
    board = fields.Integer(required=True)
    top = fields.Integer(
        allow_none=True, required=True, metadata={"description": "centi-MP (matchpoints only)"}
    )
    results = fields.List(fields.Nested(TravellerRowSchema), required=True)


class TravellersSchema(Schema):
    competition_id = fields.String(required=True)
    evening = fields.Integer(required=True)
    method = fields.String(
        allow_none=True,
        required=True,
        metadata={"description": "bridge: matchpoints, butler or cross_imps; else null"},
    )
    unit = fields.String(
        allow_none=True,
        required=True,
        metadata={
            "description": "of ns_mp/ew_mp: centi_mp (matchpoints), imps (butler) or "
            "imp_hundredths (cross_imps)"
        },
    )
    game = fields.String(required=True)
    boards = fields.List(
        fields.Nested(BoardSchema), required=True, metadata={"description": "empty but in bridge"}
    )

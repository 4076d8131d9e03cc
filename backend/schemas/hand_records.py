"""The wire's shapes of bridge hand records: a PBN file in, the loaded boards out."""

from __future__ import annotations

from marshmallow import Schema, fields

from .strict import not_blank

MAX_PBN = 1_000_000


class HandRecordsUploadSchema(Schema):
    pbn = fields.String(
        required=True,
        validate=not_blank(MAX_PBN),
        metadata={
            "description": "the text of a PBN file: one game per board with its [Board] and "
            "[Deal] tags (a dealing machine's or a generator's file)"
        },
    )


class HandRecordSchema(Schema):
    board = fields.Integer(required=True)
    dealer = fields.String(required=True, metadata={"description": "N, E, S or W (§B6)"})
    deal = fields.String(required=True, metadata={"description": "the PBN Deal value, North first"})


class HandRecordsSchema(Schema):
    evening = fields.Integer(required=True)
    boards = fields.List(
        fields.Nested(HandRecordSchema), required=True, metadata={"description": "by board"}
    )
    changed = fields.List(
        fields.Integer(),
        load_default=list,
        metadata={"description": "the boards this upload changed (none: it was loaded already)"},
    )
